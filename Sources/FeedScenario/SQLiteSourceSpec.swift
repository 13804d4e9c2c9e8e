/// `{ "kind": "sqlite", "path": "feed.db", "table": "items", "orderBy": "id", "columns": {…} }`:
/// rows of a table, or of a read-only query, paged by keyset on `orderBy`.
public struct SQLiteSourceSpec: Hashable, Sendable {
    /// Where the rows come from.
    public enum Rows: Hashable, Sendable {
        case table(String)
        /// One read-only `SELECT` statement.
        case query(String)
    }

    /// The path as the scenario wrote it, for messages.
    public var path: String
    /// `path` resolved against the scenario file's folder.
    public var resolvedPath: String
    public var rows: Rows
    /// The column pages are ordered by; ties are broken by the id column, so it need not be unique.
    public var orderBy: String
    /// Item field → column: `id`, `title`, `height`, and any other field for templates.
    /// `id` and `title` default to columns of the same name.
    public var columns: [String: String]
    /// Seconds one query (a page, or the checks when the scenario is read) may run
    /// before it is interrupted and counts as failed.
    public var timeout: Double

    public init(path: String, resolvedPath: String, rows: Rows, orderBy: String, columns: [String: String],
                timeout: Double = HTTPSourceSpec.defaultTimeout) {
        self.path = path
        self.resolvedPath = resolvedPath
        self.rows = rows
        self.orderBy = orderBy
        self.columns = columns
        self.timeout = timeout
    }
}
