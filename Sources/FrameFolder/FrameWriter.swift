import FrameFolder
import CSystem
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes one folder of files so that it appears whole or not at all.
///
/// Files go into a hidden temporary folder beside the target; `commit()`
/// swaps it with the old folder in one step (`renameat2(RENAME_EXCHANGE)`,
/// Linux ≥ 3.15) and only then deletes the old one, so the target is at every
/// moment either the whole old folder or the whole new one. Where the swap is
/// not supported it falls back to two renames (old aside, new into place).
///
/// A folder is replaced only if FeedFrames wrote it (see `OutputKind`): the
/// target must be absent, an empty folder, or a folder holding the marker of
/// the same kind and only what that kind writes. A symbolic link, a file or
/// anyone else's folder there is never followed or replaced (exit 73). The
/// parent folder may be a symbolic link (an output folder on another disk).
///
/// `write` may be called from several threads at once for different files. A
/// run that fails before `commit()` leaves the previous output as it was; one
/// stopped by SIGINT or SIGTERM removes its temporary folder (see
/// `Interruption`), and one killed outright leaves a hidden `.…-tmp-…` folder
/// that the next run in the same folder clears away.
public final class FrameWriter: @unchecked Sendable {
    public let target: URL
    public let temporary: URL
    /// `temporary` as a path, built once: frames are written by path, not by URL.
    private let temporaryPath: String
    private var finished = false
    private let files = FileManager.default
    public let kind: OutputKind

    /// - Throws: `OutputError` when the parent folder cannot be created or written, or
    ///   the target is a symbolic link, a file, or a folder FeedFrames did not write as `kind`.
    public init(target: URL, kind: OutputKind) throws(OutputError) {
        self.target = target.standardizedFileURL
        self.kind = kind
        let parent = self.target.deletingLastPathComponent()
        let name = self.target.lastPathComponent
        temporary = parent.appendingPathComponent(Self.temporaryName(for: name, role: "tmp"))
        temporaryPath = temporary.path
        if let problem = Self.makeFolders(parent.path) {
            throw OutputError(path: parent.path, message: "cannot create the output folder (\(problem))")
        }
        try Self.checkReplaceable(self.target, kind: kind)
        Self.removeLeftovers(in: parent)
        Interruption.register(temporaryPath)
        if mkdir(temporaryPath, 0o777) != 0 {  // less the umask, as FileManager would
            Interruption.unregister(temporaryPath)
            throw OutputError(path: parent.path, message: "cannot create the output folder (\(String(cString: strerror(errno))))")
        }
        if kind.writesMarker { try write(FolderMarker(kind: kind.name).bytes, to: FolderMarker.fileName) }
    }

    /// `.<name>-tmp-<pid>-<random>`: hidden, and telling which process owns it (see `removeLeftovers`).
    static func temporaryName(for name: String, role: String) -> String {
        ".\(name)-\(role)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// `mkdir -p`, with the reason of the first failure (e.g. "Not a directory" when a file is in the way).
    public static func makeFolders(_ path: String) -> String? {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            return isDirectory.boolValue ? nil : String(cString: strerror(ENOTDIR))
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path, let problem = makeFolders(parent) { return problem }
        if mkdir(path, 0o777) != 0 && errno != EEXIST { return String(cString: strerror(errno)) }
        return nil
    }

    /// What may stand at the target: nothing, an empty folder, or a folder FeedFrames wrote as `kind`.
    public static func checkReplaceable(_ target: URL, kind: OutputKind) throws(OutputError) {
        var info = stat()
        guard lstat(target.path, &info) == 0 else { return }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            let entries = ((try? FileManager.default.contentsOfDirectory(atPath: target.path)) ?? []).sorted()
            if entries.isEmpty { return }
            let advice = "not replacing it (move it away, or choose another --out)"
            if let marker = FolderMarker.read(in: target.path) {
                guard marker.kind == kind.name else {
                    // The folder `render` writes its scenarios' folders in is marked "output" (`OutputIndex`).
                    let written = marker.kind == "output" ? "render" : marker.kind
                    throw OutputError(path: target.path, message: "holds FeedFrames' \(written) output, not a \(kind.name); \(advice)")
                }
            } else if kind.writesMarker, !kind.legacyMarkers.isEmpty, !kind.heldBeforeMarkers(entries) {
                // Not ours, nor what an earlier version wrote (it always wrote one of `legacyMarkers`).
                throw OutputError(path: target.path, message: "is a folder FeedFrames did not write (it has no \(FolderMarker.fileName)); \(advice)")
            }
            if let stranger = entries.first(where: { !kind.writes($0) }) {
                throw OutputError(path: target.path, message: "holds \(OutputError.shown(stranger)), which FeedFrames does not write there; \(advice)")
            }
        case S_IFLNK:
            throw OutputError(path: target.path, message: "is a symbolic link; not following or replacing it "
                              + "(remove the link, or choose another --out)")
        default:
            throw OutputError(path: target.path, message: "is a file, not a folder; not replacing it")
        }
    }

