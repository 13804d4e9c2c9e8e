import CLibXML2
import Foundation

/// A parsed, well-formed XHTML (XML) document that owns its libxml2 tree.
///
/// Created only through the hardened parser (`XHTMLDocument.parse`)
/// and freed in `deinit`.
///
/// Thread safety: different documents can be used from different threads at
/// once without any locking (every call builds its own libxml2 contexts). One
/// document may also be shared: calls on the *same* document are serialised
/// by a lock, because libxml2 writes into the tree while validating (RelaxNG
/// stores state in `node->psvi` and temporarily relinks sibling pointers for
/// `<interleave>`), so even a concurrent XPath read would race with it.
public final class XHTMLDocument: @unchecked Sendable {
    /// The XHTML namespace, bound to the prefix `h` in every XPath query.
    public static let xhtmlNamespace = "http://www.w3.org/1999/xhtml"

    /// The file name given at parse time; used in every issue.
    public let file: String
    private let doc: xmlDocPtr
    private let lock = NSLock()

    private init(doc: xmlDocPtr, file: String) {
        self.doc = doc
        self.file = file
    }

    deinit {
        xmlFreeDoc(doc)
    }

    // MARK: Parsing

    /// Parses bytes into a document, rejecting anything that is not a clean,
    /// well-formed frame: syntax errors, invalid UTF-8, namespace errors, too
    /// deep nesting, inputs over `limits.maxBytes`, entity declarations or
    /// references to undeclared entities, and DTD declarations. A plain
    /// `<!DOCTYPE html>` (with or without public/system ids, which are never
    /// fetched) is fine.
    ///
    /// - Throws: ``ValidationFailure`` listing every issue (line and column).
    /// - Complexity: O(n) in the input size.
    public static func parse(_ bytes: [UInt8], file: String,
                             limits: ParseLimits = .default) throws(ValidationFailure) -> XHTMLDocument {
        let (document, issues) = bytes.withUnsafeBytes { parseKeepingDocument($0, file: file, limits: limits) }
        return try accept(document, issues)
    }

    /// Same as the `[UInt8]` overload.
    public static func parse(_ data: Data, file: String,
                             limits: ParseLimits = .default) throws(ValidationFailure) -> XHTMLDocument {
        let (document, issues) = data.withUnsafeBytes { parseKeepingDocument($0, file: file, limits: limits) }
        return try accept(document, issues)
    }

    /// Same as the `[UInt8]` overload. The string is parsed as UTF-8.
    public static func parse(_ text: String, file: String,
                             limits: ParseLimits = .default) throws(ValidationFailure) -> XHTMLDocument {
        var text = text
        let (document, issues) = text.withUTF8 { parseKeepingDocument(UnsafeRawBufferPointer($0), file: file, limits: limits) }
        return try accept(document, issues)
    }

    private static func accept(_ document: XHTMLDocument?,
                               _ issues: [ValidationIssue]) throws(ValidationFailure) -> XHTMLDocument {
        guard let document, issues.isEmpty else { throw ValidationFailure(issues: issues) }
        return document
    }

    /// Like `parse`, but also returns the tree when libxml2 could build one
    /// despite policy issues (e.g. an entity declaration). Internal: used by
    /// tests to inspect what such a tree contains.
    static func parseKeepingDocument(_ buffer: UnsafeRawBufferPointer, file: String,
                                     limits: ParseLimits) -> (XHTMLDocument?, [ValidationIssue]) {
        let (doc, issues) = HardenedParser.parse(buffer, file: file, limits: limits)
        return (doc.map { XHTMLDocument(doc: $0, file: file) }, issues)
    }

    // MARK: RelaxNG

    /// Validates against a compiled schema. Returns no issues when valid.
    ///
    /// Issues have rule `relaxng`, the line of the offending element and no
    /// column (RelaxNG reports none: put elements on lines of their own).
    ///
    /// - Complexity: usually O(n) in the number of nodes; choice/interleave
    ///   patterns can backtrack.
    public func validate(against schema: RelaxNGSchema) -> [ValidationIssue] {
        locked { schema.validate(doc, file: file) }
    }

    // MARK: XPath

