import BrowserSession
import Dispatch
import Foundation

/// `render --png`: a PNG screenshot beside each HTML frame, taken by headless Chromium.
///
/// One headless Chromium serves the whole run (started on the first scenario, closed at
/// the end), with a page per job, each shooting its share of a scenario's frames: the
/// first frame is loaded, each next one written into the same page, and captured. The
/// browser is driven over its own DevTools pipe (`DevToolsPipe`: no chromedriver; each
/// page always has its next document and capture in flight, all from one thread);
/// `FEEDFRAMES_PNG=webdriver` drives one browser a job through chromedriver instead (the
/// WebDriver sessions of the earlier version, about 16 a second a page), and `FEEDFRAMES_PNG=launch` makes each frame one `chromium
/// --screenshot` launch (about 1 s a frame, the benchmark's baseline). Nothing else
/// depends on the PNGs, so a missing browser or a failed shot is a note, not an error.
public final class Screenshots: @unchecked Sendable {
    public enum Engine {
        /// One browser a job over its DevTools pipe, for the whole run.
        case devTools(URL, jobs: Int)
        /// One WebDriver session a job, for the whole run.
        case sessions(WebDriver.Tools, jobs: Int)
        /// One Chromium process a frame.
        case launches(URL)
    }

    /// How `FEEDFRAMES_PNG` chooses the engine: `launch`, `webdriver`, else the DevTools pipe.
    public enum Choice: String, Sendable {
        case devTools = "devtools", webDriver = "webdriver", launch
        public static var fromEnvironment: Choice {
            ProcessInfo.processInfo.environment["FEEDFRAMES_PNG"].flatMap(Choice.init(rawValue:)) ?? .devTools
        }
    }

    public let engine: Engine
    /// Started on first use; each used by one thread at a time.
    private var sessions: [any PageShooter] = []
    /// Why sessions could not start (then each frame is a launch), said once.
    public private(set) var fallback: String?

    /// - Parameter choice: the engine (see `Choice`); without chromedriver, `webDriver` is a launch a frame.
    public init?(jobs: Int, choice: Choice = .fromEnvironment) {
        let jobs = max(1, min(jobs, 8))
        guard let browser = Self.chromium() else { return nil }
        switch choice {
        case .devTools: engine = .devTools(browser, jobs: jobs)
        case .webDriver: engine = WebDriver.Tools.find().map { .sessions($0, jobs: jobs) } ?? .launches(browser)
        case .launch: engine = .launches(browser)
        }
    }

    /// Whether one browser serves many frames (not a launch a frame).
    public var keepsBrowsers: Bool {
        if case .launches = engine { false } else { true }
    }

    deinit { close() }

    /// Ends every browser session.
    public func close() {
        for session in sessions { session.close() }
        sessions = []
    }

