import JSONText

/// One difference between two JSON documents, at a key path such as
/// `footer.state` or `rows[3].y`.
public struct JSONChange: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// The value at the path is different (or of another type).
        case changed(from: JSONValue, to: JSONValue)
        /// Only the new document has the path.
        case added(JSONValue)
        /// Only the old document has the path.
        case removed(JSONValue)
        /// A list got longer or shorter; its surplus elements follow as `added`/`removed`.
        case count(from: Int, to: Int)
        /// A change said in words, such as a run of rows that all moved (`RowShift`).
        case note(String)
    }

    /// `footer.state`, `rows[3].y`, `rows` (for a count); empty for the whole document.
    public var path: String
    public var kind: Kind

    public init(path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }

    /// `footer.state: idle → loading`, `rows: 15 → 16 items`, `rows[15]: added {"index":15,…}`.
    public var description: String {
        let where_ = path.isEmpty ? "(document)" : path
        switch kind {
        case .changed(let old, let new): return "\(where_): \(Self.show(old)) → \(Self.show(new))"
        case .added(let value): return "\(where_): added \(Self.show(value))"
        case .removed(let value): return "\(where_): removed \(Self.show(value))"
        case .count(let old, let new): return "\(where_): \(old) → \(new) items"
        case .note(let text): return "\(where_): \(text)"
        }
    }

    /// Values as a reader expects them: strings bare unless that would be
    /// ambiguous (`""`, `"null"`, `"12"`, text with spaces at its ends),
    /// containers as compact JSON cut to `limit` characters.
    public static func show(_ value: JSONValue, limit: Int = 80) -> String {
        if case .string(let text) = value, !isAmbiguous(text) { return cut(text, limit) }
        return cut(JSONWriter.string(value), limit)
    }

    static func isAmbiguous(_ text: String) -> Bool {
        text.isEmpty || ["null", "true", "false"].contains(text) || Double(text) != nil
            || text.first?.isWhitespace == true || text.last?.isWhitespace == true
            || text.contains("→") || text.contains(where: \.isNewline)
            || text.first == "{" || text.first == "[" || text.first == "\""
    }

    /// Points without a needless ".0": `44`, `22.5`.
    static func points(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    static func cut(_ text: String, _ limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(max(0, limit - 1))) + "…"
    }
}