    /// Evaluates an XPath 1.0 expression and returns the nodes it selects, in
    /// document order. The prefix `h` is bound to the XHTML namespace
    /// (`//h:div`; a bare `//div` matches only elements in no namespace);
    /// `namespaces` adds more prefix bindings.
    ///
    /// - Throws: a ``ValidationIssue`` with rule `xpath` when the expression is
    ///   invalid or does not yield a node-set.
    /// - Complexity: that of the expression; copying the result is O(k · size
    ///   of each node's text).
    public func nodes(_ xpath: String, namespaces: [String: String] = [:]) throws(ValidationIssue) -> [XMLNodeInfo] {
        try locked { () throws(ValidationIssue) -> [XMLNodeInfo] in
            try evaluate(xpath, namespaces: namespaces) { (object) throws(ValidationIssue) -> [XMLNodeInfo] in
                guard object.pointee.type == XPATH_NODESET else {
                    throw xpathIssue(xpath, "expression does not yield a node-set")
                }
                guard let set = object.pointee.nodesetval, set.pointee.nodeNr > 0,
                      let tab = set.pointee.nodeTab else { return [] }
                return (0..<Int(set.pointee.nodeNr)).compactMap { tab[$0].map(XMLNodeInfo.init(node:)) }
            }
        }
    }

    /// The number of nodes a node-set expression selects, or the value of a
    /// numeric expression such as `count(//h:div)`.
    ///
    /// - Throws: a ``ValidationIssue`` with rule `xpath`.
    public func count(_ xpath: String, namespaces: [String: String] = [:]) throws(ValidationIssue) -> Int {
        try locked { () throws(ValidationIssue) -> Int in
            try evaluate(xpath, namespaces: namespaces) { (object) throws(ValidationIssue) -> Int in
                switch object.pointee.type {
                case XPATH_NODESET:
                    return Int(object.pointee.nodesetval?.pointee.nodeNr ?? 0)
                case XPATH_NUMBER where object.pointee.floatval.isFinite:
                    return Int(object.pointee.floatval)
                default:
                    throw xpathIssue(xpath, "expression yields neither a node-set nor a finite number")
                }
            }
        }
    }

    /// The XPath string value of the result: for a node-set, the text of its
    /// first node ("" when empty); otherwise the converted value.
    ///
    /// - Throws: a ``ValidationIssue`` with rule `xpath`.
    public func string(_ xpath: String, namespaces: [String: String] = [:]) throws(ValidationIssue) -> String {
        try locked { () throws(ValidationIssue) -> String in
            try evaluate(xpath, namespaces: namespaces) { object in
                takeXMLString(xmlXPathCastToString(object)) ?? ""
            }
        }
    }

    /// Runs one expression in a fresh XPath context whose errors go to a
    /// collector through the context's own `error` / `userData` (no global
    /// handler). Must be called with `lock` held.
    private func evaluate<T>(_ xpath: String, namespaces: [String: String],
                             _ body: (xmlXPathObjectPtr) throws(ValidationIssue) -> T) throws(ValidationIssue) -> T {
        ensureLibXML2()
        guard let context = xmlXPathNewContext(doc) else {
            throw xpathIssue(xpath, "could not create an XPath context (out of memory)")
        }
        defer { xmlXPathFreeContext(context) }
        let collector = IssueCollector(file: file, rule: ValidationIssue.Rule.xpath, includeColumn: false, limit: 10)
        context.pointee.error = collectorErrorHandler
        context.pointee.userData = collector.opaque

        xmlXPathRegisterNs(context, "h", XHTMLDocument.xhtmlNamespace)
        for (prefix, uri) in namespaces {
            if xmlXPathRegisterNs(context, prefix, uri) != 0 {
                throw xpathIssue(xpath, "cannot bind namespace prefix '\(prefix)'")
            }
        }
        let object = collector.capturingGenericErrors { xmlXPathEvalExpression(xpath, context) }
        defer { xmlXPathFreeObject(object) }
        if let first = collector.issues.first {
            // libxml2 names e.g. the unknown function only on its generic channel.
            let detail = collector.genericText.split(whereSeparator: \.isNewline).joined(separator: "; ")
            throw xpathIssue(xpath, detail.isEmpty ? first.message : "\(first.message) (\(detail))")
        }
        guard let object else {
            throw xpathIssue(xpath, "evaluation failed")
        }
        return try body(object)
    }

    /// Runs `body` holding the per-document lock (NSLock.withLock is not typed-throws).
    /// Runs `body` on the root element (nil for an empty tree), under the document's lock.
    func withTree<T>(_ body: (xmlNodePtr?) -> T) -> T {
        locked { body(xmlDocGetRootElement(doc)) }
    }

