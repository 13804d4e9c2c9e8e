import FeedEngine
import FeedFramesCLI
import FeedScenario
import FeedSources
import XCTest

/// The new source keys as the reader checks them, and real sources through the command line.
final class SourceKeysTests: XCTestCase {
    func problems(_ source: String) -> [String] {
        let text = #"{ "preset": "standard", "source": \#(source), "events": ["launch"] }"#
        do {
            _ = try ScenarioReader.read(Array(text.utf8), file: "demo.json", opener: RealSourceOpener())
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    func testSeededLatencyInsertsAndPagingAreChecked() {
        XCTAssertEqual(problems(#"{ "latency": { "min": 2, "max": 1, "seed": 7 } }"#),
                       ["demo.json:1:67: source.latency.max: 1 is below min (expected at least 2)"])
        XCTAssertEqual(problems(#"{ "latency": { "min": 1, "max": 2, "sed": 7 } }"#),
                       [#"demo.json:1:70: source.latency.sed: unknown key "sed" (did you mean "seed"?)"#])
        XCTAssertEqual(problems(#"{ "latency": { "max": 2 } }"#),
                       [#"demo.json:1:48: source.latency: expected both "min" and "max" (seconds), and optionally "seed""#])
        XCTAssertEqual(problems(#"{ "inserts": [{ "at": -1, "count": 5 }, { "at": 2 }] }"#), [
            "demo.json:1:57: source.inserts[0].at: expected a number of seconds from 0 to 86400, found -1",
            #"demo.json:1:75: source.inserts[1]: expected both "at" (seconds) and "count" (items)"#,
        ])
        XCTAssertEqual(problems(#"{ "paging": "offset" }"#),
                       [#"demo.json:1:47: source.paging: expected one of "page", "cursor", found "offset""#])
        XCTAssertEqual(problems(#"{ "kind": "scripted", "replies": ["full"], "inserts": [] }"#),
                       ["demo.json:1:89: source.inserts: a scripted source takes no inserts (expected a synthetic or file source)"])
        XCTAssertEqual(problems(#"{ "kind": "ftp" }"#),
                       [#"demo.json:1:45: source.kind: unknown source kind "ftp" (expected synthetic, scripted, file, sqlite or http)"#])
    }

    func testTheSeededLatencyAndInsertsAreRead() throws {
        let text = #"{ "preset": "standard", "source": { "latency": { "min": 0.2, "max": 3, "seed": 7 }, "paging": "cursor", "inserts": [{ "at": 5, "count": 2 }, { "at": 1, "count": 3 }] }, "events": ["launch"] }"#
        let scenario = try ScenarioReader.read(Array(text.utf8), file: "demo.json")
        guard case .synthetic(let source) = scenario.source else { return XCTFail("synthetic") }
        XCTAssertEqual(source.latency, .seeded(min: 0.2, max: 3, seed: 7))
        XCTAssertEqual(source.paging, .cursor)
        XCTAssertEqual(source.inserts, [HeadInsert(at: 1, count: 3), HeadInsert(at: 5, count: 2)], "kept in time order")
    }

    func testWithoutAnOpenerARealSourceIsReadButFailsEachRequest() throws {
        let text = #"{ "preset": "standard", "source": { "kind": "file", "path": "missing.json" }, "events": ["launch", "wait 1"] }"#
        let scenario = try ScenarioReader.read(Array(text.utf8), file: "dir/demo.json")
        XCTAssertEqual(scenario.source, .external(ExternalSource(
            kind: .file(FileSourceSpec(path: "missing.json", resolvedPath: "dir/missing.json")),
            options: SourceOptions(pageSize: 20, latency: .fixed(1), insertTitle: "Item {n}"))))
        let (frames, _) = try runFrames(scenario)
        XCTAssertEqual(frames.last?.cause, "wait 1 → reply 1: failed (the file source was not opened (read the scenario with a SourceOpener, e.g. FeedSources' RealSourceOpener))")
        XCTAssertTrue(frames.last?.layout.retryVisible == true)
    }

    func testRenderAndRecordOnTheCommandLine() throws {
        let folder = try temporaryFolder(self)
        try makeDatabase(at: folder.appendingPathComponent("feed.db").path, keys: Array(1...30))
        let scenario = folder.appendingPathComponent("db.json")
        try write(#"{ "name": "db", "preset": "standard", "source": { "kind": "sqlite", "path": "feed.db", "table": "posts", "orderBy": "pk", "columns": { "id": "pk", "title": "headline" } }, "events": \#(loadEverything) }"#, to: scenario)
        let out = folder.appendingPathComponent("out")
        XCTAssertEqual(FeedFramesCLI.run(["render", scenario.path, "--out", out.path, "--format", "json"]), 0)
        let frames = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("db").path).filter { $0.hasSuffix(".json") && $0.first?.isNumber == true }
        XCTAssertGreaterThan(frames.count, 3)
        XCTAssertEqual(FeedFramesCLI.run(["record", "--help"]), 0)
        // A missing table is a bad scenario: 65, before anything is written.
        try write(#"{ "name": "db", "preset": "standard", "source": { "kind": "sqlite", "path": "feed.db", "table": "nope" }, "events": ["launch"] }"#, to: scenario)
        XCTAssertEqual(FeedFramesCLI.run(["render", scenario.path, "--out", out.path]), 65)
        XCTAssertEqual(FeedFramesCLI.run(["record", scenario.path, "--pages", "1", "--out", folder.appendingPathComponent("f.json").path]), 65)
    }
}
