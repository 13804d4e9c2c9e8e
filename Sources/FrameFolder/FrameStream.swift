import CSystem
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    deinit { if descriptor >= 0 { csystem_close(descriptor) } }

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
        csystem_close(descriptor)
        descriptor = -1
    }

    private func flush() throws(OutputError) {
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { raw in csystem_write(descriptor, raw.baseAddress! + offset, raw.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw OutputError(path: path, message: "cannot write (\(String(cString: strerror(errno))))")
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
