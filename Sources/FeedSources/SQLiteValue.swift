/// One SQLite value, as a row gives it and a cursor binds it back.
enum SQLiteValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Int)  // only its size: blobs are not shown

    /// How the value reads as an id or a field; `nil` for NULL and blobs.
    var text: String? {
        switch self {
        case .null, .blob: return nil
        case .integer(let value): return String(value)
        case .real(let value): return ItemDecoder.text(value)
        case .text(let value): return value
        }
    }
}
