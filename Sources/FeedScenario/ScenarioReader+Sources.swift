import FeedEngine
import JSONText

/// The source keys beyond the synthetic ones (SPEC §4): seeded latencies,
/// `inserts` and `paging`, and the external kinds `file`, `sqlite` and `http`.
///
/// External sources are read here without I/O; when the reader was given a
/// `SourceOpener`, it opens each one and reports what it finds (a missing
/// table, a bad line in an items file) at the key it concerns.
extension Reading {
    /// `source.kind` values read by `externalSource`.
    static let externalKinds: Set<String> = ["file", "sqlite", "http"]

    /// The most `source.inserts` entries, and the most items one may insert.
    static let maxInserts = 1_000
    static let maxInsertCount = 10_000

    // MARK: Keys every kind shares

    /// `latency`: seconds, a list of seconds per request, or `{ "min", "max", "seed" }`.
    mutating func latency(_ node: JSONNode) -> Latency? {
        // The message a plain bad number gets predates the seeded form; kept as it was.
        let expected = "a number of seconds from 0 to 86400, or a list of them"
        if let list = node.elements {
            let seconds = list.enumerated().compactMap { index, element in
                number(element, "source.latency[\(index)]", in: 0...86_400, "a number of seconds from 0 to 86400")
            }
            if list.isEmpty { fail(node, "source.latency", "empty list (expected seconds, or a list of seconds per request)") }
            return seconds.count == list.count && !list.isEmpty ? .perRequest(seconds) : nil
        }
        if node.members != nil {
            guard let fields = object(node, "source.latency", keys: ["min", "max", "seed"]) else { return nil }
            guard let minNode = fields["min"], let maxNode = fields["max"] else {
                fail(node, "source.latency", "expected both \"min\" and \"max\" (seconds), and optionally \"seed\"")
                return nil
            }
            let seconds = "a number of seconds from 0 to 86400"
            guard let low = number(minNode, "source.latency.min", in: 0...86_400, seconds),
                  let high = number(maxNode, "source.latency.max", in: 0...86_400, seconds) else { return nil }
            guard high >= low else {
                fail(maxNode, "source.latency.max", "\(found(maxNode)) is below min (expected at least \(formatPoints(low)))")
                return nil
            }
            var seed = 0
            if let node = fields["seed"] {
                guard let value = integer(node, "source.latency.seed", in: 0...(1 << 53)) else { return nil }
                seed = value
            }
            return .seeded(min: low, max: high, seed: UInt64(seed))
        }
        return number(node, "source.latency", in: 0...86_400, expected).map(Latency.fixed)
    }

    /// `failures`: request numbers that fail.
    mutating func failures(_ node: JSONNode) -> Set<Int>? {
        guard let list = array(node, "source.failures") else { return nil }
        var ids: Set<Int> = []
        for (index, element) in list.enumerated() {
            if let id = integer(element, "source.failures[\(index)]", in: 1...100_000_000) { ids.insert(id) }
        }
        return ids
    }

    /// `inserts`: `[{ "at": seconds, "count": n }, …]`, kept in time order.
    mutating func inserts(_ node: JSONNode) -> [HeadInsert]? {
        guard let list = array(node, "source.inserts") else { return nil }
        guard list.count <= Self.maxInserts else {
            fail(node, "source.inserts", "\(list.count) inserts (expected at most \(Self.maxInserts))")
            return nil
        }
        var inserts: [HeadInsert] = []
        for (index, element) in list.enumerated() {
            let path = "source.inserts[\(index)]"
            guard let fields = object(element, path, keys: ["at", "count"]) else { continue }
            guard let atNode = fields["at"], let countNode = fields["count"] else {
                fail(element, path, "expected both \"at\" (seconds) and \"count\" (items)")
                continue
            }
            if let at = number(atNode, "\(path).at", in: 0...86_400, "a number of seconds from 0 to 86400"),
               let count = integer(countNode, "\(path).count", in: 1...Self.maxInsertCount) {
                inserts.append(HeadInsert(at: at, count: count))
            }
        }
        guard inserts.count == list.count else { return nil }
        // Stable, so that inserts at the same time keep their order in the file.
        return inserts.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
    }

