/// A JSON document without source positions.
///
/// This is what `JSONWriter` serializes and what `JSONNode.plain` produces.
/// Numbers are `Double` because that is the interoperable JSON number
/// (RFC 8259 §6); integers are exact up to ±2^53 (a parsed `JSONNode` keeps
/// the digits of larger ones, in `digits`; `plain` drops them). Objects keep member order
/// (`JSONObject`) so written output is deterministic.
///
/// Equality is structural; object members compare in order, and
/// `-0.0 == 0.0` as for `Double`.
public indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

// MARK: - Literals (for building values in code and tests)

extension JSONValue: ExpressibleByNilLiteral {
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

extension JSONValue: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .number(value) }
}

extension JSONValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// Members keep the literal's order. Duplicate keys trap, as for `Dictionary`.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(uniqueKeysWithValues: elements))
    }
}

// MARK: - Accessors

extension JSONValue {
    public var isNull: Bool { if case .null = self { true } else { false } }

    public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }

    public var doubleValue: Double? { if case .number(let d) = self { d } else { nil } }

    /// The number as `Int` if it is integral and in range; `nil` otherwise.
    public var intValue: Int? { if case .number(let d) = self { Int(exactly: d) } else { nil } }

    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }

    public var arrayValue: [JSONValue]? { if case .array(let a) = self { a } else { nil } }

    public var objectValue: JSONObject? { if case .object(let o) = self { o } else { nil } }

    /// Member lookup; `nil` if this is not an object or has no such key.
    public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { o[key] } else { nil }
    }

    /// Element lookup; `nil` if this is not an array or the index is out of range.
    public subscript(index: Int) -> JSONValue? {
        if case .array(let a) = self, a.indices.contains(index) { a[index] } else { nil }
    }

    /// `"null"`, `"boolean"`, `"number"`, `"string"`, `"array"` or `"object"`,
    /// for messages such as "expected a string, found number".
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

extension JSONValue: CustomStringConvertible {
    /// Compact JSON text, e.g. `"wide"` for a string, handy in error messages.
    public var description: String { JSONWriter.string(self) }
}
