/// The data a template renders: a small, typed JSON-like tree.
///
/// Rendering switches over these cases directly instead of reflecting over
/// arbitrary Swift values (`Mirror` and `Any` casts spend most of their time in
/// the runtime), so building a `TemplateValue` is the one conversion step.
public indirect enum TemplateValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case list([TemplateValue])
    case object([String: TemplateValue])
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
        case .int, .double, .object: return true
        }
    }

    /// The value's text when interpolated, before HTML escaping.
    ///
    /// `null`, lists and objects interpolate as the empty string. Doubles with
    /// an integral value print without a fraction (`85.0` → `85`), others use
    /// the shortest text that reads back as the same number (`1.21` → `1.21`).
    public var interpolatedText: String {
        switch self {
        case .null, .list, .object: return ""
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
