import FeedEngine
import FeedScenario
@testable import FeedSources
import XCTest

/// What every paged source does alike (`PagedSource`): a reply takes the scripted
/// latency, and a request that `failures` names fails without asking for data.
final class PagedSourceTests: XCTestCase {
    static let script = #""latency": [1, 2], "failures": [2]"#
    static let events = #"["launch", "wait 1", "scroll to bottom", "wait 2", "tap footer", "wait 1"]"#

    /// The replies' causes and virtual times of a scenario over `source`, each with
    /// its frame's `lastFailure` (`-` while none was ever reported).
    func replies(_ source: String, in folder: URL) throws -> [String] {
        let url = folder.appendingPathComponent("scenario.json")
        try write(#"{ "preset": "standard", "source": \#(source), "events": \#(Self.events) }"#, to: url)
        return try runFrames(try readScenario(url)).frames.filter { $0.cause.contains("reply") }.map { frame in
            let failure = frame.layout.hasFailed ? frame.layout.lastFailure.map { "\($0.request) \($0.reason)" } ?? "null" : "-"
            return "\(frame.time): \(frame.cause) | \(failure)"
        }
    }

    func testEverySourceKindFailsAScriptedRequestAfterItsLatency() throws {
        let folder = try temporaryFolder(self)
        try write("[" + itemObjects(1...45).joined(separator: ",") + "]", to: folder.appendingPathComponent("items.json"))
        try makeDatabase(at: folder.appendingPathComponent("feed.db").path, keys: Array(1...45))
        let server = try TestHTTPServer(lifetime: 60) { request in
            let page = Int(request.query["page"] ?? "") ?? 1
            return .init(body: "[" + itemObjects((page - 1) * 20 + 1...page * 20).joined(separator: ",") + "]")
        }
        defer { server.stop() }
        let sources = [
            "synthetic": #"{ "total": 45, \#(Self.script) }"#,
            "file": #"{ "kind": "file", "path": "items.json", \#(Self.script) }"#,
            "sqlite": #"{ "kind": "sqlite", "path": "feed.db", "table": "posts", "orderBy": "pk", "columns": { "id": "pk", "title": "headline" }, \#(Self.script) }"#,
            "http": #"{ "kind": "http", "url": "\#(server.baseURL)/items?page={page}", "items": "", \#(Self.script) }"#,
        ]
        for (kind, source) in sources.sorted(by: { $0.key < $1.key }) {
            XCTAssertEqual(try replies(source, in: folder), [
                "1.0: wait 1 → reply 1: page 1, 20 items | -",
                "3.0: wait 2 → reply 2: failed (scripted in source.failures) | 2 scripted in source.failures",  // the data is there: only the script fails it
                "4.0: wait 1 → reply 3: page 2, 20 items | null",
            ], kind)
        }
        XCTAssertEqual(server.requests.map { $0.query["page"] ?? "" }, ["1", "2"], "the failed request never reached the server")
    }
}
