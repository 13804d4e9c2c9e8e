import Foundation

/// Strict RFC 8259 parser that records the position of every value and key.
///
/// Rejects (with a `JSONSyntaxError` carrying line, column and a message
/// saying what was expected and what was found): truncated input, trailing
/// commas, leading zeros, `NaN`/`Infinity`/bare words, single quotes,
/// comments, unescaped control characters in strings, bad escapes, unpaired
/// surrogate escapes, invalid UTF-8 (reported at the first byte of the bad
/// sequence), a byte order mark, duplicate object keys, numbers that do not
/// fit a `Double` (too large; too small rounds to 0), trailing content after
/// the top-level value, and empty input.
///
/// The parser is iterative (an explicit stack instead of recursion), so
/// nesting depth is bounded only by `maxDepth`: exceeding it is an error at
/// the bracket that crosses the limit, never a stack overflow. Keep
/// `maxDepth` in the low thousands at most: the *resulting* tree is still
/// walked recursively by `plain`, `==`, the writer and Swift's own
/// deallocation, which would overflow the stack at depths near 100,000.
///
/// - Complexity: O(n) in the input length. Columns are tracked
///   incrementally, so long single-line inputs stay linear.
public enum JSONParser {
    /// Default limit on nested arrays/objects.
    public static let defaultMaxDepth = 512

    /// Parses UTF-8 bytes.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(JSONSyntaxError) -> JSONNode {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONSyntaxError) -> JSONNode in try parse(buffer, maxDepth: maxDepth) }
        }
        return try result.get()
    }

    /// Parses UTF-8 data (e.g. a file's contents).
    public static func parse(_ data: Data, maxDepth: Int = defaultMaxDepth) throws(JSONSyntaxError) -> JSONNode {
        let result = data.withUnsafeBytes { raw in
            Result { () throws(JSONSyntaxError) -> JSONNode in
                try parse(raw.bindMemory(to: UInt8.self), maxDepth: maxDepth)
            }
        }
        return try result.get()
    }

    /// Parses a string's UTF-8 form.
    public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws(JSONSyntaxError) -> JSONNode {
        var text = text
        let result = text.withUTF8 { buffer in
            Result { () throws(JSONSyntaxError) -> JSONNode in try parse(buffer, maxDepth: maxDepth) }
        }
        return try result.get()
    }

    /// Parses bytes in place without copying.
    public static func parse(_ buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int = defaultMaxDepth) throws(JSONSyntaxError) -> JSONNode {
        var parser = Parser(buffer: buffer, maxDepth: maxDepth)
        return try parser.parseDocument()
    }
}

// MARK: - Implementation

private enum ASCII {
    static let tab: UInt8 = 0x09
    static let lf: UInt8 = 0x0A
    static let cr: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let quote: UInt8 = 0x22
    static let apostrophe: UInt8 = 0x27
    static let comma: UInt8 = 0x2C
    static let minus: UInt8 = 0x2D
    static let plus: UInt8 = 0x2B
    static let dot: UInt8 = 0x2E
    static let slash: UInt8 = 0x2F
    static let zero: UInt8 = 0x30
    static let nine: UInt8 = 0x39
    static let colon: UInt8 = 0x3A
    static let openBracket: UInt8 = 0x5B
    static let backslash: UInt8 = 0x5C
    static let closeBracket: UInt8 = 0x5D
    static let openBrace: UInt8 = 0x7B
    static let closeBrace: UInt8 = 0x7D
    static let hash: UInt8 = 0x23
    static let lowerE: UInt8 = 0x65
    static let upperE: UInt8 = 0x45
}

/// Exact powers of ten for the fast number path (Clinger): a mantissa
/// ≤ 2^53 times/divided by 10^k, k ≤ 22, is correctly rounded.
private let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]

@inline(__always) private func isDigit(_ b: UInt8) -> Bool { b &- ASCII.zero < 10 }

@inline(__always) private func isWordByte(_ b: UInt8) -> Bool {
    (b | 0x20) &- 0x61 < 26 || isDigit(b) || b == 0x5F || b == 0x24
}

