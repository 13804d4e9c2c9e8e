/// Text that an XHTML frame can hold and an HTML5 parser reads without an
/// error. Escaping is the template's job; this removes what no escaping can
/// carry, each replaced by U+FFFD so the frame shows that something was
/// there (the JSON frame keeps the original text):
/// - C0 controls other than tab, line feed and carriage return (not XML at all);
/// - U+007F and the C1 controls U+0080–U+009F, and the noncharacters
///   U+FDD0–U+FDEF and U+xFFFE / U+xFFFF of every plane (XML allows most of
///   them, but each is a parse error in HTML5, so the W3C checker rejects the frame).
public enum XMLText {
    /// - Complexity: O(n); returns `text` itself when nothing needs replacing.
    public static func safe(_ text: String) -> String {
        guard mayHoldForbidden(text), text.unicodeScalars.contains(where: isForbidden) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(isForbidden(scalar) ? "\u{FFFD}" : scalar)
        }
        return String(scalars)
    }

    /// A byte scan that rules out most text cheaply, looking at the UTF-8 lead
    /// bytes a forbidden scalar can have: below 0x20, 0x7F, 0xC2 before 0x80–0x9F
    /// (C1), 0xEF (U+FDD0…, U+FFFE, U+FFFF), and a four-byte sequence ending in
    /// BF BE or BF BF (U+1FFFE … U+10FFFF). `false` means nothing is forbidden;
    /// `true` means the scalars must be looked at.
    static func mayHoldForbidden(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x80 {
                    if (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F { return true }
                } else if byte == 0xC2 {
                    if index + 1 < bytes.count && bytes[index + 1] < 0xA0 { return true }
                } else if byte == 0xEF {
                    return true
                } else if byte >= 0xF0 {
                    if index + 3 < bytes.count && bytes[index + 2] == 0xBF && bytes[index + 3] >= 0xBE { return true }
                }
                index += 1
            }
            return false
        }
    }

    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        switch value {
        case 0x09, 0x0A, 0x0D: return false
        case 0x00..<0x20, 0x7F...0x9F, 0xFDD0...0xFDEF: return true
        default: return value & 0xFFFE == 0xFFFE
        }
    }
}
