import FeedEngine
import FeedScenario
@testable import FeedSources
import XCTest

/// Issue 15, item 2: an HTTP reply is bounded while it downloads. A 10 GB
/// `Content-Length` took 4.2 GB and a 14 MB gzip bomb 6.4 GB; each hostile
/// server here must end in a failed reply that names the limit, with the
/// process's peak memory barely moved.
final class HTTPLimitTests: XCTestCase {
    var server: TestHTTPServer!

    /// 64 KiB of `A`, the unit of every endless body here.
    static let chunk = [UInt8](repeating: UInt8(ascii: "A"), count: 1 << 16)

    /// A gzip stream that never ends and inflates 159 times: the gzip header,
    /// then a fixed-Huffman deflate block (RFC 1951 §3.2.6) holding one literal
    /// 0 and a match of length 258 at distance 1 (3 bytes), then 13-byte units
    /// of eight more such matches, each unit 2,064 zero bytes when inflated.
    static let gzipHead: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03, 0x62, 0x18, 0x05]
    static let gzipUnit: [UInt8] = [0xA3, 0x60, 0x14, 0x8C, 0x82, 0x51, 0x30, 0x0A, 0x46, 0xC1, 0x28, 0x18, 0x05]
    static let gzipBody: [UInt8] = Array([[UInt8]](repeating: gzipUnit, count: 5_000).joined())

    /// A JSON reply of exactly `size` bytes: `{"data": [], "pad": "xxx…"}`.
    static func json(bytes size: Int) -> [UInt8] {
        let open = Array(#"{"data": [], "pad": ""#.utf8), close = Array(#""}"#.utf8)
        return open + [UInt8](repeating: UInt8(ascii: "x"), count: size - open.count - close.count) + close
    }

    static func answer(_ request: TestHTTPServer.Request) -> TestHTTPServer.Response {
        let limit = HTTPClient.maxBodyBytes
        switch request.path {
        case "/huge-length":
            return .init(head: ["HTTP/1.1 200 OK", "Content-Length: 10737418240"], repeating: chunk)
        case "/endless":
            return .init(head: ["HTTP/1.1 200 OK", "Connection: close"], repeating: chunk)
        case "/endless-chunked":
            let frame = Array("10000\r\n".utf8) + chunk + Array("\r\n".utf8)
            return .init(head: ["HTTP/1.1 200 OK", "Transfer-Encoding: chunked"], repeating: frame)
        case "/gzip-bomb":
            return .init(head: ["HTTP/1.1 200 OK", "Content-Encoding: gzip", "Content-Length: \(14 << 20)"], body: gzipHead, repeating: gzipBody)
        case "/trickle":
            var response = TestHTTPServer.Response(head: ["HTTP/1.1 200 OK"], body: Array(#"{"data": ["#.utf8), repeating: [UInt8(ascii: " ")])
            response.interval = 0.05
            return response
        case "/at-limit", "/past-limit":
            let body = json(bytes: request.path == "/at-limit" ? limit : limit + 1)
            let framing = request.query["framing"] == "close" ? "Connection: close" : "Content-Length: \(body.count)"
            return .init(head: ["HTTP/1.1 200 OK", framing], body: body)
        case "/chunked":
            let body = Array(#"{"data": [{"id": 1, "title": "one"}]}"#.utf8)
            let chunks = Array("5;name=x\r\n".utf8) + body[0..<5] + Array("\r\n\(String(body.count - 5, radix: 16))\r\n".utf8)
                + body[5...] + Array("\r\n0\r\nX-Trailer: 1\r\n\r\n".utf8)
            return .init(head: ["HTTP/1.1 200 OK", "Transfer-Encoding: chunked"], body: chunks)
        case "/head-at-limit", "/head-past-limit":
            // The head counts from "HTTP/1.1" to the blank line that ends it, CRLFs included.
            let fixed = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nX-Pad: \r\n\r\n".utf8.count
            let pad = HTTPClient.maxHeadBytes - fixed + (request.path == "/head-at-limit" ? 0 : 1)
            return .init(head: ["HTTP/1.1 200 OK", "Content-Length: 2", "X-Pad: " + String(repeating: "p", count: pad)], body: Array("[]".utf8))
        case "/redirect":
            return .init(head: ["HTTP/1.1 302 Found", "Location: /chunked", "Content-Length: 0"])
        case "/loop":
            return .init(head: ["HTTP/1.1 301 Moved", "Location: /loop", "Content-Length: 0"])
        default:
            return .init(status: 404, body: "{}")
        }
    }

    override func setUpWithError() throws {
        server = try TestHTTPServer(lifetime: 120, handler: Self.answer)
    }

    override func tearDown() {
        server.stop()
    }

    /// The GET's outcome, and how far it raised the process's peak memory above what was resident.
    func fetch(_ path: String, timeout: Double = 20) throws -> (result: Result<[UInt8], HTTPClient.Failure>, grew: Int?) {
        let url = try XCTUnwrap(URL(string: server.baseURL + path))
        let before = PeakMemory.resident
        let measured = PeakMemory.reset()
        let started = Date()
        let result = HTTPClient(timeout: timeout).get(url, headers: [:], timeout: timeout)
        XCTAssertLessThan(Date().timeIntervalSince(started), 30, "a hang guard; the checks are the reasons")
        return (result, measured ? PeakMemory.peak - before : nil)
    }

    func assertFailure(_ path: String, _ reason: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let (result, grew) = try fetch(path)
        guard case .failure(let failure) = result else { return XCTFail("\(path) should fail", file: file, line: line) }
        XCTAssertEqual(failure.description, reason, file: file, line: line)
        if let grew {
            XCTAssertLessThan(grew, 64 << 20, "\(path): the peak rose \(grew >> 20) MiB", file: file, line: line)
        }
    }

    func testAHugeContentLengthIsRefusedBeforeItsBodyIsRead() throws {
        try assertFailure("/huge-length", "a reply of 10737418240 bytes (Content-Length), over 16 MiB (the limit of an HTTP reply); not read")
    }

    func testAnEndlessBodyStopsAtTheLimit() throws {
        try assertFailure("/endless", "reply over 16 MiB (the limit of an HTTP reply); stopped reading")
        try assertFailure("/endless-chunked", "reply over 16 MiB (the limit of an HTTP reply); stopped reading")
    }

    func testAGzipBombIsNeverInflated() throws {
        try assertFailure("/gzip-bomb", "the reply is gzip-encoded (Content-Encoding), which was not asked for (FeedFrames asks for identity)")
        XCTAssertEqual(server.requests.last?.headers["accept-encoding"], "identity")
    }

    func testATrickleEndsAtTheDeadlineNotAtEachRead() throws {
        let url = try XCTUnwrap(URL(string: server.baseURL + "/trickle"))
        let result = HTTPClient(timeout: 0.5).get(url, headers: [:], timeout: 0.5)
        guard case .failure(let failure) = result else { return XCTFail("a trickle should time out") }
        XCTAssertEqual(failure.description, "timed out after 0.5 s")
    }

    func testABodyAtTheLimitIsReadAndOnePastIsNot() throws {
        for framing in ["length", "close"] {
            let (atLimit, _) = try fetch("/at-limit?framing=\(framing)")
            XCTAssertEqual(try atLimit.get().count, HTTPClient.maxBodyBytes, framing)
            let (past, _) = try fetch("/past-limit?framing=\(framing)")
            guard case .failure(let failure) = past else { XCTFail("\(framing): one byte past the limit should fail"); continue }
            XCTAssertTrue(failure.description.contains("over 16 MiB (the limit of an HTTP reply)"), failure.description)
        }
    }

    func testAHeadAtTheLimitIsReadAndOnePastIsNot() throws {
        XCTAssertEqual(try fetch("/head-at-limit").result.get(), Array("[]".utf8))
        try assertFailure("/head-past-limit", "reply head over 64 KiB")
    }

    func testChunkedRepliesAndRedirectsAreRead() throws {
        let (chunked, _) = try fetch("/chunked")
        XCTAssertEqual(String(decoding: try chunked.get(), as: UTF8.self), #"{"data": [{"id": 1, "title": "one"}]}"#)
        XCTAssertEqual(try fetch("/redirect").result.get(), try chunked.get(), "a redirect is followed")
        try assertFailure("/loop", "more than 5 redirects")
        try assertFailure("/missing", "HTTP 404")
    }

    /// https:// goes through URLSession (SessionFetch): a plain server answering a TLS
    /// handshake is a failed reply within the timeout, not a hang or a crash.
    func testHTTPSGoesThroughTheSessionAndFailsCleanly() throws {
        let url = try XCTUnwrap(URL(string: "https://127.0.0.1:\(server.port)/chunked"))
        let started = Date()
        guard case .failure(let failure) = HTTPClient(timeout: 2).get(url, headers: [:], timeout: 2) else {
            return XCTFail("a TLS handshake with a plain HTTP server cannot succeed")
        }
        XCTAssertFalse(failure.description.isEmpty)
        XCTAssertLessThan(Date().timeIntervalSince(started), 30, "a hang guard")
    }

    func testHeadersThatWouldUnboundAReplyAreRefused() throws {
        let folder = try temporaryFolder(self)
        let url = folder.appendingPathComponent("scenario.json")
        try write(#"{ "preset": "standard", "source": { "kind": "http", "url": "\#(server.baseURL)/x", "headers": { "Accept-Encoding": "gzip" } }, "events": ["launch"] }"#, to: url)
        XCTAssertEqual(problems(url).count, 1)
        XCTAssertTrue(problems(url).first?.contains(#"source.headers.Accept-Encoding: "Accept-Encoding" is set by FeedFrames"#) == true, "\(problems(url))")
    }

    /// Bytes per field: a title of 1 MiB is an item, one byte more is a failed reply that says so.
    func testAFieldAtTheLimitIsReadAndOnePastIsNot() throws {
        let plan = HTTPSource.Plan(url: try URLTemplate("http://127.0.0.1/x"), items: try JSONPointer("/data"), next: nil, headers: [:], timeout: 1)
        func reply(title: Int) -> [UInt8] {
            Array(#"{"data": [{"id": 1, "title": ""#.utf8) + [UInt8](repeating: UInt8(ascii: "t"), count: title) + Array(#""}]}"#.utf8)
        }
        guard case .success(let (items, _)) = HTTPSource.decode(reply(title: ItemLimits.maxFieldBytes), plan: plan) else {
            return XCTFail("a 1 MiB title is within the limit")
        }
        XCTAssertEqual(items.first?.title.utf8.count, ItemLimits.maxFieldBytes)
        guard case .failure(let failure) = HTTPSource.decode(reply(title: ItemLimits.maxFieldBytes + 1), plan: plan) else {
            return XCTFail("one byte more is over the limit")
        }
        XCTAssertEqual(failure.description, "/data/0/title: 1048577 bytes (expected at most 1 MiB, the limit of one field)")
    }
}
