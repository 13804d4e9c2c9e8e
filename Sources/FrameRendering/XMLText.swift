/// Text that XML 1.0 can hold. Escaping is the template's job; this removes
/// what no escaping can carry: C0 control characters other than tab, line
/// feed and carriage return, and the non-characters U+FFFE and U+FFFF, each
/// replaced by U+FFFD so the frame stays well-formed and shows that
/// something was there.
enum XMLText {
    /// - Complexity: O(n); returns `text` itself when nothing needs replacing.
    static func safe(_ text: String) -> String {
        guard mayHoldForbidden(text), text.unicodeScalars.contains(where: isForbidden) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(isForbidden(scalar) ? "\u{FFFD}" : scalar)
        }
        return String(scalars)
    }

    /// A byte scan that rules out most text cheaply: every forbidden scalar's
    /// UTF-8 holds a byte below 0x20 (C0) or begins with 0xEF (U+FFFE, U+FFFF).
    /// `false` means nothing is forbidden; `true` means the scalars must be looked at.
    static func mayHoldForbidden(_ text: String) -> Bool {
        text.utf8.contains { byte in
            (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0xEF
        }
    }

    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: return false
        case 0x00..<0x20, 0xFFFE, 0xFFFF: return true
        default: return false
        }
    }
}
