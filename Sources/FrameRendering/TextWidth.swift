/// How many terminal columns text takes, so text frames stay aligned with
/// CJK titles, emoji and hostile input alike.
enum TextWidth {
    /// Columns one character takes: 0 for combining marks and invisible
    /// format characters, 2 for East Asian wide characters and emoji, else 1.
    static func columns(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        let value = first.value
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if isWide(value) { return 2 }
        if character.unicodeScalars.count > 1, character.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation }) {
            return 2
        }
        return 1
    }

    /// The East Asian wide characters and emoji: two columns each.
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
    ]

    static func isWide(_ value: UInt32) -> Bool {
        wideRanges.contains { $0.contains(value) }
    }

    /// `ranges` as a CSS `unicode-range` (`U+1100-115F, U+2E80-303E, …`), so that a page draws
    /// with the same columns as the text frame counts.
    static func unicodeRange(_ ranges: [ClosedRange<UInt32>]) -> String {
        ranges.map { "U+" + String($0.lowerBound, radix: 16, uppercase: true) + "-" + String($0.upperBound, radix: 16, uppercase: true) }
            .joined(separator: ", ")
    }

    /// Everything above ASCII that is one column: what the text pane draws from a font scaled to half an em.
    static var narrowRanges: [ClosedRange<UInt32>] {
        var ranges: [ClosedRange<UInt32>] = []
        var start: UInt32 = 0x80
        for wide in wideRanges {
            if wide.lowerBound > start { ranges.append(start...(wide.lowerBound - 1)) }
            start = max(start, wide.upperBound + 1)
        }
        ranges.append(start...0x10FFFF)
        return ranges
    }

    /// The text made safe for one line of a text frame: control characters
    /// and line breaks become `?`, and bidirectional overrides, which would
    /// reorder the drawing around them, are dropped.
    static func sanitized(_ text: String) -> String {
        if isOneColumnPerScalar(text) { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F:
                continue
            default:
                if scalar.properties.generalCategory == .control || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    result.append("?")
                } else {
                    result.append(scalar)
                }
            }
        }
        return String(result)
    }

    /// `text` cut to at most `width` columns (ending in `…` when cut) and
    /// padded with spaces to exactly `width`.
    /// - Complexity: O(width), however long `text` is.
    static func fit(_ text: String, _ width: Int) -> String {
        guard width > 0 else { return "" }
        if isPlainASCII(text) {
            // One column a byte: cut and pad by count, the common case.
            let count = text.utf8.count
            if count <= width { return text + spaces(width - count) }
            return String(decoding: text.utf8.prefix(width - 1), as: UTF8.self) + "…"
        }
        if isOneColumnPerScalar(text) {
            // Still one column and one character a scalar (`·`, accented Latin): cut and pad by scalars.
            let count = text.unicodeScalars.count
            if count <= width { return text + spaces(width - count) }
            var cut = String.UnicodeScalarView()
            cut.append(contentsOf: text.unicodeScalars.prefix(width - 1))
            return String(cut) + "…"
        }
        var result = ""
        var used = 0
        var cut = false
        for character in text {
            let taken = columns(of: character)
            if used + taken > width {
                cut = true
                break
            }
            result.append(character)
            used += taken
        }
        if cut {
            // Make room for the ellipsis that says the text goes on.
            while used + 1 > width, let last = result.popLast() { used -= columns(of: last) }
            result.append("…")
            used += 1
        }
        return result + spaces(max(0, width - used))
    }

    /// Appends `fit(sanitized(text), width)` as UTF-8 to `line`, without
    /// building the string, when `text` is one column a scalar.
    /// - Complexity: O(width) for plain ASCII; O(n) otherwise.
    static func appendFitted(_ text: String, _ width: Int, to line: inout [UInt8]) {
        guard width > 0 else { return }
        if isPlainASCII(text) {
            let count = text.utf8.count
            if count <= width {
                line.append(contentsOf: text.utf8)
                line.append(contentsOf: repeatElement(0x20, count: width - count))
            } else {
                line.append(contentsOf: text.utf8.prefix(width - 1))
                line.append(contentsOf: "…".utf8)
            }
            return
        }
        guard isOneColumnPerScalar(text) else { return line.append(contentsOf: fit(sanitized(text), width).utf8) }
        let count = text.unicodeScalars.count
        if count <= width {
            line.append(contentsOf: text.utf8)
            line.append(contentsOf: repeatElement(0x20, count: width - count))
        } else {
            for scalar in text.unicodeScalars.prefix(width - 1) { line.append(contentsOf: UTF8.encode(scalar)!) }
            line.append(contentsOf: "…".utf8)
        }
    }

    /// `count` spaces (`String(repeating:count:)` appends one at a time).
    static func spaces(_ count: Int) -> String {
        count <= spaceRun.utf8.count ? String(spaceRun.utf8.prefix(count))! : String(repeating: " ", count: count)
    }

    private static let spaceRun = String(repeating: " ", count: 128)

    /// Total columns of `text`.
    static func width(of text: String) -> Int {
        if isPlainASCII(text) { return text.utf8.count }
        if isOneColumnPerScalar(text) { return text.unicodeScalars.count }
        return text.reduce(0) { $0 + columns(of: $1) }
    }

    /// Printable ASCII, and Latin letters and symbols below the combining
    /// marks (U+0300) other than the invisible soft hyphen: each scalar is a
    /// character of its own, one column wide, with nothing to make safe, so
    /// text can be measured and cut without the Unicode tables.
    /// - Complexity: O(n) over the scalars.
    static func isOneColumnPerScalar(_ text: String) -> Bool {
        isPlainASCII(text) || text.unicodeScalars.allSatisfy { scalar in
            let value = scalar.value
            return (value >= 0x20 && value < 0x7F) || (value >= 0xA0 && value < 0x300 && value != 0xAD)
        }
    }

    /// Printable ASCII only: every character one column, nothing to make safe.
    /// - Complexity: O(n) over the UTF-8 bytes, without decoding characters.
    static func isPlainASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }
}
