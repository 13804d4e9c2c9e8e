import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for tests: one thread accepts, one
/// thread a connection answers, every reply closes its connection.
///
/// Loopback only, an ephemeral port, bounded loops: it stops on `stop()` or,
/// at the latest, after `lifetime` seconds, so a failing test never leaves it
/// running. Slow replies sleep in small steps and give up when it stops.
final class TestHTTPServer: @unchecked Sendable {
    struct Request: Sendable {
        var method: String
        var path: String
        var query: [String: String]
        var headers: [String: String]
    }

    struct Response: Sendable {
        var status: Int = 200
        var body: String
        /// Seconds to wait before answering.
        var delay: Double = 0
        /// Sent as is instead of a head and `body`: a hand-made reply.
        var raw: [UInt8]?
        /// Sent after `raw` again and again until the client goes: an endless body.
        var repeating: [UInt8]?
        /// Seconds between two sends of `repeating` (a server that trickles).
        var interval: Double = 0

        init(status: Int = 200, body: String, delay: Double = 0) {
            self.status = status
            self.body = body
            self.delay = delay
        }

        /// `head` (lines without their CRLFs), then `body`, then `repeating` for ever if given.
        init(head: [String], body: [UInt8] = [], repeating: [UInt8]? = nil) {
            self.body = ""
            raw = Array((head.joined(separator: "\r\n") + "\r\n\r\n").utf8) + body
            self.repeating = repeating
        }
    }

    let port: UInt16
    private let listener: Int32
    private let handler: @Sendable (Request) -> Response
    private let lock = NSLock()
    private var stopped = false
    private var received: [Request] = []
    private let deadline: Date
    private let acceptDone = DispatchSemaphore(value: 0)

    init(lifetime: Double = 60, handler: @escaping @Sendable (Request) -> Response) throws {
        self.handler = handler
        deadline = Date().addingTimeInterval(lifetime)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        listener = fd
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit { stop() }

    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// The requests answered so far.
    var requests: [Request] { lock.withLock { received } }

    var isStopped: Bool { lock.withLock { stopped } || Date() > deadline }

    /// Stops accepting and waits (at most 2 s) for the accept thread to end.
    func stop() {
        let first = lock.withLock { () -> Bool in
            defer { stopped = true }
            return !stopped
        }
        if first { _ = acceptDone.wait(timeout: .now() + 2) }
    }

    private func acceptLoop() {
        defer {
            close(listener)
            acceptDone.signal()
        }
        while !isStopped {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            Thread.detachNewThread { [self] in serve(connection) }
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        // The request head, up to a blank line (at most 64 KiB).
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while head.count < 65_536, !head.ends(with: [13, 10, 13, 10]) {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            head += buffer[0..<count]
            if let range = head.firstRange(of: [13, 10, 13, 10]) { head = Array(head[..<range.upperBound]); break }
        }
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines.first?.split(separator: " ") ?? []
        guard parts.count >= 2 else { return }
        let target = String(parts[1])
        var request = Request(method: String(parts[0]), path: target, query: [:], headers: [:])
        if let mark = target.firstIndex(of: "?") {
            request.path = String(target[..<mark])
            for pair in target[target.index(after: mark)...].split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
                request.query[kv[0]] = kv.count > 1 ? kv[1] : ""
            }
        }
        for line in lines.dropFirst() where line.contains(":") {
            let kv = line.split(separator: ":", maxSplits: 1)
            request.headers[kv[0].trimmingCharacters(in: .whitespaces).lowercased()] = kv[1].trimmingCharacters(in: .whitespaces)
        }
        lock.withLock { received.append(request) }
        let response = handler(request)
        // Sleep in small steps, giving up when the server stops (bounded by `lifetime`).
        let wake = Date().addingTimeInterval(response.delay)
        while Date() < wake {
            if isStopped { return }
            usleep(20_000)
        }
        let body = Array(response.body.utf8)
        let reason = response.status == 200 ? "OK" : "Status"
        let reply = response.raw
            ?? Array("HTTP/1.1 \(response.status) \(reason)\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n".utf8) + body
        guard sendAll(reply, on: connection) else { return }
        // An endless body: until the client closes (send fails) or the server stops.
        if let repeating = response.repeating {
            while !isStopped, sendAll(repeating, on: connection) {
                if response.interval > 0 { usleep(UInt32(response.interval * 1_000_000)) }
            }
        }
    }

    private func sendAll(_ bytes: [UInt8], on connection: Int32) -> Bool {
        var sent = 0
        while sent < bytes.count {
            // MSG_NOSIGNAL: a client that gave up (a timeout test) must not kill the test process.
            let count = bytes[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }
}

private extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool { count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix }
}
