extension Template {
    /// Turns template source into a `Node` tree in one forward pass over its
    /// UTF-8 bytes, applying set-delimiter tags and standalone-line rules as
    /// it goes.
    ///
    /// Sections are tracked on an explicit stack (no recursion), so hostile
    /// input cannot overflow the stack while parsing.
    struct Parser {
        let bytes: [UInt8]
        let templateName: String
        var openDelimiter: [UInt8] = Array("{{".utf8)
        var closeDelimiter: [UInt8] = Array("}}".utf8)
        var locator = Locator()
        /// Lines of text nodes: a locator of its own, as text starts come before the tag just located.
        var textLocator = Locator()
        /// Nodes of the innermost open section (or of the template itself).
        var nodes: [Node] = []
        var openSections: [OpenSection] = []

        /// Longest delimiter accepted by `{{=… …=}}`: keeps the naive
        /// substring search linear in practice.
        static let maximumDelimiterLength = 32

        struct OpenSection {
            let name: Name
            let rawName: String
            let inverted: Bool
            let location: SourceLocation
            var outerNodes: [Node]
        }

        enum TagKind {
            case variable(escaped: Bool)
            case section(inverted: Bool)
            case close
            case comment
            case partial
            case setDelimiters

            /// Tags that vanish with their whole line when alone on it.
            var canStandAlone: Bool {
                if case .variable = self { return false }
                return true
            }
        }

        init(source: String, templateName: String) {
            self.bytes = Array(source.utf8)
            self.templateName = templateName
        }

        /// - Complexity: O(*n* · *d*) for *n* source bytes and delimiter
        ///   length *d* ≤ 32; in practice O(*n*).
        mutating func parse() throws(TemplateError) -> [Node] {
            var textStart = 0
            while let tagStart = find(openDelimiter, from: textStart) {
                let location = locator.location(of: tagStart, in: bytes)
                var contentStart = tagStart + openDelimiter.count
                var kind = TagKind.variable(escaped: true)
                var closing = closeDelimiter
                if contentStart < bytes.count {
                    var hasSigil = true
                    switch bytes[contentStart] {
                    case UInt8(ascii: "{"):
                        kind = .variable(escaped: false)
                        closing = Array("}".utf8) + closeDelimiter
                    case UInt8(ascii: "&"): kind = .variable(escaped: false)
                    case UInt8(ascii: "#"): kind = .section(inverted: false)
                    case UInt8(ascii: "^"): kind = .section(inverted: true)
                    case UInt8(ascii: "/"): kind = .close
                    case UInt8(ascii: "!"): kind = .comment
                    case UInt8(ascii: ">"): kind = .partial
                    case UInt8(ascii: "="):
                        kind = .setDelimiters
                        closing = Array("=".utf8) + closeDelimiter
                    case UInt8(ascii: "<"), UInt8(ascii: "$"):
                        throw error(.unsupportedTag, location,
                                    "template inheritance tags (\(show(openDelimiter))<…\(show(closeDelimiter)), \(show(openDelimiter))$…\(show(closeDelimiter))) are not supported")
                    default:
                        hasSigil = false
                    }
                    if hasSigil { contentStart += 1 }
                }
                guard let contentEnd = find(closing, from: contentStart) else {
                    if case .setDelimiters = kind {
                        throw error(.badDelimiters, location,
                                    "set-delimiter tag is not closed (expected \"\(show(closing))\")")
                    }
                    throw error(.unclosedTag, location,
                                "unclosed tag \"\(show(openDelimiter))\" (expected \"\(show(closing))\")")
                }
                let tagEnd = contentEnd + closing.count
                let content = trimmedString(contentStart..<contentEnd)

                // Text before the tag; a standalone tag also takes its line's
                // leading whitespace and line ending with it.
                let standalone = kind.canStandAlone ? standaloneLine(tagStart: tagStart, tagEnd: tagEnd) : nil
                if let standalone {
                    appendText(from: textStart, to: standalone.lineStart)
                } else {
                    appendText(from: textStart, to: tagStart)
                    if isLineStart(tagStart) { nodes.append(.lineStart) }
                }

                switch kind {
                case .variable(let escaped):
                    nodes.append(.variable(try name(content, location), escaped: escaped, line: location.line))
                case .section(let inverted):
                    guard openSections.count < Template.maximumSectionDepth else {
                        throw error(.nestingTooDeep, location,
                                    "sections nested deeper than \(Template.maximumSectionDepth) levels")
                    }
                    let parsed = try name(content, location)
                    openSections.append(OpenSection(name: parsed, rawName: content, inverted: inverted,
                                                    location: location, outerNodes: nodes))
                    nodes = []
                case .close:
                    try closeSection(content, location)
                case .comment:
                    break
                case .partial:
                    guard !content.isEmpty else { throw error(.emptyTag, location, "partial tag has no name") }
                    let indent = standalone.map { Array(bytes[$0.lineStart..<tagStart]) }
                    nodes.append(.partial(content, indent: indent, location))
                case .setDelimiters:
                    try setDelimiters(content, location)
                }
                textStart = standalone?.next ?? tagEnd
            }
            appendText(from: textStart, to: bytes.count)

            if let open = openSections.last {
                let expected = show(openDelimiter) + "/" + open.rawName + show(closeDelimiter)
                throw error(.unclosedSection, open.location,
                            "unclosed section \"\(open.rawName)\" (expected \(expected))")
            }
            return nodes
        }

        // MARK: - Tags

