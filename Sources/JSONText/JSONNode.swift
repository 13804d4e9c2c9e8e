/// A place in the source text.
///
/// `line` and `column` are 1-based. Lines end at LF, CRLF or a lone CR.
/// `column` counts **Unicode scalars** from the start of the line (a tab
/// is one column, `é` written as one scalar is one column, an emoji is one
/// column), which matches what most editors show for typical text.
/// `offset` is the 0-based UTF-8 byte offset, for slicing the source.
public struct JSONPosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    public static func < (lhs: JSONPosition, rhs: JSONPosition) -> Bool { lhs.offset < rhs.offset }

    /// `line:column`, ready to follow a file name: `demo.json:3:14`.
    public var description: String { "\(line):\(column)" }
}

/// A parsed JSON value that remembers where it starts in the source, so a
/// decoder walking the tree can report `file:line:column: key.path: problem`.
///
/// Object members also keep their key's position and source order.
/// Parsed objects never contain duplicate keys (the parser rejects them).
public struct JSONNode: Hashable, Sendable {
    public enum Value: Hashable, Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONNode])
        case object([Member])
    }

    public struct Member: Hashable, Sendable {
        public var key: String
        /// Position of the key's opening quote.
        public var keyPosition: JSONPosition
        public var value: JSONNode

        public init(key: String, keyPosition: JSONPosition, value: JSONNode) {
            self.key = key
            self.keyPosition = keyPosition
            self.value = value
        }
    }

    public var value: Value
    /// Position of the value's first character (`{`, `[`, `"`, `-`, digit or letter).
    public var position: JSONPosition
    /// For a number written as an integer (digits, perhaps a minus, no
    /// fraction or exponent) beyond ±2^53, where a `Double` holds only a
    /// nearby value: the digits as written. `nil` for every other value.
    /// See `integerText`.
    public var digits: String?

    public init(_ value: Value, at position: JSONPosition, digits: String? = nil) {
        self.value = value
        self.position = position
        self.digits = digits
    }

    /// The same tree without positions. (Parsed trees have unique keys; for
    /// a hand-built node with duplicate keys the last value wins.)
    /// - Complexity: O(n) in the size of the tree.
    public var plain: JSONValue {
        switch value {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .number(let d): return .number(d)
        case .string(let s): return .string(s)
        case .array(let elements): return .array(elements.map(\.plain))
        case .object(let members):
            var object = JSONObject()
            for m in members { object[m.key] = m.value.plain }
            return .object(object)
        }
    }
}

// MARK: - Accessors

extension JSONNode {
    public var isNull: Bool { if case .null = value { true } else { false } }
    public var boolValue: Bool? { if case .bool(let b) = value { b } else { nil } }
    public var doubleValue: Double? { if case .number(let d) = value { d } else { nil } }
    /// The number as `Int` if it is integral and in range; `nil` otherwise.
    /// An integer beyond ±2^53 gives its exact value when it fits an `Int`.
    public var intValue: Int? {
        guard case .number(let d) = value else { return nil }
        if let digits { return Int(digits) }
        return Int(exactly: d)
    }
    /// A whole number's exact decimal digits (`"1800000000000000001"`, `"-7"`,
    /// `"0"` for `-0`): as written for an integer literal, or from the value
    /// when it is integral and within ±2^53 (`7.0` and `1e3` qualify). `nil`
    /// for other numbers (`1.5`; `1.8e18`, whose digits a `Double` cannot
    /// vouch for) and for non-numbers, so 64-bit ids never collide.
    public var integerText: String? {
        guard case .number(let d) = value else { return nil }
        if let digits { return digits }
        guard d.magnitude <= 9_007_199_254_740_992, let whole = Int(exactly: d) else { return nil }
        return String(whole)
    }
    public var stringValue: String? { if case .string(let s) = value { s } else { nil } }
    /// Array elements, or `nil` if this is not an array.
    public var elements: [JSONNode]? { if case .array(let a) = value { a } else { nil } }
    /// Object members in source order, or `nil` if this is not an object.
    public var members: [Member]? { if case .object(let m) = value { m } else { nil } }

    /// The member named `key`, with its key position.
    /// - Complexity: O(n) in the number of members (objects in
    ///   hand-written files are small; iterate `members` to visit all).
    public func member(_ key: String) -> Member? {
        members?.first { $0.key == key }
    }

    /// The value of member `key`; `nil` if not an object or no such key.
    /// - Complexity: O(n) in the number of members.
    public subscript(key: String) -> JSONNode? { member(key)?.value }

    /// Element `index`; `nil` if not an array or out of range.
    public subscript(index: Int) -> JSONNode? {
        if case .array(let a) = value, a.indices.contains(index) { a[index] } else { nil }
    }

    /// `"null"`, `"boolean"`, `"number"`, `"string"`, `"array"` or `"object"`.
    public var typeName: String {
        switch value {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
