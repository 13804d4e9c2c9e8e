import Foundation
import FeedFramesProcess
import XCTest

/// The command line as a subprocess: what users type, what they get back.
final class CLITests: XCTestCase {
    var cli: Subprocess!

    override func setUpWithError() throws {
        cli = try Subprocess()
        _ = try Subprocess.binary()
    }

    override func tearDown() { cli?.cleanUp() }

    let scenario = """
        { "name": "mine", "preset": "standard", "source": { "total": 30 },
          "events": ["launch", "wait 1", "scroll to bottom", "wait 1"] }
        """

    func testNoArgumentsRendersEveryDemoIntoOutput() throws {
        let outcome = try cli.run([])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertTrue(outcome.stdout.contains("output/"), outcome.stdout)
        let demos = try cli.run("demos").stdout.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
        XCTAssertGreaterThanOrEqual(demos.count, 15)
        for demo in demos {
            let files = cli.list("output/\(demo)")
            XCTAssertTrue(files.contains("frames.json"), demo)
            XCTAssertTrue(files.contains("0001.json"), demo)
        }
        XCTAssertEqual(cli.list("output").filter { $0.hasPrefix(".") }, [".feedframes"], "no temporary folders left behind")
    }

    func testRenderWritesTheFramesOfSpecSix() throws {
        try cli.write(scenario, to: "mine.json")
        let outcome = try cli.run("render", "mine.json", "--out", "out", "--format", "json")
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let list = try JSONSerialization.jsonObject(with: Data(cli.text("out/mine/frames.json").utf8)) as? [[String: Any]]
        XCTAssertEqual(list?.count, 4)
        XCTAssertEqual(list?[1]["cause"] as? String, "wait 1 → reply 1: page 1, 20 items")
        XCTAssertEqual(list?[1]["files"] as? [String], ["0002.json"])
        let frame = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(cli.text("out/mine/0003.json").utf8)) as? [String: Any])
        for key in ["frame", "time", "cause", "viewport", "contentOffset", "contentHeight", "rows", "header", "footer",
                    "retry", "toast", "empty", "request", "itemCount", "pageIndex", "suppressed"] {
            XCTAssertNotNil(frame[key], "frame JSON lacks \(key)")
        }
        XCTAssertEqual(frame["contentOffset"] as? Double, 257)
        let request = try XCTUnwrap(frame["request"] as? [String: Any])
        XCTAssertEqual(request["kind"] as? String, "more")
        XCTAssertEqual(request["page"] as? Int, 2)
        let rows = try XCTUnwrap(frame["rows"] as? [[String: Any]])
        XCTAssertEqual(rows.first?["y"] as? Double, -37)
        XCTAssertEqual(rows.first?["title"] as? String, "Item 6")
    }

    func testBadCommandLinesExit64() throws {
        for arguments in [["render", "--outt", "x", "a.json"], ["render"], ["frobnicate"],
                          ["render", "a.json", "--format", "pdf"], ["render", "a.json", "--out"]] {
            let outcome = try cli.run(arguments)
            XCTAssertEqual(outcome.status, 64, arguments.joined(separator: " "))
            XCTAssertTrue(outcome.stderr.hasPrefix("Error: "), outcome.stderr)
        }
        XCTAssertTrue(try cli.run("render", "--outt", "x", "a.json").stderr.contains("--out"), "did-you-mean hint")
    }

    func testABadScenarioExits65WithFileLineAndExpectation() throws {
        try cli.write("{\n  \"preset\": \"standard\",\n  \"events\": [\"launch\", \"jump 3\"]\n}\n", to: "bad.json")
        let outcome = try cli.run("render", "bad.json", "--out", "out")
        XCTAssertEqual(outcome.status, 65)
        XCTAssertEqual(outcome.stderr, "bad.json:3:24: events[1]: unknown event \"jump 3\" (expected launch, wait S, scroll to top|bottom|Y, scroll by DY, drag to Y, drag by DY, release, fling V, tap retry, tap footer, refresh, resize WxH, insert N)\n")
        XCTAssertFalse(cli.exists("out"), "nothing written")
    }

    func testAMissingScenarioExits66() throws {
        let outcome = try cli.run("render", "nowhere.json")
        XCTAssertEqual(outcome.status, 66)
        XCTAssertEqual(outcome.stderr, "nowhere.json: no such file\n")
    }

    func testUnwritableOutputExits73() throws {
        try cli.write(scenario, to: "mine.json")
        try cli.write("a file", to: "blocker")
        let outcome = try cli.run("render", "mine.json", "--out", "blocker/out")
        XCTAssertEqual(outcome.status, 73)
        XCTAssertTrue(outcome.stderr.contains("blocker"), outcome.stderr)
    }

    func testAFailedRunLeavesThePreviousOutputAsItWas() throws {
        try cli.write(scenario, to: "mine.json")
        XCTAssertEqual(try cli.run("render", "mine.json", "--out", "out").status, 0)
        let before = try cli.text("out/mine/0002.json")
        try cli.write(scenario.replacingOccurrences(of: "\"total\": 30", with: "\"total\": -1"), to: "mine.json")
        XCTAssertEqual(try cli.run("render", "mine.json", "--out", "out").status, 65)
        XCTAssertEqual(try cli.text("out/mine/0002.json"), before)
        XCTAssertEqual(cli.list("out").filter { $0.hasPrefix(".") }, [".feedframes"], "no temporary folder left behind")
    }

    func testAReRenderReplacesTheFolderWhole() throws {
        try cli.write(scenario, to: "mine.json")
        XCTAssertEqual(try cli.run("render", "mine.json", "--out", "out", "--format", "json").status, 0)
        XCTAssertEqual(cli.list("out/mine").count, 9, "4 frames, frames.json, scenario.json, the viewer with its frames.js, the marker")
        try cli.write(scenario.replacingOccurrences(of: ", \"scroll to bottom\", \"wait 1\"", with: ""), to: "mine.json")
        XCTAssertEqual(try cli.run("render", "mine.json", "--out", "out", "--format", "json").status, 0)
        XCTAssertEqual(cli.list("out/mine"), [".feedframes", "0001.json", "0002.json", "frames.js", "frames.json", "index.html", "scenario.json"],
                       "no stale frames from the run before")
    }

    func testHelpAndVersion() throws {
        let help = try cli.run("--help")
        XCTAssertEqual(help.status, 0)
        for section in ["OVERVIEW:", "USAGE:", "OPTIONS:", "SUBCOMMANDS:"] {
            XCTAssertTrue(help.stdout.contains(section), section)
        }
        for command in ["render", "presets", "demos"] {
            let sub = try cli.run(command, "--help")
            XCTAssertEqual(sub.status, 0, command)
            XCTAssertTrue(sub.stdout.contains("USAGE: feedframes \(command)"), sub.stdout)
        }
        let version = try cli.run("--version")
        XCTAssertEqual(version.status, 0)
        XCTAssertFalse(version.stdout.isEmpty)
    }

    /// The binary's malloc is mimalloc's (README, Performance), for Swift's runtime and libxml2 too:
    /// the dynamic linker binds their `malloc` and `free` to libmimalloc, not to the C library.
    func testMallocIsMimallocsForTheWholeProcess() throws {
        let outcome = try cli.run(["--version"], environment: ["LD_DEBUG": "bindings"])
        XCTAssertEqual(outcome.status, 0)
        // "binding file <library> [0] to <library> [0]: normal symbol `malloc' [GLIBC_2.2.5]"
        let bindings: [(from: String, to: String)] = outcome.stderr.split(separator: "\n").compactMap { line in
            guard line.contains("symbol `malloc'") || line.contains("symbol `free'"),
                  let file = line.range(of: "binding file "), let to = line.range(of: " to ", range: file.upperBound..<line.endIndex)
            else { return nil }
            return (String(line[file.upperBound..<to.lowerBound]), String(line[to.upperBound...]))
        }
        func binds(_ library: String) -> Bool {
            bindings.contains { $0.from.contains("/\(library)") && $0.to.contains("/libmimalloc.so") }
        }
        XCTAssertTrue(binds("libswiftCore.so"), "Swift's runtime allocates with mimalloc: \(bindings)")
        XCTAssertTrue(binds("libxml2.so"), "libxml2 allocates with mimalloc: \(bindings)")
        XCTAssertFalse(bindings.contains { $0.to.contains("/libc.so") }, "no malloc or free bound to the C library's: \(bindings)")
    }

    func testDemosExportWritesEditableCopies() throws {
        let outcome = try cli.run("demos", "--export", "mine")
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertTrue(cli.list("mine").contains("seed000-story.json"))
        let rendered = try cli.run("render", "mine/seed001-story.json", "--out", "out", "--format", "json")
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        XCTAssertTrue(cli.exists("out/seed001-story/frames.json"))
    }

    func testPresetsListsEveryPreset() throws {
        let outcome = try cli.run("presets")
        XCTAssertEqual(outcome.status, 0)
        for name in ["seed000", "seed001", "standard"] { XCTAssertTrue(outcome.stdout.contains(name + ":"), name) }
        XCTAssertTrue(outcome.stdout.contains("refreshWhileLoading cancel"))
    }
}
