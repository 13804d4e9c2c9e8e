/// Deterministic JSON serializer.
///
/// Output depends only on the value: object members in their stored order,
/// fixed whitespace, and stable number formatting:
/// - integral numbers with magnitude ≤ 2^53 print as integers (`880`, `-37`;
///   `-0.0` prints as `0`);
/// - other finite numbers print as Swift's shortest round-trip form
///   (`0.5`, `1.25`, `1e-07`, `1e+16`), which is computed by the Swift
///   runtime itself and so is the same on every platform;
/// - NaN and ±infinity have no JSON form and print as `null` (no trap), so a
///   bad computation yields a valid file rather than a crash.
///
/// Strings escape only what must be escaped: `"`, `\`, control characters
/// (`\b \f \n \r \t`, others as `\u00xx`), plus U+2028/U+2029 (`\u2028`,
/// `\u2029`) so the output is also safe to embed in JavaScript. Everything
/// else, including non-ASCII, is copied as UTF-8 in bulk runs.
///
/// Output is built into one `[UInt8]` buffer (one bounds-checked append per
/// byte or run, no intermediate strings except for non-integral numbers);
/// `string(_:style:)` converts once at the end.
///
/// `pretty` uses 2-space indentation, `"key": value`, one element or member
/// per line, `[]`/`{}` for empty containers and no trailing newline.
/// `compact` has no whitespace at all.
///
/// Besides the one-shot `string(_:)`/`bytes(_:)`, an instance streams a
/// document without building a `JSONValue`:
///
///     var w = JSONWriter(style: .compact)
///     w.beginObject()
///     w.key("frame"); w.value(12)
///     w.key("items"); w.beginArray(); w.value("a"); w.value(0.5); w.endArray()
///     w.endObject()
///     w.output   // {"frame":12,"items":["a",0.5]}
///
/// For many files, keep one writer and call `reset()` then `value(frame)`
/// per file: the buffer's capacity is reused instead of regrown.
///
/// Misusing the streaming calls (a value in an object without `key`, an
/// unbalanced `end…`, two top-level values) traps: it is a programming error
/// that would otherwise produce invalid JSON.
public struct JSONWriter: Sendable {
    public enum Style: Hashable, Sendable {
        case compact
        case pretty
    }

    public let style: Style
    /// UTF-8 bytes written so far.
    public private(set) var output: [UInt8]
    /// Open containers, innermost last: bit 0 = object, bit 1 = has members.
    private var containers: [UInt8] = []
    private var afterKey = false
    private var wroteTopLevel = false

    private static let isObject: UInt8 = 1
    private static let hasMembers: UInt8 = 2

    // MARK: One-shot

    /// Serializes `value` to a `String`.
    /// - Complexity: O(n) in the size of the output.
    public static func string(_ value: JSONValue, style: Style = .compact) -> String {
        String(decoding: bytes(value, style: style), as: UTF8.self)
    }

