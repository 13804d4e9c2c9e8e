import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small W3C WebDriver client: starts `chromedriver` on 127.0.0.1, opens one headless Chromium
/// session and drives it synchronously over plain HTTP on a socket (see `http`: URLSession cannot read
/// chromedriver's replies on Linux). Every request has a timeout and every wait is bounded. The
/// browser tests drive pages with it; `render --png` keeps one session per job for a whole run,
/// instead of one Chromium launch per frame.
/// `close()` quits the session and ends the driver; call it from `addTeardownBlock` (it is idempotent).
/// `FEEDFRAMES_WEBDRIVER_VERBOSE=1` runs chromedriver with `--verbose` (its log tail shows in start-up errors).
public final class WebDriver: @unchecked Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// Where the browser and its driver are, from `CHROMIUM_BIN` / `CHROMEDRIVER_BIN` or the `PATH`.
    public struct Tools: Sendable {
        public var chromium: URL
        public var chromedriver: URL

        public init(chromium: URL, chromedriver: URL) {
            self.chromium = chromium
            self.chromedriver = chromedriver
        }

        public static func find() -> Tools? {
            let environment = ProcessInfo.processInfo.environment
            func locate(_ override: String, _ names: [String]) -> URL? {
                if let path = environment[override], FileManager.default.isExecutableFile(atPath: path) {
                    return URL(fileURLWithPath: path)
                }
                let folders = (environment["PATH"] ?? "/usr/bin:/usr/local/bin").split(separator: ":").map(String.init)
                for name in names {
                    for folder in folders where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                        return URL(fileURLWithPath: "\(folder)/\(name)")
                    }
                }
                return nil
            }
            guard let chromium = locate("CHROMIUM_BIN", ["chromium", "chromium-browser", "google-chrome"]),
                  let chromedriver = locate("CHROMEDRIVER_BIN", ["chromedriver"]) else { return nil }
            return Tools(chromium: chromium, chromedriver: chromedriver)
        }
    }

    public let port: Int
    private let driver: Process
    private let scratch: URL
    private let profile: URL
    private let log: URL
    private var sessionID: String?
    private var closed = false

    /// Starts chromedriver on a free port and opens a headless session.
    public init(tools: Tools, windowSize: (Int, Int) = (1200, 1000)) throws {
        let token = UUID().uuidString
        port = try Self.freePort()
        // One folder for everything the driver and browser write (profile, TMPDIR, log), removed by close().
        // Short: Chromium puts Unix sockets under TMPDIR, and a socket path over 107 bytes makes it exit at start.
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("ffwd-\(token.prefix(8))")
        profile = scratch.appendingPathComponent("profile")
        log = scratch.appendingPathComponent("chromedriver.log")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: scratch.appendingPathComponent("t"), withIntermediateDirectories: true)
        driver = Process()
        driver.executableURL = tools.chromedriver
        driver.arguments = ["--port=\(port)", "--log-path=\(log.path)"]
            + (ProcessInfo.processInfo.environment["FEEDFRAMES_WEBDRIVER_VERBOSE"] == nil ? [] : ["--verbose"])
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = scratch.appendingPathComponent("t").path
        driver.environment = environment
        driver.standardInput = FileHandle.nullDevice
        driver.standardOutput = FileHandle.nullDevice
        driver.standardError = FileHandle.nullDevice
        do {
            try driver.run()
            try waitForDriver(deadline: Date().addingTimeInterval(20))
            let arguments = [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=\(windowSize.0),\(windowSize.1)", "--force-device-scale-factor=1", "--hide-scrollbars",
                "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--user-data-dir=\(profile.path)",
            ]
            let capabilities: [String: Any] = ["alwaysMatch": [
                "pageLoadStrategy": "normal",
                "timeouts": ["pageLoad": 20_000, "script": 10_000, "implicit": 0],
                "goog:chromeOptions": ["binary": tools.chromium.path, "args": arguments],
            ]]
            let value = try command("POST", "session", ["capabilities": capabilities], timeout: 60)
            guard let id = (value as? [String: Any])?["sessionId"] as? String else {
                throw Failure(description: "new session: no sessionId in \(value)")
            }
            sessionID = id
        } catch {
            let failure = Failure(description: "\(error)\(driverLogTail(matching: ["ERROR", "exited"]))")
            close()
            throw failure
        }
    }

    deinit { close() }

    // MARK: Commands

    /// Loads a URL (waits for the page's load event, bounded by the page-load timeout).
    public func navigate(to url: URL) throws {
        _ = try command("POST", "session/\(try session())/url", ["url": url.absoluteString], timeout: 30)
    }

    /// Runs `script` as a function body in the page (`/execute/sync`) and returns what it returns.
    @discardableResult
    public func execute(_ script: String, _ arguments: [Any] = []) throws -> Any {
        try command("POST", "session/\(try session())/execute/sync", ["script": script, "args": arguments], timeout: 30)
    }

    /// Presses and releases each key in turn with the Actions API (keyboard events go to the focused document).
    public func press(_ keys: [Key]) throws {
        var actions: [[String: Any]] = []
        for key in keys {
            actions.append(["type": "keyDown", "value": key.rawValue])
            actions.append(["type": "keyUp", "value": key.rawValue])
        }
        let id = try session()
        _ = try command("POST", "session/\(id)/actions",
                        ["actions": [["type": "key", "id": "keyboard", "actions": actions]]], timeout: 30)
        _ = try command("DELETE", "session/\(id)/actions", nil, timeout: 30)
    }

    public enum Key: String, Sendable {
        case left = "\u{E012}", up = "\u{E013}", right = "\u{E014}", down = "\u{E015}", end = "\u{E010}", home = "\u{E011}"
        case space = " ", escape = "\u{E00C}"
        /// Printable keys: the character itself.
        case question = "?", j = "j"
    }

    /// Polls `script` (which should return a boolean) until it returns true; fails after `timeout` seconds.
    public func wait(until script: String, timeout: TimeInterval = 5, _ what: @autoclosure () -> String) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if (try execute(script) as? Bool) == true { return }
            if Date() > deadline { throw Failure(description: "timed out after \(timeout) s waiting for \(what())") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// A PNG of the window (`/screenshot`), written to `url`; checks the PNG signature and returns the bytes.
    @discardableResult
    public func screenshot(to url: URL) throws -> Data {
        let value = try command("GET", "session/\(try session())/screenshot", nil, timeout: 30)
        guard let text = value as? String, let data = Data(base64Encoded: text) else {
            throw Failure(description: "screenshot: the reply is not base64")
        }
        guard data.starts(with: WebDriver.pngSignature) else {
            throw Failure(description: "screenshot: not a PNG (first bytes \(Array(data.prefix(8))))")
        }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
        return data
    }

    /// Replaces the page's document with `html` (`document.write`), keeping its URL, so its
    /// relative links and the fonts it already loaded stay: much cheaper than a navigation.
    public func replaceDocument(with html: String) throws {
        try execute("document.open(); document.write(arguments[0]); document.close(); return document.readyState;", [html])
    }

    /// A PNG of the viewport from the DevTools protocol (`Page.captureScreenshot`, through
    /// chromedriver's `goog/cdp/execute`), which is faster than WebDriver's own screenshot.
    public func capture(to url: URL) throws {
        let value = try command("POST", "session/\(try session())/goog/cdp/execute",
                                ["cmd": "Page.captureScreenshot", "params": ["format": "png"]], timeout: 30)
        guard let text = (value as? [String: Any])?["data"] as? String, let data = Data(base64Encoded: text),
              data.starts(with: Self.pngSignature) else {
            throw Failure(description: "Page.captureScreenshot: no PNG in the reply")
        }
        try data.write(to: url)
    }

    public static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Quits the session (closing the browser) and ends the driver; safe to call more than once.
    public func close() {
        if closed { return }
        closed = true
        if let id = sessionID {
            sessionID = nil
            _ = try? command("DELETE", "session/\(id)", nil, timeout: 15)
        }
        if driver.processIdentifier > 0 {
            // After a clean quit nothing is left below the driver; otherwise (no session, a failed quit) the
            // browser would outlive it, so end those processes too, by process id.
            let children = driver.isRunning ? Self.descendants(of: driver.processIdentifier) : []
            if driver.isRunning {
                driver.terminate()
                if !waitForExit(driver, seconds: 5) { kill(driver.processIdentifier, SIGKILL); _ = waitForExit(driver, seconds: 2) }
            }
            for pid in children where Self.isBrowser(pid) { kill(pid, SIGKILL) }
        }
        // The browser's last processes may still write to the profile for a moment.
        for _ in 0..<10 {
            try? FileManager.default.removeItem(at: scratch)
            if !FileManager.default.fileExists(atPath: scratch.path) { break }
            Thread.sleep(forTimeInterval: 0.2)
        }
    }

    /// Resizes the window so that its viewport (the page's `innerWidth` × `innerHeight`) is
    /// `width` × `height`: the window is set, the viewport measured, and the difference added.
    public func setViewport(width: Int, height: Int) throws {
        let id = try session()
        _ = try command("POST", "session/\(id)/window/rect", ["width": width, "height": height], timeout: 30)
        let inner = try execute("return [window.innerWidth, window.innerHeight];") as? [Int] ?? [width, height]
        if inner.count == 2 && (inner[0] != width || inner[1] != height) {
            _ = try command("POST", "session/\(id)/window/rect",
                            ["width": 2 * width - inner[0], "height": 2 * height - inner[1]], timeout: 30)
        }
    }

    // MARK: HTTP

    private func session() throws -> String {
        guard let id = sessionID else { throw Failure(description: "no WebDriver session") }
        return id
    }

    /// One WebDriver command; returns the reply's `value`, or throws the WebDriver error.
    func command(_ method: String, _ path: String, _ body: [String: Any]?, timeout: TimeInterval) throws -> Any {
        let json = try body.map { try JSONSerialization.data(withJSONObject: $0) }
        let (status, data): (Int, Data)
        do {
            (status, data) = try Self.http(method, port: port, path: "/" + path, body: json, timeout: timeout)
        } catch {
            throw Failure(description: "\(method) /\(path): \(error)\(driverLogTail())")
        }
        let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        let value = (object as? [String: Any])?["value"] ?? NSNull()
        if status != 200 {
            let details = value as? [String: Any]
            let error = details?["error"] as? String ?? "HTTP \(status)"
            let message = (details?["message"] as? String ?? "").split(separator: "\n").prefix(3).joined(separator: " | ")
            throw Failure(description: "\(method) /\(path): \(error): \(message)")
        }
        return value
    }

    /// A minimal HTTP/1.1 exchange with 127.0.0.1 over a socket. Not URLSession: swift-corelibs-foundation's
    /// libcurl-backed URLSession rejects every chromedriver reply ("Failed writing header": header lines like
    /// `Content-Length:250` with no space; swiftlang/swift-corelibs-foundation#4965, open).
    /// Each send and receive is bounded by `timeout`, and so is the whole exchange.
    static func http(_ method: String, port: Int, path: String, body: Data?, timeout: TimeInterval) throws -> (Int, Data) {
        let deadline = Date().addingTimeInterval(timeout)
        let fd = socket(AF_INET, streamSocket, 0)
        guard fd >= 0 else { throw Failure(description: "socket() failed: errno \(errno)") }
        defer { _ = closeSocket(fd) }
        var limit = timeval(tv_sec: Int(timeout.rounded(.up)), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "connect to 127.0.0.1:\(port) failed: errno \(errno)") }

        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: application/json\r\nConnection: close\r\n"
        if let body {
            head += "Content-Type: application/json; charset=utf-8\r\nContent-Length: \(body.count)\r\n"
        } else if method == "POST" {
            head += "Content-Length: 0\r\n"
        }
        var request = Data((head + "\r\n").utf8)
        if let body { request.append(body) }
        try request.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var sent = 0
            while sent < buffer.count {
                let count = send(fd, buffer.baseAddress! + sent, buffer.count - sent, noSignal)
                guard count > 0 else { throw Failure(description: "send failed: errno \(errno)") }
                sent += count
            }
        }

        var reply = Data(), chunk = [UInt8](repeating: 0, count: 65_536)
        var headerEnd: Int?, expected: Int?, status = 0
        while true {
            if let headerEnd, let expected, reply.count - headerEnd >= expected { break }
            guard Date() < deadline else { throw Failure(description: "no complete reply within \(Int(timeout)) s") }
            let count = recv(fd, &chunk, chunk.count, 0)
            if count == 0 { break } // the server closed the connection: the reply is complete
            guard count > 0 else {
                if errno == EINTR { continue }
                throw Failure(description: errno == EAGAIN ? "no reply within \(Int(timeout)) s" : "recv failed: errno \(errno)")
            }
            reply.append(contentsOf: chunk[0..<count])
            if headerEnd == nil, let range = reply.range(of: Data("\r\n\r\n".utf8)) {
                headerEnd = range.upperBound
                let lines = String(decoding: reply[..<range.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
                let statusLine = lines.first?.split(separator: " ") ?? []
                status = statusLine.count > 1 ? Int(statusLine[1]) ?? 0 : 0
                for line in lines.dropFirst() {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
                    let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                    if name == "content-length" { expected = Int(value) }
                    if name == "transfer-encoding", value.lowercased() != "identity" {
                        throw Failure(description: "unsupported Transfer-Encoding \(value)")
                    }
                }
            }
        }
        guard let headerEnd else { throw Failure(description: "malformed HTTP reply (\(reply.count) bytes)") }
        let bodyEnd = expected.map { min(reply.count, headerEnd + $0) } ?? reply.count
        return (status, reply.subdata(in: headerEnd..<bodyEnd))
    }

    private func waitForDriver(deadline: Date) throws {
        var last = "no reply"
        while Date() < deadline {
            guard driver.isRunning else {
                throw Failure(description: "chromedriver exited with status \(driver.terminationStatus)\(driverLogTail())")
            }
            do {
                if let value = try command("GET", "status", nil, timeout: 2) as? [String: Any], value["ready"] as? Bool == true {
                    return
                }
                last = "not ready yet"
            } catch {
                last = "\(error)"
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw Failure(description: "chromedriver did not become ready on 127.0.0.1:\(port) (\(last))\(driverLogTail())")
    }

    /// The last lines of chromedriver's log (only those containing one of `words`, when given), for error messages.
    private func driverLogTail(matching words: [String] = []) -> String {
        guard let text = try? String(contentsOf: log, encoding: .utf8), !text.isEmpty else { return "" }
        let lines = text.split(separator: "\n").filter { line in words.isEmpty || words.contains { line.contains($0) } }
        return lines.isEmpty ? "" : "\nchromedriver log (tail):\n" + lines.suffix(8).map { String($0.prefix(300)) }.joined(separator: "\n")
    }

    private func waitForExit(_ process: Process, seconds: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        return !process.isRunning
    }

    // MARK: Processes and ports

    /// A port on 127.0.0.1 that was free a moment ago (bound to port 0, read back, released).
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, streamSocket, 0)
        guard fd >= 0 else { throw Failure(description: "socket() failed: errno \(errno)") }
        defer { _ = closeSocket(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw -> Bool in
                bind(fd, raw, length) == 0 && getsockname(fd, raw, &length) == 0
            }
        }
        guard bound else { throw Failure(description: "could not bind a free port: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether `pid` is (still) a Chromium process, so a recycled process id is never signalled.
    static func isBrowser(_ pid: pid_t) -> Bool {
        guard let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe") else { return false }
        return exe.contains("chrom")
    }

    /// Every process below `root` (from /proc), deepest last.
    static func descendants(of root: pid_t) -> [pid_t] {
        var parents: [pid_t: [pid_t]] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = pid_t(fields[1]) { parents[parent, default: []].append(pid) }
        }
        var result: [pid_t] = [], queue = [root]
        while let next = queue.first {
            queue.removeFirst()
            for child in parents[next] ?? [] { result.append(child); queue.append(child) }
        }
        return result
    }
}

#if canImport(Glibc)
private let streamSocket = Int32(SOCK_STREAM.rawValue)
private let noSignal = Int32(MSG_NOSIGNAL)
private func closeSocket(_ fd: Int32) -> Int32 { Glibc.close(fd) }
#else
private let streamSocket = SOCK_STREAM
/// Darwin has no MSG_NOSIGNAL (a driver that closes mid-send could raise SIGPIPE there; not checked on a Mac).
private let noSignal: Int32 = 0
private func closeSocket(_ fd: Int32) -> Int32 { Darwin.close(fd) }
#endif
