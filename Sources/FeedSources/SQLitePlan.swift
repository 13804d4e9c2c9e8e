import FeedScenario
import Foundation

/// The SQL a checked `sqlite` source runs, built once when the scenario is read.
///
/// Pages are cut by keyset on `orderBy`, never by OFFSET: the first page is
/// `… WHERE ob IS NOT NULL ORDER BY ob LIMIT ?1`, the next one
/// `… WHERE ob > ?1 ORDER BY ob LIMIT ?2` with the last row's `ob`, so a page
/// costs O(log n + pageSize) with an index on `ob`, however deep it is.
struct SQLitePlan: Hashable, Sendable {
    /// The database file, as opened.
    let path: String
    /// Item fields in the order they are selected; the `orderBy` value follows them.
    let fields: [String]
    let firstPage: String
    let nextPage: String

    /// Opens the database read-only and checks the table or query, `orderBy` and every column.
    /// - Throws: each problem at the key it concerns (`source.table`, `source.columns.height`, …).
    static func check(_ spec: SQLiteSourceSpec) throws(SourceProblems) -> SQLitePlan {
        func problem(_ path: String, _ message: String) -> SourceProblems {
            SourceProblems([SourceProblem(path: path, message: message)])
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: spec.resolvedPath, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw problem("source.path", "no database file \"\(spec.path)\" (looked for \(spec.resolvedPath))")
        }
        let database: SQLiteDatabase
        do {
            database = try SQLiteDatabase(readOnly: spec.resolvedPath)
        } catch {
            throw problem("source.path", "cannot open \"\(spec.path)\" read-only (\(error.message))")
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
        let select = (fields.map { quote(spec.columns[$0, default: $0]) } + [order]).joined(separator: ", ")
        let plan = SQLitePlan(
            path: spec.resolvedPath, fields: fields,
            firstPage: "SELECT \(select) FROM \(base) WHERE \(order) IS NOT NULL ORDER BY \(order) LIMIT ?1",
            nextPage: "SELECT \(select) FROM \(base) WHERE \(order) > ?1 ORDER BY \(order) LIMIT ?2")
        do {
            _ = try database.prepare(plan.firstPage)
            _ = try database.prepare(plan.nextPage)
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
