import CLibXML2

/// An element's line and a few of its attributes: what a check that runs on
/// every frame needs, without the text and full attribute lists of
/// `XMLNodeInfo`.
public struct XMLElementSummary: Hashable, Sendable {
    /// The local name (`div`).
    public var name: String
    public var line: Int
    /// The attribute names asked for, and their values (nil where absent).
    public var names: [String]
    public var values: [String?]

    /// The value of attribute `name`, if it was asked for and is present.
    public subscript(name: String) -> String? {
        names.firstIndex(of: name).flatMap { values[$0] }
    }
}

extension XHTMLDocument {
    /// The element children of every XHTML element `local` whose `id` is
    /// `id`, in document order: the same elements as the XPath
    /// `//h:local[@id='id']/*`, found by walking the tree.
    ///
    /// - Parameter attributes: the attributes (in no namespace) to read from each child.
    /// - Complexity: O(nodes in the document).
    public func children(of local: String, withID id: String, attributes: [String]) -> [XMLElementSummary] {
        withTree { root in
            var found: [XMLElementSummary] = []
            guard let root else { return found }
            // Depth first, in document order, without recursion.
            var node: xmlNodePtr? = root
            while let current = node {
                if current.pointee.type == XML_ELEMENT_NODE, Self.isXHTML(current, local),
                   Self.attribute("id", of: current) == id {
                    var child = current.pointee.children
                    while let element = child {
                        if element.pointee.type == XML_ELEMENT_NODE {
                            found.append(XMLElementSummary(
                                name: xmlString(element.pointee.name) ?? "", line: max(0, Int(xmlGetLineNo(element))),
                                names: attributes, values: attributes.map { Self.attribute($0, of: element) }))
                        }
                        child = element.pointee.next
                    }
                }
                node = Self.next(after: current, in: root)
            }
            return found
        }
    }

    /// The node after `node` in document order, within `root`'s subtree.
    private static func next(after node: xmlNodePtr, in root: xmlNodePtr) -> xmlNodePtr? {
        if node.pointee.type == XML_ELEMENT_NODE, let child = node.pointee.children { return child }
        var current = node
        while current != root {
            if let sibling = current.pointee.next { return sibling }
            guard let parent = current.pointee.parent else { return nil }
            current = parent
        }
        return nil
    }

    private static func isXHTML(_ node: xmlNodePtr, _ local: String) -> Bool {
        guard let ns = node.pointee.ns, xmlString(ns.pointee.href) == xhtmlNamespace else { return false }
        return xmlString(node.pointee.name) == local
    }

    /// The value of attribute `name` (in no namespace) of an element.
    private static func attribute(_ name: String, of node: xmlNodePtr) -> String? {
        var property = node.pointee.properties
        while let attribute = property {
            if attribute.pointee.ns == nil, xmlString(attribute.pointee.name) == name {
                // A plain value is one text node; anything else goes through libxml2.
                if let text = attribute.pointee.children, text.pointee.type == XML_TEXT_NODE, text.pointee.next == nil {
                    return xmlString(text.pointee.content) ?? ""
                }
                return takeXMLString(xmlNodeListGetString(node.pointee.doc, attribute.pointee.children, 1)) ?? ""
            }
            property = attribute.pointee.next
        }
        return nil
    }
}