    /// `inserts` and `paging` of a synthetic source; a scripted source's
    /// replies are fixed in advance, so it takes neither.
    mutating func readShifting(_ fields: [String: JSONNode], into synthetic: inout SyntheticSource) {
        let scripted = fields["kind"]?.stringValue == "scripted"
        for key in ["inserts", "paging"] {
            guard scripted, let node = fields[key] else { continue }
            fail(node, "source.\(key)", "a scripted source takes no \(key) (expected a synthetic or file source)")
        }
        guard !scripted else { return }
        if let node = fields["inserts"], let value = inserts(node) { synthetic.inserts = value }
        if let node = fields["paging"], let value: Paging = choice(node, "source.paging") { synthetic.paging = value }
    }

    // MARK: External sources

    /// A `file`, `sqlite` or `http` source: its keys, then (with an opener) what it names.
    mutating func externalSource(_ node: JSONNode, kindName: String, preset: Preset, locale: String, config: inout FeedConfig) -> SourceSpec? {
        let common = ["kind", "pageSize", "latency", "failures"]
        let specific: [String] = switch kindName {
        case "file": ["path", "inserts", "paging"]
        case "sqlite": ["path", "table", "query", "orderBy", "columns", "timeout"]
        default: ["url", "items", "next", "headers", "timeout"]
        }
        let problemsBefore = problems.count
        guard let fields = object(node, "source", keys: common + specific) else { return nil }
        var nodes = ["source": node]
        for (key, value) in fields { nodes["source.\(key)"] = value }

        var options = SourceOptions(pageSize: config.pageSize, latency: .fixed(preset.latency), insertTitle: preset.title(locale: locale))
        if let node = fields["pageSize"], let value = integer(node, "source.pageSize", in: 1...10_000) {
            options.pageSize = value
            config.pageSize = value
        }
        if let node = fields["latency"], let value = latency(node) { options.latency = value }
        if let node = fields["failures"], let value = failures(node) { options.failures = value }
        if let node = fields["inserts"], let value = inserts(node) { options.inserts = value }
        if let node = fields["paging"], let value: Paging = choice(node, "source.paging") { options.paging = value }

        let kind: ExternalSource.Kind
        switch kindName {
        case "file":
            guard let path = requiredString(fields, "path", of: node, "the items file's path, relative to the scenario") else { return nil }
            kind = .file(FileSourceSpec(path: path, resolvedPath: resolve(path)))
        case "sqlite":
            guard let spec = sqliteSpec(fields, node, nodes: &nodes) else { return nil }
            kind = .sqlite(spec)
        default:
            guard let spec = httpSpec(fields, node, nodes: &nodes) else { return nil }
            kind = .http(spec)
        }
        var source = ExternalSource(kind: kind, options: options)
        guard problems.count == problemsBefore, let opener else { return .external(source) }
        do {
            source.factory = try opener.open(source)
        } catch {
            for problem in error.problems { report(problem, nodes: nodes) }
            return nil
        }
        return .external(source)
    }

