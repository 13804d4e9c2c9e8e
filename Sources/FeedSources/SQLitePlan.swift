import FeedScenario

/// The SQL a checked `sqlite` source runs, built once when the scenario is read.
///
/// Pages are cut by keyset, never by OFFSET, on the key (`orderBy`, id
/// column): the id breaks ties, so rows that share an `orderBy` value are never
/// skipped at a page boundary, and rows whose `orderBy` is NULL come first
/// (SQLite sorts NULL lowest) instead of vanishing. The first page is
/// `… ORDER BY ob, id LIMIT ?1`; the next one `… WHERE (ob, id) > (?1, ?2)
/// ORDER BY ob, id LIMIT ?3` with the last row's key, or, while the last row's
/// `ob` is NULL, `… WHERE ob IS NOT NULL OR id > ?1 …`. A page costs
/// O(log n + pageSize) with an index on (ob, id), however deep it is. When
/// `orderBy` is the id column, the key is that column alone.
struct SQLitePlan: Hashable, Sendable {
    /// The database file, as opened.
    let path: String
    /// Item fields in the order they are selected; the key's values (`orderBy`,
    /// then the id column unless it is `orderBy`) follow them.
    let fields: [String]
    /// The key is (`orderBy`, id column); `false`: `orderBy` is the id column.
    let tieBreak: Bool
    let firstPage: String
    let nextPage: String
    /// After a row whose `orderBy` is NULL (only with `tieBreak`).
    let afterNull: String?
    /// Seconds a query may run (`source.timeout`).
    let timeout: Double

    /// Opens the database read-only and checks the table or query, `orderBy` and every column.
    /// - Throws: each problem at the key it concerns (`source.table`, `source.columns.height`, …).
    static func check(_ spec: SQLiteSourceSpec) throws(SourceProblems) -> SQLitePlan {
        func problem(_ path: String, _ message: String) -> SourceProblems {
            SourceProblems([SourceProblem(path: path, message: message)])
        }
        do throws(RegularFile.Problem) {
            try RegularFile.check(spec.resolvedPath)
        } catch .missing {
            throw problem("source.path", "no database file \"\(spec.path)\" (looked for \(spec.resolvedPath))")
        } catch {
            throw problem("source.path", DataFile.message(error, shown: spec.path, lookedFor: spec.resolvedPath, what: "database file"))
        }
        let database: SQLiteDatabase
        do {
            database = try SQLiteDatabase(readOnly: spec.resolvedPath)
        } catch {
            throw problem("source.path", "cannot open \"\(spec.path)\" read-only (\(error.message))")
        }
        return try database.withDeadline(spec.timeout) { () throws(SourceProblems) in try check(spec, in: database) }
    }

