import Foundation
import FeedFramesProcess
import XCTest

/// Pages and scripts as a new user meets them: steps that do nothing are reported,
/// every page comes from a template `--templates` can replace, a broken template is
/// named at its line, and where the binary lives never changes what it renders.
final class PagesTests: XCTestCase {
    var cli: Subprocess!

    override func setUpWithError() throws {
        cli = try Subprocess()
        _ = try Subprocess.binary()
    }

    override func tearDown() { cli?.cleanUp() }

    /// The repository's root, from this file.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func scenario(_ events: [String], name: String = "taps", failures: [Int] = []) -> String {
        let list = events.map { "\"\($0)\"" }.joined(separator: ", ")
        return #"{ "name": "\#(name)", "preset": "standard", "source": { "total": 45, "failures": \#(failures) }, "events": [\#(list)] }"#
    }

    func testAStepThatDoesNothingIsAWarningOncePerScenario() throws {
        try cli.write(scenario(["launch", "wait 1", "tap retry", "scroll to top", "wait 5", "tap retry", "refresh"]), to: "taps.json")
        let outcome = try cli.run("render", "taps.json", "--out", "out")
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertEqual(outcome.stderrLines, [#"taps.json: events[2]: "tap retry" did nothing (no retry button is showing); 1 more step did nothing"#])
        XCTAssertTrue(cli.exists("out/taps/frames.json"))
    }

    func testStrictMakesItAnErrorAndWritesNothing() throws {
        try cli.write(scenario(["launch", "wait 1", "scroll to top", "tap footer"]), to: "taps.json")
        let outcome = try cli.run("render", "taps.json", "--out", "out", "--strict")
        XCTAssertEqual(outcome.status, 65, outcome.stderr)
        XCTAssertEqual(outcome.stderrLines, [#"taps.json: events[3]: "tap footer" did nothing (the footer is off screen)"#])
        XCTAssertFalse(cli.exists("out/taps"))
    }

    func testOrdinaryMomentsAndSuppressedTapsAreNotReported() throws {
        // A wait with nothing due, a scroll clamped where it is, a resize to the same size; a refresh
        // while one runs counts as suppressed, which is something.
        try cli.write(scenario(["launch", "wait 1", "wait 5", "scroll to top", "scroll to -100", "resize 375x667",
                                "drag to -80", "release", "refresh", "wait 1", "scroll to bottom"]),
                      to: "quiet.json")
        let outcome = try cli.run("render", "quiet.json", "--out", "out", "--strict")
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertEqual(outcome.stderrLines, [])
    }

    func testTheReadmeScenarioDoesSomethingAtEachStep() throws {
        let readme = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try XCTUnwrap(readme.components(separatedBy: "## Scenario files").dropFirst().first)
        let json = try XCTUnwrap(section.components(separatedBy: "```json\n").dropFirst().first?.components(separatedBy: "```").first)
        try cli.write(json, to: "my-list.json")
        let outcome = try cli.run("render", "my-list.json", "--out", "out", "--strict")
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let frames = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(cli.text("out/my-list/frames.json").utf8)) as? [[String: Any]])
        let events = try XCTUnwrap((JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["events"] as? [String])
        XCTAssertGreaterThanOrEqual(frames.count, events.count, "a frame for every step")
    }

    func testEveryPageComesFromATemplateThatTemplatesOverrides() throws {
        // Each page template replaced by one that says which it is.
        let pages = ["index.html", "list.html", "gallery.html", "diff.html", "explore.html", "sweep.html"]
        for page in pages {
            try cli.write(#"<!DOCTYPE html>\#n<html xmlns="http://www.w3.org/1999/xhtml" lang="en"><head><title>t</title></head><body><p id="mine">mine \#(page)</p></body></html>\#n"#,
                          to: "mine/\(page)")
        }
        try cli.write(scenario(["launch", "wait 1"], name: "a"), to: "a.json")
        try cli.write(scenario(["launch", "wait 1", "scroll to bottom"], name: "a"), to: "b.json")
        for arguments in [["render", "a.json", "--out", "one"], ["render", "b.json", "--out", "two"],
                          ["preview", "--preset", "standard", "--out", "preview"], ["explore", "--preset", "standard", "--depth", "2", "--out", "explore"],
                          ["sweep", "a.json", "--param", "viewport.height=600..620:20", "--out", "sweep"],
                          ["diff", "one/a", "two/a", "--html", "report"]] {
            let outcome = try cli.run(arguments + ["--templates", "mine"])
            XCTAssertTrue([0, 1].contains(outcome.status), "\(arguments): \(outcome.stderr)")
        }
        for (file, page) in [("one/a/index.html", "index.html"), ("one/index.html", "list.html"), ("preview/index.html", "gallery.html"),
                             ("report/index.html", "diff.html"), ("explore/index.html", "explore.html"),
                             ("explore/gallery/index.html", "index.html"), ("sweep/sweep.html", "sweep.html")] {
            XCTAssertTrue(try cli.text(file).contains("mine \(page)"), file)
        }
    }

    /// An element a partial opens and never closes is found where it should end, in the template around it: the
    /// message also names the partial's line that opened it, the one to mend.
    func testATagAPartialLeavesOpenIsNamedWhereItWasOpened() throws {
        try cli.write(scenario(["launch", "wait 1"], name: "a"), to: "a.json")
        let row = try String(contentsOf: Self.repository.appendingPathComponent("Templates/row.html"), encoding: .utf8)
        try cli.write("<bogus>\n" + row, to: "partial/row.html")
        let outcome = try cli.run("render", "a.json", "--out", "out", "--templates", "partial")
        XCTAssertNotEqual(outcome.status, 0)
        XCTAssertTrue(outcome.stderrLines.first?.contains("Opening and ending tag mismatch: bogus line") == true, outcome.stderr)
        XCTAssertTrue(outcome.stderrLines.first?.contains("; <bogus> opened at partial/row.html:1 (frame") == true, outcome.stderr)
    }

    func testABrokenPageTemplateIsNamedAtItsLineAndNothingIsWritten() throws {
        try cli.write(scenario(["launch", "wait 1"], name: "a"), to: "a.json")
        try cli.write("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head><title>t</title></head>\n<body>\n<p>{{name}}\n</body>\n</html>\n",
                      to: "broken/index.html")
        var outcome = try cli.run("render", "a.json", "--out", "out", "--templates", "broken")
        XCTAssertEqual(outcome.status, 65, outcome.stderr)
        XCTAssertEqual(outcome.stderrLines.first,
                       "broken/index.html:6: xml-syntax: Opening and ending tag mismatch: p line 5 and body (page out/a/index.html, HTML line 6)")
        XCTAssertEqual(outcome.stderrLines.count, 3, "one line a problem: \(outcome.stderr)")
        XCTAssertFalse(cli.exists("out/a"))
        // A Mustache error in a page template is named at its own line and column too.
        try cli.write("<!DOCTYPE html>\n<p>\n{{#rows}}\n", to: "unclosed/gallery.html")
        outcome = try cli.run("preview", "--preset", "standard", "--out", "preview", "--templates", "unclosed")
        XCTAssertEqual(outcome.status, 65, outcome.stderr)
        XCTAssertEqual(outcome.stderrLines, [#"unclosed/gallery.html:3:1: unclosed section "rows" (expected {{/rows}})"#])
        XCTAssertFalse(cli.exists("preview"))
    }

    /// The built-in templates are used wherever the binary is, even copied into a folder
    /// that looks like a checkout with its own `Templates/`.
    func testTheBinaryNeverPicksTemplatesFromBesideIt() throws {
        let checkout = cli.url("checkout")
        try cli.write("// swift-tools-version:6.1\n", to: "checkout/Package.swift")
        try cli.write("<grammar xmlns=\"http://relaxng.org/ns/structure/1.0\"><start><notAllowed/></start></grammar>\n",
                      to: "checkout/Templates/frame.rng")
        try cli.write("NOT THE DEFAULT {{number}}\n", to: "checkout/Templates/frame.txt")
        let binary = checkout.appendingPathComponent(".build/debug/feedframes")
        try FileManager.default.createDirectory(at: binary.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: try Subprocess.binary(), to: binary)
        try cli.write(scenario(["launch", "wait 1"], name: "a"), to: "a.json")
        let process = Process()
        process.executableURL = binary
        process.arguments = ["render", "a.json", "--out", "out"]
        process.currentDirectoryURL = cli.folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertFalse(try cli.text("out/a/0001.txt").contains("NOT THE DEFAULT"))
    }
}
