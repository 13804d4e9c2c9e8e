import Foundation
import FeedFramesProcess
import XCTest

/// `feedframes diff` as a user runs it: two renders in, what changed out.
final class DiffCommandTests: XCTestCase {
    var cli: Subprocess!

    override func setUpWithError() throws {
        cli = try Subprocess()
        _ = try Subprocess.binary()
    }

    override func tearDown() { cli?.cleanUp() }

    /// Scrolling 100 then 100 more: with the standard `prefetchRows` 3 the first scroll
    /// already shows row 17 and starts the load-more; with 0 only the second one does.
    let events = #"["launch", "wait 1", "scroll by 100", "scroll by 100", "wait 1", "scroll to bottom", "wait 1"]"#

    func scenario(config: String = "", events: String? = nil) -> String {
        #"{ "name": "list", "preset": "standard", \#(config) "source": { "total": 50 }, "events": \#(events ?? self.events) }"#
    }

    /// Renders `text` as `list` into `folder`.
    func render(_ text: String, into folder: String, formats: String = "html,text,json") throws {
        try cli.write(text, to: "\(folder).json")
        let outcome = try cli.run("render", "\(folder).json", "--out", folder, "--format", formats)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
    }

    /// Frames are matched by what caused them: two events inserted early are two added
    /// frames, and the frames after them, renumbered, are not changed (issue 21).
    func testTwoInsertedEventsAreTwoAddedFramesAndNothingChanged() throws {
        try render(scenario(), into: "a")
        let inserted = #"["launch", "wait 1", "scroll by 30", "scroll by -30", "scroll by 100", "scroll by 100", "wait 1", "scroll to bottom", "wait 1"]"#
        try render(scenario(events: inserted), into: "b")
        let outcome = try cli.run("diff", "a/list", "b/list")
        XCTAssertEqual(outcome.status, 1, outcome.stderr)
        XCTAssertTrue(outcome.stdout.contains("Frames differ: 0 changed, 2 added, 0 removed (7 → 9 frames)."), outcome.stdout)
        XCTAssertTrue(outcome.stdout.contains("frame 0003 added · scroll by 30"), outcome.stdout)
        XCTAssertTrue(outcome.stdout.contains("frame 0004 added · scroll by -30"), outcome.stdout)
        // Without the JSON frames the causes come from the text frames' first lines.
        try render(scenario(), into: "c", formats: "text")
        try render(scenario(events: inserted), into: "d", formats: "text")
        let text = try cli.run("diff", "c/list", "d/list")
        XCTAssertTrue(text.stdout.contains("Frames differ: 0 changed, 2 added, 0 removed (7 → 9 frames)."), text.stdout)
    }