    /// The checks on an open database (under its deadline).
    private static func check(_ spec: SQLiteSourceSpec, in database: SQLiteDatabase) throws(SourceProblems) -> SQLitePlan {
        func problem(_ path: String, _ message: String) -> SourceProblems {
            SourceProblems([SourceProblem(path: path, message: message)])
        }
        // The rows, and the columns they have.
        let base: String
        let available: [String]
        switch spec.rows {
        case .table(let table):
            let tables: [String]
            do {
                tables = try names(in: database, "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') ORDER BY name")
            } catch {
                throw problem("source.path", "\"\(spec.path)\" is not a readable SQLite database (\(error.message))")
            }
            guard tables.contains(where: { $0.lowercased() == table.lowercased() }) else {
                throw problem("source.table", "no table \"\(table)\" in \"\(spec.path)\" (tables: \(list(tables)))")
            }
            base = quote(table)
            do {
                available = try database.prepare("SELECT * FROM \(base)").0.columnNames
            } catch {
                throw problem("source.table", "table \"\(table)\" cannot be read (\(error.message))")
            }
        case .query(let query):
            let trimmed = trimmedQuery(query)
            let statement: SQLiteStatement
            let rest: String
            do {
                (statement, rest) = try database.prepare(trimmed)
            } catch {
                throw problem("source.query", "\(error.message) (expected one read-only SELECT)")
            }
            guard rest.allSatisfy({ $0.isWhitespace || $0 == ";" }) else {
                throw problem("source.query", "more than one statement (expected one read-only SELECT)")
            }
            guard statement.isReadOnly else {
                throw problem("source.query", "the query writes to the database (expected one read-only SELECT)")
            }
            available = statement.columnNames
            guard !available.isEmpty else { throw problem("source.query", "the query returns no columns (expected a SELECT)") }
            base = "(\(trimmed)) AS feedframes_rows"
        }

        // Every column the scenario names must be there.
        let what = spec.rows.description
        var problems: [SourceProblem] = []
        let lowered = Set(available.map { $0.lowercased() })
        let fields = orderedFields(spec.columns)
        for field in fields where !lowered.contains(spec.columns[field, default: field].lowercased()) {
            let column = spec.columns[field, default: field]
            var message = "no column \"\(column)\" in \(what) (columns: \(list(available)))"
            if field == "id" || field == "title" { message += "; map one with \"columns\": { \"\(field)\": \"…\" }" }
            problems.append(SourceProblem(path: "source.columns.\(field)", message: message))
        }
        if !lowered.contains(spec.orderBy.lowercased()) {
            problems.append(SourceProblem(path: "source.orderBy", message: "no column \"\(spec.orderBy)\" in \(what) (columns: \(list(available)))"))
        }
        guard problems.isEmpty else { throw SourceProblems(problems) }

        let order = quote(spec.orderBy)
        let idColumn = spec.columns["id", default: "id"]
        let tieBreak = idColumn.lowercased() != spec.orderBy.lowercased()
        let id = quote(idColumn)
        let key = tieBreak ? [order, id] : [order]
        let select = (fields.map { quote(spec.columns[$0, default: $0]) } + key).joined(separator: ", ")
        let sorted = key.joined(separator: ", ")
        let plan = SQLitePlan(
            path: spec.resolvedPath, fields: fields, tieBreak: tieBreak,
            firstPage: "SELECT \(select) FROM \(base) ORDER BY \(sorted) LIMIT ?1",
            nextPage: tieBreak
                ? "SELECT \(select) FROM \(base) WHERE (\(order), \(id)) > (?1, ?2) ORDER BY \(sorted) LIMIT ?3"
                : "SELECT \(select) FROM \(base) WHERE \(order) > ?1 ORDER BY \(sorted) LIMIT ?2",
            afterNull: tieBreak
                ? "SELECT \(select) FROM \(base) WHERE \(order) IS NOT NULL OR \(id) > ?1 ORDER BY \(sorted) LIMIT ?2"
                : nil,
            timeout: spec.timeout)
        do {
            for sql in [plan.firstPage, plan.nextPage] + (plan.afterNull.map { [$0] } ?? []) { _ = try database.prepare(sql) }
        } catch {
            throw problem("source", "the page query cannot run (\(error.message))")
        }
        return plan
    }

    /// `id`, `title`, `height` (when mapped), then the other fields by name.
    static func orderedFields(_ columns: [String: String]) -> [String] {
        let fixed = ["id", "title", "height"].filter { columns[$0] != nil || $0 != "height" }
        return fixed + columns.keys.filter { !fixed.contains($0) }.sorted()
    }

    /// An SQL identifier in double quotes, with quotes inside doubled.
    static func quote(_ name: String) -> String {
        "\"" + name.replacing("\"", with: "\"\"") + "\""
    }

    /// Without trailing semicolons and blanks, so it can be wrapped as a subquery.
    static func trimmedQuery(_ query: String) -> String {
        var text = Substring(query)
        while let last = text.last, last.isWhitespace || last == ";" { text = text.dropLast() }
        return String(text)
    }

    static func names(in database: SQLiteDatabase, _ sql: String) throws(SQLiteError) -> [String] {
        let statement = try database.prepare(sql).0
        var names: [String] = []
        while let row = try statement.next() { names.append(row.first?.text ?? "") }
        return names
    }

    static func list(_ names: [String]) -> String {
        names.isEmpty ? "none" : names.prefix(30).joined(separator: ", ") + (names.count > 30 ? ", …" : "")
    }
}

extension SQLiteSourceSpec.Rows: CustomStringConvertible {
    /// `table "items"` or `the query`, for messages.
    public var description: String {
        switch self {
        case .table(let name): "table \"\(name)\""
        case .query: "the query's result"
        }
    }
}
