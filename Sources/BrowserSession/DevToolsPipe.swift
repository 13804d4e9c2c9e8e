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
/// document and its capture are sent together, and the browser runs them in order; with a page a
/// job (`shoot`), every page has its pair in flight at once. Measured in alternating runs, two pages
/// against two WebDriver sessions: 1.47× the frames a second (21–28 a second on the shared 2-core
/// machine), the images pixel for pixel the same.
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
    /// The DevTools session of each page, one a job; the first is the one `navigate`, `show` and
    /// `capture` drive.
    public private(set) var pages: [String] = []
    private var session: String { pages.first ?? "" }
    /// Replies read while waiting for another (`reply(to:)`), and load events, kept for whoever waits for them.
    private var stash: [[String: Any]] = []
    private let scratch: URL
    private var closed = false
    /// One launch at a time, so that no browser inherits another's socket.
    private static let launching = NSLock()
    /// How long a reply may take.
    static let timeout: TimeInterval = 30

    /// Starts the browser with `pages` pages whose viewport is `width` × `height`, each in a window of
    /// its own (a background tab is never drawn, so its capture would wait for ever).
    public init(chromium: URL, width: Int, height: Int, pages count: Int = 1) throws {
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
            for _ in 0..<max(1, count) {
                let target = try command("Target.createTarget", ["url": "about:blank", "newWindow": true], to: nil)
                guard let id = target["targetId"] as? String else { throw Failure(description: "Target.createTarget: no targetId") }
                let attached = try command("Target.attachToTarget", ["targetId": id, "flatten": true], to: nil)
                guard let page = attached["sessionId"] as? String else { throw Failure(description: "Target.attachToTarget: no sessionId") }
                pages.append(page)
                _ = try command("Page.enable", to: page)
                try setViewport(width: width, height: height, page: page)
            }
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

    /// Sets the viewport of every page (CSS pixels, scale 1), whatever the window is.
    public func setViewport(width: Int, height: Int) throws {
        for page in pages { try setViewport(width: width, height: height, page: page) }
    }

    private func setViewport(width: Int, height: Int, page: String) throws {
        _ = try command("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false], to: page)
    }

    /// Loads `url` in the first page and waits for its load event.
    public func navigate(to url: URL) throws { try navigate(to: url, page: session) }

    private func navigate(to url: URL, page: String) throws {
        stash.removeAll { $0["method"] as? String == Self.loaded && $0["sessionId"] as? String == page }
        let reply = try command("Page.navigate", ["url": url.absoluteString], to: page)
        if let error = reply["errorText"] as? String { throw Failure(description: "Page.navigate \(url.path): \(error)") }
        try waitUntilLoaded(page)
    }

    static let loaded = "Page.loadEventFired"

    /// Shoots frames on every page at once, from one thread: `queues[i]` are page i's frames, in
    /// order, each written into the page of the one before (its first loaded) and captured to the
    /// `.png` beside it. Each page always has its next document and capture in flight, so the
    /// browser's processes work on all of them while this one waits for any.
    /// - Parameter progress: called after each PNG is written.
    /// - Returns: how many PNGs were written.
    public func shoot(_ queues: [[URL]], progress: () -> Void) -> Int {
        var remaining = queues.prefix(pages.count).map { $0[...] }
        var loaded = [Bool](repeating: false, count: remaining.count)
        /// The capture in flight of each page, by command id, and its PNG; writes whose reply said they failed.
        var captures: [Int: (page: Int, png: URL)] = [:], writes: [Int: Int] = [:], spoiled = Set<Int>()
        var written = 0

        /// Sends page `index` its next frame (loading it first when the page holds none of this run's).
        func feed(_ index: Int) {
            while let frame = remaining[index].popFirst() {
                let png = frame.deletingPathExtension().appendingPathExtension("png")
                do {
                    if !loaded[index] {
                        try navigate(to: frame, page: pages[index])
                        loaded[index] = true
                    } else {
                        guard let html = try? String(contentsOf: frame, encoding: .utf8) else { continue }
                        let script = "document.open(); document.write(\(try Self.literal(html))); document.close();"
                        writes[try send("Runtime.evaluate", ["expression": script], to: pages[index])] = index
                    }
                    captures[try send("Page.captureScreenshot", ["format": "png"], to: pages[index])] = (index, png)
                    return
                } catch {
                    loaded[index] = false
                }
            }
        }

        for index in remaining.indices { feed(index) }
        while !captures.isEmpty {
            guard let message = try? nextReply(), let id = message["id"] as? Int else { break }
            if let page = writes.removeValue(forKey: id) {
                let result = message["result"] as? [String: Any]
                if message["error"] != nil || result?["exceptionDetails"] != nil { spoiled.insert(page) }
                continue
            }
            guard let (page, png) = captures.removeValue(forKey: id) else { continue }
            if spoiled.remove(page) == nil, let result = message["result"] as? [String: Any], (try? save(result, to: png)) != nil {
                written += 1
                progress()
            } else {
                loaded[page] = false
            }
            feed(page)
        }
        return written
    }

    /// Replaces the page's document with `html` (`document.write`: its URL, styles and fonts stay), then
    /// writes a PNG of the viewport to `url`; both commands go out together.
    public func show(_ html: String, capturingTo url: URL) throws {
        let script = "document.open(); document.write(\(try Self.literal(html))); document.close();"
        let write = try send("Runtime.evaluate", ["expression": script], to: session)
        let capture = try send("Page.captureScreenshot", ["format": "png"], to: session)
        let written = try reply(to: write)
        if written["exceptionDetails"] != nil { throw Failure(description: "document.write failed: \(written)") }
        try save(try reply(to: capture), to: url)
        stash.removeAll { $0["id"] == nil }  // the written document's load event
    }

    /// Writes a PNG of the viewport to `url`.
    public func capture(to url: URL) throws {
        try save(try command("Page.captureScreenshot", ["format": "png"], to: session), to: url)
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
            _ = try? send("Browser.close", [:], to: nil)
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

    /// Sends a command to `page` (the browser itself when `nil`) and waits for its result.
    @discardableResult
    func command(_ method: String, _ parameters: [String: Any] = [:], to page: String?) throws -> [String: Any] {
        try reply(to: try send(method, parameters, to: page))
    }

    /// Sends a command to `page` (the browser itself when `nil`); returns its id.
    func send(_ method: String, _ parameters: [String: Any], to page: String?) throws -> Int {
        nextID += 1
        var message: [String: Any] = ["id": nextID, "method": method, "params": parameters]
        if let page { message["sessionId"] = page }
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

    /// The result of command `id`. Other replies met on the way are kept (another page's capture may
    /// arrive first), and so are load events; other events are dropped.
    func reply(to id: Int) throws -> [String: Any] {
        if let index = stash.firstIndex(where: { $0["id"] as? Int == id }) { return try Self.result(stash.remove(at: index)) }
        while true {
            let message = try next()
            if message["id"] as? Int == id { return try Self.result(message) }
            if message["id"] != nil || message["method"] as? String == Self.loaded { stash.append(message) }
        }
    }

    static func result(_ message: [String: Any]) throws -> [String: Any] {
        if let error = message["error"] as? [String: Any] {
            throw Failure(description: "DevTools: \(error["message"] as? String ?? "\(error)")")
        }
        return message["result"] as? [String: Any] ?? [:]
    }

    /// Waits for `page`'s load event.
    func waitUntilLoaded(_ page: String) throws {
        let mine = { (message: [String: Any]) in message["method"] as? String == Self.loaded && message["sessionId"] as? String == page }
        if let index = stash.firstIndex(where: mine) { stash.remove(at: index); return }
        while true {
            let message = try next()
            if mine(message) { return }
            if message["id"] != nil { stash.append(message) }
        }
    }

    /// The next reply (kept or new); events are dropped, kept ones too (a load event is only waited
    /// for right after its navigation, so those kept since belong to documents written, not loaded).
    func nextReply() throws -> [String: Any] {
        stash.removeAll { $0["id"] == nil }
        if let index = stash.firstIndex(where: { $0["id"] != nil }) { return stash.remove(at: index) }
        while true {
            let message = try next()
            if message["id"] != nil { return message }
        }
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
