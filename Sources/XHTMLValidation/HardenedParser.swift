import CLibXML2

/// Limits applied before and during parsing.
public struct ParseLimits: Hashable, Sendable {
    /// Inputs larger than this are rejected without being parsed (rule `size-limit`).
    public var maxBytes: Int
    /// At most this many issues are reported per document; the rest are counted.
    public var maxIssues: Int

    public init(maxBytes: Int = 8 << 20, maxIssues: Int = 100) {
        self.maxBytes = maxBytes
        self.maxIssues = maxIssues
    }

    /// 8 MiB, 100 issues.
    public static let `default` = ParseLimits()
}

/// The one place where libxml2 parses bytes.
///
/// Hardening, and why:
/// - `XML_PARSE_NONET`: no network access, whatever a DOCTYPE or entity names.
/// - never `XML_PARSE_NOENT`: entities are not substituted.
/// - never `XML_PARSE_DTDLOAD` / `DTDATTR` / `DTDVALID`: no external DTD is
///   loaded and no DTD defaults are added.
/// - never `XML_PARSE_HUGE`: libxml2's built-in limits stay on (nesting depth
///   256, text node and name sizes).
/// - `XML_PARSE_BIG_LINES`: line numbers above 65535 stay right.
/// - Per-context SAX hooks: entity declarations are *not declared* at all
///   (reported as rule `entity`), so a `&x;` can never reach a file or URL;
///   `resolveEntity` always refuses and `externalSubset` does nothing.
///   Element / attribute-list / notation declarations are reported as rule
///   `doctype` (a frame has none) and otherwise handled by libxml2's defaults,
///   and so is a DOCTYPE naming an external DTD (`PUBLIC` or `SYSTEM`): it is
///   never loaded, but a frame or template that asks for one is refused.
/// - Errors go to a per-context structured handler whose collector lives in
///   the context's `_private`; nothing global is touched, so parses on many
///   threads at once are independent.
enum HardenedParser {
    static let options: Int32 = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue)

    /// Parses `buffer`. Returns the document libxml2 built (nil when the input is
    /// not well-formed) and every issue found, including policy issues that do
    /// not stop libxml2 from building a tree.
    ///
    /// - Complexity: O(n) in the input size.
    static func parse(_ buffer: UnsafeRawBufferPointer, file: String,
                      limits: ParseLimits) -> (doc: xmlDocPtr?, issues: [ValidationIssue]) {
        ensureLibXML2()
        let collector = IssueCollector(file: file, rule: ValidationIssue.Rule.xmlSyntax,
                                       includeColumn: true, limit: max(1, limits.maxIssues))
        if buffer.count > limits.maxBytes {
            collector.add(line: 0, column: nil, rule: ValidationIssue.Rule.sizeLimit,
                          message: "document is \(buffer.count) bytes, more than the limit of \(limits.maxBytes)")
            return (nil, collector.finish())
        }
        guard buffer.count > 0, let base = buffer.baseAddress, buffer.count <= Int(Int32.max) else {
            collector.add(line: 1, column: 1, message: "Document is empty")
            return (nil, collector.finish())
        }
        guard let ctxt = xmlNewParserCtxt() else {
            collector.add(line: 0, column: nil, message: "could not create a parser context (out of memory)")
            return (nil, collector.finish())
        }
        defer { xmlFreeParserCtxt(ctxt) }

        ctxt.pointee._private = collector.opaque
        if let sax = ctxt.pointee.sax {
            sax.pointee.serror = parserErrorHandler
            sax.pointee.resolveEntity = refuseResolveEntity
            sax.pointee.externalSubset = ignoreExternalSubset
            sax.pointee.internalSubset = reportExternalDTD
            sax.pointee.entityDecl = rejectEntityDecl
            sax.pointee.unparsedEntityDecl = rejectUnparsedEntityDecl
            sax.pointee.elementDecl = reportElementDecl
            sax.pointee.attributeDecl = reportAttributeDecl
            sax.pointee.notationDecl = reportNotationDecl
        }

        let doc = collector.capturingGenericErrors {
            xmlCtxtReadMemory(ctxt, base.assumingMemoryBound(to: CChar.self), Int32(buffer.count),
                              file, nil, options)
        }
        ctxt.pointee._private = nil
        if doc == nil && !collector.hasIssues {
            collector.add(line: 0, column: nil, message: "document could not be parsed")
        }
        return (doc, collector.finish())
    }

    /// The collector of a parser context; `ctx` is the context itself
    /// (libxml2 sets `ctxt->userData = ctxt`).
    static func collector(_ ctx: UnsafeMutableRawPointer?) -> (xmlParserCtxtPtr, IssueCollector)? {
        guard let ctxt = ctx?.assumingMemoryBound(to: xmlParserCtxt.self),
              let collector = IssueCollector.from(ctxt.pointee._private) else { return nil }
        return (ctxt, collector)
    }

    /// Records a policy issue at the parser's current position.
    static func report(_ ctx: UnsafeMutableRawPointer?, rule: String, _ message: String) {
        guard let (ctxt, collector) = collector(ctx) else { return }
        let input = ctxt.pointee.input?.pointee
        let line = Int(input?.line ?? 0)
        let column = Int(input?.col ?? 0)
        collector.add(line: line, column: column > 0 ? column : nil, rule: rule, message: message)
    }
}

