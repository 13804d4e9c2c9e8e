import FeedScenario
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One `GET` over a plain TCP socket (`http://`), for `HTTPClient`.
///
/// Written here, and not left to `URLSession`, because FoundationNetworking
/// cannot bound a download: measured on Linux, a cancelled task read a 10 GB
/// `Content-Length` body to the end, chunked and close-delimited bodies grew
/// the process past 1.7 GB after the cancel, and it decompressed a gzip bomb
/// it was told to refuse until the timeout (4 GB inflated). Here every
/// `recv` feeds `HTTPResponseReader`, which stops at the limit, and every wait
/// is a `poll` against one deadline, so a reply costs at most its limit in
/// memory and its timeout in time.
struct PlainHTTPConnection {
    /// The response: its head and (for a 2xx) its body.
    struct Response {
        var head: HTTPResponseReader.Head
        var body: [UInt8]
    }

    let url: URL
    let headers: [String: String]
    let deadline: Deadline
    let maxHeadBytes: Int
    let maxBodyBytes: Int

    /// Connects, sends the request, reads the reply (its body only for a 2xx status).
    func get() -> Result<Response, HTTPClient.Failure> {
        guard let host = url.host, !host.isEmpty else { return .failure(.init(description: "no host in \(url.absoluteString)")) }
        let port = url.port ?? 80
        let socket: Int32
        switch connect(host: host, port: port) {
        case .failure(let failure): return .failure(failure)
        case .success(let descriptor): socket = descriptor
        }
        defer { close(socket) }
        if let failure = send(request(host: host, port: port), on: socket) { return .failure(failure) }
        return receive(on: socket)
    }

    /// `GET path HTTP/1.1`, `Host`, FeedFrames' own headers, then the scenario's.
    func request(host: String, port: Int) -> [UInt8] {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        var target = components?.percentEncodedPath ?? "/"
        if target.isEmpty { target = "/" }
        if let query = components?.percentEncodedQuery { target += "?" + query }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        var lines = ["GET \(target) HTTP/1.1"]
        let given = Set(headers.keys.map { $0.lowercased() })
        if !given.contains("host") { lines.append("Host: \(shownHost)" + (port == 80 ? "" : ":\(port)")) }
        if !given.contains("user-agent") { lines.append("User-Agent: FeedFrames") }
        if !given.contains("accept") { lines.append("Accept: application/json") }
        lines.append("Accept-Encoding: identity")
        lines.append("Connection: close")
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { lines.append("\(name): \(value)") }
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    /// A connected, non-blocking socket to one of `host`'s addresses.
    private func connect(host: String, port: Int) -> Result<Int32, HTTPClient.Failure> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Socket.stream
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let list else {
            return .failure(.init(description: "cannot resolve \(FailureText.excerpt(host, limit: 60)) (\(String(cString: gai_strerror(status))))"))
        }
        defer { freeaddrinfo(list) }
        var reason = "no address"
        var entry: UnsafeMutablePointer<addrinfo>? = list
        while let address = entry {
            entry = address.pointee.ai_next
            let descriptor = Socket.nonBlocking(family: address.pointee.ai_family)
            guard descriptor >= 0 else {
                reason = String(cString: strerror(errno))
                continue
            }
            if Socket.connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 { return .success(descriptor) }
            guard errno == EINPROGRESS else {
                reason = String(cString: strerror(errno))
                close(descriptor)
                continue
            }
            var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            let ready = poll(&poller, 1, deadline.remainingMilliseconds)
            if ready == 0 {
                close(descriptor)
                return .failure(.init(description: "timed out after \(deadline.shown)"))
            }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length)
            if ready > 0 && error == 0 { return .success(descriptor) }
            reason = String(cString: strerror(error != 0 ? error : errno))
            close(descriptor)
        }
        return .failure(.init(description: "cannot connect to \(FailureText.excerpt(host, limit: 60)) port \(port) (\(reason))"))
    }

    /// Sends all of `bytes`, waiting for the socket within the deadline.
    private func send(_ bytes: [UInt8], on socket: Int32) -> HTTPClient.Failure? {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Socket.send(socket, $0.baseAddress, $0.count) }
            if count > 0 {
                sent += count
                continue
            }
            guard count < 0, errno == EAGAIN || errno == EINTR else {
                return .init(description: "the connection closed while sending (\(String(cString: strerror(errno))))")
            }
            var poller = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
            if poll(&poller, 1, deadline.remainingMilliseconds) == 0 { return .init(description: "timed out after \(deadline.shown)") }
        }
        return nil
    }

    /// Reads until the reply is complete, refused, or out of time (the reader
    /// ends a reply whose status is not 2xx at its head).
    private func receive(on socket: Int32) -> Result<Response, HTTPClient.Failure> {
        var reader = HTTPResponseReader(maxHeadBytes: maxHeadBytes, maxBodyBytes: maxBodyBytes)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var progress = HTTPResponseReader.Progress.needsMore
        while progress == .needsMore {
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, deadline.remainingMilliseconds)
            if ready == 0 { return .failure(.init(description: "timed out after \(deadline.shown)")) }
            if ready < 0 {
                if errno == EINTR { continue }
                return .failure(.init(description: "the connection failed (\(String(cString: strerror(errno))))"))
            }
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0 {
                if errno == EAGAIN || errno == EINTR { continue }
                return .failure(.init(description: "the connection failed (\(String(cString: strerror(errno))))"))
            }
            progress = count == 0 ? reader.finish() : reader.feed(buffer[0..<count])
        }
        if case .failed(let reason) = progress { return .failure(.init(description: reason)) }
        guard let head = reader.head else { return .failure(.init(description: "no reply")) }
        return .success(Response(head: head, body: reader.body))
    }
}
