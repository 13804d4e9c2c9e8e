import CLibXML2
import Foundation

/// A RelaxNG schema compiled once and shared for validating many documents,
/// from any number of threads at once.
///
/// Thread safety (checked against libxml2 2.9.14's relaxng.c and by a
/// parallel test): validation only *reads* the compiled `xmlRelaxNG`
/// (definitions, compiled content-model regexps through a fresh
/// `xmlRegExecCtxt` each time, interleave/choice triage hash lookups); all
/// mutable state lives in the `xmlRelaxNGValidCtxt`, and this type makes a new
/// one for every validation. The writes validation does make go to the
/// *document* (`node->psvi`, temporary sibling relinks, `xmlAddID` for
/// `xsd:ID`), which ``XHTMLDocument`` serialises per document. Avoid
/// `xsd:IDREF` in schemas: its final check reports through libxml2's global
/// error channel (stderr) instead of our per-context handler.
public final class RelaxNGSchema: @unchecked Sendable {
    /// The name used as `file` in schema issues.
    public let name: String
    private let schema: xmlRelaxNGPtr

    /// Compiles schema text (RelaxNG XML syntax). The text is parsed with the
    /// same hardened parser as documents (no network, no DTD, no entities) and
    /// must be self-contained: `xmlRelaxNGParse` ignores the parser's hardening
    /// and would fetch an `externalRef` or `include` from anywhere, a URL or
    /// `/etc/passwd` (libxml2 2.9 has only a process-wide loader to stop it), so
    /// a schema holding either, or a DOCTYPE, is refused before libxml2's RelaxNG
    /// parser ever sees it.
    ///
    /// - Throws: ``ValidationFailure`` with `xml-syntax`, `doctype` or `relaxng-schema` issues.
    public init(text: String, name: String) throws(ValidationFailure) {
        ensureLibXML2()
        var text = text
        let (parsed, parseIssues) = text.withUTF8 {
            HardenedParser.parse(UnsafeRawBufferPointer($0), file: name, limits: ParseLimits(maxBytes: Int(Int32.max)))
        }
        guard let source = parsed, parseIssues.isEmpty else {
            if let parsed { xmlFreeDoc(parsed) }
            throw ValidationFailure(issues: parseIssues)
        }
        defer { xmlFreeDoc(source) }
        let references = Self.outsideReferences(source, file: name, text: text)
        guard references.isEmpty else { throw ValidationFailure(issues: references) }

        let collector = IssueCollector(file: name, rule: ValidationIssue.Rule.relaxngSchema, includeColumn: false)
        // xmlRelaxNGNewDocParserCtxt copies the document, so `source` stays ours.
        guard let parserContext = xmlRelaxNGNewDocParserCtxt(source) else {
            throw ValidationFailure(issues: [ValidationIssue(file: name, line: 0, rule: ValidationIssue.Rule.relaxngSchema,
                                                             message: "could not create a RelaxNG parser context")])
        }
        defer { xmlRelaxNGFreeParserCtxt(parserContext) }
        xmlRelaxNGSetParserStructuredErrors(parserContext, collectorErrorHandler, collector.opaque)
        let compiled = collector.capturingGenericErrors { xmlRelaxNGParse(parserContext) }
        guard let compiled else {
            var issues = collector.finish()
            if issues.isEmpty {
                issues = [ValidationIssue(file: name, line: 0, rule: ValidationIssue.Rule.relaxngSchema,
                                          message: "schema does not compile")]
            }
            throw ValidationFailure(issues: issues)
        }
        self.schema = compiled
        self.name = name
    }

    deinit {
        xmlRelaxNGFree(schema)
    }

    /// RelaxNG elements that make the schema parser read another file or URL.
    static let referencingElements: Set<String> = ["externalRef", "include"]

