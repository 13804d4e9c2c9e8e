import CSQLite
import FeedScenario

/// One connection, opened read-only; closed when the last reference goes.
///
/// Not shared between threads: each run of a scenario opens its own. Every
/// statement runs against a wall-clock deadline (`withDeadline`): SQLite's
/// progress handler interrupts it once the deadline passes, so a query that
/// never ends (a recursive CTE without a bound) fails instead of spinning.
final class SQLiteDatabase {
    private let handle: OpaquePointer
    /// When running statements are interrupted; `nil`: never.
    private var deadline: Deadline?

    /// Opens `path` with `SQLITE_OPEN_READONLY`: a scenario can never change its data.
    /// - Throws: when `path` is not a regular file (checked without blocking: a FIFO
    ///   would hold SQLite's own `open` for ever) or SQLite cannot open it.
    init(readOnly path: String) throws(SQLiteError) {
        do throws(RegularFile.Problem) {
            try RegularFile.check(path)
        } catch {
            throw SQLiteError(code: SQLITE_CANTOPEN, message: DataFile.message(error, shown: path, lookedFor: path, what: "database file"))
        }
        var db: OpaquePointer?
        // A name starting with "file:" could be read as a URI by some builds.
        let name = path.hasPrefix("file:") ? "./" + path : path
        let status = sqlite3_open_v2(name, &db, SQLITE_OPEN_READONLY, nil)
        guard status == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            if let db { sqlite3_close_v2(db) }
            throw SQLiteError(code: status, message: message)
        }
        handle = db
        sqlite3_busy_timeout(db, 1_000)
        // No string or blob larger than a page may hold: a query cannot build a 1 GB value.
        sqlite3_limit(db, SQLITE_LIMIT_LENGTH, Int32(ItemLimits.maxPageTextBytes))
        // Every 1,000 virtual machine steps: past the deadline, interrupt (SQLITE_INTERRUPT).
        sqlite3_progress_handler(db, 1_000, { context in
            guard let context else { return 0 }
            let database = Unmanaged<SQLiteDatabase>.fromOpaque(context).takeUnretainedValue()
            return database.deadline?.hasPassed == true ? 1 : 0
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        sqlite3_progress_handler(handle, 0, nil, nil)
        sqlite3_close_v2(handle)
    }

    /// Runs `body` with statements interrupted after `seconds` of wall-clock time.
    func withDeadline<T, Failure: Error>(_ seconds: Double, _ body: () throws(Failure) -> T) throws(Failure) -> T {
        deadline = Deadline(after: seconds)
        defer { deadline = nil }
        return try body()
    }

    /// The error for a failed call's `status`: an interrupt by the deadline names it.
    func error(_ status: Int32) -> SQLiteError {
        if status == SQLITE_INTERRUPT, let deadline {
            return SQLiteError(code: status, message: "the query ran past its deadline of \(deadline.shown) (source.timeout)")
        }
        return SQLiteError(code: status, message: lastMessage)
    }

    /// Compiles one statement.
    /// - Returns: the statement and whatever SQL followed it (to refuse a second statement).
    func prepare(_ sql: String) throws(SQLiteError) -> (SQLiteStatement, rest: String) {
        var statement: OpaquePointer?
        var rest = ""
        let status = sql.withCString { text in
            var tail: UnsafePointer<CChar>?
            let status = sqlite3_prepare_v2(handle, text, -1, &statement, &tail)
            if let tail { rest = String(cString: tail) }
            return status
        }
        guard status == SQLITE_OK, let statement else {
            if let statement { sqlite3_finalize(statement) }
            throw status == SQLITE_OK ? SQLiteError(code: status, message: "no statement") : error(status)
        }
        return (SQLiteStatement(statement, database: self), rest)
    }

    var lastMessage: String { String(cString: sqlite3_errmsg(handle)) }
}