private let parserErrorHandler: xmlStructuredErrorFunc = { ctx, error in
    guard let (_, collector) = HardenedParser.collector(ctx), let error else { return }
    collector.add(UnsafePointer(error))
}

private let refuseResolveEntity: resolveEntitySAXFunc = { _, _, _ in nil }

private let ignoreExternalSubset: externalSubsetSAXFunc = { _, _, _, _ in }

private let reportExternalDTD: internalSubsetSAXFunc = { ctx, name, externalID, systemID in
    // HTML5's own legacy doctype (`SYSTEM "about:legacy-compat"`) names no DTD.
    let system = xmlString(systemID)
    if let named = (system == "about:legacy-compat" ? nil : system) ?? xmlString(externalID) {
        HardenedParser.report(ctx, rule: ValidationIssue.Rule.doctype,
                              "DOCTYPE \(xmlString(name) ?? "?") names an external DTD (\"\(named)\"), which is not allowed (it is never loaded)")
    }
    xmlSAX2InternalSubset(ctx, name, externalID, systemID)
}

private let rejectEntityDecl: entityDeclSAXFunc = { ctx, name, type, _, systemId, _ in
    let entity = xmlString(name) ?? "?"
    let parameter = type == Int32(XML_INTERNAL_PARAMETER_ENTITY.rawValue)
        || type == Int32(XML_EXTERNAL_PARAMETER_ENTITY.rawValue)
    var message = "entity declaration '\(parameter ? "%" : "")\(entity)' is not allowed"
    if let system = xmlString(systemId) {
        message += " (SYSTEM \"\(system)\" is never loaded)"
    }
    HardenedParser.report(ctx, rule: ValidationIssue.Rule.entity, message)
}

private let rejectUnparsedEntityDecl: unparsedEntityDeclSAXFunc = { ctx, name, _, _, _ in
    HardenedParser.report(ctx, rule: ValidationIssue.Rule.entity,
                          "unparsed entity declaration '\(xmlString(name) ?? "?")' is not allowed")
}

private let reportElementDecl: elementDeclSAXFunc = { ctx, name, type, content in
    HardenedParser.report(ctx, rule: ValidationIssue.Rule.doctype,
                          "element declaration '\(xmlString(name) ?? "?")' in the DOCTYPE is not allowed")
    xmlSAX2ElementDecl(ctx, name, type, content)
}

private let reportAttributeDecl: attributeDeclSAXFunc = { ctx, elem, fullname, type, def, defaultValue, tree in
    HardenedParser.report(ctx, rule: ValidationIssue.Rule.doctype,
                          "attribute declaration '\(xmlString(fullname) ?? "?")' in the DOCTYPE is not allowed")
    // xmlSAX2AttributeDecl takes ownership of `tree`.
    xmlSAX2AttributeDecl(ctx, elem, fullname, type, def, defaultValue, tree)
}

private let reportNotationDecl: notationDeclSAXFunc = { ctx, name, publicId, systemId in
    HardenedParser.report(ctx, rule: ValidationIssue.Rule.doctype,
                          "notation declaration '\(xmlString(name) ?? "?")' in the DOCTYPE is not allowed")
    xmlSAX2NotationDecl(ctx, name, publicId, systemId)
}
