import CSQLite

/// One connection, opened read-only; closed when the last reference goes.
///
/// Not shared between threads: each run of a scenario opens its own.
final class SQLiteDatabase {
    private let handle: OpaquePointer

    /// Opens `path` with `SQLITE_OPEN_READONLY`: a scenario can never change its data.
    init(readOnly path: String) throws(SQLiteError) {
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
    }

    deinit { sqlite3_close_v2(handle) }

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
            throw SQLiteError(code: status, message: status == SQLITE_OK ? "no statement" : String(cString: sqlite3_errmsg(handle)))
        }
        return (SQLiteStatement(statement, database: self), rest)
    }

    var lastMessage: String { String(cString: sqlite3_errmsg(handle)) }
}
