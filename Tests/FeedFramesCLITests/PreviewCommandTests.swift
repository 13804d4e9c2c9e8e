import Foundation
import FeedFramesProcess
import XCTest

/// `feedframes preview`: every state of each preset, checked from the frames' own JSON.
final class PreviewCommandTests: XCTestCase {
    var cli: Subprocess!

    override func setUpWithError() throws {
        cli = try Subprocess()
        _ = try Subprocess.binary()
    }

    override func tearDown() { cli?.cleanUp() }

    let states = ["header-idle", "header-armed", "header-refreshing", "footer-idle", "footer-armed", "footer-loading",
                  "footer-failed", "footer-exhausted", "retry-button", "toast", "empty-view", "short-content"]

    /// What the frame JSON must say for each state (SPEC §6), written independently of the gallery's code.
    func shows(_ state: String, _ frame: [String: Any]) -> Bool {
        func part(_ name: String, _ value: String) -> Bool {
            let part = frame[name] as? [String: Any]
            return part?["state"] as? String == value && part?["visible"] as? Bool == true
        }
        switch state {
        case "retry-button": return (frame["retry"] as? [String: Any])?["visible"] as? Bool == true
        case "toast": return frame["toast"] is [String: Any]
        case "empty-view": return frame["empty"] is [String: Any]
        case "short-content":
            let height = (frame["viewport"] as? [String: Any])?["height"] as? Double ?? 0
            return (frame["itemCount"] as? Int ?? 0) > 0 && (frame["contentHeight"] as? Double ?? .infinity) < height
                && frame["request"] is NSNull
        default:
            let words = state.split(separator: "-").map(String.init)
            return part(words[0], words[1])
        }
    }

    func manifest(_ folder: String) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(cli.text("\(folder)/gallery.json").utf8)) as? [String: Any]
        return try XCTUnwrap(object?["rows"] as? [[String: Any]])
    }

    func testTheGalleryShowsEveryReachableStateOfEveryPreset() throws {
        let outcome = try cli.run("preview", "--out", "gallery")
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let rows = try manifest("gallery")
        XCTAssertEqual(rows.map { $0["folder"] as? String }, ["seed000-zh-Hans", "seed001-zh-Hans", "standard-en"])
        // What each preset's rules (SPEC §5) never show.
        let unreachable: [String: Set<String>] = [
            "seed000": ["footer-failed"],
            "seed001": ["header-idle", "header-armed", "header-refreshing", "footer-idle", "footer-armed", "footer-failed", "retry-button", "toast"],
            "standard": ["footer-armed"],
        ]
        let page = try cli.text("gallery/index.html")
        for row in rows {
            let preset = try XCTUnwrap(row["preset"] as? String)
            let cells = try XCTUnwrap(row["cells"] as? [[String: Any]])
            XCTAssertEqual(cells.map { $0["state"] as? String }, states, preset)
            for cell in cells {
                let state = try XCTUnwrap(cell["state"] as? String)
                if cell["reachable"] as? Bool == false {
                    XCTAssertTrue(unreachable[preset]?.contains(state) == true, "\(preset) \(state) marked unreachable")
                    XCTAssertFalse((cell["reason"] as? String ?? "").isEmpty)
                    continue
                }
                XCTAssertFalse(unreachable[preset]?.contains(state) == true, "\(preset) \(state) cannot be shown")
                let jsonFile = try XCTUnwrap(cell["json"] as? String), htmlFile = try XCTUnwrap(cell["html"] as? String)
                let frame = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(cli.text("gallery/" + jsonFile).utf8)) as? [String: Any])
                XCTAssertTrue(shows(state, frame), "\(preset) \(state): \(frame)")
                XCTAssertTrue(page.contains(#"<iframe src="\#(htmlFile)""#), htmlFile)
                XCTAssertTrue(try cli.text("gallery/" + htmlFile).contains(#"<html xmlns="http://www.w3.org/1999/xhtml""#))
            }
        }
        XCTAssertEqual(page.components(separatedBy: "not reachable in this preset").count - 1, 10)
        for remote in ["src=\"http", "href=\"http", "url(", "@import", "<script"] { XCTAssertFalse(page.contains(remote), remote) }
        XCTAssertEqual(cli.list("").filter { $0.hasPrefix(".") }, [], "written whole, no temporary folder left")

        // The frames pass the same validation as rendered ones.
        let htmlFiles = rows.flatMap { ($0["cells"] as? [[String: Any]] ?? []).compactMap { $0["html"] as? String } }
        let validated = try cli.run(["validate"] + htmlFiles.map { "gallery/" + $0 })
        XCTAssertEqual(validated.status, 0, validated.stderr)
    }

    func testPresetsAndLocalesCanBeChosen() throws {
        let outcome = try cli.run("preview", "--preset", "standard", "--locale", "zh-Hant", "--locale", "en", "--out", "g")
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertEqual(try manifest("g").map { $0["folder"] as? String }, ["standard-zh-Hant", "standard-en"])
        let armed = try JSONSerialization.jsonObject(with: Data(cli.text("g/standard-zh-Hant/header-armed.json").utf8)) as? [String: Any]
        XCTAssertEqual((armed?["header"] as? [String: Any])?["text"] as? String, "放開立即重新整理")
        XCTAssertTrue(try cli.text("g/standard-zh-Hant/header-armed.html").contains(#"lang="zh-Hant""#))
    }

    /// A `--locale` with no texts of its own says which it falls back to, as a scenario's `locale` does; one with its own
    /// says nothing.
    func testALocaleThatFallsBackSaysSo() throws {
        XCTAssertEqual(try cli.run("preview", "--preset", "standard", "--locale", "en", "--out", "g").stderrLines, [])
        let preview = try cli.run("preview", "--preset", "standard", "--locale", "fr-CA", "--out", "g")
        XCTAssertEqual(preview.status, 0, preview.stderr)
        XCTAssertEqual(preview.stderrLines, ["--locale: locale fr-CA has no texts of its own; using the built-in en texts"])
        try cli.write(#"{ "name": "x", "preset": "standard", "events": ["launch"] }"#, to: "x.json")
        let render = try cli.run("render", "x.json", "--locale", "zh-HK", "--out", "out")
        XCTAssertEqual(render.status, 0, render.stderr)
        XCTAssertEqual(render.stderrLines, ["--locale: locale zh-HK has no texts of its own; using the built-in zh-Hant texts"])
    }

    func testBadCommandLines() throws {
        for arguments in [["preview"], ["preview", "--out", "g", "--preset", "seed003"], ["preview", "--out", "g", "--locale", "fr_FR"],
                          ["preview", "extra", "--out", "g"]] {
            let outcome = try cli.run(arguments)
            XCTAssertEqual(outcome.status, 64, arguments.joined(separator: " ") + ": " + outcome.stderr)
            XCTAssertTrue(outcome.stderr.hasPrefix("Error: "), outcome.stderr)
        }
        XCTAssertFalse(cli.exists("g"))
        let help = try cli.run("preview", "--help")
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("USAGE: feedframes preview"), help.stdout)
        try cli.write("a file", to: "blocker")
        XCTAssertEqual(try cli.run("preview", "--out", "blocker/g").status, 73)
    }
}
