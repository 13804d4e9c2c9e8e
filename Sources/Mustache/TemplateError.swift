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

/// Where a piece of rendered output came from: the template and its source
/// line that wrote the bytes starting at `offset` (see `renderTraced`).
public struct TemplateOrigin: Hashable, Sendable {
    public var offset: Int
    public var template: String
    public var line: Int
}

/// A traced render: the output and, in output order, where each piece came from.
public struct TracedOutput: Sendable {
    public var bytes: [UInt8]
    public var origins: [TemplateOrigin]

    /// The template and line that wrote output line `line` (from 1): the origin of its
    /// first character that is not a space or tab (of the line's start, if it is blank).
    /// - Complexity: O(output + origins).
    public func origin(ofLine line: Int) -> TemplateOrigin? {
        guard line >= 1 else { return nil }
        var offset = 0
        var current = 1
        while current < line, offset < bytes.count {
            if bytes[offset] == UInt8(ascii: "\n") { current += 1 }
            offset += 1
        }
        guard current == line else { return nil }
        var first = offset
        while first < bytes.count, bytes[first] == UInt8(ascii: " ") || bytes[first] == UInt8(ascii: "\t") { first += 1 }
        if first < bytes.count, bytes[first] != UInt8(ascii: "\n") { offset = first }
        // The last piece that starts at or before `offset`.
        var low = 0, high = origins.count
        while low < high {
            let middle = (low + high) / 2
            if origins[middle].offset <= offset { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? origins[low - 1] : nil
    }
}
