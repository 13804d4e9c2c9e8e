import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Why output could not be written (exit 73).
public struct OutputError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}

/// Writes one folder of files so that it appears whole or not at all.
///
/// Files go into a hidden temporary folder beside the target; `commit()`
/// moves the old folder aside, renames the new one into place and only then
/// deletes the old one.
///
/// `write` may be called from several threads at once for different files. A run that fails, or is killed, before `commit()`
/// leaves the previous output as it was (plus, if killed, a hidden
/// `.…-tmp-…` folder that the next run of the same target clears away).
public final class FrameWriter: @unchecked Sendable {
    public let target: URL
    public let temporary: URL
    /// `temporary` as a path, built once: frames are written by path, not by URL.
    private let temporaryPath: String
    private var finished = false
    private let files = FileManager.default

    /// - Throws: `OutputError` when the parent folder cannot be created or written.
    public init(target: URL) throws(OutputError) {
        self.target = target.standardizedFileURL
        let parent = self.target.deletingLastPathComponent()
        let name = self.target.lastPathComponent
        let token = "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        temporary = parent.appendingPathComponent(".\(name)-tmp-\(token)")
        temporaryPath = temporary.path
        do {
            try files.createDirectory(at: parent, withIntermediateDirectories: true)
            Self.removeLeftovers(of: name, in: parent)
            try files.createDirectory(at: temporary, withIntermediateDirectories: false)
        } catch {
            throw OutputError(path: parent.path, message: "cannot create the output folder (\(Self.reason(error)))")
        }
    }

    deinit {
        if !finished { discard() }
    }

    /// Writes one file, `relativePath` inside the folder.
    ///
    /// Plain `open`/`write`/`close`, without the `fsync` that `Data.write`
    /// adds: that costs milliseconds a file on some disks, and the folder's
    /// rename into place, not each file, is what keeps a failed run harmless.
    /// - Complexity: O(size of the file).
    public func write(_ bytes: [UInt8], to relativePath: String) throws(OutputError) {
        let path = temporaryPath + "/" + relativePath
        if relativePath.contains("/") {
            let url = temporary.appendingPathComponent(relativePath)
            do {
                try files.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                throw OutputError(path: target.appendingPathComponent(relativePath).path, message: "cannot write (\(Self.reason(error)))")
            }
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw failure(relativePath) }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure(relativePath)
            }
            offset += written
        }
    }

    /// Opens a file in the folder to be written piece by piece, so that a
    /// long list (`frames.json` of 100,000 frames) never sits in memory whole.
    public func stream(to relativePath: String) throws(OutputError) -> FrameStream {
        let url = temporary.appendingPathComponent(relativePath)
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw failure(relativePath) }
        return FrameStream(descriptor: descriptor, path: target.appendingPathComponent(relativePath).path)
    }

    /// An error for `relativePath` from `errno`.
    private func failure(_ relativePath: String) -> OutputError {
        OutputError(path: target.path + "/" + relativePath,
                    message: "cannot write (\(String(cString: strerror(errno))))")
    }

    public func write(_ text: String, to relativePath: String) throws(OutputError) {
        try write(Array(text.utf8), to: relativePath)
    }

    /// Puts the new folder in place of the old one.
    public func commit() throws(OutputError) {
        let parent = target.deletingLastPathComponent()
        let old = parent.appendingPathComponent(".\(target.lastPathComponent)-old-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let hadOld = files.fileExists(atPath: target.path)
        if hadOld && rename(target.path, old.path) != 0 {
            throw OutputError(path: target.path, message: "cannot replace the old output (\(String(cString: strerror(errno))))")
        }
        if rename(temporary.path, target.path) != 0 {
            let reason = String(cString: strerror(errno))
            if hadOld { _ = rename(old.path, target.path) }
            throw OutputError(path: target.path, message: "cannot move the new output into place (\(reason))")
        }
        finished = true
        if hadOld { try? files.removeItem(at: old) }
    }

    /// Removes the temporary folder; the target stays as it was.
    public func discard() {
        finished = true
        try? files.removeItem(at: temporary)
    }

    /// Clears temporary and old folders that a killed run of the same target left behind.
    private static func removeLeftovers(of name: String, in parent: URL) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        for entry in entries where entry.hasPrefix(".\(name)-tmp-") || entry.hasPrefix(".\(name)-old-") {
            // Only folders whose writer is gone: another live render may own one.
            let pid = entry.split(separator: "-").dropLast().last.flatMap { Int32($0) }
            if let pid, pid != getpid(), kill(pid, 0) == 0 { continue }
            if pid == getpid() { continue }
            try? FileManager.default.removeItem(at: parent.appendingPathComponent(entry))
        }
    }

    /// A short reason for a file-system error, for messages.
    public static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
           underlying.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(cString: strerror(code.rawValue))
        }
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
        return nsError.localizedDescription
    }
}

/// A file of a `FrameWriter`'s folder written in pieces; closed when done or dropped.
public final class FrameStream {
    private var descriptor: Int32
    private let path: String
    private var buffer: [UInt8] = []
    /// Bytes written so far.
    public private(set) var count = 0

    init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
        buffer.reserveCapacity(1 << 16)
    }

    deinit { if descriptor >= 0 { Glibc.close(descriptor) } }

    /// Appends bytes, flushing to the file in 64 KiB pieces.
    public func append(_ bytes: [UInt8]) throws(OutputError) {
        buffer += bytes
        count += bytes.count
        if buffer.count >= 1 << 16 { try flush() }
    }

    public func append(_ text: String) throws(OutputError) { try append(Array(text.utf8)) }

    /// Writes what is buffered and closes the file.
    public func close() throws(OutputError) {
        try flush()
        Glibc.close(descriptor)
        descriptor = -1
    }

    private func flush() throws(OutputError) {
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { raw in Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw OutputError(path: path, message: "cannot write (\(String(cString: strerror(errno))))")
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
