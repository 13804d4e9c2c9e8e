import CSQLite
import FeedEngine
import FeedScenario
@testable import FeedSources
#if canImport(Glibc)
import Glibc
#endif

/// libFuzzer harness: `sqlite` sources against random schemas and queries.
///
/// The input builds a database: a table of 1–4 columns, each with a declared
/// type (INTEGER, REAL, TEXT, BLOB or none), 0–60 rows of integers, reals,
/// texts, blobs and NULLs (few distinct, so ties are many), then chooses the
/// id and `orderBy` columns, a page size, and either the table or a query
/// (a fixed one, or the input's last bytes as SQL). `SQLitePlan.check` reads
/// it; a source then pages through it. Rules: a page never holds more than
/// `pageSize` items; every item has an id; and when every page succeeds over
/// the table, the ids delivered are exactly the table's (none lost to a tie
/// or a NULL, issue 15). A trap, a hang or a broken rule is a finding.
/// Built and run by `.ci/fuzz`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSQLiteSource(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var input = FuzzInput(Array(UnsafeBufferPointer(start: data, count: size)))
    // In memory-backed /dev/shm where there is one: a database a run, thousands a second.
    let folder = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
    let path = "\(folder)/feedframes-fuzz-\(getpid()).db"
    unlink(path)
    defer { unlink(path) }
    guard var table = FuzzTable(&input), table.create(at: path) else { return 0 }

    let idColumn = table.columns[Int(input.byte()) % table.columns.count]
    let orderBy = table.columns[Int(input.byte()) % table.columns.count]
    let pageSize = Int(input.byte() % 7) + 1
    let rows: SQLiteSourceSpec.Rows
    let mode = input.byte() % 4
    switch mode {
    case 0, 1: rows = .table("t")
    case 2: rows = .query("SELECT * FROM t WHERE \(table.columns[0]) IS NOT NULL OR 1")
    default: rows = .query(String(decoding: input.rest(), as: UTF8.self))
    }
    let spec = SQLiteSourceSpec(path: path, resolvedPath: path, rows: rows, orderBy: orderBy,
                                columns: ["id": idColumn, "title": table.columns.last ?? idColumn], timeout: 0.2)
    guard let plan = try? SQLitePlan.check(spec) else { return 0 }
    var source = SQLiteSource(plan: plan, options: SourceOptions(pageSize: pageSize, latency: .fixed(0), insertTitle: "new"))

    var delivered: [String] = []
    var failed = false
    pages: for page in 1...80 {
        let request = Request(id: page, kind: page == 1 ? .initial : .more, page: page)
        switch source.page(for: request, at: 0) {
        case .failure:
            failed = true
            break pages
        case .success(let items):
            precondition(items.count <= pageSize, "a page of \(items.count) items, pageSize \(pageSize)")
            for item in items { precondition(!item.id.isEmpty, "an item without an id") }
            delivered += items.map(\.id)
            if items.count < pageSize { break pages }
        }
    }
    if !failed, mode <= 1, delivered.count < 80 * pageSize {
        let expected = Set(table.rows.compactMap { $0[table.columns.firstIndex(of: idColumn) ?? 0].text })
        precondition(Set(delivered) == expected, "ids \(Set(delivered).sorted()) but the table has \(expected.sorted())")
    }
    return 0
}

/// The fuzz input, read a byte at a time (zeros once it runs out).
struct FuzzInput {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func byte() -> UInt8 {
        defer { index += 1 }
        return index < bytes.count ? bytes[index] : 0
    }

    mutating func rest() -> [UInt8] {
        defer { index = bytes.count }
        return index < bytes.count ? Array(bytes[index...]) : []
    }
}

/// A table made from the input, and the values it was given (as SQLite stores them).
struct FuzzTable {
    static let types = ["INTEGER", "REAL", "TEXT", "BLOB", ""]
    let columns: [String]
    let declared: [String]
    private(set) var rows: [[SQLiteValue]] = []

    init?(_ input: inout FuzzInput) {
        let count = Int(input.byte() % 4) + 1
        columns = (0..<count).map { "c\($0)" }
        declared = (0..<count).map { _ in Self.types[Int(input.byte()) % Self.types.count] }
        let rowCount = Int(input.byte() % 61)
        for _ in 0..<rowCount {
            rows.append((0..<count).map { _ in Self.value(input.byte()) })
        }
    }

    /// Few distinct values of every kind, so ties and NULLs are common.
    static func value(_ byte: UInt8) -> SQLiteValue {
        switch byte % 5 {
        case 0: return .null
        case 1: return .integer(Int64(byte / 5 % 6) - 2)
        case 2: return .real(Double(byte / 5 % 4) / 2)
        case 3: return .text(["", "a", "b", "1", "é"][Int(byte / 5 % 5)])
        default: return .blob(Int(byte / 5 % 3))
        }
    }

    /// Writes the table; reads back what SQLite stored (affinity may turn "1" into 1).
    mutating func create(at path: String) -> Bool {
        var db: OpaquePointer?
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK, let db else { return false }
        defer { sqlite3_close_v2(db) }
        let definition = zip(columns, declared).map { "\($0) \($1)" }.joined(separator: ", ")
        let setup = "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; CREATE TABLE t (\(definition)); BEGIN"
        guard sqlite3_exec(db, setup, nil, nil, nil) == SQLITE_OK else { return false }
        let placeholders = columns.indices.map { "?\($0 + 1)" }.joined(separator: ", ")
        var insert: OpaquePointer?
        guard sqlite3_prepare_v2(db, "INSERT INTO t VALUES (\(placeholders))", -1, &insert, nil) == SQLITE_OK, let insert else { return false }
        defer { sqlite3_finalize(insert) }
        for row in rows {
            sqlite3_reset(insert)
            for (offset, value) in row.enumerated() {
                let index = Int32(offset + 1)
                switch value {
                case .null: sqlite3_bind_null(insert, index)
                case .integer(let number): sqlite3_bind_int64(insert, index, number)
                case .real(let number): sqlite3_bind_double(insert, index, number)
                case .text(let text): sqlite3_bind_text(insert, index, text, -1, csqlite_transient())
                case .blob(let count): sqlite3_bind_zeroblob(insert, index, Int32(count))
                }
            }
            guard sqlite3_step(insert) == SQLITE_DONE else { return false }
        }
        guard sqlite3_exec(db, "COMMIT", nil, nil, nil) == SQLITE_OK else { return false }
        // What is stored, read back the way the source reads it.
        var select: OpaquePointer?
        guard sqlite3_prepare_v2(db, "SELECT * FROM t", -1, &select, nil) == SQLITE_OK, let select else { return false }
        defer { sqlite3_finalize(select) }
        var stored: [[SQLiteValue]] = []
        while sqlite3_step(select) == SQLITE_ROW {
            stored.append(columns.indices.map { column in
                let index = Int32(column)
                switch sqlite3_column_type(select, index) {
                case SQLITE_INTEGER: return .integer(sqlite3_column_int64(select, index))
                case SQLITE_FLOAT: return .real(sqlite3_column_double(select, index))
                case SQLITE_TEXT: return .text(String(cString: sqlite3_column_text(select, index)))
                case SQLITE_BLOB: return .blob(Int(sqlite3_column_bytes(select, index)))
                default: return .null
                }
            })
        }
        rows = stored
        return true
    }
}
