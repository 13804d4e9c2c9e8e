import FeedEngine
import FeedScenario
@testable import FeedSources
import XCTest

/// `sqlite` sources end to end, over a database each test makes with the C API.
final class SQLiteSourceTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = try temporaryFolder(self)
    }

    func scenario(_ source: String, events: String = loadEverything) throws -> URL {
        let url = folder.appendingPathComponent("scenario.json")
        try write(#"{ "preset": "standard", "source": \#(source), "events": \#(events) }"#, to: url)
        return url
    }

    let mapped = #""columns": { "id": "pk", "title": "headline", "height": "h", "author": "author" }"#

    func testATableIsPagedByKeysetOnOrderBy() throws {
        // Keys with gaps, inserted out of order: pages follow the keys, not the row numbers.
        var generator = SeededGenerator(seed: 3)
        let keys = (1...45).map { $0 * 10 }.shuffled(using: &generator)
        try makeDatabase(at: folder.appendingPathComponent("feed.db").path, keys: keys)
        let url = try scenario(#"{ "kind": "sqlite", "path": "feed.db", "table": "posts", "orderBy": "pk", \#(mapped) }"#)
        let (frames, state) = runFrames(try readScenario(url))
        XCTAssertEqual(state.items.map(\.id), (1...45).map { String($0 * 10) })
        XCTAssertEqual(state.items[0].title, "Row 10")
        XCTAssertEqual(state.items[2].height, 88)
        XCTAssertNil(state.items[0].height, "NULL height: the configured rowHeight")
        XCTAssertEqual(state.items[0].fields, ["author": "author 10"])
        XCTAssertEqual(frames.last?.layout.footer.state, .exhausted)
        XCTAssertEqual(state.duplicatesDropped, 0)
    }

    func testTheQueriesUseKeysetNeverOffset() throws {
        try makeDatabase(at: folder.appendingPathComponent("feed.db").path, keys: Array(1...5))
        let spec = SQLiteSourceSpec(path: "feed.db", resolvedPath: folder.appendingPathComponent("feed.db").path,
                                    rows: .table("posts"), orderBy: "pk", columns: ["id": "pk", "title": "headline"])
        let plan = try SQLitePlan.check(spec)
        XCTAssertEqual(plan.nextPage, #"SELECT "pk", "headline", "pk" FROM "posts" WHERE "pk" > ?1 ORDER BY "pk" LIMIT ?2"#)
        XCTAssertFalse((plan.firstPage + plan.nextPage).uppercased().contains("OFFSET"))
    }

    func testAReadOnlyQuery() throws {
        try makeDatabase(at: folder.appendingPathComponent("feed.db").path, keys: Array(1...45))
        let url = try scenario(#"{ "kind": "sqlite", "path": "feed.db", "query": "SELECT pk AS id, headline AS title FROM posts WHERE pk % 2 = 0;", "orderBy": "id" }"#)
        let (_, state) = runFrames(try readScenario(url))
        XCTAssertEqual(state.items.map(\.id), stride(from: 2, through: 44, by: 2).map(String.init))
        XCTAssertEqual(state.pageIndex, 2)
    }

    func testTheDatabaseIsOpenedReadOnlyAndLeftUnchanged() throws {
        let path = folder.appendingPathComponent("feed.db").path
        try makeDatabase(at: path, keys: Array(1...45))
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        for query in ["DELETE FROM posts", "INSERT INTO posts (pk) VALUES (99)"] {
            let url = try scenario(#"{ "kind": "sqlite", "path": "feed.db", "query": "\#(query)" }"#)
            XCTAssertEqual(problems(url).count, 1)
            XCTAssertTrue(problems(url)[0].contains("source.query: the query writes to the database (expected one read-only SELECT)"), problems(url)[0])
        }
        let url = try scenario(#"{ "kind": "sqlite", "path": "feed.db", "table": "posts", \#(mapped) }"#)
        _ = runFrames(try readScenario(url))
        let database = try SQLiteDatabase(readOnly: path)
        XCTAssertThrowsError(try database.prepare("DELETE FROM posts").0.next(), "SQLITE_OPEN_READONLY refuses writes")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
    }

    func testMissingTablesAndColumnsAreErrorsAtTheirKeys() throws {
        try makeDatabase(at: folder.appendingPathComponent("feed.db").path, keys: Array(1...3))
        let file = folder.appendingPathComponent("scenario.json").path
        var url = try scenario(#"{ "kind": "sqlite", "path": "feed.db", "table": "postz" }"#)
        XCTAssertEqual(problems(url), [#"\#(file):1:83: source.table: no table "postz" in "feed.db" (tables: posts)"#])

        url = try scenario(#"{ "kind": "sqlite", "path": "feed.db", "table": "posts", "orderBy": "pk", "columns": { "id": "pk", "title": "headline", "height": "hh" } }"#)
        XCTAssertEqual(problems(url), [#"\#(file):1:165: source.columns.height: no column "hh" in table "posts" (columns: pk, headline, h, author)"#])

        url = try scenario(#"{ "kind": "sqlite", "path": "feed.db", "table": "posts", "orderBy": "rank", "columns": { "id": "pk", "title": "headline" } }"#)
        XCTAssertEqual(problems(url), [#"\#(file):1:103: source.orderBy: no column "rank" in table "posts" (columns: pk, headline, h, author)"#])

        url = try scenario(#"{ "kind": "sqlite", "path": "feed.db", "table": "posts" }"#)
        XCTAssertEqual(problems(url), [
            #"\#(file):1:35: source.columns.id: no column "id" in table "posts" (columns: pk, headline, h, author); map one with "columns": { "id": "…" }"#,
            #"\#(file):1:35: source.columns.title: no column "title" in table "posts" (columns: pk, headline, h, author); map one with "columns": { "title": "…" }"#,
            #"\#(file):1:35: source.orderBy: no column "id" in table "posts" (columns: pk, headline, h, author)"#,
        ])
    }

    func testOtherScenarioProblems() throws {
        try makeDatabase(at: folder.appendingPathComponent("feed.db").path, keys: Array(1...3))
        try write("not a database, just text", to: folder.appendingPathComponent("text.db"))
        let cases: [(String, String)] = [
            (#"{ "kind": "sqlite", "path": "none.db", "table": "posts" }"#, "source.path: no database file \"none.db\""),
            (#"{ "kind": "sqlite", "path": "text.db", "table": "posts" }"#, "source.path: \"text.db\" is not a readable SQLite database"),
            (#"{ "kind": "sqlite", "path": "feed.db" }"#, "source: missing table or query"),
            (#"{ "kind": "sqlite", "path": "feed.db", "table": "posts", "query": "SELECT 1" }"#, "source.query: both table and query"),
            (#"{ "kind": "sqlite", "path": "feed.db", "query": "SELECT pk AS id, headline AS title FROM posts; SELECT 1" }"#, "source.query: more than one statement"),
            (#"{ "kind": "sqlite", "path": "feed.db", "query": "SELEKT 1" }"#, "source.query: near \"SELEKT\": syntax error"),
            (#"{ "kind": "sqlite", "path": "feed.db", "table": "posts", "url": "x" }"#, "source.url: unknown key \"url\""),
        ]
        for (source, expected) in cases {
            let found = problems(try scenario(source))
            XCTAssertEqual(found.count, 1, source)
            XCTAssertTrue(found.first?.contains(expected) == true, "\(found) should contain \(expected)")
        }
    }

    func testInsertsAreNotForDatabases() throws {
        try makeDatabase(at: folder.appendingPathComponent("feed.db").path, keys: Array(1...3))
        let found = problems(try scenario(#"{ "kind": "sqlite", "path": "feed.db", "table": "posts", "inserts": [] }"#))
        XCTAssertTrue(found.first?.contains("source.inserts: unknown key") == true, "\(found)")
    }
}

/// A seeded generator for shuffles in tests.
struct SeededGenerator: RandomNumberGenerator {
    var random: SeededRandom
    init(seed: UInt64) { random = SeededRandom(seed: seed) }
    mutating func next() -> UInt64 { random.next() }
}
