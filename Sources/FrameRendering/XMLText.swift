/// Text that XML 1.0 can hold. Escaping is the template's job; this removes
/// what no escaping can carry: C0 control characters other than tab, line
/// feed and carriage return, and the non-characters U+FFFE and U+FFFF, each
/// replaced by U+FFFD so the frame stays well-formed and shows that
/// something was there.
enum XMLText {
    /// - Complexity: O(n); returns `text` itself when nothing needs replacing.
    static func safe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isForbidden) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(isForbidden(scalar) ? "\u{FFFD}" : scalar)
        }
        return String(scalars)
    }

    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: return false
        case 0x00..<0x20, 0xFFFE, 0xFFFF: return true
        default: return false
        }
    }
}
