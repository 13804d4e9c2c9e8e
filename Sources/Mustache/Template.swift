/// A Mustache template compiled once into a tree of nodes, then rendered many times.
///
/// Implements the spec's required modules: interpolation, sections, inverted
/// sections, comments, partials and set delimiters, with the standalone-line
/// rules. Lambdas, inheritance and dynamic names are not implemented.
///
/// ```swift
/// let template = try Template("<p>{{title}}</p>", name: "row.html")
/// let html = try template.render(["title": "a < b"])   // "<p>a &lt; b</p>"
/// ```
///
/// Partials are resolved through a `TemplateLibrary`; rendering a bare
/// `Template` renders every partial tag as the empty string.
public struct Template: Sendable {
    /// The name given at compile time; errors are reported against it.
    public let name: String
    let nodes: [Node]
    /// Source length in UTF-8 bytes, a cheap hint for reserving output.
    let sourceByteCount: Int

    /// Deepest section nesting a template may have. Deeper input is
    /// rejected with `.nestingTooDeep` so that neither rendering nor
    /// destroying the node tree can exhaust the stack.
    public static let maximumSectionDepth = 256

    /// Deepest chain of open sections plus partials while rendering. The
    /// renderer keeps its own stack (it does not recurse), so this only
    /// stops a partial that includes itself without end: `.renderTooDeep`.
    public static let maximumRenderDepth = 1024

    /// Largest output a render may produce (64 MiB). Guards memory against
    /// templates whose output multiplies, e.g. a large partial including
    /// itself: the render stops with `.outputTooLarge` soon after this size.
    public static let maximumOutputBytes = 64 << 20

    /// Compiles `source`.
    ///
    /// - Parameter name: used in every error message (usually the file name).
    /// - Throws: `TemplateError` locating the first problem by line and column.
    /// - Complexity: O(*n*) in the length of `source` (times the length of
    ///   the delimiters, which is capped at 32 bytes).
    public init(_ source: String, name: String) throws(TemplateError) {
        var parser = Parser(source: source, templateName: name)
        self.nodes = try parser.parse()
        self.name = name
        self.sourceByteCount = source.utf8.count
    }

    /// Names of the partials this template refers to, without duplicates, in
    /// order of first appearance. Lets a caller load just those files.
    public var partialNames: [String] {
        var seen = Set<String>()
        var names: [String] = []
        forEachPartial { name, _ in
            if seen.insert(name).inserted { names.append(name) }
        }
        return names
    }

    /// The variables shown outside every section, in source order, each with its dotted name and
    /// line: the names a render always looks up. A caller that knows which names its data has
    /// can refuse a template that shows one it lacks (a section over a missing name is just false,
    /// so names inside sections are not listed).
    public var unconditionalVariables: [(name: String, line: Int)] {
        nodes.compactMap { node in
            guard case .variable(let name, _, let line) = node, !name.keys.isEmpty else { return nil }
            return (name.keys.joined(separator: "."), line)
        }
    }

    /// Calls `body` for every partial tag, in source order.
    func forEachPartial<E: Error>(_ body: (String, SourceLocation) throws(E) -> Void) throws(E) {
        // Explicit stack instead of recursion; cheap and never deep.
        var pending: [ArraySlice<Node>] = [nodes[...]]
        while var current = pending.popLast() {
            guard let node = current.popFirst() else { continue }
            pending.append(current)
            switch node {
            case .partial(let partialName, _, let location):
                try body(partialName, location)
            case .section(_, let children, _, _):
                pending.append(children[...])
            case .text, .lineStart, .variable:
                break
            }
        }
    }
}

/// One compiled piece of a template.
enum Node: Sendable {
    /// Literal text as UTF-8, copied to the output: at most one source line
    /// (`line`, from 1), so a traced render can say where output came from.
    case text([UInt8], line: Int)
    /// The start of a source line: where a standalone partial's indentation
    /// is written when this template is rendered as that partial.
    case lineStart
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (raw), on source line `line`.
    case variable(Name, escaped: Bool, line: Int)
    /// `{{#name}}…{{/name}}` or, when inverted, `{{^name}}…{{/name}}`.
    case section(Name, [Node], inverted: Bool, SourceLocation)
    /// `{{>name}}`. `indent` is the whitespace before a standalone tag
    /// (possibly empty) and `nil` for an inline tag, whose partial is not
    /// indented at all.
    case partial(String, indent: [UInt8]?, SourceLocation)
}

/// A parsed tag name: `.` (the current context) or dotted keys `a.b.c`.
struct Name: Sendable {
    /// Empty for the implicit iterator `.`.
    let keys: [String]
}
