/// One problem found in a document (or in a schema), located as precisely as
/// libxml2 allows.
///
/// Issues are plain values so that they can be collected from many threads,
/// compared in tests, sorted and printed as `file[:line[:column]]: rule: message`,
/// the format editors and CI logs understand.
public struct ValidationIssue: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file name the caller gave (not necessarily a real path).
    public var file: String
    /// 1-based line, or 0 when unknown.
    public var line: Int
    /// 1-based column when known. RelaxNG and XPath errors have none.
    public var column: Int?
    /// Short machine-friendly rule name, see ``Rule``, or a caller-given name.
    public var rule: String
    /// Human-readable message (libxml2's text, trimmed).
    public var message: String

    public init(file: String, line: Int, column: Int? = nil, rule: String, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.rule = rule
        self.message = message
    }

    public var description: String {
        // An unknown line (0) is left out rather than printed as `file:0`.
        if line == 0 { return "\(file): \(rule): \(message)" }
        if let column {
            return "\(file):\(line):\(column): \(rule): \(message)"
        }
        return "\(file):\(line): \(rule): \(message)"
    }

    /// Rule names produced by this module. Callers may use any other string
    /// for checks of their own.
    public enum Rule {
        /// The bytes are not well-formed XML (or not UTF-8, or namespace errors).
        public static let xmlSyntax = "xml-syntax"
        /// A libxml2 safety limit was hit (nesting depth and the like).
        public static let xmlLimit = "xml-limit"
        /// The input is larger than ``ParseLimits/maxBytes``.
        public static let sizeLimit = "size-limit"
        /// An entity declaration or a reference to an undeclared entity.
        public static let entity = "entity"
        /// Element, attribute-list or notation declarations in an internal DTD subset.
        public static let doctype = "doctype"
        /// The document does not match the RelaxNG schema.
        public static let relaxng = "relaxng"
        /// The RelaxNG schema itself does not compile.
        public static let relaxngSchema = "relaxng-schema"
        /// An XPath expression failed to compile or evaluate.
        public static let xpath = "xpath"
        /// More issues were found than are reported.
        public static let truncated = "too-many-issues"
    }
}

/// A list of issues thrown as one error (Swift's `Result` and typed `throws`
/// need an `Error` type; an array is not one).
public struct ValidationFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public var issues: [ValidationIssue]

    public init(issues: [ValidationIssue]) {
        self.issues = issues
    }

    public var description: String {
        issues.map(\.description).joined(separator: "\n")
    }
}
