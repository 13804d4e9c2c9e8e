import JSONText
import FeedEngine
import XHTMLValidation

/// What an HTML frame must show, taken from its layout (at render time) or
/// from the JSON frame beside it (when validating a folder later).
public struct FrameExpectation: Hashable, Sendable {
    public var rowIndices: [Int]
    public var headerState: String
    public var footerState: String
    public var retry: Bool
    public var toast: Bool
    public var empty: Bool

    public init(rowIndices: [Int], headerState: String, footerState: String, retry: Bool, toast: Bool, empty: Bool) {
        self.rowIndices = rowIndices
        self.headerState = headerState
        self.footerState = footerState
        self.retry = retry
        self.toast = toast
        self.empty = empty
    }

    public init(_ layout: Layout) {
        self.init(rowIndices: layout.rows.map(\.index), headerState: layout.header.state.rawValue,
                  footerState: layout.footer.state.rawValue, retry: layout.retryVisible,
                  toast: layout.toast != nil, empty: layout.emptyText != nil)
    }
}

/// Checks HTML frames with libxml2: well-formed XHTML (hardened parse), valid
/// against `frame.rng`, and showing what the layout says (XPath cross-check).
///
/// Every problem is a value with file, line, rule and message; safe to use
/// from many threads at once.
public struct FrameValidator: Sendable {
    public let schema: RelaxNGSchema

    /// - Throws: the schema's own problems (rule `relaxng-schema`).
    public init(schemaText: String, name: String = "frame.rng") throws(ValidationFailure) {
        schema = try RelaxNGSchema(text: schemaText, name: name)
    }

    /// Frames may be larger than libxml2 input in general (8 MiB): a scenario may have titles
    /// of up to 1 MiB, and a frame shows a dozen rows or more. libxml2's own limits stay on.
    public static let limits = ParseLimits(maxBytes: 64 << 20)

    /// All problems with one frame; empty when it is good.
    /// - Complexity: O(size of the frame).
    public func validate(_ html: [UInt8], file: String, expected: FrameExpectation?) -> [ValidationIssue] {
        let document: XHTMLDocument
        do {
            document = try XHTMLDocument.parse(html, file: file, limits: Self.limits)
        } catch {
            return error.issues
        }
        var issues = document.validate(against: schema)
        if let expected { issues += crossCheck(document, expected) }
        return issues
    }

    /// The frame shows the layout's rows, in order, and its header, footer,
    /// retry button, toast and empty view: the viewport's children (those of
    /// `//h:div[@id='viewport']`, found by a walk of the tree) are checked in Swift.
    func crossCheck(_ document: XHTMLDocument, _ expected: FrameExpectation) -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        func issue(_ rule: String, _ message: String, line: Int = 0) {
            issues.append(ValidationIssue(file: document.file, line: line, column: nil, rule: rule, message: message))
        }
        let children = document.children(of: "div", withID: "viewport", attributes: ["id", "data-index", "data-state"])
        let (id, dataIndex, dataState) = (0, 1, 2)
        let rows = (0..<children.count).filter { children[$0, dataIndex] != nil }
        let indices = rows.map { Int(children[$0, dataIndex] ?? "") ?? -1 }
        if indices != expected.rowIndices {
            let line = zip(rows, expected.rowIndices).first { Int(children[$0.0, dataIndex] ?? "") != $0.1 }.map { children.lines[$0.0] }
                ?? rows.last.map { children.lines[$0] } ?? 0
            issue("layout-rows", "rows \(Self.describe(indices)) but the layout shows rows \(Self.describe(expected.rowIndices))", line: line)
        }
        func withID(_ value: String) -> [Int] { (0..<children.count).filter { children[$0, id] == value } }
        for (part, state) in [("header", expected.headerState), ("footer", expected.footerState)] {
            let nodes = withID(part)
            if nodes.count != 1 {
                issue("layout-\(part)", "\(nodes.count) elements with id=\"\(part)\" in the viewport (expected 1)")
            } else if children[nodes[0], dataState] != state {
                issue("layout-\(part)", "\(part) data-state=\"\(children[nodes[0], dataState] ?? "")\" but the layout's \(part) is \(state)",
                      line: children.lines[nodes[0]])
            }
        }
        for (part, shown) in [("retry", expected.retry), ("toast", expected.toast), ("empty", expected.empty)] {
            let nodes = withID(part)
            if nodes.count != (shown ? 1 : 0) {
                issue("layout-\(part)", shown ? "no element with id=\"\(part)\" in the viewport but the layout shows one"
                                               : "\(nodes.count) elements with id=\"\(part)\" but the layout shows none",
                      line: nodes.first.map { children.lines[$0] } ?? 0)
            }
        }
        return issues
    }

    static func describe(_ indices: [Int]) -> String {
        guard let first = indices.first, let last = indices.last else { return "none" }
        if indices == Array(first...max(first, last)) && first <= last { return "\(first)–\(last)" }
        return indices.map(String.init).joined(separator: ",")
    }
}

extension FrameExpectation {
    /// What a JSON frame (SPEC §6) says the HTML frame beside it shows, or
    /// why the JSON cannot say (a field the check needs is missing).
    public struct Problem: Error, Hashable, Sendable { public var message: String }

    public static func fromJSON(_ frame: JSONValue) -> Result<FrameExpectation, Problem> {
        func failure(_ message: String) -> Result<FrameExpectation, Problem> { .failure(Problem(message: message)) }
        guard case .object(let object) = frame else { return failure("expected a JSON object") }
        guard case .array(let rows)? = object["rows"] else { return failure("missing \"rows\" list") }
        var indices: [Int] = []
        for row in rows {
            guard case .object(let fields) = row, let index = fields["index"]?.intValue else {
                return failure("a row without a whole-number \"index\"")
            }
            indices.append(index)
        }
        guard let header = object["header"]?["state"]?.stringValue else { return failure("missing \"header.state\"") }
        guard let footer = object["footer"]?["state"]?.stringValue else { return failure("missing \"footer.state\"") }
        guard let retry = object["retry"]?["visible"]?.boolValue else { return failure("missing \"retry.visible\"") }
        let toast = object["toast"].map { !$0.isNull } ?? false
        let empty = object["empty"].map { !$0.isNull } ?? false
        return .success(FrameExpectation(rowIndices: indices, headerState: header, footerState: footer,
                                         retry: retry, toast: toast, empty: empty))
    }
}