    deinit {
        if !finished { discard() }
    }

    /// Marks the run done: the temporary folder is no longer this writer's to clear.
    private func finish() {
        finished = true
        Interruption.unregister(temporaryPath)
    }

    /// Writes one file, `relativePath` inside the folder.
    ///
    /// Plain `open`/`write`/`close`, without the `fsync` that `Data.write`
    /// adds: that costs milliseconds a file on some disks, and the folder's
    /// rename into place, not each file, is what keeps a failed run harmless.
    /// - Complexity: O(size of the file).
    public func write(_ bytes: [UInt8], to relativePath: String) throws(OutputError) {
        let path = temporaryPath + "/" + relativePath
        if relativePath.contains("/") { try makeSubfolders(of: relativePath) }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw failure(relativePath) }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                csystem_write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure(relativePath)
            }
            offset += written
        }
    }

    /// Creates the folders `relativePath` lies in, inside the temporary folder only: if
    /// that folder is gone (an interrupted run cleared it), this fails rather than make it again.
    private func makeSubfolders(of relativePath: String) throws(OutputError) {
        var folder = temporaryPath
        for component in relativePath.split(separator: "/").dropLast() {
            folder += "/" + component
            if mkdir(folder, 0o777) != 0 && errno != EEXIST { throw failure(relativePath) }
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

    /// Puts the new folder in place of the old one: one atomic swap where the
    /// kernel and file system allow it, else two renames.
    public func commit() throws(OutputError) {
        try Self.checkReplaceable(target, kind: kind)
        for _ in 0..<3 {
            // Nothing there: move in, unless another run got there first (EEXIST).
            if csystem_rename_noreplace(temporaryPath, target.path) == 0 {
                finish()
                return
            }
            var failure = errno
            if failure == EEXIST {
                // Swap: the target is never missing, half-written or a mix of two runs.
                if csystem_rename_exchange(temporaryPath, target.path) == 0 {
                    // The old folder now sits at the temporary path (a killed run's leftover is cleared by the next).
                    try? files.removeItem(atPath: temporaryPath)
                    finish()
                    return
                }
                failure = errno
                if failure == ENOENT { continue }  // the old folder went away in between: try again
            }
            guard [ENOSYS, EINVAL, EOPNOTSUPP, ENOTSUP].contains(failure) else {
                throw OutputError(path: target.path, message: "cannot move the new output into place (\(String(cString: strerror(failure))))")
            }
            break
        }
        try commitByRenames()
    }

    /// The fallback: old folder aside, new into place, old deleted. A kill between the two
    /// renames leaves the target missing (the old folder stays beside it, hidden, until the next run).
    private func commitByRenames() throws(OutputError) {
        let parent = target.deletingLastPathComponent()
        let old = parent.appendingPathComponent(Self.temporaryName(for: target.lastPathComponent, role: "old"))
        let hadOld = files.fileExists(atPath: target.path)
        if hadOld && rename(target.path, old.path) != 0 {
            throw OutputError(path: target.path, message: "cannot replace the old output (\(String(cString: strerror(errno))))")
        }
        if rename(temporary.path, target.path) != 0 {
            let reason = String(cString: strerror(errno))
            if hadOld { _ = rename(old.path, target.path) }
            throw OutputError(path: target.path, message: "cannot move the new output into place (\(reason))")
        }
        finish()
        if hadOld { try? files.removeItem(at: old) }
    }

    /// Removes the temporary folder; the target stays as it was.
    public func discard() {
        try? files.removeItem(at: temporary)
        finish()
    }

    /// Clears the temporary and old folders and files (`.<name>-tmp-<pid>-<n>`,
    /// `.<name>-old-<pid>-<n>`) that killed runs left in `parent`, whatever their name;
    /// those of a process still running (another render, maybe) are left alone.
    public static func removeLeftovers(in parent: URL) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        for entry in entries where entry.hasPrefix(".") {
            guard let pid = leftoverOwner(entry), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(at: parent.appendingPathComponent(entry))
        }
    }

    /// The process that made `entry`, when it is named as FeedFrames names its temporaries.
    static func leftoverOwner(_ entry: String) -> pid_t? {
        let parts = entry.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count >= 4, ["tmp", "old"].contains(parts[parts.count - 3]),
              parts[parts.count - 1].allSatisfy(\.isASCII), UInt32(parts[parts.count - 1]) != nil,
              let pid = Int32(parts[parts.count - 2]), pid > 0 else { return nil }
        return pid
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