    mutating func sqliteSpec(_ fields: [String: JSONNode], _ node: JSONNode, nodes: inout [String: JSONNode]) -> SQLiteSourceSpec? {
        let path = requiredString(fields, "path", of: node, "the database's path, relative to the scenario")
        var rows: SQLiteSourceSpec.Rows?
        switch (fields["table"], fields["query"]) {
        case (let table?, nil): rows = nonEmptyString(table, "source.table").map { .table($0) }
        case (nil, let query?): rows = nonEmptyString(query, "source.query").map { .query($0) }
        case (_?, let query?): fail(query, "source.query", "both table and query (expected one of them)")
        case (nil, nil): fail(node, "source", "missing table or query (expected \"table\": \"items\" or \"query\": \"SELECT …\")")
        }
        var columns = ["id": "id", "title": "title"]
        var columnsOK = true
        if let node = fields["columns"] {
            if let members = node.members {
                for member in members {
                    let memberPath = "source.columns.\(member.key)"
                    nodes[memberPath] = member.value
                    guard !member.key.isEmpty else {
                        fail(member.value, memberPath, "an empty field name (expected id, title, height or a field name)")
                        columnsOK = false
                        continue
                    }
                    if let column = nonEmptyString(member.value, memberPath) { columns[member.key] = column } else { columnsOK = false }
                }
            } else {
                fail(node, "source.columns", "expected an object of item field → column, found \(found(node))")
                columnsOK = false
            }
        }
        var orderBy = columns["id"] ?? "id"
        if let node = fields["orderBy"] {
            guard let value = nonEmptyString(node, "source.orderBy") else { return nil }
            orderBy = value
        }
        var timeout = HTTPSourceSpec.defaultTimeout
        if let node = fields["timeout"] {
            guard let value = number(node, "source.timeout", in: 0.001...600, "a number of seconds above 0 and at most 600") else { return nil }
            timeout = value
        }
        guard let path, let rows, columnsOK else { return nil }
        return SQLiteSourceSpec(path: path, resolvedPath: resolve(path), rows: rows, orderBy: orderBy, columns: columns, timeout: timeout)
    }

    mutating func httpSpec(_ fields: [String: JSONNode], _ node: JSONNode, nodes: inout [String: JSONNode]) -> HTTPSourceSpec? {
        guard let url = requiredString(fields, "url", of: node, "the API's URL, with {page}, {pageSize} or {cursor}") else { return nil }
        var spec = HTTPSourceSpec(url: url)
        if let node = fields["items"], let value = string(node, "source.items") { spec.items = value }
        if let node = fields["next"], !node.isNull, let value = string(node, "source.next") { spec.next = value }
        if let node = fields["timeout"], let value = number(node, "source.timeout", in: 0.001...600, "a number of seconds above 0 and at most 600") {
            spec.timeout = value
        }
        if let node = fields["headers"] {
            if let members = node.members {
                for member in members {
                    let memberPath = "source.headers.\(member.key)"
                    nodes[memberPath] = member.value
                    if let value = string(member.value, memberPath) { spec.headers[member.key] = value }
                }
            } else {
                fail(node, "source.headers", "expected an object of header name → value, found \(found(node))")
            }
        }
        return spec
    }

    // MARK: Helpers

    /// A relative path is relative to the scenario file's folder (SPEC §4).
    func resolve(_ path: String) -> String {
        guard !path.hasPrefix("/"), let slash = file.lastIndex(of: "/") else { return path }
        return String(file[...slash]) + path
    }

    mutating func requiredString(_ fields: [String: JSONNode], _ key: String, of node: JSONNode, _ expected: String) -> String? {
        guard let value = fields[key] else {
            fail(node, "source.\(key)", "missing (expected \(expected))")
            return nil
        }
        return nonEmptyString(value, "source.\(key)")
    }

    mutating func nonEmptyString(_ node: JSONNode, _ path: String) -> String? {
        guard let value = string(node, path) else { return nil }
        guard !value.isEmpty else {
            fail(node, path, "empty string (expected a name)")
            return nil
        }
        return value
    }

    /// An opener's problem, placed at its key's line:column, or in its data file.
    mutating func report(_ problem: SourceProblem, nodes: [String: JSONNode]) {
        if let dataFile = problem.dataFile {
            problems.append(ScenarioError(file: dataFile, line: problem.line, column: problem.column,
                                          path: problem.path, message: problem.message))
            return
        }
        // The nearest node on the path: `source.columns.height`, else `source.columns`, else `source`.
        var path = Substring(problem.path)
        var node = nodes[String(path)]
        while node == nil, let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) {
            path = path[..<cut]
            node = nodes[String(path)]
        }
        fail(node ?? nodes["source"], problem.path, problem.message)
    }
}
