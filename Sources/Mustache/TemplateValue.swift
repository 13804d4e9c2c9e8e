/// The data a template renders: a small, typed JSON-like tree.
///
/// Rendering switches over these cases directly instead of reflecting over
/// arbitrary Swift values (`Mirror` and `Any` casts spend most of their time in
/// the runtime), so building a `TemplateValue` is the one conversion step.
public enum TemplateValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case list([TemplateValue])
    case object([String: TemplateValue])
    /// An object built for one render, such as a frame: its few keys are
    /// kept in order and found by a short scan, so building one costs no
    /// hashing. Renders exactly as `.object` with the same keys.
    case record(TemplateRecord)
}

/// Keys and values side by side, for objects of a few keys built often.
public struct TemplateRecord: Sendable, Hashable {
    public private(set) var keys: [String]
    public private(set) var values: [TemplateValue]

    public init(_ pairs: KeyValuePairs<String, TemplateValue>) {
        keys = pairs.map(\.key)
        values = pairs.map(\.value)
    }

    /// A record whose keys are shared with others of its shape (a `static let`):
    /// building one then allocates only its values.
    public init(keys: [String], values: [TemplateValue]) {
        precondition(keys.count == values.count, "\(keys.count) keys for \(values.count) values")
        self.keys = keys
        self.values = values
    }

    /// The value of the first member named `key`.
    ///
    /// Lengths are compared before the strings: most keys differ in length,
    /// and a length is one load where `==` on two different strings is a
    /// call (measured: half the time of a look-up in a frame's keys).
    /// - Complexity: O(k) for k keys (records hold a handful).
    public subscript(key: String) -> TemplateValue? {
        get {
            let length = key.utf8.count
            for index in keys.indices where keys[index].utf8.count == length && keys[index] == key { return values[index] }
            return nil
        }
        set {
            if let index = keys.firstIndex(of: key) {
                if let newValue { values[index] = newValue } else {
                    keys.remove(at: index)
                    values.remove(at: index)
                }
            } else if let newValue {
                keys.append(key)
                values.append(newValue)
            }
        }
    }
}

extension TemplateValue {
    /// Whether a section `{{#x}}` shows (and an inverted section `{{^x}}` hides).
    ///
    /// Falsy: `null`, `false`, the empty list and the empty string (the spec
    /// describes truthiness as JavaScript's `!!value`; an empty string is
    /// falsy there and is almost always "nothing to show" in a page).
    /// Numbers, including 0, are truthy: a count of 0 is still a value.
    @inlinable
    public var isTruthy: Bool {
        switch self {
        case .null: return false
        case .bool(let value): return value
        case .list(let items): return !items.isEmpty
        case .string(let text): return !text.isEmpty
        case .int, .double, .object, .record: return true
        }
    }

    /// The value's text when interpolated, before HTML escaping.
    ///
    /// `null`, lists and objects interpolate as the empty string. Doubles with
    /// an integral value print without a fraction (`85.0` → `85`), others use
    /// the shortest text that reads back as the same number (`1.21` → `1.21`).
    public var interpolatedText: String {
        switch self {
        case .null, .list, .object, .record: return ""
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .double(let value): return Self.format(value)
        case .string(let text): return text
        }
    }

    static func format(_ value: Double) -> String {
        if value.isFinite, value.rounded(.towardZero) == value, abs(value) < 1e15 {
            return String(Int(value))  // also turns -0.0 into "0"
        }
        return value.description
    }
}

extension TemplateValue: ExpressibleByNilLiteral {
    public init(nilLiteral: ()) { self = .null }
}

extension TemplateValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension TemplateValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self = .int(value) }
}

extension TemplateValue: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension TemplateValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension TemplateValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
}

extension TemplateValue: ExpressibleByDictionaryLiteral {
    /// Later duplicates win, as when assigning keys one by one.
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