    /// Serializes `value` to UTF-8 bytes (ready for `Data(_:)` / file writing).
    /// - Complexity: O(n) in the size of the output.
    public static func bytes(_ value: JSONValue, style: Style = .compact) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        appendValue(value, level: 0, pretty: style == .pretty, to: &out)
        return out
    }

    // MARK: Streaming

    /// A writer that appends to an internal buffer.
    /// `capacity` is reserved up front; reuse one writer with `reset()` to
    /// keep the buffer across many documents.
    public init(style: Style = .compact, capacity: Int = 1024) {
        self.style = style
        self.output = []
        self.output.reserveCapacity(capacity)
    }

    /// The output so far as a `String`.
    public var outputString: String { String(decoding: output, as: UTF8.self) }

    /// True once exactly one top-level value has been completed.
    public var isComplete: Bool { wroteTopLevel && containers.isEmpty && !afterKey }

    /// Clears the output (keeping its capacity) to start a new document.
    public mutating func reset() {
        output.removeAll(keepingCapacity: true)
        containers.removeAll(keepingCapacity: true)
        afterKey = false
        wroteTopLevel = false
    }

    public mutating func beginObject() {
        beforeValue()
        output.append(0x7B)
        containers.append(Self.isObject)
    }

    public mutating func endObject() {
        precondition(containers.last.map { $0 & Self.isObject != 0 } == true && !afterKey,
                     "JSONWriter.endObject: no open object, or a key without a value")
        endContainer(0x7D)
    }

    public mutating func beginArray() {
        beforeValue()
        output.append(0x5B)
        containers.append(0)
    }

    public mutating func endArray() {
        precondition(containers.last.map { $0 & Self.isObject == 0 } == true,
                     "JSONWriter.endArray: no open array")
        endContainer(0x5D)
    }

    /// Writes an object key; the next call must write its value.
    public mutating func key(_ key: String) {
        precondition(containers.last.map { $0 & Self.isObject != 0 } == true && !afterKey,
                     "JSONWriter.key: not directly inside an object, or previous key has no value")
        separator()
        Self.appendString(key, to: &output)
        if style == .pretty {
            output.append(0x3A)
            output.append(0x20)
        } else {
            output.append(0x3A)
        }
        afterKey = true
    }

    /// `key(_:)` for a key written in the source: its bytes are escaped and
    /// copied without building a `String` (a frame's JSON writes dozens).
    public mutating func key(_ key: StaticString) {
        precondition(containers.last.map { $0 & Self.isObject != 0 } == true && !afterKey,
                     "JSONWriter.key: not directly inside an object, or previous key has no value")
        separator()
        output.append(0x22)
        Self.appendEscaped(UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount), to: &output)
        output.append(0x22)
        output.append(0x3A)
        if style == .pretty { output.append(0x20) }
        afterKey = true
    }

    /// Writes any value, including nested arrays/objects.
    public mutating func value(_ value: JSONValue) {
        beforeValue()
        Self.appendValue(value, level: containers.count, pretty: style == .pretty, to: &output)
    }

    public mutating func value(_ number: Double) {
        beforeValue()
        Self.appendNumber(number, to: &output)
    }

    public mutating func value(_ number: Int) {
        beforeValue()
        Self.appendInteger(Int64(number), to: &output)
    }

    public mutating func value(_ string: String) {
        beforeValue()
        Self.appendString(string, to: &output)
    }

    public mutating func value(_ bool: Bool) {
        beforeValue()
        Self.appendLiteral(bool ? "true" : "false", to: &output)
    }

    public mutating func nullValue() {
        beforeValue()
        Self.appendLiteral("null", to: &output)
    }

    private mutating func beforeValue() {
        if afterKey {
            afterKey = false
            return
        }
        if containers.isEmpty {
            precondition(!wroteTopLevel, "JSONWriter: a document has exactly one top-level value")
            wroteTopLevel = true
            return
        }
        precondition(containers[containers.count - 1] & Self.isObject == 0,
                     "JSONWriter: a value inside an object needs key(_:) first")
        separator()
    }

    /// Comma (if not first) and, when pretty, newline plus indentation.
    private mutating func separator() {
        let top = containers.count - 1
        if containers[top] & Self.hasMembers != 0 {
            output.append(0x2C)
        } else {
            containers[top] |= Self.hasMembers
        }
        if style == .pretty { Self.appendNewline(indent: containers.count, to: &output) }
    }

    private mutating func endContainer(_ close: UInt8) {
        let flags = containers.removeLast()
        if style == .pretty && flags & Self.hasMembers != 0 {
            Self.appendNewline(indent: containers.count, to: &output)
        }
        output.append(close)
        if containers.isEmpty { wroteTopLevel = true }
    }

    // MARK: Emitters

    private static func appendValue(_ value: JSONValue, level: Int, pretty: Bool, to out: inout [UInt8]) {
        switch value {
        case .null:
            appendLiteral("null", to: &out)
        case .bool(let b):
            appendLiteral(b ? "true" : "false", to: &out)
        case .number(let d):
            appendNumber(d, to: &out)
        case .string(let s):
            appendString(s, to: &out)
        case .array(let elements):
            if elements.isEmpty {
                out.append(0x5B)
                out.append(0x5D)
                return
            }
            out.append(0x5B)
            for (n, element) in elements.enumerated() {
                if n > 0 { out.append(0x2C) }
                if pretty { appendNewline(indent: level + 1, to: &out) }
                appendValue(element, level: level + 1, pretty: pretty, to: &out)
            }
            if pretty { appendNewline(indent: level, to: &out) }
            out.append(0x5D)
        case .object(let object):
            if object.isEmpty {
                out.append(0x7B)
                out.append(0x7D)
                return
            }
            out.append(0x7B)
            let keys = object.keys, values = object.values
            for n in 0..<keys.count {
                if n > 0 { out.append(0x2C) }
                if pretty { appendNewline(indent: level + 1, to: &out) }
                appendString(keys[n], to: &out)
                out.append(0x3A)
                if pretty { out.append(0x20) }
                appendValue(values[n], level: level + 1, pretty: pretty, to: &out)
            }
            if pretty { appendNewline(indent: level, to: &out) }
            out.append(0x7D)
        }
    }

    @inline(__always)
    private static func appendLiteral(_ literal: StaticString, to out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    @inline(__always)
    private static func appendNewline(indent level: Int, to out: inout [UInt8]) {
        out.append(0x0A)
        out.append(contentsOf: repeatElement(0x20, count: 2 * level))
    }

    /// See the type's documentation for the format.
    static func appendNumber(_ d: Double, to out: inout [UInt8]) {
        guard d.isFinite else {
            appendLiteral("null", to: &out)
            return
        }
        if d.magnitude <= 9_007_199_254_740_992, d == d.rounded(.towardZero) {
            appendInteger(Int64(d), to: &out)
            return
        }
        var text = d.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        out.append(contentsOf: text.utf8)
    }

    static func appendInteger(_ v: Int64, to out: inout [UInt8]) {
        if v < 0 { out.append(0x2D) }
        var magnitude = v.magnitude
        if magnitude < 10 {
            out.append(0x30 &+ UInt8(truncatingIfNeeded: magnitude))
            return
        }
        // Digits are produced backwards into a stack buffer, then copied once.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var k = 20
            repeat {
                k -= 1
                digits[k] = 0x30 &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[k..<20]))
        }
    }

    static func appendString(_ s: String, to out: inout [UInt8]) {
        out.append(0x22)
        let done: Void? = s.utf8.withContiguousStorageIfAvailable { appendEscaped($0, to: &out) }
        if done == nil {
            var copy = s
            copy.withUTF8 { appendEscaped($0, to: &out) }
        }
        out.append(0x22)
    }

    private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        let hex: StaticString = "0123456789abcdef"
        let n = bytes.count
        var runStart = 0
        var k = 0
        while k < n {
            let b = bytes[k]
            if b >= 0x20 && b != 0x22 && b != 0x5C && b != 0xE2 {
                k += 1
                continue
            }
            if b == 0xE2 {
                // U+2028 = E2 80 A8, U+2029 = E2 80 A9
                guard k + 2 < n, bytes[k + 1] == 0x80, bytes[k + 2] == 0xA8 || bytes[k + 2] == 0xA9 else {
                    k += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<k]))
                appendLiteral(bytes[k + 2] == 0xA8 ? "\\u2028" : "\\u2029", to: &out)
                k += 3
                runStart = k
                continue
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<k]))
            out.append(0x5C)
            switch b {
            case 0x22: out.append(0x22)
            case 0x5C: out.append(0x5C)
            case 0x08: out.append(0x62)
            case 0x0C: out.append(0x66)
            case 0x0A: out.append(0x6E)
            case 0x0D: out.append(0x72)
            case 0x09: out.append(0x74)
            default:
                appendLiteral("u00", to: &out)
                out.append(hex.utf8Start[Int(b >> 4)])
                out.append(hex.utf8Start[Int(b & 0xF)])
            }
            k += 1
            runStart = k
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<n]))
    }
}
