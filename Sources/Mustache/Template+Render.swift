extension Template {
    /// Renders the template with `value` as the root context.
    ///
    /// Partial tags are looked up in `library`; without one (or when the
    /// library lacks the name) they render as the empty string, as the spec
    /// requires.
    ///
    /// - Throws: `TemplateError` of kind `.renderTooDeep` when sections and
    ///   partials nest deeper than `Template.maximumRenderDepth`, or
    ///   `.outputTooLarge` past `Template.maximumOutputBytes`.
    /// - Complexity: O(*t* + *o*) for the template nodes visited *t* (each
    ///   section body once per list item) and output length *o*; each name
    ///   lookup walks the context stack (one dictionary lookup per level).
    public func render(_ value: TemplateValue, library: TemplateLibrary? = nil) throws(TemplateError) -> String {
        String(decoding: try renderUTF8(value, library: library), as: UTF8.self)
    }

    /// `render(_:library:)` as UTF-8 bytes, for output that goes to a file:
    /// no `String` is built, and the bytes are not checked again (every
    /// piece the renderer copies comes from a `String`, so they are valid
    /// UTF-8 already).
    public func renderUTF8(_ value: TemplateValue, library: TemplateLibrary? = nil) throws(TemplateError) -> [UInt8] {
        var renderer = Renderer(capacity: max(1024, sourceByteCount * 4), library: library, root: value)
        try renderer.render(nodes, templateName: name, indent: [])
        return renderer.output.bytes
    }

    /// `renderUTF8(_:library:)`, also saying which template and line each piece of
    /// the output came from, so a problem found in the output (a validation error
    /// at some line) can be reported against the template that wrote it.
    public func renderTraced(_ value: TemplateValue, library: TemplateLibrary? = nil) throws(TemplateError) -> TracedOutput {
        var renderer = Renderer(capacity: max(1024, sourceByteCount * 4), library: library, root: value)
        renderer.trace = []
        try renderer.render(nodes, templateName: name, indent: [])
        return TracedOutput(bytes: renderer.output.bytes, origins: renderer.trace ?? [])
    }
}

/// Walks a node tree, appending to one byte buffer.
///
/// The walk is a loop over an explicit stack of frames, not recursion, so
/// no nesting of sections and partials can overflow the thread's stack
/// (debug builds spend kilobytes of stack per recursive call).
/// `Template.maximumRenderDepth` only stops partials that include
/// themselves without end.
struct Renderer {
    var output: RenderBuffer
    let library: TemplateLibrary?
    /// Innermost context last.
    var contextStack: [TemplateValue]
    /// Where each piece of output came from, when asked for (`renderTraced`).
    var trace: [TemplateOrigin]?

    /// Where an enclosing node list resumes once the inner one is done.
    struct Frame {
        var nodes: [Node]
        var index: Int
        var templateName: String
        var indent: [UInt8]
        var items: [TemplateValue]
        var itemIndex: Int
        var pushedContext: Bool
        var openedAt: SourceLocation
    }

    init(capacity: Int, library: TemplateLibrary?, root: TemplateValue) {
        self.output = RenderBuffer(capacity: capacity)
        self.library = library
        self.contextStack = [root]
        self.contextStack.reserveCapacity(16)
    }