    /// A DOCTYPE, and every element that would make libxml2's RelaxNG parser
    /// read something outside this text (in any namespace: a prefix cannot hide one).
    /// - Complexity: O(nodes).
    static func outsideReferences(_ doc: xmlDocPtr, file: String, text: String) -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        if xmlGetIntSubset(doc) != nil {
            // libxml2 keeps no line for a DTD node: the line of the text's first "<!DOCTYPE".
            let before = text.range(of: "<!DOCTYPE").map { text[..<$0.lowerBound] } ?? ""
            let line = before.utf8.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            issues.append(ValidationIssue(file: file, line: line, rule: ValidationIssue.Rule.doctype,
                                          message: "a DOCTYPE is not allowed in a RelaxNG schema"))
        }
        guard let root = xmlDocGetRootElement(doc) else { return issues }
        var node: xmlNodePtr? = root
        while let current = node {
            if current.pointee.type == XML_ELEMENT_NODE, let name = xmlString(current.pointee.name),
               referencingElements.contains(name) {
                let href = takeXMLString(xmlGetProp(current, "href")) ?? ""
                issues.append(ValidationIssue(file: file, line: max(0, Int(xmlGetLineNo(current))), rule: ValidationIssue.Rule.relaxngSchema,
                                              message: "<\(name) href=\"\(href.prefix(80))\"> is not allowed: the schema must be self-contained "
                                                       + "(it is never loaded; put the definitions in this file)"))
            }
            node = nextNode(after: current, in: root)
        }
        return issues
    }


    /// Validates a document; same as `document.validate(against: self)`.
    public func validate(_ document: XHTMLDocument) -> [ValidationIssue] {
        document.validate(against: self)
    }

    /// Validates with a fresh validation context and per-context error
    /// handler. The caller guarantees exclusive access to `doc`.
    func validate(_ doc: xmlDocPtr, file: String) -> [ValidationIssue] {
        let collector = IssueCollector(file: file, rule: ValidationIssue.Rule.relaxng, includeColumn: false)
        guard let context = xmlRelaxNGNewValidCtxt(schema) else {
            return [ValidationIssue(file: file, line: 0, rule: ValidationIssue.Rule.relaxng,
                                    message: "could not create a RelaxNG validation context")]
        }
        defer { xmlRelaxNGFreeValidCtxt(context) }
        xmlRelaxNGSetValidStructuredErrors(context, collectorErrorHandler, collector.opaque)
        let result = collector.capturingGenericErrors { xmlRelaxNGValidateDoc(context, doc) }
        var issues = collector.finish()
        if result != 0 && issues.isEmpty {
            issues.append(ValidationIssue(file: file, line: 0, rule: ValidationIssue.Rule.relaxng,
                                          message: result < 0 ? "internal RelaxNG validation error"
                                                              : "document does not match schema \(name)"))
        }
        return issues
    }
}

/// Parses and validates in one call.
///
/// Returns the document when it is well-formed, acceptable and so could be
/// validated (it may still have RelaxNG issues), or nil when parsing failed;
/// `issues` holds the parse issues or the RelaxNG issues.
///
/// - Complexity: O(n) in the input size for typical schemas.
public func validateXHTML(_ bytes: [UInt8], file: String, schema: RelaxNGSchema,
                          limits: ParseLimits = .default) -> (document: XHTMLDocument?, issues: [ValidationIssue]) {
    validated(schema) { () throws(ValidationFailure) in try XHTMLDocument.parse(bytes, file: file, limits: limits) }
}

/// Same as the `[UInt8]` overload.
public func validateXHTML(_ data: Data, file: String, schema: RelaxNGSchema,
                          limits: ParseLimits = .default) -> (document: XHTMLDocument?, issues: [ValidationIssue]) {
    validated(schema) { () throws(ValidationFailure) in try XHTMLDocument.parse(data, file: file, limits: limits) }
}

/// Same as the `[UInt8]` overload.
public func validateXHTML(_ text: String, file: String, schema: RelaxNGSchema,
                          limits: ParseLimits = .default) -> (document: XHTMLDocument?, issues: [ValidationIssue]) {
    validated(schema) { () throws(ValidationFailure) in try XHTMLDocument.parse(text, file: file, limits: limits) }
}

/// The document `parse` gives, validated; or, when it could not be parsed, its parse issues.
private func validated(_ schema: RelaxNGSchema, _ parse: () throws(ValidationFailure) -> XHTMLDocument)
    -> (document: XHTMLDocument?, issues: [ValidationIssue]) {
    do {
        let document = try parse()
        return (document, document.validate(against: schema))
    } catch {
        return (nil, error.issues)
    }
}