@inline(__always) private func hexValue(_ b: UInt8) -> UInt32? {
    switch b {
    case 0x30...0x39: UInt32(b - 0x30)
    case 0x41...0x46: UInt32(b - 0x41 + 10)
    case 0x61...0x66: UInt32(b - 0x61 + 10)
    default: nil
    }
}

private func hex2(_ b: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return "0x" + String(digits[Int(b >> 4)]) + String(digits[Int(b & 0xF)])
}

private struct Frame {
    var isObject: Bool
    var position: JSONPosition
    var elements: [JSONNode] = []
    var members: [JSONNode.Member] = []
    /// Key of the member whose value is being parsed.
    var key: String = ""
    var keyPosition: JSONPosition
    /// key → member index, built once an object gets large, for O(1)
    /// duplicate detection.
    var keyIndex: [String: Int]? = nil

    init(isObject: Bool, position: JSONPosition) {
        self.isObject = isObject
        self.position = position
        self.keyPosition = position
    }

    func firstPosition(of key: String) -> JSONPosition? {
        if let keyIndex { return keyIndex[key].map { members[$0].keyPosition } }
        for m in members where m.key == key { return m.keyPosition }
        return nil
    }

    mutating func indexLastMember() {
        if keyIndex != nil {
            keyIndex?[members[members.count - 1].key] = members.count - 1
        } else if members.count > 16 {
            var table = [String: Int](minimumCapacity: members.count * 2)
            for (i, m) in members.enumerated() { table[m.key] = i }
            keyIndex = table
        }
    }
}

private struct Parser {
    let buf: UnsafeBufferPointer<UInt8>
    let end: Int
    let maxDepth: Int
    var i = 0
    var line = 1
    var lineStart = 0
    /// UTF-8 continuation bytes between `lineStart` and `i`; subtracting
    /// them from the byte distance gives the column in scalars. Non-ASCII
    /// bytes only occur inside strings (elsewhere they are errors), and
    /// strings contain no raw line breaks, so this is exact.
    var continuationBytes = 0
    /// Reused buffer for strings that contain escapes.
    var scratch: [UInt8] = []

    init(buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.buf = buffer
        self.end = buffer.count
        self.maxDepth = maxDepth
    }

    var position: JSONPosition {
        JSONPosition(line: line, column: i - lineStart - continuationBytes + 1, offset: i)
    }

    func error(_ message: String) -> JSONSyntaxError { JSONSyntaxError(message, at: position) }

