import FeedEngine
import FeedFramesCLI
import FeedScenario
@testable import FeedSources
import Foundation
import XCTest

/// `file` sources end to end: scenario file → reader with the real opener → runner → frames.
final class FileSourceTests: XCTestCase {
    func scenario(_ folder: URL, source: String, events: String = loadEverything) throws -> URL {
        let url = folder.appendingPathComponent("scenario.json")
        try write(#"{ "preset": "standard", "source": \#(source), "events": \#(events) }"#, to: url)
        return url
    }

    func testAJSONArrayIsPagedAndItsPathIsRelativeToTheScenario() throws {
        let folder = try temporaryFolder(self)
        let data = folder.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try write("[\n" + itemObjects(1...45).joined(separator: ",\n") + "\n]", to: data.appendingPathComponent("items.json"))
        let url = try scenario(data, source: #"{ "kind": "file", "path": "items.json" }"#)

        let (frames, state) = try runFrames(try readScenario(url))
        XCTAssertEqual(state.items.map(\.id), (1...45).map(String.init))
        XCTAssertEqual(state.items[2].height, 88)
        XCTAssertNil(state.items[0].height.flatMap { $0 == 44 ? nil : $0 })
        XCTAssertEqual(state.items[4].fields, ["author": "a5"], "other fields are kept as text for templates")
        XCTAssertEqual(state.pageIndex, 3)
        XCTAssertEqual(frames.last?.layout.footer.state, .exhausted, "a page shorter than pageSize ends the feed")
        XCTAssertEqual(frames.filter { $0.cause.contains("reply") }.map(\.cause),
                       ["wait 1 → reply 1: page 1, 20 items", "wait 1 → reply 2: page 2, 20 items", "wait 1 → reply 3: page 3, 5 items"])
    }

    func testNDJSONWithBlankLinesCRLFAndMixedIDs() throws {
        let folder = try temporaryFolder(self)
        let lines = [#"{"id": "a", "title": "First", "score": 1.5, "pinned": true, "note": null}"#, "",
                     #"{"id": 2, "title": "Second"}"#, "  ", #"{"id": "c", "title": "Third", "height": 120}"#]
        try write(lines.joined(separator: "\r\n") + "\r\n", to: folder.appendingPathComponent("items.ndjson"))
        let url = try scenario(folder, source: #"{ "kind": "file", "path": "items.ndjson", "pageSize": 2, "latency": 0.5 }"#,
                               events: #"["launch", "wait 0.5", "tap footer", "wait 0.5"]"#)
        let (_, state) = try runFrames(try readScenario(url))
        XCTAssertEqual(state.items.map(\.id), ["a", "2", "c"])
        XCTAssertEqual(state.items[0].fields, ["score": "1.5", "pinned": "true"], "null fields are left out")
        XCTAssertEqual(state.items[2].height, 120)
        XCTAssertTrue(state.exhausted)
    }

    func testABadLineNamesTheFileAndLineAndExits65() throws {
        let folder = try temporaryFolder(self)
        let items = folder.appendingPathComponent("items.ndjson")
        try write([#"{"id": 1, "title": "ok"}"#, #"{"id": 2, "title": "ok"}"#, #"{"id": true, "title": "bad"}"#].joined(separator: "\n"), to: items)
        let url = try scenario(folder, source: #"{ "kind": "file", "path": "items.ndjson" }"#)
        XCTAssertEqual(problems(url), ["\(items.path):3:8: id: expected a non-empty string or a whole number, found true"])
        XCTAssertEqual(FeedFramesCLI.run(["render", url.path, "--out", folder.appendingPathComponent("out").path]), 65)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/scenario").path))

        try write(#"{"id": 1, "title": "ok"}"# + "\n" + #"{"id": 2, "title": "no closing brace""#, to: items)
        let syntax = problems(url)
        XCTAssertEqual(syntax.count, 1)
        XCTAssertTrue(syntax[0].hasPrefix("\(items.path):2:"), syntax[0])
        XCTAssertTrue(syntax[0].contains("expected one JSON item object a line"), syntax[0])
    }

    /// Issue 15: ids beyond 2^53 were parsed as Doubles, so `…001` and `…000` collided ("id again").
    func testSixtyFourBitIDsKeepTheirDigits() throws {
        let folder = try temporaryFolder(self)
        let lines = [#"{"id": 1800000000000000001, "title": "a", "views": 9007199254740993}"#,
                     #"{"id": 1800000000000000000, "title": "b"}"#, #"{"id": -9223372036854775808, "title": "c"}"#]
        try write(lines.joined(separator: "\n"), to: folder.appendingPathComponent("items.ndjson"))
        let url = try scenario(folder, source: #"{ "kind": "file", "path": "items.ndjson" }"#, events: #"["launch", "wait 1"]"#)
        let (_, state) = try runFrames(try readScenario(url))
        XCTAssertEqual(state.items.map(\.id), ["1800000000000000001", "1800000000000000000", "-9223372036854775808"])
        XCTAssertEqual(state.items[0].fields, ["views": "9007199254740993"], "number fields keep their digits too")

        try write(#"{"id": 1.8e18, "title": "a"}"#, to: folder.appendingPathComponent("items.ndjson"))
        XCTAssertEqual(problems(url), [#"\#(folder.path)/items.ndjson:1:8: id: expected a non-empty string or a whole number, found 1800000000000000000 (beyond 2^53 a whole number must be written as plain digits to stay exact)"#])
    }

    /// Issue 15: pointed at /etc/passwd, the file source echoed the first word of every line
    /// (root, daemon, …). A file that is not JSON now gets one problem and one short excerpt.
    func testAFileThatIsNotJSONIsNotEchoedBack() throws {
        let folder = try temporaryFolder(self)
        let lines = (1...30).map { "user\($0):x:\($0):\($0):secret \($0):/home/user\($0):/bin/sh" }
        try write(lines.joined(separator: "\n") + "\n", to: folder.appendingPathComponent("passwd"))
        let url = try scenario(folder, source: #"{ "kind": "file", "path": "passwd" }"#)
        XCTAssertEqual(problems(url), [
            "\(folder.path)/passwd:1:1: expected a JSON value, found 'user1' (strings must be in double quotes) (expected one JSON item object a line)",
            "\(folder.path)/passwd: stopped reading: line 1 is not JSON (expected a JSON array or NDJSON, one item object a line)",
        ])
    }

    /// Issue 15: a FIFO as the items file blocked for ever in open; a device never ends.
    func testAFIFOOrADeviceIsRefusedWithoutWaitingOnIt() throws {
        let folder = try temporaryFolder(self)
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("items.ndjson").path, 0o600), 0)
        let url = try scenario(folder, source: #"{ "kind": "file", "path": "items.ndjson" }"#)
        XCTAssertEqual(problems(url), [#"\#(url.path):1:61: source.path: "items.ndjson" is a FIFO, not a regular file (expected a file)"#])
        let zero = try scenario(folder, source: #"{ "kind": "file", "path": "/dev/zero" }"#)
        XCTAssertEqual(problems(zero), [#"\#(zero.path):1:61: source.path: "/dev/zero" is a character device, not a regular file (expected a file)"#])
    }

    /// Bytes per field and bytes per file, each at the limit and one past.
    func testAFieldAndAFileAtTheLimitAndOnePast() throws {
        let folder = try temporaryFolder(self)
        let items = folder.appendingPathComponent("items.ndjson")
        let url = try scenario(folder, source: #"{ "kind": "file", "path": "items.ndjson" }"#, events: #"["launch", "wait 1"]"#)
        func line(title: Int) -> String { #"{"id": 1, "title": ""# + String(repeating: "t", count: title) + #""}"# }
        try write(line(title: ItemLimits.maxFieldBytes), to: items)
        XCTAssertEqual(try runFrames(try readScenario(url)).state.items.first?.title.utf8.count, ItemLimits.maxFieldBytes)
        try write(line(title: ItemLimits.maxFieldBytes + 1), to: items)
        XCTAssertEqual(problems(url), ["\(items.path):1:20: title: 1048577 bytes (expected at most 1 MiB, the limit of one field)"])

        // A file of exactly 64 MiB (one item, then blanks) is read; one byte more is not.
        let item = Array(line(title: 1).utf8)
        var bytes = item + [UInt8](repeating: UInt8(ascii: " "), count: ItemLimits.maxFileBytes - item.count)
        try Data(bytes).write(to: items)
        XCTAssertNoThrow(try readScenario(url))
        bytes.append(UInt8(ascii: " "))
        try Data(bytes).write(to: items)
        XCTAssertEqual(problems(url), [#"\#(url.path):1:61: source.path: "items.ndjson" is larger than 64 MiB"#])
    }

    /// Items per file: a file source holds what a list may hold (`ItemLimits.maxItems`),
    /// here at a limit of 3, in both formats, then past the real limit.
    func testItemsAtTheLimitAndOnePast() throws {
        func parse(_ text: String) -> [String] {
            switch ItemsFile.parse(Array(text.utf8), file: "items", maxItems: 3) {
            case .success: return []
            case .failure(let problems): return problems.problems.map { "\($0.line ?? 0):\($0.path): \($0.message)" }
            }
        }
        let item = { (n: Int) in #"{"id":\#(n),"title":""}"# }
        XCTAssertEqual(parse("[" + (1...3).map(item).joined(separator: ",") + "]"), [])
        XCTAssertEqual(parse("[" + (1...4).map(item).joined(separator: ",") + "]"), ["1:[3]: more than 3 items (the limit of a list's items)"])
        XCTAssertEqual(parse((1...3).map(item).joined(separator: "\n")), [])
        XCTAssertEqual(parse((1...4).map(item).joined(separator: "\n")), ["4:: more than 3 items (the limit of a list's items)"])

        let folder = try temporaryFolder(self)
        let items = folder.appendingPathComponent("items.json")
        try Data(("[" + String(repeating: "0,", count: ItemLimits.maxItems) + "0]").utf8).write(to: items)
        let url = try scenario(folder, source: #"{ "kind": "file", "path": "items.json" }"#, events: #"["launch"]"#)
        XCTAssertEqual(problems(url), ["\(items.path):1:2000002: [1000000]: more than 1,000,000 items (the limit of a list's items)"])
    }

    func testArrayProblemsNameTheElementAndDuplicatesAreErrors() throws {
        let folder = try temporaryFolder(self)
        let items = folder.appendingPathComponent("items.json")
        try write("[\n" + #"{"id": 1, "title": "a"},"# + "\n" + #"{"id": "1", "title": "b"},"# + "\n" + #"{"title": "c"},"#
                  + "\n" + #"{"id": 4, "title": "d", "tags": ["x"]}"# + "\n]", to: items)
        let url = try scenario(folder, source: #"{ "kind": "file", "path": "items.json" }"#)
        XCTAssertEqual(problems(url), [
            "\(items.path):3:8: [1].id: id \"1\" again (first at [0], line 2; ids must be unique)",
            "\(items.path):4:1: [2]: missing \"id\" (expected a string or a whole number)",
            "\(items.path):5:33: [3].tags: expected a string, number, true, false or null (fields are shown as text), found a list",
        ])
    }

    func testMissingFileAndUnknownKeysAreScenarioErrors() throws {
        let folder = try temporaryFolder(self)
        let url = try scenario(folder, source: #"{ "kind": "file", "path": "nope.json", "table": "t" }"#)
        XCTAssertEqual(problems(url), [#"\#(url.path):1:74: source.table: unknown key "table" (expected one of kind, pageSize, latency, failures, path, inserts, paging)"#])
        let missing = try scenario(folder, source: #"{ "kind": "file", "path": "nope.json" }"#)
        XCTAssertEqual(problems(missing), [#"\#(missing.path):1:61: source.path: no file "nope.json" (looked for \#(folder.path)/nope.json)"#])
        let noPath = try scenario(folder, source: #"{ "kind": "file" }"#)
        XCTAssertEqual(problems(noPath), [#"\#(noPath.path):1:35: source.path: missing (expected the items file's path, relative to the scenario)"#])
    }

    func testInsertsShiftOffsetPagesButNotCursors() throws {
        let folder = try temporaryFolder(self)
        try write(itemObjects(1...60).joined(separator: "\n"), to: folder.appendingPathComponent("items.ndjson"))
        let events = #"["launch", "wait 1", "wait 2", "scroll to bottom", "wait 1"]"#
        for (paging, duplicates, count) in [("page", 5, 35), ("cursor", 0, 40)] {
            let url = try scenario(folder, source: #"{ "kind": "file", "path": "items.ndjson", "paging": "\#(paging)", "inserts": [{ "at": 3, "count": 5 }] }"#,
                                   events: events)
            let (frames, state) = try runFrames(try readScenario(url))
            XCTAssertEqual(state.duplicatesDropped, duplicates, paging)
            XCTAssertEqual(frames.last?.layout.duplicatesDropped, duplicates, paging)
            XCTAssertEqual(state.items.count, count, paging)
            XCTAssertEqual(Set(state.items.map(\.id)).count, state.items.count, "no id twice")
        }
    }

    func testInsertedIDsMayNotClashWithTheFile() throws {
        let folder = try temporaryFolder(self)
        try write(#"{"id": "new-1", "title": "x"}"#, to: folder.appendingPathComponent("items.ndjson"))
        let url = try scenario(folder, source: #"{ "kind": "file", "path": "items.ndjson", "inserts": [{ "at": 1, "count": 1 }] }"#)
        XCTAssertEqual(problems(url).count, 1)
        XCTAssertTrue(problems(url)[0].contains("source.inserts: the file has an item with id \"new-1\""), problems(url)[0])
    }
}