    private func locked<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    private func xpathIssue(_ xpath: String, _ message: String) -> ValidationIssue {
        ValidationIssue(file: file, line: 0, rule: ValidationIssue.Rule.xpath,
                        message: "\(message) in XPath '\(xpath)'")
    }
}

/// One attribute, as written (`prefix:name` when namespaced).
public struct XMLAttribute: Hashable, Sendable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// A copy of what a query selected; independent of the document's lifetime.
public struct XMLNodeInfo: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case element, attribute, text, cdata, comment, processingInstruction, namespace, document, other
    }

    public var kind: Kind
    /// Qualified name as written (`div`, `xml:lang`); `#text`, `#comment`, … for
    /// other node kinds; the prefix for a namespace node.
    public var name: String
    /// Namespace URI of an element or attribute, if any.
    public var namespaceURI: String?
    /// Source line (of the owning element for attributes), 0 if unknown.
    public var line: Int
    /// Attributes of an element by qualified name (empty for other kinds).
    public var attributes: [String: String]
    /// The same attributes in document order.
    public var orderedAttributes: [XMLAttribute]
    /// XPath string value: all descendant text for an element, the value of
    /// an attribute or text node.
    public var text: String

    public init(kind: Kind, name: String, namespaceURI: String? = nil, line: Int,
                orderedAttributes: [XMLAttribute] = [], text: String) {
        self.kind = kind
        self.name = name
        self.namespaceURI = namespaceURI
        self.line = line
        self.orderedAttributes = orderedAttributes
        self.attributes = Dictionary(orderedAttributes.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        self.text = text
    }

    init(node: xmlNodePtr) {
        let type = node.pointee.type
        if type == XML_NAMESPACE_DECL {
            // In an XPath result a namespace node is an xmlNs (a different
            // struct) whose `next` points to the owning element.
            let ns = UnsafeMutableRawPointer(node).assumingMemoryBound(to: xmlNs.self)
            var line = 0
            if let owner = ns.pointee.next.map({ UnsafeMutableRawPointer($0).assumingMemoryBound(to: xmlNode.self) }),
               owner.pointee.type == XML_ELEMENT_NODE {
                line = Int(xmlGetLineNo(owner))
            }
            self.init(kind: .namespace, name: xmlString(ns.pointee.prefix) ?? "", line: line,
                      text: xmlString(ns.pointee.href) ?? "")
            return
        }
        let kind: Kind
        var name = xmlString(node.pointee.name) ?? ""
        switch type {
        case XML_ELEMENT_NODE: kind = .element
        case XML_ATTRIBUTE_NODE: kind = .attribute
        case XML_TEXT_NODE: kind = .text; name = "#text"
        case XML_CDATA_SECTION_NODE: kind = .cdata; name = "#cdata-section"
        case XML_COMMENT_NODE: kind = .comment; name = "#comment"
        case XML_PI_NODE: kind = .processingInstruction
        case XML_DOCUMENT_NODE, XML_HTML_DOCUMENT_NODE: kind = .document; name = "#document"
        default: kind = .other
        }
        var namespaceURI: String?
        if kind == .element || kind == .attribute, let ns = node.pointee.ns {
            namespaceURI = xmlString(ns.pointee.href)
            if let prefix = xmlString(ns.pointee.prefix) { name = prefix + ":" + name }
        }
        var attributes: [XMLAttribute] = []
        if kind == .element {
            var attr = node.pointee.properties
            while let a = attr {
                var attrName = xmlString(a.pointee.name) ?? ""
                if let prefix = a.pointee.ns.flatMap({ xmlString($0.pointee.prefix) }) {
                    attrName = prefix + ":" + attrName
                }
                let value = takeXMLString(xmlNodeListGetString(node.pointee.doc, a.pointee.children, 1)) ?? ""
                attributes.append(XMLAttribute(name: attrName, value: value))
                attr = a.pointee.next
            }
        }
        let line = kind == .document ? 0 : max(0, Int(xmlGetLineNo(node)))
        self.init(kind: kind, name: name, namespaceURI: namespaceURI, line: line,
                  orderedAttributes: attributes, text: takeXMLString(xmlXPathCastNodeToString(node)) ?? "")
    }
}
