import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Headless Chromium driven over the DevTools protocol on its own pipe (`--remote-debugging-pipe`:
/// the browser reads commands from fd 3 and writes replies to fd 4, each a JSON text ended by a NUL),
/// for `render --png`. Against a WebDriver session it saves chromedriver (a second process relaying
/// every command and re-encoding every 130 KB screenshot) and a round trip a frame: the next
/// document and its capture are sent together, and the browser runs them in order. Measured in the
/// same runs: 1.26–1.41× a WebDriver session's frames a second, the images pixel for pixel the same.
///
/// The two ends are a socket pair rather than pipes, so that a browser that died makes a send fail
/// (`MSG_NOSIGNAL`) instead of raising SIGPIPE. Every read has a timeout. A process killed outright
/// takes its browsers with it (Chromium quits when its pipe closes; checked with `kill -9`), which
/// a chromedriver session does not.
public final class DevToolsPipe: @unchecked Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    private var pid: pid_t = 0
    /// Our end of the socket pair: commands out, replies and events in.
    private let socket: Int32
    private var buffer: [UInt8] = []
    private var nextID = 0
    private var session = ""
    private let scratch: URL
    private var closed = false
    /// One launch at a time, so that no browser inherits another's socket.
    private static let launching = NSLock()
    /// How long a reply may take.
    static let timeout: TimeInterval = 30

    /// Starts the browser with a page whose viewport is `width` × `height`.
    public init(chromium: URL, width: Int, height: Int) throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("ffdt-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        var ends: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, streamSocket, 0, &ends) == 0 else {
            throw Failure(description: "socketpair failed: errno \(errno)")
        }
        socket = ends[0]
        _ = fcntl(socket, F_SETFD, FD_CLOEXEC)
        var limit = timeval(tv_sec: Int(Self.timeout), tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        let arguments = [chromium.path, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--window-size=\(width),\(height)", "--force-device-scale-factor=1", "--hide-scrollbars",
                         "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                         "--user-data-dir=\(scratch.appendingPathComponent("profile").path)", "--remote-debugging-pipe", "about:blank"]
        do {
            try Self.launching.withLock { try spawn(arguments, browserEnd: ends[1]) }
            _ = closeDescriptor(ends[1])
            let target = try command("Target.createTarget", ["url": "about:blank"], inSession: false)
            guard let id = target["targetId"] as? String else { throw Failure(description: "Target.createTarget: no targetId") }
            let attached = try command("Target.attachToTarget", ["targetId": id, "flatten": true], inSession: false)
            guard let session = attached["sessionId"] as? String else { throw Failure(description: "Target.attachToTarget: no sessionId") }
            self.session = session
            _ = try command("Page.enable")
            try setViewport(width: width, height: height)
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// The browser, its fds 3 and 4 both our socket pair's other end, its output discarded.
    private func spawn(_ arguments: [String], browserEnd: Int32) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Moved above 4 first, so that neither dup2 below overwrites it.
        let end = fcntl(browserEnd, F_DUPFD, 10)
        guard end >= 0 else { throw Failure(description: "fcntl failed: errno \(errno)") }
        defer { _ = closeDescriptor(end) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, end, 3)
        posix_spawn_file_actions_adddup2(&actions, end, 4)
        posix_spawn_file_actions_addclose(&actions, end)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let status = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
        guard status == 0 else { throw Failure(description: "cannot start \(arguments[0]): \(String(cString: strerror(status)))") }
    }

    // MARK: Pages

    /// Sets the page's viewport (CSS pixels, scale 1), whatever the window is.
    public func setViewport(width: Int, height: Int) throws {
        _ = try command("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false])
    }

    /// Loads `url` and waits for its load event.
    public func navigate(to url: URL) throws {
        let reply = try command("Page.navigate", ["url": url.absoluteString])
        if let error = reply["errorText"] as? String { throw Failure(description: "Page.navigate \(url.path): \(error)") }
        try wait(for: "Page.loadEventFired")
    }

    /// Replaces the page's document with `html` (`document.write`: its URL, styles and fonts stay), then
    /// writes a PNG of the viewport to `url`; both commands go out together.
    public func show(_ html: String, capturingTo url: URL) throws {
        let script = "document.open(); document.write(\(try Self.literal(html))); document.close();"
        let write = try send("Runtime.evaluate", ["expression": script])
        let capture = try send("Page.captureScreenshot", ["format": "png"])
        let written = try reply(to: write)
        if written["exceptionDetails"] != nil { throw Failure(description: "document.write failed: \(written)") }
        try save(try reply(to: capture), to: url)
    }

    /// Writes a PNG of the viewport to `url`.
    public func capture(to url: URL) throws {
        try save(try command("Page.captureScreenshot", ["format": "png"]), to: url)
    }

    private func save(_ reply: [String: Any], to url: URL) throws {
        guard let text = reply["data"] as? String, let data = Data(base64Encoded: text), data.starts(with: WebDriver.pngSignature) else {
            throw Failure(description: "Page.captureScreenshot: no PNG in the reply")
        }
        try data.write(to: url)
    }

    /// `text` as a JavaScript string literal.
    static func literal(_ text: String) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: [text])
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }

    /// Closes the browser (`Browser.close`, then a kill if it has not gone within 5 s) and removes its profile.
    public func close() {
        if closed { return }
        closed = true
        if pid > 0 {
            _ = try? send("Browser.close", [:], inSession: false)
            var status: Int32 = 0
            let deadline = Date().addingTimeInterval(5)
            while waitpid(pid, &status, WNOHANG) == 0 {
                if Date() > deadline {
                    kill(pid, SIGKILL)
                    _ = waitpid(pid, &status, 0)
                    break
                }
                usleep(20_000)
            }
            pid = 0
        }
        _ = closeDescriptor(socket)
        for _ in 0..<10 {
            try? FileManager.default.removeItem(at: scratch)
            if !FileManager.default.fileExists(atPath: scratch.path) { break }
            Thread.sleep(forTimeInterval: 0.2)
        }
    }

    // MARK: Protocol

    /// Sends a command and waits for its result.
    @discardableResult
    func command(_ method: String, _ parameters: [String: Any] = [:], inSession: Bool = true) throws -> [String: Any] {
        try reply(to: try send(method, parameters, inSession: inSession))
    }

    /// Sends a command (to the page's session unless `inSession` is false); returns its id.
    func send(_ method: String, _ parameters: [String: Any], inSession: Bool = true) throws -> Int {
        nextID += 1
        var message: [String: Any] = ["id": nextID, "method": method, "params": parameters]
        if inSession { message["sessionId"] = session }
        let bytes = Array(try JSONSerialization.data(withJSONObject: message)) + [0]
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { sendBytes(socket, $0.baseAddress! + sent, bytes.count - sent, noSignal) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw Failure(description: "\(method): the browser is gone (errno \(errno))") }
            sent += count
        }
        return nextID
    }

    /// The result of command `id`; events and other replies met on the way are dropped.
    func reply(to id: Int) throws -> [String: Any] {
        while true {
            let message = try next()
            guard message["id"] as? Int == id else { continue }
            if let error = message["error"] as? [String: Any] {
                throw Failure(description: "DevTools: \(error["message"] as? String ?? "\(error)")")
            }
            return message["result"] as? [String: Any] ?? [:]
        }
    }

    /// Waits for an event of the page.
    func wait(for event: String) throws {
        while try next()["method"] as? String != event {}
    }

    /// The next message from the browser.
    private func next() throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let text = buffer[..<end]
                buffer.removeSubrange(...end)
                guard let message = try? JSONSerialization.jsonObject(with: Data(text)) as? [String: Any] else { continue }
                return message
            }
            var chunk = [UInt8](repeating: 0, count: 1 << 18)
            let count = recv(socket, &chunk, chunk.count, 0)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                throw Failure(description: count == 0 ? "the browser closed its DevTools pipe" : "no reply from the browser within \(Int(Self.timeout)) s")
            }
            buffer += chunk[0..<count]
        }
    }
}

#if canImport(Glibc)
private let streamSocket = Int32(SOCK_STREAM.rawValue)
private let noSignal = Int32(MSG_NOSIGNAL)
private func closeDescriptor(_ fd: Int32) -> Int32 { Glibc.close(fd) }
private func sendBytes(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int, _ flags: Int32) -> Int { Glibc.send(fd, bytes, count, flags) }
#else
private let streamSocket = SOCK_STREAM
private let noSignal: Int32 = 0
private func closeDescriptor(_ fd: Int32) -> Int32 { Darwin.close(fd) }
private func sendBytes(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int, _ flags: Int32) -> Int { Darwin.send(fd, bytes, count, flags) }
#endif
