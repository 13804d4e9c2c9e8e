/// A problem with a template, located at a tag: `frame.html:12:5: message`.
///
/// Every malformed template is reported this way (never a trap), and so are
/// the render-time limits that protect against runaway partial recursion.
public struct TemplateError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
        /// A `{{#x}}` or `{{^x}}` with no `{{/x}}` before the end of input.
        case unclosedSection
        /// A `{{/y}}` closing a section opened as `{{#x}}`.
        case mismatchedSection
        /// A `{{/x}}` with no section open.
        case unexpectedClosingTag
        /// A set-delimiter tag that is not `{{=open close=}}` with two
        /// non-empty delimiters without whitespace or `=`.
        case badDelimiters
        /// An opening delimiter with no closing delimiter after it.
        case unclosedTag
        /// A tag with no name, such as `{{}}` or `{{# }}`.
        case emptyTag
        /// A name with whitespace inside or an empty dotted part (`a..b`).
        case invalidName
        /// A tag of an optional module this engine does not implement
        /// (inheritance: `{{<parent}}`, `{{$block}}`).
        case unsupportedTag
        /// Sections nested deeper than `Template.maximumSectionDepth`.
        case nestingTooDeep
        /// A partial that is not in the library (strict libraries only).
        case missingPartial
        /// A render went deeper than `Template.maximumRenderDepth` sections
        /// and partials, usually a partial that includes itself without end.
        case renderTooDeep
        /// A render produced more than `Template.maximumOutputBytes`.
        case outputTooLarge
        /// `TemplateLibrary.render` was asked for a name it does not hold.
        case unknownTemplate
    }

    public var kind: Kind
    /// The name the template was compiled with (usually its file name).
    public var templateName: String
    /// 1-based line of the tag; 0 when the error is not tied to a position.
    public var line: Int
    /// 1-based column of the tag, counted in Unicode scalars; 0 when the
    /// error is not tied to a position.
    public var column: Int
    /// What went wrong, for people.
    public var message: String

    public init(kind: Kind, templateName: String, line: Int, column: Int, message: String) {
        self.kind = kind
        self.templateName = templateName
        self.line = line
        self.column = column
        self.message = message
    }

    init(_ kind: Kind, _ templateName: String, _ location: SourceLocation, _ message: String) {
        self.init(kind: kind, templateName: templateName,
                  line: location.line, column: location.column, message: message)
    }

    public var description: String {
        if line == 0 { return "\(templateName): \(message)" }
        return "\(templateName):\(line):\(column): \(message)"
    }
}

/// A 1-based position in a template's source.
struct SourceLocation: Hashable, Sendable {
    var line: Int
    var column: Int

    static let none = SourceLocation(line: 0, column: 0)
}
