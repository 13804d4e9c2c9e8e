import BrowserSession
import Foundation
import FeedFramesProcess
import XCTest

/// Frames and pages checked in a real browser (headless Chromium over WebDriver, one session for the
/// suite): every demo frame's boxes and texts against its JSON layout, hostile item titles, and every
/// page kind (see `PageTests.swift`). Skipped when Chromium is missing, except under CI (`CI` set),
/// where a missing browser is a failure.
final class BrowserTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("feedframes-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    // MARK: Tests

    func testEveryDemoFrameMatchesItsLayout() throws {
        let browser = try openBrowser()
        let output = try renderDemos()
        let started = Date()
        var checked = 0, problems: [String] = []
        let demos = try subfolders(of: output)
        XCTAssertGreaterThanOrEqual(demos.count, 10, "demos rendered")
        // A screenshot of one seed001 and one seed000 frame, for people to look at.
        let shots = ["seed001-story": 4, "seed000-story": 7]
        for demo in demos {
            let frames = try htmlFrames(in: demo)
            XCTAssertFalse(frames.isEmpty, "\(demo.lastPathComponent): no HTML frames")
            for (number, html) in frames.enumerated().map({ ($0.offset + 1, $0.element) }) {
                problems += try check(frame: html, in: browser)
                checked += 1
                if let wanted = shots[demo.lastPathComponent], number == min(wanted, frames.count) {
                    try shoot(browser, "\(demo.lastPathComponent)-\(html.deletingPathExtension().lastPathComponent).png")
                }
            }
        }
        print("BrowserTests: checked \(checked) frames of \(demos.count) demos in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
        XCTAssertGreaterThanOrEqual(checked, 100, "frames checked")
        XCTAssert(problems.isEmpty, Self.summary(problems))
    }

    func testViewerStepsWithArrowKeys() throws {
        let browser = try openBrowser()
        let output = try renderDemos()
        let demo = output.appendingPathComponent("standard-story")
        XCTAssertGreaterThanOrEqual(try htmlFrames(in: demo).count, 3)
        try browser.navigate(to: demo.appendingPathComponent("index.html"))
        let state = "var a = document.querySelector('#strip a.current');"
            + "return [document.body.getAttribute('data-current'), document.getElementById('html-frame').getAttribute('src'),"
            + " a ? a.getAttribute('data-number') : null, document.querySelectorAll('#strip a.current').length];"
        XCTAssertEqual(try browser.execute(state) as? [AnyHashable], ["1", "0001.html", "1", 1])
        try browser.press([.right, .right, .left])
        try browser.wait(until: "return document.body.getAttribute('data-current') === '2';", "data-current 2")
        let after = try XCTUnwrap(browser.execute(state) as? [Any])
        XCTAssertEqual(after.first as? String, "2")
        let source = try XCTUnwrap(after[1] as? String)
        XCTAssertTrue(source.hasSuffix("0002.html"), source)
        XCTAssertEqual(after[2] as? String, "2", "the current strip link")
        XCTAssertEqual(after[3] as? Int, 1, "one current strip link")
        let resolved = try XCTUnwrap(browser.execute("return document.getElementById('html-frame').src;") as? String)
        XCTAssertTrue(resolved.hasPrefix("file://") && resolved.hasSuffix("/standard-story/0002.html"), resolved)
    }

    /// Space plays the scenario frame by frame (each for its virtual time, 0.25–2 s), stops at the last
    /// frame, and a key or space again stops it.
    func testSpacePlaysTheViewerAndStopsAtTheEnd() throws {
        let browser = try openBrowser()
        let demo = try renderDemos().appendingPathComponent("refresh-short-content")
        let count = try htmlFrames(in: demo).count
        XCTAssertGreaterThanOrEqual(count, 3)
        try browser.navigate(to: demo.appendingPathComponent("index.html"))
        try browser.press([.space])
        XCTAssertEqual(try browser.execute("return document.body.getAttribute('data-playing');") as? String, "true")
        try browser.wait(until: "return document.body.getAttribute('data-current') === '2';", timeout: 5, "playing: frame 2")
        try browser.wait(until: "return document.body.getAttribute('data-current') === '\(count)' && document.body.getAttribute('data-playing') === 'false';",
                         timeout: Double(count) * 2.5, "played to the last frame and stopped")
        try browser.press([.space])
        try browser.wait(until: "return document.body.getAttribute('data-current') === '1';", "space at the end starts over")
        try browser.press([.space])
        XCTAssertEqual(try browser.execute("return document.body.getAttribute('data-playing');") as? String, "false", "space again stops")
        let stopped = try XCTUnwrap(browser.execute("return document.body.getAttribute('data-current');") as? String)
        Thread.sleep(forTimeInterval: 2.2)
        XCTAssertEqual(try browser.execute("return document.body.getAttribute('data-current');") as? String, stopped, "stays stopped")
    }

    func testHostileTitlesAreShownLiterallyAndNeverRun() throws {
        let browser = try openBrowser()
        let long = String(repeating: "0123456789", count: 10_240) // 100 KB
        let titles: [(name: String, title: String)] = [
            ("hostile-script", "<script>window.__pwned=1</script>{n}"),
            ("hostile-attribute", "\"><img src=x onerror=\"window.__pwned=2\">{n}"),
            ("hostile-entities", "&amp; ]]> '\" &lt;b&gt; &#x41; {n}"),
            ("hostile-rtl", "\u{202E}gpj.exe {n}"),
            ("hostile-emoji", "😀 👨‍👩‍👧‍👦 🏳️‍🌈 é {n}"),
            ("hostile-mustache", "{{title}} {{{title}}} {{> row.html}} {n}"),
            ("hostile-long", long + "{n}"),
        ]
        var paths: [String] = []
        for (name, title) in titles {
            let scenario: [String: Any] = ["name": name, "preset": "standard", "source": ["title": title],
                                           "events": ["launch", "wait 1"]]
            let file = folder.appendingPathComponent("\(name).json")
            try JSONSerialization.data(withJSONObject: scenario).write(to: file)
            paths.append(file.path)
        }
        let outcome = try run(["render"] + paths + ["--out", "hostile"])
        XCTAssertEqual(outcome.status, 0, outcome.output)
        guard outcome.status == 0 else { return }
        var problems: [String] = []
        for (name, title) in titles {
            let frames = try htmlFrames(in: folder.appendingPathComponent("hostile/\(name)"))
            XCTAssertGreaterThanOrEqual(frames.count, 2, name)
            var rowsSeen = 0
            for html in frames {
                problems += try check(frame: html, in: browser)
                // The literal title, from the scenario (not only from the JSON the renderer wrote).
                let texts = try XCTUnwrap(browser.execute(
                    "return Array.prototype.map.call(document.querySelectorAll('#viewport .row'),"
                    + " function (r) { return [r.getAttribute('data-id'), r.querySelector('.title').textContent, r.innerText.trim()]; });")
                    as? [[Any]])
                for row in texts {
                    guard let id = row[0] as? String, let content = row[1] as? String, let shown = row[2] as? String else { continue }
                    let expected = title.replacingOccurrences(of: "{n}", with: id)
                    rowsSeen += 1
                    if content != expected || shown != expected.trimmingCharacters(in: .whitespacesAndNewlines) {
                        problems.append("\(name)/\(html.lastPathComponent) row \(id): shown \(Self.excerpt(shown)), expected \(Self.excerpt(expected))")
                    }
                }
            }
            XCTAssertGreaterThan(rowsSeen, 0, "\(name): no rows shown")
            // The viewer of the same scenario runs nothing either.
            try browser.navigate(to: folder.appendingPathComponent("hostile/\(name)/index.html"))
            XCTAssertEqual(try browser.execute("return typeof window.__pwned;") as? String, "undefined", "\(name) viewer")
        }
        XCTAssert(problems.isEmpty, Self.summary(problems))
    }

    // MARK: One frame

    /// Everything the checks need from one frame, measured relative to `#viewport`, in one script.
    private static let measure = """
        var viewport = document.getElementById('viewport');
        if (!viewport) { return null; }
        var v = viewport.getBoundingClientRect();
        function box(element) {
          if (!element) { return null; }
          var r = element.getBoundingClientRect();
          return { x: r.left - v.left, y: r.top - v.top, width: r.width, height: r.height,
                   display: getComputedStyle(element).display, text: element.innerText.trim(),
                   noLabel: element.classList.contains('no-label'),
                   state: element.getAttribute('data-state'), index: element.getAttribute('data-index') };
        }
        return {
          width: v.width, height: v.height,
          rows: Array.prototype.map.call(viewport.querySelectorAll('.row'), box),
          header: box(document.getElementById('header')), footer: box(document.getElementById('footer')),
          retry: box(document.getElementById('retry')), toast: box(document.getElementById('toast')),
          empty: box(document.getElementById('empty')),
          pwned: typeof window.__pwned,
          injected: document.querySelectorAll('body script, body img, body iframe, body [onerror], body [onload]').length
        };
        """

    /// Opens one frame and compares it with its JSON; returns the mismatches as lines.
    func check(frame html: URL, in browser: WebDriver) throws -> [String] {
        let name = html.deletingLastPathComponent().lastPathComponent + "/" + html.lastPathComponent
        let jsonURL = html.deletingPathExtension().appendingPathExtension("json")
        let layout = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: jsonURL)) as? [String: Any], "\(name): JSON")
        try browser.navigate(to: html)
        guard let page = try browser.execute(Self.measure) as? [String: Any] else { return ["\(name): no #viewport"] }
        var problems: [String] = []
        func problem(_ text: String) { problems.append("\(name): \(text)") }
        func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }
        func close(_ a: Any?, _ b: Any?) -> Bool {
            guard let a = number(a), let b = number(b) else { return false }
            return abs(a - b) <= 0.5
        }
        func text(_ value: Any?) -> String { (value as? String ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }

        // The viewport is exactly W×H.
        let viewport = layout["viewport"] as? [String: Any]
        if number(page["width"]) != number(viewport?["width"]) || number(page["height"]) != number(viewport?["height"]) {
            problem("#viewport is \(page["width"] ?? "?")×\(page["height"] ?? "?"), JSON \(viewport?["width"] ?? "?")×\(viewport?["height"] ?? "?")")
        }
        if page["pwned"] as? String != "undefined" { problem("window.__pwned is \(page["pwned"] ?? "?"): a title ran as code") }
        if number(page["injected"]) != 0 { problem("\(page["injected"] ?? "?") script/img/iframe/handler elements in the frame") }

        // Rows: the same indices, in order, at the JSON's y and height, showing the title.
        let rows = layout["rows"] as? [[String: Any]] ?? []
        let shown = page["rows"] as? [[String: Any]] ?? []
        let expectedIndices = rows.map { number($0["index"]).map { String(Int($0)) } ?? "?" }
        let shownIndices = shown.map { $0["index"] as? String ?? "?" }
        if expectedIndices != shownIndices {
            problem("row data-index \(shownIndices), JSON \(expectedIndices)")
        } else {
            for (row, box) in zip(rows, shown) {
                if !close(box["y"], row["y"]) || !close(box["height"], row["height"]) {
                    problem("row \(box["index"] ?? "?") at y \(box["y"] ?? "?") height \(box["height"] ?? "?"), JSON y \(row["y"] ?? "?") height \(row["height"] ?? "?")")
                }
                // An inset grouped list (its frames have `sections`) insets its rows by the same margin on both sides.
                let inset = layout["sections"] != nil ? (number(box["x"]) ?? 0) : 0
                if !close(box["x"], inset) || !close(box["width"], (number(viewport?["width"]) ?? 0) - 2 * inset) || inset > 20 {
                    problem("row \(box["index"] ?? "?") spans x \(box["x"] ?? "?") width \(box["width"] ?? "?"), not the viewport's width")
                }
                // A cell shows its lines (every field's), the rest of its markup no text.
                if let lines = row["lines"] as? [String: [String]] {
                    let drawn = lines.values.flatMap { $0 }.joined().filter { !$0.isWhitespace }
                    let shownText = text(box["text"]).filter { !$0.isWhitespace }
                    if Set(drawn) != Set(shownText) || drawn.count != shownText.count {
                        problem("cell \(box["index"] ?? "?") shows \(Self.excerpt(shownText)), JSON lines \(Self.excerpt(drawn))")
                    }
                } else if text(box["text"]) != text(row["title"]) {
                    problem("row \(box["index"] ?? "?") shows \(Self.excerpt(text(box["text"]))), JSON title \(Self.excerpt(text(row["title"])))")
                }
            }
        }

        // Header and footer: placed like the JSON unless hidden, not displayed when hidden.
        for part in ["header", "footer"] {
            let expected = layout[part] as? [String: Any]
            let state = expected?["state"] as? String ?? "hidden"
            let box = page[part] as? [String: Any]
            if state == "hidden" {
                if let box, box["display"] as? String != "none" { problem("#\(part) is hidden in the JSON but displayed (\(box["display"] ?? "?"))") }
                continue
            }
            guard let box, let expected else { problem("#\(part) missing; JSON state \(state)"); continue }
            if box["state"] as? String != state { problem("#\(part) data-state \(box["state"] ?? "nil"), JSON \(state)") }
            if box["display"] as? String == "none" { problem("#\(part) (\(state)) is not displayed") }
            if !close(box["y"], expected["y"]) || !close(box["height"], expected["height"]) {
                problem("#\(part) (\(state)) at y \(box["y"] ?? "?") height \(box["height"] ?? "?"), JSON y \(expected["y"] ?? "?") height \(expected["height"] ?? "?")")
            }
            // A footer drawn without a label (seed001's) shows no text, whatever its JSON state's text; a header
            // under a navigation bar or the status bar, not pulled into view (JSON visible false), is not drawn.
            let covered = part == "header" && expected["visible"] as? Bool == false && layout["safeArea"] != nil
            let shownText = box["noLabel"] as? Bool == true || covered ? "" : text(expected["text"])
            if text(box["text"]) != shownText {
                problem("#\(part) shows \(Self.excerpt(text(box["text"]))), JSON text \(Self.excerpt(text(expected["text"])))")
            }
        }

        // Retry button, toast and empty view: shown exactly when the JSON has them, with its text.
        let retry = layout["retry"] as? [String: Any]
        let retryText: String? = (retry?["visible"] as? Bool == true) ? text(retry?["title"]) : nil
        let toastText: String? = (layout["toast"] as? [String: Any]).map { text($0["text"]) }
        let emptyText: String? = (layout["empty"] as? [String: Any]).map { text($0["text"]) }
        for (part, expected) in [("retry", retryText), ("toast", toastText), ("empty", emptyText)] {
            let box = page[part] as? [String: Any]
            let displayed = box != nil && box?["display"] as? String != "none"
            switch (expected, displayed) {
            case (nil, true): problem("#\(part) shown (\(Self.excerpt(text(box?["text"])))) but not in the JSON")
            case (let expected?, false): problem("#\(part) not shown; JSON \(Self.excerpt(expected))")
            case (let expected?, true):
                if text(box?["text"]) != expected { problem("#\(part) shows \(Self.excerpt(text(box?["text"]))), JSON \(Self.excerpt(expected))") }
            case (nil, false): break
            }
        }
        // A retry button that scrolls with the content (seed000) sits at the JSON's y.
        if retryText != nil, let y = retry?["y"], let box = page["retry"] as? [String: Any], !close(box["y"], y) {
            problem("#retry at y \(box["y"] ?? "?"), JSON y \(y)")
        }
        return problems
    }

    // MARK: Helpers

    /// One browser session for the whole suite (starting Chromium is most of a test's time),
    /// quit with its driver when the suite ends.
    nonisolated(unsafe) private static var shared: WebDriver?

    override class func tearDown() {
        shared?.close()
        shared = nil
        super.tearDown()
    }

    /// `render --png` with one browser and a page a job (and with `FEEDFRAMES_PNG=webdriver`): a PNG for every HTML frame, at the frame's size plus the
    /// page margin, and each the same image a separate Chromium launch takes of that frame (the first
    /// frame loaded, the rest written into its page: the same pixels, spinner aside, so compared in size
    /// and by a launch of a frame without a spinner).
    func testPNGsComeFromOneBrowserAndMatchALaunchPerFrame() throws {
        _ = try WebDriver.Tools.required()
        let demos = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/FeedFramesResources/Demos")
        let story = demos.appendingPathComponent("standard-story.json").path
        let outcome = try run(["render", story, "--out", "shots", "--png", "--jobs", "2"])
        XCTAssertEqual(outcome.status, 0, outcome.output)
        XCTAssertFalse(outcome.output.contains("one Chromium launch a frame instead"), outcome.output)
        let scenario = folder.appendingPathComponent("shots/standard-story")
        let frames = try htmlFrames(in: scenario)
        XCTAssertGreaterThan(frames.count, 10)
        for frame in frames {
            let png = try Data(contentsOf: frame.deletingPathExtension().appendingPathExtension("png"))
            XCTAssertEqual(Array(png.prefix(8)), WebDriver.pngSignature, frame.lastPathComponent)
            XCTAssertEqual(Self.pngSize(png).map { [$0.0, $0.1] }, [375 + 32, 667 + 32], frame.lastPathComponent)
        }
        // Frame 2 (rows, no spinner), written into the page of frame 1 by one session, against a launch.
        try Data(#"{ "name": "three", "preset": "standard", "source": { "total": 30 }, "events": ["launch", "wait 1", "scroll by 100"] }"#.utf8)
            .write(to: folder.appendingPathComponent("three.json"))
        // By default over the browser's DevTools pipe; FEEDFRAMES_PNG=webdriver through chromedriver.
        for (out, environment) in [("session", [String: String]()), ("webdriver", ["FEEDFRAMES_PNG": "webdriver"]),
                                   ("launched", ["FEEDFRAMES_PNG": "launch"])] {
            let run = try run(["render", "three.json", "--out", out, "--png", "--jobs", "1"], environment: environment)
            XCTAssertEqual(run.status, 0, run.output)
            XCTAssertFalse(run.output.contains("one Chromium launch a frame instead"), run.output)
        }
        for frame in ["0002.png", "0003.png"] {
            let b = try Data(contentsOf: folder.appendingPathComponent("launched/three/\(frame)"))
            for out in ["session", "webdriver"] {
                let a = try Data(contentsOf: folder.appendingPathComponent("\(out)/three/\(frame)"))
                XCTAssertEqual(Self.imageData(a), Self.imageData(b), "\(frame): the \(out) image is the launch's")
            }
        }
    }

    /// A PNG's width and height (its IHDR).
    static func pngSize(_ data: Data) -> (Int, Int)? {
        guard data.count > 24 else { return nil }
        let bytes = [UInt8](data)
        func word(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    /// A PNG's image data (its IDAT chunks, still compressed): both paths use Chromium's encoder, so two
    /// images are equal exactly when their pixels are; the chunks around them (metadata) may differ.
    static func imageData(_ data: Data) -> Data? {
        let bytes = [UInt8](data)
        var index = 8, idat = Data()
        while index + 8 <= bytes.count {
            let length = bytes[index..<(index + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[(index + 4)..<(index + 8)], as: UTF8.self)
            if type == "IDAT" { idat.append(contentsOf: bytes[(index + 8)..<(index + 8 + length)]) }
            index += 12 + length
        }
        return idat.isEmpty ? nil : idat
    }

    func openBrowser() throws -> WebDriver {
        if let browser = Self.shared { return browser }
        let browser = try WebDriver(tools: try WebDriver.Tools.required())
        Self.shared = browser
        return browser
    }

    /// Every demo rendered into `output/` of the suite's pages (see `Pages`).
    func renderDemos() throws -> URL {
        try Pages.shared().folder.appendingPathComponent("output")
    }

    func subfolders(of url: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: [.isDirectoryKey])
            .filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true && !$0.lastPathComponent.hasPrefix(".") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// `NNNN.html` in a scenario folder, in order.
    func htmlFrames(in url: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: url.path)
            .filter { $0.count == 9 && $0.hasSuffix(".html") && $0.prefix(4).allSatisfy(\.isNumber) }
            .sorted()
            .map { url.appendingPathComponent($0) }
    }

    /// A screenshot into the scratch folder (PNG signature checked), copied to `FEEDFRAMES_SHOTS_DIR` when set.
    func shoot(_ browser: WebDriver, _ name: String) throws {
        let url = folder.appendingPathComponent("shots/\(name)")
        let data = try browser.screenshot(to: url)
        let written = try Data(contentsOf: url)
        XCTAssertEqual(Array(written.prefix(8)), WebDriver.pngSignature, "\(name) is a PNG")
        XCTAssertGreaterThan(data.count, 1000, "\(name) has content")
        if let shots = ProcessInfo.processInfo.environment["FEEDFRAMES_SHOTS_DIR"] {
            let target = URL(fileURLWithPath: shots).appendingPathComponent(name)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.copyItem(at: url, to: target)
        }
    }

    /// The mismatches, at most six of each kind (row, #header, #retry, …), so one kind cannot hide the others.
    static func summary(_ problems: [String]) -> String {
        var kinds: [String] = [], byKind: [String: [String]] = [:]
        for problem in problems {
            let words = problem.split(separator: " ")
            let kind = words.count > 1 ? String(words[1]) : "?"
            if byKind[kind] == nil { kinds.append(kind) }
            byKind[kind, default: []].append(problem)
        }
        var lines = ["\(problems.count) mismatches:"]
        for kind in kinds {
            let all = byKind[kind] ?? []
            lines += all.prefix(6)
            if all.count > 6 { lines.append("  … and \(all.count - 6) more \(kind) mismatches") }
        }
        return lines.joined(separator: "\n")
    }

    private static func excerpt(_ text: String) -> String {
        let quoted = text.count > 60 ? "\(text.prefix(40))…(\(text.count) characters)" : text
        return "\"\(quoted)\""
    }

    // MARK: The binary

    struct Outcome {
        var status: Int32
        var output: String
    }

    /// Runs the built `feedframes` in the scratch folder; stdout and stderr together, through a file.
    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Outcome {
        let process = Process()
        process.executableURL = try Subprocess.binary()
        process.arguments = arguments
        process.currentDirectoryURL = folder
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let log = folder.appendingPathComponent(".feedframes-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning { process.terminate(); process.waitUntilExit(); throw WebDriver.Failure(description: "feedframes \(arguments) took over 120 s") }
        try handle.close()
        return Outcome(status: process.terminationStatus, output: try String(contentsOf: log, encoding: .utf8))
    }
}
