import CLibXML2

/// libxml2's one-time global initialisation, run through Swift's thread-safe
/// lazy global initialiser (`swift_once`), so the first callers racing from
/// several threads cannot initialise it twice.
///
/// `xmlRelaxNGInitTypes()` is called here too: `xmlRelaxNGParse` would
/// otherwise initialise the datatype libraries lazily, unguarded, on first use.
private let libxml2Initialized: Bool = {
    xmlInitParser()
    return xmlRelaxNGInitTypes() == 0
}()

/// Call before any libxml2 use. Cheap after the first call.
@inline(__always)
func ensureLibXML2() {
    _ = libxml2Initialized
}

/// Per-call sink for libxml2's structured errors.
///
/// A pointer to it travels through libxml2's per-context `userData` /
/// `_private` fields, so every parse, validation and XPath evaluation collects
/// its own issues and no global handler (`xmlSetStructuredErrorFunc`) is ever
/// installed. An instance is used by one call on one thread only.
final class IssueCollector {
    let file: String
    let rule: String
    let includeColumn: Bool
    let limit: Int
    private(set) var issues: [ValidationIssue] = []
    /// Text libxml2 sent to its generic (per-thread) error channel meanwhile.
    private(set) var genericText = ""
    private var dropped = 0

    init(file: String, rule: String, includeColumn: Bool, limit: Int = 100) {
        self.file = file
        self.rule = rule
        self.includeColumn = includeColumn
        self.limit = limit
    }

    var hasIssues: Bool { !issues.isEmpty || dropped > 0 }

    func add(_ issue: ValidationIssue) {
        if issues.count < limit {
            issues.append(issue)
        } else {
            dropped += 1
        }
    }

    func add(line: Int, column: Int?, rule: String? = nil, message: String) {
        add(ValidationIssue(file: file, line: line, column: column, rule: rule ?? self.rule, message: message))
    }

    /// Records a libxml2 error. Warnings are ignored: only errors and fatal
    /// errors make a document unacceptable.
    func add(_ error: UnsafePointer<xmlError>) {
        let e = error.pointee
        guard e.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        var message: String
        if let text = e.message {
            // One line per issue: libxml2 sometimes adds a second line ("Bytes: 0x…").
            message = String(cString: text).split(whereSeparator: \.isNewline).joined(separator: " ")
            while let last = message.last, last.isWhitespace { message.removeLast() }
        } else if e.domain == Int32(XML_FROM_XPATH.rawValue) {
            // xmlXPathErr (2.9.x) fills in only the code and the offset.
            message = xpathMessage(code: e.code) + " at offset \(e.int1)"
        } else {
            message = "libxml2 error \(e.code)"
        }
        var rule = self.rule
        // For parser errors libxml2 puts the column in int2.
        let column: Int? = includeColumn && e.int2 > 0 ? Int(e.int2) : nil
        if e.domain == Int32(XML_FROM_PARSER.rawValue) {
            switch e.code {
            case Int32(XML_ERR_UNDECLARED_ENTITY.rawValue), Int32(XML_WAR_UNDECLARED_ENTITY.rawValue):
                rule = ValidationIssue.Rule.entity
            case Int32(XML_ERR_INTERNAL_ERROR.rawValue) where message.hasPrefix("Excessive depth"):
                // libxml2's text advises XML_PARSE_HUGE, which we never set.
                rule = ValidationIssue.Rule.xmlLimit
                message = "elements nested deeper than \(ff_xmlParserMaxDepth()) levels"
            default:
                break
            }
        }
        add(line: Int(e.line), column: column, rule: rule, message: message)
    }

    /// Issues in the order found, plus a final note when some were dropped.
    func finish() -> [ValidationIssue] {
        guard dropped > 0 else { return issues }
        return issues + [ValidationIssue(file: file, line: 0, rule: ValidationIssue.Rule.truncated,
                                         message: "\(dropped) more issue(s) not reported")]
    }

    /// Runs `body` with this thread's libxml2 generic error channel pointed at
    /// this collector (`genericText`) instead of stderr, then restores it.
    func capturingGenericErrors<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        var target = ff_generic_error_target(sink: genericErrorSink, context: opaque)
        return try withUnsafeMutablePointer(to: &target) { (pointer) throws(E) -> T in
            let saved = ff_redirect_generic_errors(pointer)
            defer { ff_restore_generic_errors(saved) }
            return try withExtendedLifetime(self) { () throws(E) -> T in try body() }
        }
    }

    fileprivate func appendGeneric(_ text: String) {
        if genericText.utf8.count < 4096 { genericText += text }
    }

    var opaque: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    static func from(_ pointer: UnsafeMutableRawPointer?) -> IssueCollector? {
        pointer.map { Unmanaged<IssueCollector>.fromOpaque($0).takeUnretainedValue() }
    }
}

/// Texts for libxml2's XPath error codes (its own table is not exported).
private func xpathMessage(code: Int32) -> String {
    let messages = [
        "Ok", "Number encoding", "Unfinished literal", "Start of literal",
        "Expected $ for variable reference", "Undefined variable", "Invalid predicate",
        "Invalid expression", "Missing closing curly brace", "Unregistered function",
        "Invalid operand", "Invalid type", "Invalid number of arguments",
        "Invalid context size", "Invalid context position", "Memory allocation error",
        "Syntax error", "Resource error", "Sub resource error",
        "Undefined namespace prefix", "Encoding error", "Char out of XML range",
    ]
    let index = Int(code) - Int(XML_XPATH_EXPRESSION_OK.rawValue)
    return messages.indices.contains(index) ? messages[index] : "XPath error \(code)"
}

/// Structured error handler shared by RelaxNG and XPath contexts, whose
/// `userData` is the collector itself.
let collectorErrorHandler: xmlStructuredErrorFunc = { userData, error in
    guard let collector = IssueCollector.from(userData), let error else { return }
    collector.add(UnsafePointer(error))
}

private let genericErrorSink: ff_text_sink = { context, text in
    guard let collector = IssueCollector.from(context), let text else { return }
    collector.appendGeneric(String(cString: text))
}

/// Copies and frees a libxml2-allocated string.
func takeXMLString(_ pointer: UnsafeMutablePointer<xmlChar>?) -> String? {
    guard let pointer else { return nil }
    defer { ff_xmlFree(pointer) }
    return String(cString: pointer)
}

/// Copies a libxml2-owned string (not freed).
func xmlString(_ pointer: UnsafePointer<xmlChar>?) -> String? {
    pointer.map { String(cString: $0) }
}

/// The node after `node` in document order, within `root`'s subtree.
func nextNode(after node: xmlNodePtr, in root: xmlNodePtr) -> xmlNodePtr? {
    if node.pointee.type == XML_ELEMENT_NODE, let child = node.pointee.children { return child }
    var current = node
    while current != root {
        if let sibling = current.pointee.next { return sibling }
        guard let parent = current.pointee.parent else { return nil }
        current = parent
    }
    return nil
}
