import FeedEngine
import FeedScenario

/// `{ "kind": "sqlite", … }`: rows of a table or a read-only query (SPEC §4),
/// paged by keyset on `orderBy` (see `SQLitePlan`).
///
/// Each run opens its own read-only connection at its first request. The
/// cursor of page p is the `orderBy` value of its last row; page p+1 starts
/// after it, and an initial load or refresh starts again from the top.
struct SQLiteSource: PagedSource {
    let plan: SQLitePlan
    var options: SourceOptions
    private var connection: Connection?
    /// Page → the `orderBy` value page p+1 starts after (`.null`: from the top).
    private var cursors: [Int: SQLiteValue] = [:]

    /// The connection and its two compiled statements.
    private final class Connection {
        let database: SQLiteDatabase
        let firstPage: SQLiteStatement
        let nextPage: SQLiteStatement

        init(_ plan: SQLitePlan) throws(SQLiteError) {
            database = try SQLiteDatabase(readOnly: plan.path)
            firstPage = try database.prepare(plan.firstPage).0
            nextPage = try database.prepare(plan.nextPage).0
        }
    }

    init(plan: SQLitePlan, options: SourceOptions) {
        self.plan = plan
        self.options = options
    }

    var latency: Latency { options.latency }
    var failures: Set<Int> { options.failures }

    mutating func page(for request: Request, at time: Double) -> Reply.Outcome {
        let after: SQLiteValue
        if request.page <= 1 {
            cursors.removeAll()
            after = .null
        } else if let cursor = cursors[request.page - 1] {
            after = cursor
        } else {
            return .failure("no cursor for page \(request.page) (page \(request.page - 1) was never delivered)")
        }
        switch fetch(after: after) {
        case .failure(let error):
            return .failure("SQLite: \(error.message)")
        case .success(let (items, last)):
            cursors[request.page] = last ?? after
            return .success(items)
        }
    }

    /// One page after `after`, and its last row's `orderBy` value.
    /// - Complexity: O(log n + pageSize) with an index on `orderBy`.
    private mutating func fetch(after: SQLiteValue) -> Result<([Item], SQLiteValue?), SQLiteError> {
        do throws(SQLiteError) {
            if connection == nil { connection = try Connection(plan) }
            guard let connection else { return .failure(SQLiteError(code: 0, message: "no connection")) }
            let statement: SQLiteStatement
            if after == .null {
                statement = connection.firstPage
                try statement.bind([.integer(Int64(options.pageSize))])
            } else {
                statement = connection.nextPage
                try statement.bind([after, .integer(Int64(options.pageSize))])
            }
            var items: [Item] = []
            var last: SQLiteValue?
            while items.count < options.pageSize, let row = try statement.next() {
                items.append(try item(row))
                last = row.last
            }
            return .success((items, last))
        } catch {
            return .failure(error)
        }
    }

    /// A row as an item: the fields in `plan.fields` order, then the `orderBy` value.
    private func item(_ row: [SQLiteValue]) throws(SQLiteError) -> Item {
        var item = Item(id: "", title: "")
        for (field, value) in zip(plan.fields, row) {
            switch field {
            case "id":
                guard let id = value.text, !id.isEmpty else {
                    throw SQLiteError(code: 0, message: "a row has no id (NULL or empty in its id column; orderBy \(row.last?.text ?? "NULL"))")
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
                    throw SQLiteError(code: 0, message: "row \(item.id): height \(value.text ?? "?") is not a number of points from 1 to 100000")
                }
            default:
                if let text = value.text { item.fields[field] = text }
            }
        }
        return item
    }

    /// Starts fresh sources over a checked plan.
    struct Factory: SourceFactory {
        let plan: SQLitePlan

        func makeSource(_ options: SourceOptions) -> any FeedSource { SQLiteSource(plan: plan, options: options) }
    }
}