    /// - Parameter indent: written at each `.lineStart`: the accumulated
    ///   indentation of the standalone partial tags that led here.
    mutating func render(_ rootNodes: [Node], templateName rootName: String, indent rootIndent: [UInt8]) throws(TemplateError) {
        // The current frame lives in locals; enclosing frames wait in `saved`.
        var nodes = rootNodes
        var index = 0
        var templateName = rootName
        var indent = rootIndent
        var items: [TemplateValue] = []  // the list a section iterates, if any
        var itemIndex = 0
        var pushedContext = false
        var openedAt = SourceLocation.none  // the tag that opened this frame
        var saved: [Frame] = []

        func enter(_ children: [Node], name: String, indent newIndent: [UInt8], items newItems: [TemplateValue],
                   pushing context: TemplateValue?, at location: SourceLocation) throws(TemplateError) {
            guard saved.count < Template.maximumRenderDepth else {
                throw TemplateError(.renderTooDeep, templateName, location,
                                    "rendering nested more than \(Template.maximumRenderDepth) sections and partials deep (a partial that includes itself without end?)")
            }
            try checkOutputSize(templateName, location)
            saved.append(Frame(nodes: nodes, index: index, templateName: templateName, indent: indent,
                               items: items, itemIndex: itemIndex, pushedContext: pushedContext,
                               openedAt: openedAt))
            nodes = children
            index = 0
            templateName = name
            indent = newIndent
            items = newItems
            itemIndex = 0
            pushedContext = context != nil
            openedAt = location
            if let context { contextStack.append(context) }
        }

        while true {
            guard index < nodes.count else {
                // End of a node list: next list item, or back to the enclosing frame.
                if itemIndex + 1 < items.count {
                    try checkOutputSize(templateName, openedAt)
                    itemIndex += 1
                    contextStack[contextStack.count - 1] = items[itemIndex]
                    index = 0
                    continue
                }
                if pushedContext { contextStack.removeLast() }
                guard let frame = saved.popLast() else { return }
                nodes = frame.nodes
                index = frame.index
                templateName = frame.templateName
                indent = frame.indent
                items = frame.items
                itemIndex = frame.itemIndex
                pushedContext = frame.pushedContext
                openedAt = frame.openedAt
                continue
            }
            let current = index
            index += 1

            switch nodes[current] {
            case .text(let text, let line):
                if trace != nil { trace?.append(TemplateOrigin(offset: output.bytes.count, template: templateName, line: line)) }
                output.append(text)

            case .lineStart:
                if !indent.isEmpty { output.append(indent) }

            case .variable(let name, let escaped, let line):
                if trace != nil { trace?.append(TemplateOrigin(offset: output.bytes.count, template: templateName, line: line)) }
                append(lookUp(name), escaped: escaped)

            case .section(let name, let children, let inverted, let location):
                let value = lookUp(name)
                if inverted {
                    if !value.isTruthy {
                        try enter(children, name: templateName, indent: indent, items: [], pushing: nil, at: location)
                    }
                } else if value.isTruthy {
                    if case .list(let list) = value {
                        try enter(children, name: templateName, indent: indent, items: list, pushing: list[0], at: location)
                    } else {
                        try enter(children, name: templateName, indent: indent, items: [], pushing: value, at: location)
                    }
                }

            case .partial(let partialName, let ownIndent, let location):
                guard let partial = library?.templates[partialName] else { continue }
                // An inline partial is not indented; a standalone one adds
                // its own indentation to the one it is nested in.
                let partialIndent: [UInt8]
                if let ownIndent {
                    partialIndent = indent.isEmpty ? ownIndent : indent + ownIndent
                } else {
                    partialIndent = []
                }
                try enter(partial.nodes, name: partial.name, indent: partialIndent, items: [], pushing: nil, at: location)
            }
        }
    }

    /// Checked on entering a section or partial and between list items, so
    /// output stops growing soon after the limit whatever the template does.
    func checkOutputSize(_ templateName: String, _ location: SourceLocation) throws(TemplateError) {
        guard output.bytes.count > Template.maximumOutputBytes else { return }
        throw TemplateError(.outputTooLarge, templateName, location,
                            "rendered output passed \(Template.maximumOutputBytes) bytes")
    }

    /// Resolves a name against the context stack: the first key in the
    /// innermost object that has it, the remaining keys strictly inside
    /// that value (a broken chain is `null`, never a look further out).
    func lookUp(_ name: Name) -> TemplateValue {
        guard let first = name.keys.first else { return contextStack.last ?? .null }
        var found: TemplateValue?
        var level = contextStack.count
        while level > 0 {
            level -= 1
            switch contextStack[level] {
            case .record(let record):
                if let value = record[first] { found = value }
            case .object(let object):
                if let value = object[first] { found = value }
            default:
                break
            }
            if found != nil { break }
        }
        guard var value = found else { return .null }
        for key in name.keys.dropFirst() {
            switch value {
            case .record(let record):
                guard let next = record[key] else { return .null }
                value = next
            case .object(let object):
                guard let next = object[key] else { return .null }
                value = next
            default:
                return .null
            }
        }
        return value
    }

    mutating func append(_ value: TemplateValue, escaped: Bool) {
        switch value {
        case .string(let text):
            if escaped { output.appendEscaped(text) } else { output.append(text) }
        case .int(let number):
            output.append(number)
        case .null, .list, .object, .record:
            break
        case .double(let number) where number.isFinite && number.rounded(.towardZero) == number && abs(number) < 1e15:
            output.append(Int(number))  // the common case of a whole number, without a String
        case .bool, .double:
            // Their text never holds a character that needs escaping.
            output.append(value.interpolatedText)
        }
    }
}
