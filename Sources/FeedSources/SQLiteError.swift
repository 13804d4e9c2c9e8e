/// Why SQLite refused: its message and result code.
struct SQLiteError: Error, Hashable, Sendable, CustomStringConvertible {
    var code: Int32
    var message: String
    var description: String { message }
}
