#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The socket calls of the plain HTTP client, the same on Linux and Apple's
/// platforms: Linux sets non-blocking and close-on-exec when the socket is made
/// and refuses SIGPIPE per send (`MSG_NOSIGNAL`); Darwin does both with
/// `fcntl` and `SO_NOSIGPIPE` once, on the socket.
enum Socket {
    #if canImport(Glibc)
    static let stream = Int32(SOCK_STREAM.rawValue)
    #else
    static let stream = SOCK_STREAM
    #endif

    /// A non-blocking, close-on-exec stream socket, or -1 with `errno`.
    static func nonBlocking(family: Int32) -> Int32 {
        #if canImport(Glibc)
        return Glibc.socket(family, stream | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let descriptor = Darwin.socket(family, stream, 0)
        guard descriptor >= 0 else { return descriptor }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        var one: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        return descriptor
        #endif
    }

    static func connect(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t) -> Int32 {
        #if canImport(Glibc)
        Glibc.connect(descriptor, address, length)
        #else
        Darwin.connect(descriptor, address, length)
        #endif
    }

    /// `send(2)` that never raises SIGPIPE on a closed connection.
    static func send(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
        #else
        Darwin.send(descriptor, bytes, count, 0)
        #endif
    }
}
