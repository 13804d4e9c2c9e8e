import FeedEngine
import FeedScenario
@testable import FeedSources
import XCTest

/// `http` sources end to end, against a server the test starts on 127.0.0.1.
final class HTTPSourceTests: XCTestCase {
    var folder: URL!
    var server: TestHTTPServer!

    /// 45 items, by page number (`/items`) or by cursor (`/cursor`), plus endpoints that misbehave.
    static func answer(_ request: TestHTTPServer.Request) -> TestHTTPServer.Response {
        let size = Int(request.query["size"] ?? "") ?? 20
        func list(_ range: ClosedRange<Int>) -> String { "[" + itemObjects(range).joined(separator: ",") + "]" }
        func page(_ first: Int) -> String {
            let last = min(45, first + size - 1)
            return first <= last ? list(first...last) : "[]"
        }
        switch request.path {
        case "/items":
            let number = Int(request.query["page"] ?? "") ?? 1
            return .init(body: #"{"data": \#(page((number - 1) * size + 1)), "total": 45}"#)
        case "/cursor":
            let after = Int(request.query["after"] ?? "") ?? 0
            let last = min(45, after + size)
            let next = last < 45 ? #""\#(last)""# : "null"
            return .init(body: #"{"result": {"items": \#(page(after + 1))}, "next": \#(next)}"#)
        case "/slow":
            return .init(body: #"{"data": []}"#, delay: 3)
        case "/slow-after-first":
            let number = Int(request.query["page"] ?? "") ?? 1
            return .init(body: #"{"data": \#(page((number - 1) * size + 1))}"#, delay: number == 1 ? 0 : 3)
        case "/big-ids":
            // Twenty distinct 64-bit ids that are one Double; the cursor is one too.
            let items = (0..<20).map { #"{"id": 18000000000000000\#(10 + $0), "title": "t\#($0)"}"# }
            return .init(body: #"{"data": [\#(items.joined(separator: ","))], "next": 18000000000000000099}"#)
        case "/error":
            return .init(status: 500, body: #"{"error": "boom"}"#)
        case "/malformed":
            return .init(body: #"{"data": [{"id": 1, "title": "#)
        case "/wrong-shape":
            return .init(body: #"{"data": {"id": 1}}"#)
        case "/bad-item":
            return .init(body: #"{"data": [{"id": 1, "title": "ok"}, {"id": 2.5, "title": "bad"}]}"#)
        default:
            return .init(status: 404, body: "{}")
        }
    }

    override func setUpWithError() throws {
        folder = try temporaryFolder(self)
        server = try TestHTTPServer(lifetime: 60, handler: Self.answer)
    }

    override func tearDown() {
        server.stop()
    }

    func scenario(_ source: String, events: String = loadEverything, preset: String = "standard") throws -> URL {
        let url = folder.appendingPathComponent("scenario.json")
        try write(#"{ "preset": "\#(preset)", "source": \#(source), "events": \#(events) }"#, to: url)
        return url
    }

    func testPagesByNumberWithHeaders() throws {
        let url = try scenario(#"{ "kind": "http", "url": "\#(server.baseURL)/items?page={page}&size={pageSize}", "items": "/data", "headers": { "Authorization": "Bearer t0ken", "X-Feed": "frames" } }"#)
        let (frames, state) = try runFrames(try readScenario(url))
        XCTAssertEqual(state.items.map(\.id), (1...45).map(String.init))
        XCTAssertEqual(state.items[2].height, 88)
        XCTAssertEqual(state.items[0].fields, ["author": "a1"])
        XCTAssertEqual(frames.last?.layout.footer.state, .exhausted)
        XCTAssertEqual(server.requests.map { $0.query["page"] ?? "" }, ["1", "2", "3"])
        XCTAssertTrue(server.requests.allSatisfy { $0.headers["authorization"] == "Bearer t0ken" && $0.headers["x-feed"] == "frames" })
        XCTAssertEqual(frames.filter { $0.cause.contains("reply") }.map(\.time), [1, 2, 3], "the scenario's latency, in virtual time")
    }

    func testPagesByCursorFromTheReply() throws {
        let url = try scenario(#"{ "kind": "http", "url": "\#(server.baseURL)/cursor?after={cursor}&size={pageSize}", "items": "/result/items", "next": "/next" }"#,
                               events: #"["launch", "wait 1", "scroll to bottom", "wait 1", "scroll to bottom", "wait 1", "scroll to bottom", "wait 1", "scroll to top", "refresh", "wait 1"]"#)
        let (_, state) = try runFrames(try readScenario(url))
        XCTAssertEqual(server.requests.map { $0.query["after"] ?? "?" }, ["", "20", "40", ""], "a refresh starts over")
        XCTAssertEqual(state.items.count, 20)
        XCTAssertEqual(state.pageIndex, 1)
    }

    func testANullNextCursorEndsTheFeedWithoutAnotherFetch() throws {
        // Pages of 15: the third is full, but its `next` is null.
        let url = try scenario(#"{ "kind": "http", "url": "\#(server.baseURL)/cursor?after={cursor}&size={pageSize}", "items": "/result/items", "next": "/next", "pageSize": 15 }"#,
                               events: #"["launch", "wait 1", "scroll to bottom", "wait 1", "scroll to bottom", "wait 1", "scroll to bottom", "wait 1", "scroll to bottom", "wait 1"]"#)
        let (frames, state) = try runFrames(try readScenario(url))
        XCTAssertEqual(state.items.count, 45)
        XCTAssertEqual(server.requests.count, 3, "the API said page 3 was the last")
        XCTAssertEqual(frames.last?.cause, "wait 1 → reply 4: page 4, 0 items")
        XCTAssertEqual(frames.last?.layout.footer.state, .exhausted)
    }

    /// Issue 15: 20 distinct 64-bit ids were shown as 1 row, with `duplicatesDropped: 19`.
    func testSixtyFourBitIDsAndCursorsKeepTheirDigits() throws {
        let url = try scenario(#"{ "kind": "http", "url": "\#(server.baseURL)/big-ids?after={cursor}", "items": "/data", "next": "/next" }"#,
                               events: #"["launch", "wait 1", "scroll to bottom", "wait 1"]"#)
        let (_, state) = try runFrames(try readScenario(url))
        XCTAssertEqual(state.items.count, 20)
        XCTAssertEqual(state.items.first?.id, "1800000000000000010")
        XCTAssertEqual(state.duplicatesDropped % 20, 0, "later pages repeat page 1 whole")
        XCTAssertEqual(server.requests.prefix(2).map { $0.query["after"] ?? "?" }, ["", "18000000000000000099"])
    }

    func testASlowReplyTimesOutIntoTheRetryButton() throws {
        let url = try scenario(#"{ "kind": "http", "url": "\#(server.baseURL)/slow", "items": "/data", "timeout": 0.3 }"#,
                               events: #"["launch", "wait 1"]"#)
        let start = Date()
        let (frames, state) = try runFrames(try readScenario(url))
        let elapsed = Date().timeIntervalSince(start)
        XCTAssertGreaterThan(elapsed, 0.25, "it waited for the timeout")
        XCTAssertLessThan(elapsed, 2.5, "the timeout, not the server, decides")
        XCTAssertEqual(frames.last?.cause, "wait 1 → reply 1: failed (timed out after 0.3 s from \(server.baseURL)/slow)")
        XCTAssertEqual(frames.last?.layout.lastFailure, RequestFailure(request: 1, reason: "timed out after 0.3 s from \(server.baseURL)/slow"))
        XCTAssertTrue(frames.last?.layout.retryVisible == true, "a failed first load shows the retry button")
        XCTAssertEqual(state.items.count, 0)
    }

    func testASlowLoadMoreTimesOutIntoAToast() throws {
        let url = try scenario(#"{ "kind": "http", "url": "\#(server.baseURL)/slow-after-first?page={page}", "items": "/data", "timeout": 0.3 }"#,
                               events: #"["launch", "wait 1", "scroll to bottom", "wait 1"]"#)
        let (frames, state) = try runFrames(try readScenario(url))
        let last = try XCTUnwrap(frames.last)
        XCTAssertEqual(last.cause, "wait 1 → reply 2: failed (timed out after 0.3 s from \(server.baseURL)/slow-after-first?page=2)")
        XCTAssertNotNil(last.layout.toast, "a failed load-more shows a toast")
        XCTAssertEqual(last.layout.footer.state, .failed, "and the standard footer offers tap-to-retry")
        XCTAssertEqual(state.items.count, 20, "a failure loses nothing")
    }

    func testHTTPErrorsAndMalformedBodiesAreFailedReplies() throws {
        let cases = [
            ("/error", "HTTP 500 from"),
            ("/malformed", "malformed reply from"),
            ("/wrong-shape", "/data is an object (expected a list of items)"),
            ("/bad-item", "/data/1/id: expected a non-empty string or a whole number, found 2.5"),
            ("/missing", "HTTP 404"),
        ]
        for (path, expected) in cases {
            let url = try scenario(#"{ "kind": "http", "url": "\#(server.baseURL)\#(path)", "items": "/data" }"#,
                                   events: #"["launch", "wait 1", "tap retry", "wait 1"]"#)
            let scenario = try readScenario(url)
            let (frames, _) = try runFrames(scenario)
            XCTAssertEqual(frames.filter { $0.cause.contains(": failed (") }.count, 2, path)
            XCTAssertTrue(frames.last?.cause.contains(expected) == true, "the reason is in the cause: \(frames.last?.cause ?? "")")
            XCTAssertTrue(frames.last?.layout.retryVisible == true, path)
            // The message, as the source gives it.
            var source = scenario.source.makeSource()
            guard case .failure(let message) = source.respond(to: Request(id: 1, kind: .initial, page: 1), at: 0).outcome else {
                return XCTFail("\(path) should fail")
            }
            XCTAssertTrue(message.contains(expected), "\(message) should contain \(expected)")
        }
    }

    func testAnUnreachableServerIsAFailedReply() throws {
        let port = server.port
        server.stop()
        let url = try scenario(#"{ "kind": "http", "url": "http://127.0.0.1:\#(port)/items", "items": "/data", "timeout": 1 }"#,
                               events: #"["launch", "wait 1"]"#)
        let (frames, _) = try runFrames(try readScenario(url))
        XCTAssertTrue(frames.last?.cause.hasPrefix("wait 1 → reply 1: failed (") == true, frames.last?.cause ?? "")
        XCTAssertTrue(frames.last?.cause.hasSuffix(" from http://127.0.0.1:\(port)/items)") == true, frames.last?.cause ?? "")
    }

    func testScenarioProblemsAreFoundWithoutFetching() throws {
        let cases: [(String, String)] = [
            (#"{ "kind": "http", "url": "ftp://127.0.0.1/x" }"#, "source.url: \"ftp://127.0.0.1/x\" is not an http or https URL with a host"),
            (#"{ "kind": "http", "url": "http://127.0.0.1/x?p={pg}" }"#, "source.url: unknown placeholder {pg}"),
            (#"{ "kind": "http", "url": "http://127.0.0.1/x?c={cursor}" }"#, "source.url: {cursor} needs \"next\""),
            (#"{ "kind": "http", "url": "http://127.0.0.1/x", "items": "data" }"#, "source.items: \"data\" does not start with \"/\""),
            (#"{ "kind": "http", "url": "http://127.0.0.1/x", "next": "/a~2" }"#, "source.next: \"/a~2\" has a \"~\" not followed by 0 or 1"),
            (#"{ "kind": "http", "url": "http://127.0.0.1/x", "headers": { "Bad Name": "x" } }"#, "source.headers.Bad Name: \"Bad Name\" is not a header name"),
            (#"{ "kind": "http", "url": "http://127.0.0.1/x", "headers": { "X": "a\nb" } }"#, "source.headers.X: a header value with a line break"),
            (#"{ "kind": "http", "url": "http://127.0.0.1/x", "timeout": 0 }"#, "source.timeout: expected a number of seconds above 0 and at most 600, found 0"),
            (#"{ "kind": "http", "url": "http://127.0.0.1/x", "path": "x" }"#, "source.path: unknown key \"path\""),
            (#"{ "kind": "http" }"#, "source.url: missing"),
        ]
        for (source, expected) in cases {
            let found = problems(try scenario(source))
            XCTAssertEqual(found.count, 1, "\(source): \(found)")
            XCTAssertTrue(found.first?.contains(expected) == true, "\(found) should contain \(expected)")
        }
        XCTAssertTrue(server.requests.isEmpty, "reading a scenario fetches nothing")
    }
}