    /// Chromium on the PATH, if any.
    public static func chromium() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            for name in ["chromium", "chromium-browser", "google-chrome"] where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return URL(fileURLWithPath: "\(folder)/\(name)")
            }
        }
        return nil
    }

    /// Shoots every `NNNN.html` in `folder` into `NNNN.png` at `width` × `height` plus the page's
    /// 16 pt margin; returns how many were written.
    public func shoot(folder: URL, width: Double, height: Double, progress: @escaping @Sendable (Int, Int) -> Void) -> Int {
        let pages = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".html") && $0 != "index.html" }.sorted().map { folder.appendingPathComponent($0) }
        let size = (Int(width) + 32, Int(height) + 32)
        switch engine {
        case .launches(let browser):
            return launchEach(pages, browser: browser, size: size, progress: progress)
        case .sessions(let tools, let jobs):
            start(min(jobs, max(1, pages.count))) { try WebDriver(tools: tools, windowSize: size) }
            guard !sessions.isEmpty else { return launchEach(pages, browser: tools.chromium, size: size, progress: progress) }
            return inSessions(pages, size: size, progress: progress)
        case .devTools(let browser, let jobs):
            // One browser for the run, a page (in its own window) a job.
            start(1) { try DevToolsPipe(chromium: browser, width: size.0, height: size.1, pages: jobs) }
            guard let pipe = sessions.first as? DevToolsPipe else { return launchEach(pages, browser: browser, size: size, progress: progress) }
            return inPages(of: pipe, pages, size: size, progress: progress)
        }
    }

    /// Frame `i` goes to page `i mod n` of the one browser, which shoots them all from this thread.
    private func inPages(of pipe: DevToolsPipe, _ pages: [URL], size: (Int, Int), progress: @escaping @Sendable (Int, Int) -> Void) -> Int {
        guard (try? pipe.setViewport(width: size.0, height: size.1)) != nil else { return 0 }
        let count = pipe.pages.count
        var written = 0
        return pipe.shoot((0..<count).map { index in stride(from: index, to: pages.count, by: count).map { pages[$0] } }) {
            written += 1
            progress(written, pages.count)
        }
    }

    /// The browsers, once: on failure, `fallback` says why and each frame is a launch.
    private func start(_ count: Int, _ make: () throws -> any PageShooter) {
        guard sessions.isEmpty && fallback == nil else { return }
        do {
            for _ in 0..<count { sessions.append(try make()) }
        } catch {
            fallback = "\(error)"
            close()
        }
    }

    /// Frame `i` goes to session `i mod n`; each session loads and captures its frames in order.
    private func inSessions(_ pages: [URL], size: (Int, Int), progress: @escaping @Sendable (Int, Int) -> Void) -> Int {
        let sessions = self.sessions
        let written = Counter()
        DispatchQueue.concurrentPerform(iterations: sessions.count) { index in
            let session = sessions[index]
            guard (try? session.setViewport(width: size.0, height: size.1)) != nil else { return }
            // The first frame is loaded, the others written into its page: the frames of a scenario
            // share their folder, styles and fonts, so only the document changes.
            var loaded = false
            for page in stride(from: index, to: pages.count, by: sessions.count).map({ pages[$0] }) {
                let png = page.deletingPathExtension().appendingPathExtension("png")
                do {
                    if loaded, let html = try? String(contentsOf: page, encoding: .utf8) {
                        try session.show(html, capturingTo: png)
                    } else {
                        try session.navigate(to: page)
                        loaded = true
                        try session.capture(to: png)
                    }
                    progress(written.increment(), pages.count)
                } catch {
                    loaded = false
                }
            }
        }
        return written.value
    }

    /// One `chromium --screenshot` a frame.
    private func launchEach(_ pages: [URL], browser: URL, size: (Int, Int), progress: (Int, Int) -> Void) -> Int {
        var written = 0
        for (number, page) in pages.enumerated() {
            progress(number + 1, pages.count)
            let png = page.deletingPathExtension().appendingPathExtension("png")
            let process = Process()
            process.executableURL = browser
            process.arguments = ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                 "--force-device-scale-factor=1", "--window-size=\(size.0),\(size.1)",
                                 "--screenshot=\(png.path)", page.absoluteString]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { continue }
            let deadline = Date().addingTimeInterval(30)
            while process.isRunning && Date() < deadline { usleep(20_000) }
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            if FileManager.default.fileExists(atPath: png.path) { written += 1 }
        }
        return written
    }

    /// A count shared by the session threads.
    final class Counter: @unchecked Sendable {
        private var count = 0
        private let lock = NSLock()
        func increment() -> Int { lock.withLock { count += 1; return count } }
        var value: Int { lock.withLock { count } }
    }
}

/// A browser page that frames are written into and captured from: a WebDriver session or a DevTools pipe.
protocol PageShooter: AnyObject, Sendable {
    func setViewport(width: Int, height: Int) throws
    func navigate(to url: URL) throws
    /// Replaces the document with `html`, then writes a PNG of the viewport to `url`.
    func show(_ html: String, capturingTo url: URL) throws
    func capture(to url: URL) throws
    func close()
}

extension WebDriver: PageShooter {
    func show(_ html: String, capturingTo url: URL) throws {
        try replaceDocument(with: html)
        try capture(to: url)
    }
}

extension DevToolsPipe: PageShooter {}