        mutating func closeSection(_ rawName: String, _ location: SourceLocation) throws(TemplateError) {
            let tag = show(openDelimiter) + "/" + rawName + show(closeDelimiter)
            guard !rawName.isEmpty else { throw error(.emptyTag, location, "closing tag \(tag) has no name") }
            guard var open = openSections.popLast() else {
                throw error(.unexpectedClosingTag, location, "closing tag \(tag) has no open section")
            }
            guard open.rawName == rawName else {
                let expected = show(openDelimiter) + "/" + open.rawName + show(closeDelimiter)
                throw error(.mismatchedSection, location,
                            "mismatched closing tag \(tag) (expected \(expected) for the section opened at \(open.location.line):\(open.location.column))")
            }
            let section = Node.section(open.name, nodes, inverted: open.inverted, open.location)
            swap(&nodes, &open.outerNodes)  // take the outer list uniquely: appending must not copy it
            nodes.append(section)
        }

        mutating func setDelimiters(_ content: String, _ location: SourceLocation) throws(TemplateError) {
            let parts = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            guard parts.count == 2 else {
                throw error(.badDelimiters, location,
                            "set-delimiter tag needs two delimiters separated by whitespace, as in {{=<% %>=}}; got \"\(content)\"")
            }
            for part in parts {
                if part.contains("=") {
                    throw error(.badDelimiters, location, "delimiter \"\(part)\" must not contain \"=\"")
                }
                if part.utf8.count > Self.maximumDelimiterLength {
                    throw error(.badDelimiters, location,
                                "delimiter longer than \(Self.maximumDelimiterLength) bytes")
                }
            }
            openDelimiter = Array(parts[0].utf8)
            closeDelimiter = Array(parts[1].utf8)
        }

        /// Parses `a.b.c` or `.`.
        func name(_ raw: String, _ location: SourceLocation) throws(TemplateError) -> Name {
            if raw.isEmpty { throw error(.emptyTag, location, "tag has no name") }
            if raw == "." { return Name(keys: []) }
            if raw.contains(where: { $0.isWhitespace }) {
                throw error(.invalidName, location, "name \"\(raw)\" contains whitespace")
            }
            let keys = raw.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            if keys.contains(where: \.isEmpty) {
                throw error(.invalidName, location, "name \"\(raw)\" has an empty part between dots")
            }
            return Name(keys: keys)
        }

        // MARK: - Text and standalone lines

        /// Appends text `bytes[start..<end]`, with a `.lineStart` marker at
        /// each line start inside the range (for partial indentation).
        mutating func appendText(from start: Int, to end: Int) {
            guard start < end else { return }
            if isLineStart(start) { nodes.append(.lineStart) }
            var line = textLocator.location(of: start, in: bytes).line
            var pieceStart = start
            var index = start
            while index < end - 1 {
                if bytes[index] == UInt8(ascii: "\n") {
                    nodes.append(.text(Array(bytes[pieceStart...index]), line: line))
                    nodes.append(.lineStart)
                    pieceStart = index + 1
                    line += 1
                }
                index += 1
            }
            nodes.append(.text(Array(bytes[pieceStart..<end]), line: line))
        }

        func isLineStart(_ offset: Int) -> Bool {
            offset == 0 || bytes[offset - 1] == UInt8(ascii: "\n")
        }

        /// If only spaces and tabs share the tag's line, the offset where the
        /// line starts and the offset just past its line ending (or the end).
        func standaloneLine(tagStart: Int, tagEnd: Int) -> (lineStart: Int, next: Int)? {
            var lineStart = tagStart
            while lineStart > 0, isBlank(bytes[lineStart - 1]) { lineStart -= 1 }
            guard isLineStart(lineStart) else { return nil }
            var next = tagEnd
            while next < bytes.count, isBlank(bytes[next]) { next += 1 }
            if next == bytes.count { return (lineStart, next) }
            if bytes[next] == UInt8(ascii: "\n") { return (lineStart, next + 1) }
            if bytes[next] == UInt8(ascii: "\r"), next + 1 < bytes.count, bytes[next + 1] == UInt8(ascii: "\n") {
                return (lineStart, next + 2)
            }
            return nil
        }

        func isBlank(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
        }

        // MARK: - Bytes

        /// First offset ≥ `start` where `needle` occurs.
        func find(_ needle: [UInt8], from start: Int) -> Int? {
            guard let first = needle.first, bytes.count >= needle.count else { return nil }
            let last = bytes.count - needle.count
            var index = start
            search: while index <= last {
                if bytes[index] == first {
                    for k in 1..<needle.count where bytes[index + k] != needle[k] {
                        index += 1
                        continue search
                    }
                    return index
                }
                index += 1
            }
            return nil
        }

        func string(from start: Int, to end: Int) -> String {
            String(decoding: bytes[start..<end], as: UTF8.self)
        }

        func trimmedString(_ range: Range<Int>) -> String {
            var lower = range.lowerBound
            var upper = range.upperBound
            func isSpace(_ byte: UInt8) -> Bool {
                byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
            }
            while lower < upper, isSpace(bytes[lower]) { lower += 1 }
            while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
            return string(from: lower, to: upper)
        }

        func show(_ delimiter: [UInt8]) -> String {
            String(decoding: delimiter, as: UTF8.self)
        }

        func error(_ kind: TemplateError.Kind, _ location: SourceLocation, _ message: String) -> TemplateError {
            TemplateError(kind, templateName, location, message)
        }
    }

    /// Converts byte offsets to line and column, moving forward only (tags
    /// are met in order), so locating every tag costs O(*n*) in total.
    struct Locator {
        var offset = 0
        var line = 1
        var column = 1

        mutating func location(of target: Int, in bytes: [UInt8]) -> SourceLocation {
            if target < offset { self = Locator() }
            while offset < target {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {  // count scalars, not UTF-8 continuation bytes
                    column += 1
                }
                offset += 1
            }
            return SourceLocation(line: line, column: column)
        }
    }
}
