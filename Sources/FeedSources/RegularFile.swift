import CSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens a data file the way nothing can hang on it: non-blocking, then
/// checked to be a regular file.
///
/// A plain `open` of a FIFO waits for a writer for ever, and a character
/// device (`/dev/zero`, a terminal) never ends or blocks on read. `O_NONBLOCK`
/// makes the open itself return at once; `fstat` on the descriptor (not the
/// path, which could be swapped meanwhile) then refuses anything but a
/// regular file.
enum RegularFile {
    /// Why a path cannot be read as a data file.
    enum Problem: Error, Hashable, Sendable {
        case missing
        case folder
        /// A FIFO, socket or device: what it is, for the message.
        case notRegular(String)
        case unreadable(String)
    }

    /// An open descriptor of a regular file, closed when it goes.
    final class Handle {
        let descriptor: Int32

        fileprivate init(_ descriptor: Int32) { self.descriptor = descriptor }

        deinit { close(descriptor) }

        /// Up to `limit` bytes from the start; `limit + 1` read means larger than the limit.
        /// - Complexity: O(min(size, limit)).
        func read(upTo limit: Int) throws(Problem) -> [UInt8] {
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while bytes.count <= limit {
                let wanted = min(chunk.count, limit + 1 - bytes.count)
                let count = chunk.withUnsafeMutableBytes { csystem_read(descriptor, $0.baseAddress, wanted) }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw .unreadable(String(cString: strerror(errno)))
                }
                if count == 0 { break }
                bytes.append(contentsOf: chunk[0..<count])
            }
            return bytes
        }
    }

    /// - Throws: `missing`, `folder`, `notRegular` or `unreadable`; never blocks.
    static func open(_ path: String) throws(Problem) -> Handle {
        let descriptor = csystem_open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, 0)
        guard descriptor >= 0 else {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR: throw .missing
            case EISDIR: throw .folder
            case ENXIO: throw .notRegular("a socket or a FIFO without a writer")
            default: throw .unreadable(String(cString: strerror(code)))
            }
        }
        let handle = Handle(descriptor)
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(String(cString: strerror(errno))) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return handle
        case S_IFDIR: throw .folder
        case S_IFIFO: throw .notRegular("a FIFO")
        case S_IFCHR: throw .notRegular("a character device")
        case S_IFBLK: throw .notRegular("a block device")
        case S_IFSOCK: throw .notRegular("a socket")
        default: throw .notRegular("not a regular file")
        }
    }

    /// Checks that `path` is a regular file, without reading it (for SQLite,
    /// which then opens it itself).
    static func check(_ path: String) throws(Problem) {
        _ = try open(path)
    }
}
