import TestSupport
import FeedEngine
import FeedScenario
@testable import FeedSources
import CSQLite
import Foundation
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
        let seed = randomSeed(3)
        var generator = SeededGenerator(seed: seed)
        let keys = (1...45).map { $0 * 10 }.shuffled(using: &generator)
        try makeDatabase(at: folder.appendingPathComponent("feed.db").path, keys: keys)
        let url = try scenario(#"{ "kind": "sqlite", "path": "feed.db", "table": "posts", "orderBy": "pk", \#(mapped) }"#)
        let (frames, state) = try runFrames(try readScenario(url))
        XCTAssertEqual(state.items.map(\.id), (1...45).map { String($0 * 10) }, "seed \(seed): keys inserted as \(keys)")
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
        let (_, state) = try runFrames(try readScenario(url))
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
        _ = try runFrames(try readScenario(url))
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

    /// Events that load `count` pages: launch, then a scroll to the bottom after each reply.
    static func loadPages(_ count: Int) -> String {
        #"["launch", "wait 1""# + String(repeating: #", "scroll to bottom", "wait 1""#, count: count - 1) + "]"
    }

    /// Runs SQL against a new database file in the test's folder.
    func makeSchema(_ sql: String, name: String = "feed.db") throws {
        var db: OpaquePointer?
        guard sqlite3_open_v2(folder.appendingPathComponent(name).path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK,
              let db else { throw POSIXError(.EIO) }
        defer { sqlite3_close_v2(db) }
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw POSIXError(.EIO) }
    }

    /// Issue 15: keyset paging on a column with ties lost rows (40 came out as 25, then "exhausted").
    func testTiesInOrderByAreNeverSkipped() throws {
        // 40 rows, scores 1…4 ten times each, inserted in an order unlike either key.
        let rows = (1...40).map { "(\(($0 * 17) % 41), 'Row \(($0 * 17) % 41)', \(($0 * 7) % 4 + 1))" }.joined(separator: ", ")
        try makeSchema("CREATE TABLE posts (pk INTEGER PRIMARY KEY, title TEXT, score INTEGER); INSERT INTO posts VALUES \(rows);")
        let url = try scenario(#"{ "kind": "sqlite", "path": "feed.db", "table": "posts", "orderBy": "score", "pageSize": 7, "columns": { "id": "pk", "score": "score" } }"#,
                               events: Self.loadPages(9))
        let (_, state) = try runFrames(try readScenario(url))
        XCTAssertEqual(state.items.count, 40, "every row, none skipped at a page boundary")
        XCTAssertEqual(Set(state.items.map(\.id)).count, 40)
        let keys = state.items.map { (Int($0.fields["score"] ?? "") ?? 0, Int($0.id) ?? 0) }
        XCTAssertEqual(keys.map(\.0), keys.map(\.0).sorted(), "in orderBy order")
        XCTAssertTrue(zip(keys, keys.dropFirst()).allSatisfy { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }, "ties broken by the id")
        XCTAssertEqual(state.duplicatesDropped, 0)
        XCTAssertTrue(state.exhausted)
    }

    /// Issue 15: rows whose orderBy is NULL vanished (40 → 30). They come first now, as SQLite sorts NULL.
    func testRowsWithANullOrderByComeFirstAndNoneVanish() throws {
        let rows = (1...40).map { "(\($0), 'Row \($0)', \($0 % 4 == 0 ? "NULL" : String(100 - $0)))" }.joined(separator: ", ")
        try makeSchema("CREATE TABLE posts (id INTEGER PRIMARY KEY, title TEXT, rank REAL); INSERT INTO posts VALUES \(rows);")
        let url = try scenario(#"{ "kind": "sqlite", "path": "feed.db", "query": "SELECT id, title, rank FROM posts", "orderBy": "rank", "pageSize": 6 }"#,
                               events: Self.loadPages(9))
        let (_, state) = try runFrames(try readScenario(url))
        XCTAssertEqual(state.items.count, 40)
        XCTAssertEqual(state.items.prefix(10).map(\.id), stride(from: 4, through: 40, by: 4).map(String.init), "the NULLs, by id")
        XCTAssertEqual(state.items[10].id, "39", "then the lowest rank (61)")
        XCTAssertEqual(state.items.last?.id, "1")
    }

    func testTheKeyIsOrderByThenTheIdColumn() throws {
        try makeDatabase(at: folder.appendingPathComponent("feed.db").path, keys: Array(1...5))
        let spec = SQLiteSourceSpec(path: "feed.db", resolvedPath: folder.appendingPathComponent("feed.db").path,
                                    rows: .table("posts"), orderBy: "author", columns: ["id": "pk", "title": "headline"])
        let plan = try SQLitePlan.check(spec)
        XCTAssertEqual(plan.firstPage, #"SELECT "pk", "headline", "author", "pk" FROM "posts" ORDER BY "author", "pk" LIMIT ?1"#)
        XCTAssertEqual(plan.nextPage, #"SELECT "pk", "headline", "author", "pk" FROM "posts" WHERE ("author", "pk") > (?1, ?2) ORDER BY "author", "pk" LIMIT ?3"#)
        XCTAssertEqual(plan.afterNull, #"SELECT "pk", "headline", "author", "pk" FROM "posts" WHERE "author" IS NOT NULL OR "pk" > ?1 ORDER BY "author", "pk" LIMIT ?2"#)
    }

    /// Issue 15: a recursive CTE without a bound spun for ever. The deadline interrupts it.
    func testAQueryThatNeverEndsFailsAtItsDeadline() throws {
        try makeDatabase(at: folder.appendingPathComponent("feed.db").path, keys: Array(1...3))
        let query = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT x AS id, x AS title FROM c"
        let url = try scenario(#"{ "kind": "sqlite", "path": "feed.db", "query": "\#(query)", "timeout": 0.5 }"#, events: #"["launch", "wait 1"]"#)
        let started = Date()
        let (frames, state) = try runFrames(try readScenario(url))
        XCTAssertLessThan(Date().timeIntervalSince(started), 30, "a hang guard; the check is the reason below")
        XCTAssertEqual(frames.last?.cause, "wait 1 → reply 1: failed (SQLite: the query ran past its deadline of 0.5 s (source.timeout))")
        XCTAssertEqual(frames.last?.layout.lastFailure?.reason, "SQLite: the query ran past its deadline of 0.5 s (source.timeout)")
        XCTAssertTrue(state.retryVisible)

        let bad = try scenario(#"{ "kind": "sqlite", "path": "feed.db", "table": "posts", "timeout": 0 }"#)
        XCTAssertTrue(problems(bad).first?.contains("source.timeout: expected a number of seconds above 0 and at most 600, found 0") == true, "\(problems(bad))")
    }

    /// Issue 15: a FIFO as the database blocked SQLite's `open` for ever.
    func testAFIFOIsRefusedWithoutWaitingOnIt() throws {
        let fifo = folder.appendingPathComponent("feed.db").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let url = try scenario(#"{ "kind": "sqlite", "path": "feed.db", "table": "posts" }"#)
        XCTAssertEqual(problems(url), [#"\#(url.path):1:63: source.path: "feed.db" is a FIFO, not a regular file (expected a database file)"#])
    }

    func testARowWithoutAnIdIsAFailedReplyThatSaysSo() throws {
        try makeSchema("CREATE TABLE posts (pk INTEGER, title TEXT, score INTEGER); INSERT INTO posts VALUES (1, 'a', 5), (NULL, 'b', 6);")
        let url = try scenario(#"{ "kind": "sqlite", "path": "feed.db", "table": "posts", "orderBy": "score", "columns": { "id": "pk" } }"#,
                               events: #"["launch", "wait 1"]"#)
        let (frames, _) = try runFrames(try readScenario(url))
        XCTAssertEqual(frames.last?.layout.lastFailure?.reason, "SQLite: a row has no id (NULL or empty in its id column; orderBy 6)")
    }

    /// Bytes per field and per page, each at the limit and one past: the page is a failed reply that says which.
    func testAFieldAndAPageAtTheLimitAndOnePast() throws {
        // 64 rows, ids 10…73, titles of 1 MiB - 2: with the ids, exactly 64 MiB of text.
        let title = "substr(replace(hex(zeroblob(524288)), '0', 't'), 1, \(ItemLimits.maxFieldBytes - 2))"
        try makeSchema("""
            CREATE TABLE posts (id INTEGER PRIMARY KEY, title TEXT);
            WITH RECURSIVE k(x) AS (SELECT 10 UNION ALL SELECT x + 1 FROM k WHERE x < 73) INSERT INTO posts SELECT x, \(title) FROM k;
            """)
        let url = try scenario(#"{ "kind": "sqlite", "path": "feed.db", "table": "posts", "pageSize": 64 }"#, events: #"["launch", "wait 1"]"#)
        func outcome() throws -> (count: Int, failure: String?) {
            let (frames, state) = try runFrames(try readScenario(url))
            return (state.items.count, frames.last?.layout.lastFailure?.reason)
        }
        XCTAssertEqual(try outcome().count, 64, "64 MiB of text is one page")
        try makeSchema("UPDATE posts SET title = title || 't' WHERE id = 73")
        XCTAssertEqual(try outcome().failure, "SQLite: page over 64 MiB of text at row 73 (the limit of one page)")

        try makeSchema("DELETE FROM posts WHERE id > 10; UPDATE posts SET title = title || 'tt' WHERE id = 10")
        XCTAssertEqual(try outcome().count, 1, "a title of 1 MiB is one field")
        try makeSchema("UPDATE posts SET title = title || 't' WHERE id = 10")
        XCTAssertEqual(try outcome().failure, "SQLite: row 10: title of 1048577 bytes (expected at most 1 MiB, the limit of one field)")
    }

    /// No query can build a value, or a row, larger than a page may hold (SQLITE_LIMIT_LENGTH,
    /// 64 MiB; a sorted row is one record, so its few other bytes count too).
    func testAValueAtTheLengthLimitAndOnePast() throws {
        try makeDatabase(at: folder.appendingPathComponent("feed.db").path, keys: [1])
        func reason(_ size: Int) throws -> String? {
            let query = "SELECT 1 AS id, 'x' AS title, zeroblob(\(size)) AS data"
            let url = try scenario(#"{ "kind": "sqlite", "path": "feed.db", "query": "\#(query)", "columns": { "data": "data" } }"#, events: #"["launch", "wait 1"]"#)
            return try runFrames(try readScenario(url)).frames.last?.layout.lastFailure?.reason
        }
        XCTAssertNil(try reason(ItemLimits.maxPageTextBytes - 64), "a 64 MiB row is within the limit (the blob is not shown)")
        XCTAssertEqual(try reason(ItemLimits.maxPageTextBytes + 1), "SQLite: string or blob too big")
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
