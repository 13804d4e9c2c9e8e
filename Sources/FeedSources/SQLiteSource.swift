import FeedEngine
import FeedScenario

/// `{ "kind": "sqlite", … }`: rows of a table or a read-only query (SPEC §4),
/// paged by keyset on (`orderBy`, id column) (see `SQLitePlan`).
///
/// Each run opens its own read-only connection at its first request. The
/// cursor of page p is the key of its last row; page p+1 starts after it, and
/// an initial load or refresh starts again from the top. Every page runs under
/// the source's deadline (`source.timeout`), and a page's text is bounded
/// (`ItemLimits`): a query that never ends, or rows too large to hold, make a
/// failed reply that says which limit, never a hang or an abort.
struct SQLiteSource: PagedSource {
    let plan: SQLitePlan
    var options: SourceOptions
    private var connection: Connection?
    /// Page → where page p+1 starts.
    private var cursors: [Int: Position] = [:]

    /// Where a page starts: at the top, or after a row's key.
    enum Position: Hashable, Sendable {
        case top
        /// After the row with this `orderBy` value and id-column value (the same
        /// value twice when `orderBy` is the id column).
        case after(orderBy: SQLiteValue, id: SQLiteValue)
    }

    /// The connection and its compiled statements.
    private final class Connection {
        let database: SQLiteDatabase
        let firstPage: SQLiteStatement
        let nextPage: SQLiteStatement
        let afterNull: SQLiteStatement?

        init(_ plan: SQLitePlan) throws(SQLiteError) {
            let database = try SQLiteDatabase(readOnly: plan.path)
            self.database = database
            firstPage = try database.prepare(plan.firstPage).0
            nextPage = try database.prepare(plan.nextPage).0
            afterNull = try plan.afterNull.map { (sql) throws(SQLiteError) in try database.prepare(sql).0 }
        }
    }

    init(plan: SQLitePlan, options: SourceOptions) {
        self.plan = plan
        self.options = options
    }

    var latency: Latency { options.latency }
    var failures: Set<Int> { options.failures }

    mutating func page(for request: Request, at time: Double) -> Reply.Outcome {
        let start: Position
        if request.page <= 1 {
            cursors.removeAll()
            start = .top
        } else if let cursor = cursors[request.page - 1] {
            start = cursor
        } else {
            return .failure("no cursor for page \(request.page) (page \(request.page - 1) was never delivered)")
        }
        switch fetch(from: start) {
        case .failure(let error):
            return .failure("SQLite: \(error.message)")
        case .success(let (items, last)):
            cursors[request.page] = last ?? start
            return .success(items)
        }
    }

    /// One page from `start`, and where the next one starts (`nil`: an empty page).
    /// - Complexity: O(log n + pageSize) with an index on the key.
    private mutating func fetch(from start: Position) -> Result<([Item], Position?), SQLiteError> {
        do throws(SQLiteError) {
            if connection == nil { connection = try Connection(plan) }
            guard let connection else { return .failure(SQLiteError(code: 0, message: "no connection")) }
            let limit = SQLiteValue.integer(Int64(options.pageSize))
            let statement: SQLiteStatement
            switch start {
            case .top:
                statement = connection.firstPage
                try statement.bind([limit])
            case .after(let orderBy, let id):
                if !plan.tieBreak {
                    statement = connection.nextPage
                    try statement.bind([orderBy, limit])
                } else if orderBy == .null, let afterNull = connection.afterNull {
                    statement = afterNull
                    try statement.bind([id, limit])
                } else {
                    statement = connection.nextPage
                    try statement.bind([orderBy, id, limit])
                }
            }
            let page = try connection.database.withDeadline(plan.timeout) { () throws(SQLiteError) -> ([Item], Position?) in
                var items: [Item] = []
                var last: Position?
                var text = 0
                while items.count < options.pageSize, let row = try statement.next() {
                    let item = try item(row)
                    text += ItemLimits.textBytes(of: item)
                    guard text <= ItemLimits.maxPageTextBytes else {
                        throw SQLiteError(code: 0, message: "page over \(ItemLimits.describe(bytes: ItemLimits.maxPageTextBytes)) of text at row \(Self.shown(item.id)) (the limit of one page)")
                    }
                    items.append(item)
                    last = try position(after: row, id: item.id)
                }
                // Let go of the read transaction until the next page.
                statement.reset()
                return (items, last)
            }
            return .success(page)
        } catch {
            return .failure(error)
        }
    }

    /// The key at the end of a row: `orderBy`, then the id column (when they differ).
    private func position(after row: [SQLiteValue], id: String) throws(SQLiteError) -> Position {
        let orderBy = row[plan.fields.count]
        let tie = plan.tieBreak ? row[plan.fields.count + 1] : orderBy
        for value in [orderBy, tie] {
            if case .blob = value {
                throw SQLiteError(code: 0, message: "row \(Self.shown(id)): its orderBy or id is a BLOB (expected numbers or text to page by)")
            }
        }
        return .after(orderBy: orderBy, id: tie)
    }

    /// A row as an item: the fields in `plan.fields` order, then the key.
    private func item(_ row: [SQLiteValue]) throws(SQLiteError) -> Item {
        var item = Item(id: "", title: "")
        for (field, value) in zip(plan.fields, row) {
            if let text = value.text, text.utf8.count > ItemLimits.maxFieldBytes {
                throw SQLiteError(code: 0, message: "row \(item.id.isEmpty ? "?" : Self.shown(item.id)): \(field) of \(text.utf8.count) bytes (expected at most \(ItemLimits.describe(bytes: ItemLimits.maxFieldBytes)), the limit of one field)")
            }
            switch field {
            case "id":
                guard let id = value.text, !id.isEmpty else {
                    throw SQLiteError(code: 0, message: "a row has no id (NULL or empty in its id column; orderBy \(Self.shown(row[plan.fields.count].text ?? "NULL")))")
                }
                item.id = id
            case "title":
                item.title = value.text ?? ""
            case "height":
                switch value {
                case .null: item.height = nil
                case .integer(let number) where number >= 1 && number <= 100_000: item.height = Double(number)
                case .real(let number) where number >= 1 && number <= 100_000: item.height = number
                default:
                    throw SQLiteError(code: 0, message: "row \(Self.shown(item.id)): height \(Self.shown(value.text ?? "?")) is not a number of points from 1 to 100000")
                }
            default:
                if let text = value.text { item.fields[field] = text }
            }
        }
        return item
    }

    /// A value from the database in a message: one line, at most 40 characters.
    static func shown(_ text: String) -> String {
        FailureText.excerpt(text, limit: 40)
    }

    /// Starts fresh sources over a checked plan.
    struct Factory: SourceFactory {
        let plan: SQLitePlan

        func makeSource(_ options: SourceOptions) -> any FeedSource { SQLiteSource(plan: plan, options: options) }
    }
}
