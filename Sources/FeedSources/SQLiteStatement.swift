import CSQLite

/// A compiled statement; finalized when the last reference goes.
final class SQLiteStatement {
    private let handle: OpaquePointer
    /// Keeps the connection open while the statement lives.
    private let database: SQLiteDatabase

    init(_ handle: OpaquePointer, database: SQLiteDatabase) {
        self.handle = handle
        self.database = database
    }

    deinit { sqlite3_finalize(handle) }

    /// It only reads (SQLite's own judgement, `sqlite3_stmt_readonly`).
    var isReadOnly: Bool { sqlite3_stmt_readonly(handle) != 0 }

    var columnNames: [String] {
        (0..<sqlite3_column_count(handle)).map { String(cString: sqlite3_column_name(handle, $0)) }
    }

    /// Back to the start, so the statement holds no read transaction open.
    func reset() { sqlite3_reset(handle) }

    /// Binds `values` to ?1, ?2, … after a reset.
    func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case .null, .blob: status = sqlite3_bind_null(handle, index)
            case .integer(let number): status = sqlite3_bind_int64(handle, index, number)
            case .real(let number): status = sqlite3_bind_double(handle, index, number)
            case .text(let text): status = sqlite3_bind_text(handle, index, text, -1, csqlite_transient())
            }
            guard status == SQLITE_OK else { throw database.error(status) }
        }
    }

    /// Steps to the next row: its values, or `nil` when done.
    func next() throws(SQLiteError) -> [SQLiteValue]? {
        let status = sqlite3_step(handle)
        if status == SQLITE_DONE { return nil }
        guard status == SQLITE_ROW else { throw database.error(status) }
        return (0..<sqlite3_column_count(handle)).map { column in
            switch sqlite3_column_type(handle, column) {
            case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, column))
            case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, column))
            case SQLITE_TEXT:
                guard let text = sqlite3_column_text(handle, column) else { return .text("") }
                let count = Int(sqlite3_column_bytes(handle, column))
                return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
            case SQLITE_BLOB: return .blob(Int(sqlite3_column_bytes(handle, column)))
            default: return .null
            }
        }
    }
}