    // MARK: Document

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
        if end == 0 { throw error("empty input, expected a JSON value") }
        if end >= 3 && buf[0] == 0xEF && buf[1] == 0xBB && buf[2] == 0xBF {
            throw error("byte order mark (BOM) at start of file; save as UTF-8 without BOM")
        }
        if end >= 2 && ((buf[0] == 0xFE && buf[1] == 0xFF) || (buf[0] == 0xFF && buf[1] == 0xFE)) {
            throw error("UTF-16 byte order mark at start of file; save as UTF-8 without BOM")
        }
        skipWhitespace()
        let root = try parseValue()
        skipWhitespace()
        if i < end {
            let startsValue = [ASCII.openBrace, ASCII.openBracket, ASCII.quote, ASCII.minus].contains(buf[i])
                || isWordByte(buf[i])
            throw error("expected end of input after top-level value, found \(describe(at: i))"
                + (startsValue ? " (only one top-level value is allowed)" : hint(at: i)))
        }
        return root
    }

    @inline(__always) mutating func skipWhitespace() {
        while i < end {
            switch buf[i] {
            case ASCII.space, ASCII.tab:
                i += 1
            case ASCII.lf:
                i += 1
                newLine()
            case ASCII.cr:
                i += 1
                if i < end && buf[i] == ASCII.lf { i += 1 }
                newLine()
            default:
                return
            }
        }
    }

    @inline(__always) mutating func newLine() {
        line += 1
        lineStart = i
        continuationBytes = 0
    }

    // MARK: Values (iterative)

    mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
        var stack: [Frame] = []
        var node: JSONNode
        nextValue: while true {
            skipWhitespace()
            guard i < end else { throw unexpected("a JSON value", wantsValue: true) }
            let start = position
            switch buf[i] {
            case ASCII.openBrace:
                guard stack.count < maxDepth else { throw tooDeep() }
                i += 1
                skipWhitespace()
                if i < end && buf[i] == ASCII.closeBrace {
                    i += 1
                    node = JSONNode(.object([]), at: start)
                } else {
                    stack.append(Frame(isObject: true, position: start))
                    try parseMemberKey(into: &stack[stack.count - 1], afterComma: false)
                    continue nextValue
                }
            case ASCII.openBracket:
                guard stack.count < maxDepth else { throw tooDeep() }
                i += 1
                skipWhitespace()
                if i < end && buf[i] == ASCII.closeBracket {
                    i += 1
                    node = JSONNode(.array([]), at: start)
                } else {
                    stack.append(Frame(isObject: false, position: start))
                    continue nextValue
                }
            case ASCII.quote:
                node = JSONNode(.string(try parseString()), at: start)
            case ASCII.minus, ASCII.zero...ASCII.nine:
                let (number, digits) = try parseNumber()
                node = JSONNode(.number(number), at: start, digits: digits)
            default:
                node = JSONNode(try parseWord(), at: start)
            }

            // Attach the finished value to its container; close containers.
            while true {
                guard !stack.isEmpty else { return node }
                let top = stack.count - 1
                skipWhitespace()
                if stack[top].isObject {
                    let member = JSONNode.Member(key: stack[top].key, keyPosition: stack[top].keyPosition, value: node)
                    stack[top].members.append(member)
                    stack[top].indexLastMember()
                    if i < end && buf[i] == ASCII.comma {
                        i += 1
                        skipWhitespace()
                        try parseMemberKey(into: &stack[top], afterComma: true)
                        continue nextValue
                    }
                    if i < end && buf[i] == ASCII.closeBrace {
                        i += 1
                        let frame = stack.removeLast()
                        node = JSONNode(.object(frame.members), at: frame.position)
                        continue
                    }
                    throw unexpected("',' or '}' after object member")
                } else {
                    stack[top].elements.append(node)
                    if i < end && buf[i] == ASCII.comma {
                        i += 1
                        skipWhitespace()
                        if i < end && buf[i] == ASCII.closeBracket {
                            throw error("expected a value after ',', found ']' (trailing commas are not allowed)")
                        }
                        continue nextValue
                    }
                    if i < end && buf[i] == ASCII.closeBracket {
                        i += 1
                        let frame = stack.removeLast()
                        node = JSONNode(.array(frame.elements), at: frame.position)
                        continue
                    }
                    throw unexpected("',' or ']' after array element")
                }
            }
        }
    }

    func tooDeep() -> JSONSyntaxError {
        error("nesting too deep: more than \(maxDepth) nested arrays/objects")
    }

    /// Parses `"key" :` (leaving `i` after the colon) and checks for duplicates.
    mutating func parseMemberKey(into frame: inout Frame, afterComma: Bool) throws(JSONSyntaxError) {
        guard i < end, buf[i] == ASCII.quote else {
            if afterComma && i < end && buf[i] == ASCII.closeBrace {
                throw error("expected object key after ',', found '}' (trailing commas are not allowed)")
            }
            throw unexpected(afterComma ? "object key (a double-quoted string)"
                                        : "object key (a double-quoted string) or '}'", wantsValue: true)
        }
        let keyPosition = position
        let key = try parseString()
        if let first = frame.firstPosition(of: key) {
            throw JSONSyntaxError("duplicate key \(JSONWriter.string(.string(key))) (first at \(first))", at: keyPosition)
        }
        skipWhitespace()
        guard i < end, buf[i] == ASCII.colon else { throw unexpected("':' after object key") }
        i += 1
        frame.key = key
        frame.keyPosition = keyPosition
    }

    // MARK: Literals

    mutating func parseWord() throws(JSONSyntaxError) -> JSONNode.Value {
        let start = i
        while i < end && isWordByte(buf[i]) { i += 1 }
        let word = UnsafeBufferPointer(rebasing: buf[start..<i])
        if word.elementsEqual("true".utf8) { return .bool(true) }
        if word.elementsEqual("false".utf8) { return .bool(false) }
        if word.elementsEqual("null".utf8) { return .null }
        if i == end && !word.isEmpty {
            for literal in ["true", "false", "null"] where literal.utf8.starts(with: word) {
                throw unexpected("'\(literal)'")
            }
        }
        i = start
        throw unexpected("a JSON value", wantsValue: true)
    }

    // MARK: Numbers

    /// The number, and the literal's own digits when it is an integer (no
    /// fraction, no exponent) that a `Double` cannot hold exactly.
    mutating func parseNumber() throws(JSONSyntaxError) -> (Double, digits: String?) {
        let start = i
        let startPosition = position
        var negative = false
        if buf[i] == ASCII.minus {
            negative = true
            i += 1
        }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var exponent = 0

        @inline(__always) func accumulate(_ b: UInt8) {
            let d = UInt64(b &- ASCII.zero)
            if mantissa == 0 && d == 0 { return }
            significantDigits += 1
            if significantDigits <= 19 { mantissa = mantissa &* 10 &+ d }
        }

        guard i < end else { throw unexpected("a digit after '-'") }
        if buf[i] == ASCII.zero {
            i += 1
            if i < end && isDigit(buf[i]) {
                while i < end && isDigit(buf[i]) { i += 1 }
                let text = String(decoding: UnsafeBufferPointer(rebasing: buf[start..<i]), as: UTF8.self)
                throw JSONSyntaxError("invalid number '\(text)': leading zeros are not allowed", at: startPosition)
            }
        } else if isDigit(buf[i]) {
            while i < end && isDigit(buf[i]) {
                accumulate(buf[i])
                i += 1
            }
        } else {
            throw unexpected("a digit after '-'")
        }
        if significantDigits > 19 { exponent += significantDigits - 19 }
        var isInteger = true

        if i < end && buf[i] == ASCII.dot {
            isInteger = false
            i += 1
            guard i < end, isDigit(buf[i]) else { throw unexpected("a digit after '.' in number") }
            while i < end && isDigit(buf[i]) {
                let before = significantDigits
                accumulate(buf[i])
                // Digits past the 19th don't enter the mantissa, so they don't shift it.
                if significantDigits <= 19 && (significantDigits > before || mantissa == 0) { exponent -= 1 }
                i += 1
            }
        }

        if i < end && (buf[i] == ASCII.lowerE || buf[i] == ASCII.upperE) {
            isInteger = false
            i += 1
            var exponentSign = 1
            if i < end && (buf[i] == ASCII.plus || buf[i] == ASCII.minus) {
                if buf[i] == ASCII.minus { exponentSign = -1 }
                i += 1
            }
            guard i < end, isDigit(buf[i]) else { throw unexpected("a digit in number exponent") }
            var e = 0
            while i < end && isDigit(buf[i]) {
                if e < 1_000_000 { e = e * 10 + Int(buf[i] &- ASCII.zero) }
                i += 1
            }
            exponent += exponentSign * e
        }

        // Fast path: exact mantissa, exact power of ten, one rounding.
        if significantDigits <= 19 && mantissa <= (1 << 53) && exponent >= -22 && exponent <= 22 {
            var value = Double(mantissa)
            if exponent < 0 { value /= powersOfTen[-exponent] } else { value *= powersOfTen[exponent] }
            return (negative ? -value : value, nil)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: buf[start..<i]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            throw JSONSyntaxError("number out of range: \(shown) does not fit in a 64-bit floating-point number",
                                  at: startPosition)
        }
        // An integer beyond 2^53 (a 64-bit id): the Double is only near it, the digits are exact.
        return (value, isInteger ? text : nil)
    }

    // MARK: Strings

    /// Parses a string starting at its opening quote; validates UTF-8.
    mutating func parseString() throws(JSONSyntaxError) -> String {
        let openPosition = position
        i += 1
        var runStart = i
        var escaped = false
        while true {
            guard i < end else {
                throw error("unexpected end of input, expected '\"' to close string started at \(openPosition)")
            }
            let b = buf[i]
            if b == ASCII.quote {
                let result: String
                if escaped {
                    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: buf[runStart..<i]))
                    result = String(decoding: scratch, as: UTF8.self)
                } else {
                    result = String(decoding: UnsafeBufferPointer(rebasing: buf[runStart..<i]), as: UTF8.self)
                }
                i += 1
                return result
            }
            if b == ASCII.backslash {
                if !escaped {
                    escaped = true
                    scratch.removeAll(keepingCapacity: true)
                }
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: buf[runStart..<i]))
                try parseEscape()
                runStart = i
                continue
            }
            if b >= 0x20 && b < 0x80 {
                i += 1
                continue
            }
            if b < 0x20 {
                if b == ASCII.lf || b == ASCII.cr {
                    throw error("unescaped line break in string (write \\n, or add the missing closing '\"' of the string started at \(openPosition))")
                }
                let suggestion = b == ASCII.tab ? "\\t" : "\\u00" + hex2(b).dropFirst(2)
                throw error("unescaped control character U+00\(hex2(b).dropFirst(2)) in string (write \(suggestion))")
            }
            let n = utf8SequenceLength(at: i)
            if n == 0 { throw invalidUTF8() }
            i += n
            continuationBytes += n - 1
        }
    }

    /// Decodes the escape at `i` (a backslash) into `scratch`.
    mutating func parseEscape() throws(JSONSyntaxError) {
        let escapePosition = position
        i += 1
        guard i < end else { throw unexpected("an escape character after '\\'") }
        let c = buf[i]
        let simple: UInt8
        switch c {
        case ASCII.quote: simple = 0x22
        case ASCII.backslash: simple = 0x5C
        case ASCII.slash: simple = 0x2F
        case 0x62: simple = 0x08 // b
        case 0x66: simple = 0x0C // f
        case 0x6E: simple = 0x0A // n
        case 0x72: simple = 0x0D // r
        case 0x74: simple = 0x09 // t
        case 0x75: // u
            i += 1
            let unit = try hex4()
            var scalar = unit
            if (0xD800...0xDBFF).contains(unit) {
                if i + 6 <= end && buf[i] == ASCII.backslash && buf[i + 1] == 0x75,
                   let low = peekHex4(at: i + 2), (0xDC00...0xDFFF).contains(low) {
                    i += 6
                    scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    throw JSONSyntaxError("unpaired surrogate escape '\(escapeText(at: escapePosition.offset))': a high surrogate must be followed by a low surrogate escape \\uDC00-\\uDFFF", at: escapePosition)
                }
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw JSONSyntaxError("unpaired surrogate escape '\(escapeText(at: escapePosition.offset))': a low surrogate must follow a high surrogate escape", at: escapePosition)
            }
            appendUTF8(scalar)
            return
        default:
            let shown = c >= 0x21 && c < 0x7F ? "'\\\(Character(Unicode.Scalar(c)))'" : "'\\' followed by \(describe(at: i))"
            throw JSONSyntaxError("invalid escape sequence \(shown) in string (valid: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)", at: escapePosition)
        }
        scratch.append(simple)
        i += 1
    }

    func escapeText(at offset: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: buf[offset..<min(offset + 6, end)]), as: UTF8.self)
    }

    mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard i < end, let h = hexValue(buf[i]) else { throw unexpected("4 hex digits after '\\u'") }
            value = value << 4 | h
            i += 1
        }
        return value
    }

    func peekHex4(at j: Int) -> UInt32? {
        guard j + 4 <= end else { return nil }
        var value: UInt32 = 0
        for k in j..<j + 4 {
            guard let h = hexValue(buf[k]) else { return nil }
            value = value << 4 | h
        }
        return value
    }

    mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | scalar >> 6))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | scalar >> 12))
            scratch.append(UInt8(0x80 | (scalar >> 6) & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | scalar >> 18))
            scratch.append(UInt8(0x80 | (scalar >> 12) & 0x3F))
            scratch.append(UInt8(0x80 | (scalar >> 6) & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    // MARK: UTF-8

    /// Length of the well-formed UTF-8 sequence at `j` (lead byte ≥ 0x80),
    /// or 0 if it is ill-formed (Unicode Table 3-7: no overlongs, no
    /// surrogates, nothing above U+10FFFF).
    @inline(__always) func utf8SequenceLength(at j: Int) -> Int {
        let prefix = wellFormedPrefix(at: j)
        return prefix.valid ? prefix.length : 0
    }

    /// How many bytes at `j` belong to a well-formed (or still possible)
    /// sequence, and whether the sequence is complete and valid.
    func wellFormedPrefix(at j: Int) -> (length: Int, valid: Bool) {
        let b0 = buf[j]
        let needed: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch b0 {
        case 0xC2...0xDF: needed = 2
        case 0xE0: needed = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE, 0xEF: needed = 3
        case 0xED: needed = 3; high = 0x9F
        case 0xF0: needed = 4; low = 0x90
        case 0xF1...0xF3: needed = 4
        case 0xF4: needed = 4; high = 0x8F
        default: return (0, false)
        }
        var k = 1
        while k < needed {
            guard j + k < end else { return (k, false) }
            let b = buf[j + k]
            let ok = k == 1 ? (low...high).contains(b) : (0x80...0xBF).contains(b)
            if !ok { return (k, false) }
            k += 1
        }
        return (needed, true)
    }

    /// Error for the ill-formed sequence at `i`, positioned at its first byte.
    func invalidUTF8() -> JSONSyntaxError {
        let (length, _) = wellFormedPrefix(at: i)
        if length == 0 {
            return error("invalid UTF-8 byte \(hex2(buf[i]))")
        }
        let shownEnd = min(i + length + 1, end)
        let bytes = buf[i..<shownEnd].map(hex2).joined(separator: " ")
        if i + length >= end {
            return error("invalid UTF-8: truncated byte sequence \(bytes) at end of input")
        }
        return error("invalid UTF-8 byte sequence \(bytes)")
    }

    // MARK: Messages

    /// Error at `i`: `unexpected end of input, expected X` or
    /// `expected X, found Y (hint)`.
    func unexpected(_ expected: String, wantsValue: Bool = false) -> JSONSyntaxError {
        if i >= end { return error("unexpected end of input, expected \(expected)") }
        return error("expected \(expected), found \(describe(at: i))\(hint(at: i, wantsValue: wantsValue))")
    }

    func word(at j: Int) -> String {
        var k = j
        while k < end && isWordByte(buf[k]) && k - j < 32 { k += 1 }
        var text = String(decoding: UnsafeBufferPointer(rebasing: buf[j..<k]), as: UTF8.self)
        if k < end && isWordByte(buf[k]) { text += "…" }
        return text
    }

    /// A short, quoted description of what is at `j`.
    func describe(at j: Int) -> String {
        guard j < end else { return "end of input" }
        let b = buf[j]
        if isWordByte(b) && !isDigit(b) { return "'\(word(at: j))'" }
        if b < 0x20 || b == 0x7F { return "control character U+00\(hex2(b).dropFirst(2))" }
        if b < 0x80 { return "'\(Character(Unicode.Scalar(b)))'" }
        let n = utf8SequenceLength(at: j)
        guard n > 0 else { return "invalid UTF-8 byte \(hex2(b))" }
        let text = String(decoding: UnsafeBufferPointer(rebasing: buf[j..<j + n]), as: UTF8.self)
        let scalar = text.unicodeScalars.first!.value
        let code = String(scalar, radix: 16, uppercase: true)
        return "'\(text)' (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code))"
    }

    /// Explains common non-JSON habits found at `j`.
    func hint(at j: Int, wantsValue: Bool = false) -> String {
        guard j < end else { return "" }
        switch buf[j] {
        case ASCII.slash, ASCII.hash: return " (comments are not allowed in JSON)"
        case ASCII.apostrophe: return " (strings must use double quotes)"
        default:
            guard isWordByte(buf[j]) else { return "" }
            switch word(at: j).lowercased() {
            case "nan", "infinity", "inf": return " (NaN and Infinity are not valid JSON numbers)"
            case "true", "false", "null": return wantsValue ? " (JSON literals are lowercase: true, false, null)" : ""
            default: return wantsValue ? " (strings must be in double quotes)" : ""
            }
        }
    }
}
