import Mustache

/// Escaping for text placed in XHTML.
public enum HTMLText {
    /// The same escaping as the templates' `{{…}}`, for the sweep's hand-built table.
    public static func escape(_ text: String) -> String {
        var result = ""
        result.appendHTMLEscaped(text)
        return result
    }
}
