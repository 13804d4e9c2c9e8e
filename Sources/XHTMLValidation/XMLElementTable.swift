import CLibXML2

/// Elements found in a document, one row each: the line and a few
/// attributes, what a check that runs on every frame needs. One table, not
/// a value per element, and no text: such a check reads a dozen elements
/// per frame, so what it allocates per element shows.
public struct XMLElementTable: Hashable, Sendable {
    /// The attribute names asked for: the table's columns.
    public let columns: [String]
    /// Each element's source line.
    public private(set) var lines: [Int] = []
    /// Row by row, one value per column (nil where the attribute is absent).
    private var values: [String?] = []

    init(columns: [String]) { self.columns = columns }

    public var count: Int { lines.count }

    /// The value of column `column` (an index into `columns`) for element `row`.
    public subscript(row: Int, column: Int) -> String? { values[row * columns.count + column] }

    mutating func append(line: Int, values row: [String?]) {
        lines.append(line)
        values.append(contentsOf: row)
    }
}

extension XHTMLDocument {
    /// The element children of every XHTML element `local` whose `id` is
    /// `id`, in document order: the same elements as the XPath
    /// `//h:local[@id='id']/*`, found by walking the tree.
    ///
    /// - Parameter attributes: the attributes (in no namespace) to read from each child: the table's columns.
    /// - Complexity: O(nodes in the document).
    public func children(of local: String, withID id: String, attributes: [String]) -> XMLElementTable {
        // Names compared as bytes against libxml2's C strings: no String is made for a node that does not match.
        let localBytes = Array(local.utf8), idBytes = Array(id.utf8), names = attributes.map { Array($0.utf8) }
        return withTree { root in
            var found = XMLElementTable(columns: attributes)
            guard let root else { return found }
            // Depth first, in document order, without recursion.
            var node: xmlNodePtr? = root
            while let current = node {
                if current.pointee.type == XML_ELEMENT_NODE, Self.matches(current.pointee.name, localBytes),
                   Self.attribute(Self.idName, of: current).map({ Self.matches($0, idBytes) }) == true,
                   let ns = current.pointee.ns, Self.matches(ns.pointee.href, Self.xhtmlBytes) {
                    var child = current.pointee.children
                    while let element = child {
                        if element.pointee.type == XML_ELEMENT_NODE {
                            found.append(line: max(0, Int(xmlGetLineNo(element))),
                                         values: names.map { name in Self.attribute(name, of: element).map(Self.string) })
                        }
                        child = element.pointee.next
                    }
                }
                node = nextNode(after: current, in: root)
            }
            return found
        }
    }

    private static let idName = Array("id".utf8)
    private static let xhtmlBytes = Array(xhtmlNamespace.utf8)

    /// Whether a NUL-terminated libxml2 string holds exactly `bytes`.
    private static func matches(_ text: UnsafePointer<xmlChar>?, _ bytes: [UInt8]) -> Bool {
        guard let text else { return false }
        for (index, byte) in bytes.enumerated() where text[index] != byte { return false }
        return text[bytes.count] == 0
    }

    /// The value of an attribute, as libxml2 holds it.
    private enum Value {
        /// A plain value: one text node's content.
        case text(UnsafePointer<xmlChar>)
        /// Anything else, left to libxml2 to put together.
        case nodes(xmlAttrPtr)
    }

    private static func string(_ value: Value) -> String {
        switch value {
        case .text(let text): return xmlString(text) ?? ""
        case .nodes(let attribute):
            return takeXMLString(xmlNodeListGetString(attribute.pointee.doc, attribute.pointee.children, 1)) ?? ""
        }
    }

    private static func matches(_ value: Value, _ bytes: [UInt8]) -> Bool {
        switch value {
        case .text(let text): return matches(text, bytes)
        case .nodes: return string(value) == String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Attribute `name` (in no namespace) of an element.
    private static func attribute(_ name: [UInt8], of node: xmlNodePtr) -> Value? {
        var property = node.pointee.properties
        while let attribute = property {
            if attribute.pointee.ns == nil, matches(attribute.pointee.name, name) {
                if let text = attribute.pointee.children, text.pointee.type == XML_TEXT_NODE, text.pointee.next == nil,
                   let content = text.pointee.content {
                    return .text(content)
                }
                return .nodes(attribute)
            }
            property = attribute.pointee.next
        }
        return nil
    }
}