    /// A frame that changed and moved says both.
    func testAChangedFrameAfterAnInsertionSaysWhereItWas() throws {
        try render(scenario(), into: "a")
        let inserted = #"["launch", "wait 1", "scroll by 30", "scroll by 100", "scroll by 100", "wait 1", "scroll to bottom", "wait 1"]"#
        try render(scenario(config: #""config": {"footer": {"prefetchRows": 0}},"#, events: inserted), into: "b")
        let outcome = try cli.run("diff", "a/list", "b/list")
        XCTAssertTrue(outcome.stdout.contains("(was 0003)"), outcome.stdout)
    }

    func testIdenticalFoldersExit0() throws {
        try render(scenario(), into: "a")
        try render(scenario(), into: "b")
        let scenarioDiff = try cli.run("diff", "a/list", "b/list")
        XCTAssertEqual(scenarioDiff.status, 0, scenarioDiff.stderr)
        XCTAssertEqual(scenarioDiff.stdout, "No differences: 7 frames equal.\n")
        let outputDiff = try cli.run("diff", "a", "b")
        XCTAssertEqual(outputDiff.status, 0, outputDiff.stderr)
        XCTAssertEqual(outputDiff.stdout, "No differences: 1 scenario, 7 frames.\n")
    }

    func testAChangedRuleGivesExactlyTheFramesAndFieldsItChanged() throws {
        try render(scenario(), into: "a")
        try render(scenario(config: #""config": { "footer": { "prefetchRows": 0 } },"#), into: "b")
        let outcome = try cli.run("diff", "a/list", "b/list")
        XCTAssertEqual(outcome.status, 1, outcome.stderr)
        let lines = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.filter { $0.hasPrefix("frame ") }, ["frame 0003 changed · scroll by 100"])
        XCTAssertEqual(lines.filter { $0.hasPrefix("-") || $0.hasPrefix("+") || $0.hasPrefix("@@") }, [
            "--- a/list/0003.txt", "+++ b/list/0003.txt", "@@ -1,5 +1,5 @@",
            "-standard en 375x667 · offset 100 of 880 · 20 items, page 1 · request 2 more p2",
            "+standard en 375x667 · offset 100 of 880 · 20 items, page 1",
        ])
        let json = try XCTUnwrap(lines.firstIndex(of: "0003.json:"))
        XCTAssertEqual(Array(lines[json...].prefix(7)), [
            "0003.json:",
            "  footer.state: loading → idle",
            "  footer.text: Loading... → Tap or pull up to load more",
            "  footer.spinner: true → false",
            "  footer.tappable: false → true",
            #"  request: {"id":2,"kind":"more","page":2} → null"#,
            "0003.html: 5 lines differ",
        ])
        XCTAssertEqual(lines.suffix(2), ["Frames differ: 1 changed, 0 added, 0 removed (7 → 7 frames).", ""])
    }

    func testOutputFoldersAreMatchedByScenarioName() throws {
        try render(scenario(), into: "a")
        try render(scenario(config: #""config": { "footer": { "prefetchRows": 0 } },"#), into: "b")
        try render(scenario().replacingOccurrences(of: #""name": "list""#, with: #""name": "other""#), into: "b")
        let outcome = try cli.run("diff", "a", "b")
        XCTAssertEqual(outcome.status, 1)
        XCTAssertTrue(outcome.stdout.hasPrefix("== list: 1 changed, 0 added, 0 removed (7 → 7 frames)\nframe 0003 changed"), outcome.stdout)
        XCTAssertTrue(outcome.stdout.contains("--- a/list/0003.txt\n+++ b/list/0003.txt\n"), outcome.stdout)
        XCTAssertTrue(outcome.stdout.contains("== other: only in b\n"), outcome.stdout)
        XCTAssertTrue(outcome.stdout.hasSuffix(
            "Frames differ: 1 of 1 scenario differ; 1 frame changed, 0 added, 0 removed; 1 only in b.\n"), outcome.stdout)
    }

    func testAddedAndRemovedFrames() throws {
        let longer = #"["launch", "wait 1", "scroll by 100", "scroll by 100", "wait 1", "scroll to bottom", "wait 1", "scroll to top", "drag to -60"]"#
        try render(scenario(), into: "a", formats: "text,json")
        try render(scenario(events: longer), into: "b", formats: "text,json")
        let added = try cli.run("diff", "a/list", "b/list")
        XCTAssertEqual(added.status, 1)
        XCTAssertEqual(added.stdout, """
            frame 0008 added · scroll to top
            frame 0009 added · drag to -60
            Frames differ: 0 changed, 2 added, 0 removed (7 → 9 frames).

            """)
        let removed = try cli.run("diff", "b/list", "a/list")
        XCTAssertEqual(removed.status, 1)
        XCTAssertEqual(removed.stdout, """
            frame 0008 removed · scroll to top
            frame 0009 removed · drag to -60
            Frames differ: 0 changed, 0 added, 2 removed (9 → 7 frames).

            """)
    }

    func testExitCodes() throws {
        try render(scenario(), into: "a")
        XCTAssertEqual(try cli.run("diff", "a/list", "nowhere").status, 66)
        XCTAssertEqual(try cli.run("diff", "nowhere", "a/list").stderr, "nowhere: no such folder\n")
        let file = try cli.run("diff", "a/list/0001.json", "a/list")
        XCTAssertEqual(file.status, 66)
        XCTAssertEqual(file.stderr, "a/list/0001.json: is a file (expected a folder of frames)\n")
        // Folders with no frames are a wrong path, not "no differences" (which let CI pass).
        try cli.write("notes", to: "junk/a.txt")
        try cli.write("{}", to: "scenarios/feed.json")
        for (expected, actual) in [("junk", "junk"), ("scenarios", "scenarios"), ("junk", "scenarios")] {
            let nothing = try cli.run("diff", expected, actual)
            XCTAssertEqual(nothing.status, 66, "\(expected) \(actual): \(nothing.stdout)")
            XCTAssertTrue(nothing.stderr.contains("no frames"), nothing.stderr)
        }
        for arguments in [["diff"], ["diff", "a"], ["diff", "a", "a", "a"], ["diff", "a", "a", "--context", "x"],
                          ["diff", "a", "a", "--frobnicate"], ["diff", "a", "a/list"]] {
            let outcome = try cli.run(arguments)
            XCTAssertEqual(outcome.status, 64, arguments.joined(separator: " ") + ": " + outcome.stderr)
            XCTAssertTrue(outcome.stderr.hasPrefix("Error: "), outcome.stderr)
        }
        let help = try cli.run("diff", "--help")
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("USAGE: feedframes diff <expected> <actual> [--html <report-dir>]"), help.stdout)
    }

    func testHTMLReportShowsBothFramesAndTheDifferenceOffline() throws {
        try render(scenario(), into: "a")
        try render(scenario(config: #""config": { "footer": { "prefetchRows": 0 } },"#), into: "b")
        let outcome = try cli.run("diff", "a", "b", "--html", "report")
        XCTAssertEqual(outcome.status, 1, "the report does not change the verdict")
        XCTAssertTrue(outcome.stdout.contains("Report: "), outcome.stdout)
        let page = try cli.text("report/index.html")
        XCTAssertTrue(page.contains(#"<iframe src="frames/0/expected/0003.html""#), page)
        XCTAssertTrue(page.contains(#"<iframe src="frames/0/actual/0003.html""#), page)
        XCTAssertEqual(try cli.text("report/frames/0/expected/0003.html"), try cli.text("a/list/0003.html"))
        XCTAssertEqual(try cli.text("report/frames/0/actual/0003.html"), try cli.text("b/list/0003.html"))
        XCTAssertTrue(page.contains(#"<span class="del">-standard en 375x667 · offset 100 of 880 · 20 items, page 1 · request 2 more p2</span>"#))
        XCTAssertTrue(page.contains("footer.state: loading → idle"))
        XCTAssertTrue(page.contains("<style>"))
        for remote in ["src=\"http", "href=\"http", "url(", "@import", "<script", "<link"] { XCTAssertFalse(page.contains(remote), remote) }
        XCTAssertEqual(cli.list("").filter { $0.hasPrefix(".") }, [], "no temporary folder left behind")

        // An unwritable report folder: exit 73, and no half-written report.
        try cli.write("a file", to: "blocker")
        let blocked = try cli.run("diff", "a", "b", "--html", "blocker/report")
        XCTAssertEqual(blocked.status, 73, blocked.stderr)
    }
}
