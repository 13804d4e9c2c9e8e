import Foundation
import FeedFramesProcess
import XCTest

/// `feedframes review` as a reviewer runs it on a package's recorded references.
final class ReviewCommandTests: XCTestCase {
    var cli: Subprocess!

    override func setUpWithError() throws {
        cli = try Subprocess()
        _ = try Subprocess.binary()
    }

    override func tearDown() { cli?.cleanUp() }

    /// A package with two test targets: frames recorded as text and JSON, text only, and a
    /// test file of the same name in both targets; plus files that are no references.
    func makePackage() throws {
        try cli.write("// swift-tools-version:6.1\n", to: "pkg/Package.swift")
        try cli.write(#"{ "name": "list", "preset": "standard", "source": { "total": 30 }, "events": ["launch", "wait 1", "scroll to bottom", "wait 1"] }"#,
                      to: "list.json")
        let outcome = try cli.run("render", "list.json", "--out", "rendered", "--format", "text,json")
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let rendered = cli.folder.appendingPathComponent("rendered/list")
        for (target, test, formats) in [("AppTests", "testPaging", ["txt", "json"]), ("AppTests", "testPaging.dark", ["txt"]),
                                        ("MoreTests", "testPaging", ["json"])] {
            for number in 1...4 {
                for format in formats {
                    let name = String(format: "%04d.", number) + format
                    let bytes = try [UInt8](Data(contentsOf: rendered.appendingPathComponent(name)))
                    try cli.write(bytes, to: "pkg/Tests/\(target)/__Snapshots__/ListTests/\(test)/\(name)")
                }
            }
        }
        // swift-snapshot-testing's one-file references, build products and hidden folders are not frame folders.
        try cli.write("frame 1 · t=0s · launch\n", to: "pkg/Tests/AppTests/__Snapshots__/OtherTests/testOne.1.txt")
        try cli.write("frame 1 · t=0s · launch\n", to: "pkg/.build/Tests/__Snapshots__/X/y/0001.txt")
    }

    func testEveryReferenceFolderBecomesAViewerAndTheIndexLinksThem() throws {
        try makePackage()
        let outcome = try cli.run("review", "pkg", "--out", "review")
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertTrue(outcome.stdout.contains("Reviewed 3 references, 12 frames"), outcome.stdout)
        let review = cli.folder.appendingPathComponent("review")
        let folders = try FileManager.default.contentsOfDirectory(atPath: review.path).filter { !$0.hasPrefix(".") }.sorted()
        XCTAssertEqual(folders, ["AppTests.ListTests.testPaging", "AppTests.ListTests.testPaging.dark", "MoreTests.ListTests.testPaging", "index.html"].sorted(),
                       "same-named test files are told apart by their target; the one-file and .build references are left out")
        let viewer = review.appendingPathComponent("AppTests.ListTests.testPaging")
        let list = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: viewer.appendingPathComponent("frames.json"))) as? [[String: Any]])
        XCTAssertEqual(list.map { $0["cause"] as? String }, ["launch", "wait 1 → reply 1: page 1, 20 items", "scroll to bottom", "wait 1 → reply 2: page 2, 10 items"])
        XCTAssertEqual(list[1]["time"] as? Double, 1)
        XCTAssertEqual(list[0]["files"] as? [String], ["0001.json", "0001.txt"])
        // Text only: causes and times come from the text frames' first lines.
        let dark = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: review.appendingPathComponent("AppTests.ListTests.testPaging.dark/frames.json"))) as? [[String: Any]])
        XCTAssertEqual(dark.map { $0["cause"] as? String }, list.map { $0["cause"] as? String })
        XCTAssertEqual(try Data(contentsOf: viewer.appendingPathComponent("0003.txt")),
                       try Data(contentsOf: cli.folder.appendingPathComponent("pkg/Tests/AppTests/__Snapshots__/ListTests/testPaging/0003.txt")),
                       "frames are copied as recorded")
        let page = try String(contentsOf: viewer.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertTrue(page.contains("Tests/AppTests/__Snapshots__/ListTests/testPaging: 4 recorded frames"), page)
        let index = try String(contentsOf: review.appendingPathComponent("index.html"), encoding: .utf8)
        for folder in folders where folder != "index.html" { XCTAssertTrue(index.contains(#"href="\#(folder)/index.html""#), folder) }
        // Run again: FeedFrames' own folders are replaced.
        XCTAssertEqual(try cli.run("review", "pkg", "--out", "review").status, 0)
    }

    func testAFolderFeedFramesDidNotWriteIsLeftAlone() throws {
        try makePackage()
        try cli.write("my notes\n", to: "review/AppTests.ListTests.testPaging/notes.txt")
        let outcome = try cli.run("review", "pkg", "--out", "review")
        XCTAssertEqual(outcome.status, 73, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("AppTests.ListTests.testPaging"), outcome.stderr)
        let left = try FileManager.default.contentsOfDirectory(atPath: cli.folder.appendingPathComponent("review").path).sorted()
        XCTAssertEqual(left, ["AppTests.ListTests.testPaging"], "nothing else written: all or nothing")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: cli.folder.appendingPathComponent("review/AppTests.ListTests.testPaging").path), ["notes.txt"])
    }

    func testNoReferencesOrNoFolderIsExit66() throws {
        try cli.write("// swift-tools-version:6.1\n", to: "empty/Package.swift")
        let none = try cli.run("review", "empty")
        XCTAssertEqual(none.status, 66)
        XCTAssertEqual(none.stderrLines, ["empty: no recorded frames in any __Snapshots__ folder below it (expected folders of NNNN.txt, NNNN.json or NNNN.html frames)"])
        let missing = try cli.run("review", "nowhere")
        XCTAssertEqual(missing.status, 66)
        XCTAssertEqual(missing.stderrLines, ["nowhere: no such folder (expected a folder holding __Snapshots__)"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: cli.folder.appendingPathComponent("review").path))
    }
}
