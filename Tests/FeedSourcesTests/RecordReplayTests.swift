import FeedEngine
@testable import FeedFramesCLI
import FeedScenario
import FeedSources
import XCTest

/// `feedframes record`: pages fetched once from a real source, saved, and
/// replayed by a `file` source give the very same frames.
final class RecordReplayTests: XCTestCase {
    let events = #"["launch", "wait 1", "scroll to bottom", "wait 1", "scroll to bottom", "wait 1", "drag to -80", "release", "wait 1"]"#

    /// Records `source` (in `folder/real.json`) and replays it (in `folder/replay.json`); returns both runs' frames.
    func recordAndReplay(_ source: String, in folder: URL, pages: Int) throws -> (real: [Frame], replayed: [Frame], fixture: String) {
        let real = folder.appendingPathComponent("real.json")
        try write(#"{ "name": "feed", "preset": "standard", "source": \#(source), "events": \#(events) }"#, to: real)
        let fixture = folder.appendingPathComponent("fixtures/feed.json")
        try FileManager.default.createDirectory(at: fixture.deletingLastPathComponent(), withIntermediateDirectories: true)
        XCTAssertEqual(FeedFramesCLI.run(["record", real.path, "--pages", String(pages), "--out", fixture.path]), 0)
        let replay = folder.appendingPathComponent("replay.json")
        try write(#"{ "name": "feed", "preset": "standard", "source": { "kind": "file", "path": "fixtures/feed.json" }, "events": \#(events) }"#, to: replay)
        return (try runFrames(try readScenario(real)).frames, try runFrames(try readScenario(replay)).frames, try String(contentsOf: fixture, encoding: .utf8))
    }

    func testAnHTTPRecordingReplaysToIdenticalFrames() throws {
        let folder = try temporaryFolder(self)

        let server = try TestHTTPServer(lifetime: 60, handler: HTTPSourceTests.answer)
        defer { server.stop() }
        let (real, replayed, fixture) = try recordAndReplay(
            #"{ "kind": "http", "url": "\#(server.baseURL)/items?page={page}&size={pageSize}", "items": "/data" }"#, in: folder, pages: 5)
        XCTAssertGreaterThan(real.count, 5)
        XCTAssertEqual(replayed, real)
        XCTAssertTrue(fixture.hasPrefix("[\n  {\"id\":\"1\",\"title\":\"Post 1\",\"height\":44,\"author\":\"a1\"},\n"), fixture)
        XCTAssertEqual(fixture.components(separatedBy: "\n").filter { $0.hasPrefix("  {") }.count, 45, "recording stops at the short page 3")
    }

    func testAnSQLiteRecordingReplaysToIdenticalFrames() throws {
        let folder = try temporaryFolder(self)
        try makeDatabase(at: folder.appendingPathComponent("feed.db").path, keys: Array(1...70))
        let (real, replayed, fixture) = try recordAndReplay(
            #"{ "kind": "sqlite", "path": "feed.db", "table": "posts", "orderBy": "pk", "columns": { "id": "pk", "title": "headline", "height": "h", "author": "author" } }"#,
            in: folder, pages: 3)
        XCTAssertEqual(replayed, real, "as long as the replay asks for no more than was recorded")
        XCTAssertEqual(fixture.components(separatedBy: "\n").filter { $0.hasPrefix("  {") }.count, 60)
        XCTAssertTrue(fixture.contains(#"{"id":"3","title":"Row 3","height":88,"author":"author 3"}"#))
    }

    /// `--out` replaces a fixture, never another file: naming the scenario itself or its database replaced them.
    func testRecordReplacesOnlyAFixture() throws {
        let folder = try temporaryFolder(self)
        let database = folder.appendingPathComponent("feed.db").path
        try makeDatabase(at: database, keys: Array(1...30))
        let scenario = folder.appendingPathComponent("real.json")
        try write(#"{ "name": "feed", "preset": "standard", "source": { "kind": "sqlite", "path": "feed.db", "table": "posts", "orderBy": "pk", "columns": { "id": "pk", "title": "headline", "height": "h", "author": "author" } }, "events": ["launch"] }"#, to: scenario)
        for target in [database, scenario.path] {
            let before = try Data(contentsOf: URL(fileURLWithPath: target))
            XCTAssertEqual(FeedFramesCLI.run(["record", scenario.path, "--pages", "1", "--out", target]), 73, target)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: target)), before, target)
        }
        let fixture = folder.appendingPathComponent("feed.json").path
        XCTAssertEqual(FeedFramesCLI.run(["record", scenario.path, "--pages", "1", "--out", fixture]), 0)
        XCTAssertEqual(FeedFramesCLI.run(["record", scenario.path, "--pages", "2", "--out", fixture]), 0, "a fixture is recorded again")
        XCTAssertEqual(try String(contentsOfFile: fixture, encoding: .utf8).components(separatedBy: "\n").filter { $0.hasPrefix("  {") }.count, 30)
    }

    func testRecordingIgnoresScriptedFailuresAndReportsRealOnes() throws {
        let folder = try temporaryFolder(self)
        let scenario = folder.appendingPathComponent("s.json")
        try write(#"{ "preset": "standard", "source": { "total": 30, "failures": [1, 2] }, "events": ["launch"] }"#, to: scenario)
        let out = folder.appendingPathComponent("out.json")
        XCTAssertEqual(FeedFramesCLI.run(["record", scenario.path, "--pages", "9", "--out", out.path]), 0)
        XCTAssertEqual(try String(contentsOf: out, encoding: .utf8).components(separatedBy: "\n").filter { $0.hasPrefix("  {") }.count, 30)
        XCTAssertEqual(FeedFramesCLI.run(["record", scenario.path, "--pages", "1", "--out", folder.appendingPathComponent("no/such/dir.json").path]), 73)
        XCTAssertEqual(FeedFramesCLI.run(["record", scenario.path, "--pages", "1", "--out", folder.appendingPathComponent("no/such/dir.json").path]), 73)

        let server = try TestHTTPServer(lifetime: 60, handler: HTTPSourceTests.answer)
        defer { server.stop() }
        try write(#"{ "preset": "standard", "source": { "kind": "http", "url": "\#(server.baseURL)/error" }, "events": ["launch"] }"#, to: scenario)
        let kept = try Data(contentsOf: out)
        XCTAssertEqual(FeedFramesCLI.run(["record", scenario.path, "--pages", "2", "--out", out.path]), 66)
        XCTAssertEqual(try Data(contentsOf: out), kept, "a failed recording leaves the old fixture as it was")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }, [], "no temporary file left")

        XCTAssertEqual(FeedFramesCLI.run(["record", scenario.path, "--pages", "0", "--out", out.path]), 64)
        XCTAssertEqual(FeedFramesCLI.run(["record", scenario.path, "--out", out.path]), 64)
        XCTAssertEqual(FeedFramesCLI.run(["record", folder.appendingPathComponent("none.json").path, "--pages", "1", "--out", out.path]), 66)
    }

    /// Issue 15: recording an endless feed wrote a 428 MB fixture that the file source then
    /// refused. A fixture is held to what a file source reads: 64 MiB, a million items, 1 MiB a field.
    func testAFixtureAtTheLimitIsWrittenAndOnePastIsNot() throws {
        var fixture = Fixture()
        var n = 0
        let line = { (title: Int, n: Int) in Fixture.line(Item(id: String(n), title: String(repeating: "t", count: title))).utf8.count }
        // Fill to exactly 64 MiB: titles of 1 MiB, then one that takes what is left.
        while ItemLimits.maxFileBytes - fixture.bytes > line(ItemLimits.maxFieldBytes, n + 1) + 2 + 1_000 {
            n += 1
            XCTAssertNil(fixture.append(Item(id: String(n), title: String(repeating: "t", count: ItemLimits.maxFieldBytes))))
        }
        n += 1
        let left = ItemLimits.maxFileBytes - fixture.bytes - 2 - line(0, n)
        XCTAssertNil(fixture.append(Item(id: String(n), title: String(repeating: "t", count: left))))
        XCTAssertEqual(fixture.bytes, ItemLimits.maxFileBytes)
        XCTAssertEqual(fixture.text.utf8.count, fixture.bytes, "the count is the file's size")
        XCTAssertEqual(fixture.append(Item(id: "x", title: "")), "the fixture would be 67108889 bytes, over 64 MiB (the most a file source reads)")
        XCTAssertEqual(fixture.append(Item(id: "y", title: String(repeating: "t", count: ItemLimits.maxFieldBytes + 1))),
                       "item y: title of 1048577 bytes, over 1 MiB (the limit of one field)")

        // The fixture at the limit replays.
        let folder = try temporaryFolder(self)
        try Data(fixture.text.utf8).write(to: folder.appendingPathComponent("fixture.json"))
        try write(#"{ "preset": "standard", "source": { "kind": "file", "path": "fixture.json" }, "events": ["launch"] }"#, to: folder.appendingPathComponent("replay.json"))
        XCTAssertEqual(problems(folder.appendingPathComponent("replay.json")), [])
    }

    func testRecordingAnEndlessFeedStopsBeforeWritingTooMuch() throws {
        let folder = try temporaryFolder(self)
        let scenario = folder.appendingPathComponent("endless.json")
        // Shared 60 KB titles: 64 MiB of fixture after about 1,100 items.
        try write(#"{ "preset": "standard", "source": { "pageSize": 100, "title": "\#(String(repeating: "e", count: 60_000))" }, "events": ["launch"] }"#, to: scenario)
        let out = folder.appendingPathComponent("fixture.json")
        XCTAssertEqual(FeedFramesCLI.run(["record", scenario.path, "--pages", "10000", "--out", out.path]), 65)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "nothing is written")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["endless.json"])
    }
}
