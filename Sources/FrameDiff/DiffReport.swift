import FrameFolder
import JSONText

/// The `diff --html` report: one self-contained page (inline CSS, no script,
/// no network) that shows, for each changed frame, the expected and the
/// actual HTML frame side by side with the difference beside them.
///
/// The two HTML frames are copied into the report folder and shown through
/// relative `<iframe src>` links, so the report opens from `file://` and
/// keeps working when the compared folders are gone.
public struct DiffReport {
    /// One scenario's comparison, with the files it was made from.
    public struct Section {
        public var name: String
        public var comparison: FrameComparison
        public var expected: any FrameFiles
        public var actual: any FrameFiles

        public init(name: String, comparison: FrameComparison, expected: any FrameFiles, actual: any FrameFiles) {
            self.name = name
            self.comparison = comparison
            self.expected = expected
            self.actual = actual
        }
    }

    public var expectedLabel: String
    public var actualLabel: String
    public var sections: [Section]
    public var onlyInExpected: [String]
    public var onlyInActual: [String]

    public init(expectedLabel: String, actualLabel: String, sections: [Section],
                onlyInExpected: [String] = [], onlyInActual: [String] = []) {
        self.expectedLabel = expectedLabel
        self.actualLabel = actualLabel
        self.sections = sections
        self.onlyInExpected = onlyInExpected
        self.onlyInActual = onlyInActual
    }

    /// Hands every file of the report to `write` (path relative to the report folder, bytes):
    /// the copied frames first, `index.html` last.
    /// - Complexity: O(size of the changed frames' files).
    public func write<E: Error>(_ write: (String, [UInt8]) throws(E) -> Void) throws(E) {
        var page = Self.head(title: "FeedFrames diff: \(expectedLabel) → \(actualLabel)")
        page += "<h1>FeedFrames diff</h1>\n<p class=\"labels\"><span class=\"del\">− expected: \(Self.escape(expectedLabel))</span> "
            + "<span class=\"ins\">+ actual: \(Self.escape(actualLabel))</span></p>\n"
        page += summaryTable()
        for (index, section) in sections.enumerated() where !section.comparison.isEqual {
            page += "<section id=\"s\(index)\">\n<h2>\(Self.escape(section.name))</h2>\n"
            page += "<p>\(Self.escape(DiffText.summary(section.comparison)))</p>\n"
            for frame in section.comparison.changed {
                page += try frameBlock(section: index, number: frame.number, cause: frame.cause, status: "changed",
                                       expected: section.expected, actual: section.actual,
                                       hasExpected: true, hasActual: true, difference: frame.files, write)
            }
            for frame in section.comparison.added {
                page += try frameBlock(section: index, number: frame.number, cause: frame.cause, status: "added",
                                       expected: section.expected, actual: section.actual,
                                       hasExpected: false, hasActual: true, difference: [], write)
            }
            for frame in section.comparison.removed {
                page += try frameBlock(section: index, number: frame.number, cause: frame.cause, status: "removed",
                                       expected: section.expected, actual: section.actual,
                                       hasExpected: true, hasActual: false, difference: [], write)
            }
            page += "</section>\n"
        }
        page += "</body>\n</html>\n"
        try write("index.html", Array(page.utf8))
    }

    func summaryTable() -> String {
        var html = "<table>\n<thead><tr><th>scenario</th><th>frames</th></tr></thead>\n<tbody>\n"
        for (index, section) in sections.enumerated() {
            let summary = Self.escape(DiffText.summary(section.comparison))
            let name = section.comparison.isEqual ? Self.escape(section.name)
                : "<a href=\"#s\(index)\">\(Self.escape(section.name))</a>"
            html += "<tr class=\"\(section.comparison.isEqual ? "equal" : "differs")\"><td>\(name)</td><td>\(summary)</td></tr>\n"
        }
        for name in onlyInExpected {
            html += "<tr class=\"differs\"><td>\(Self.escape(name))</td><td class=\"del\">only in the expected folder</td></tr>\n"
        }
        for name in onlyInActual {
            html += "<tr class=\"differs\"><td>\(Self.escape(name))</td><td class=\"ins\">only in the actual folder</td></tr>\n"
        }
        let equal = sections.allSatisfy(\.comparison.isEqual) && onlyInExpected.isEmpty && onlyInActual.isEmpty
        return html + "</tbody>\n</table>\n" + (equal ? "<p class=\"equal\">No differences.</p>\n" : "")
    }

    /// One frame: expected, actual and the difference, side by side.
    func frameBlock<E: Error>(section: Int, number: Int, cause: String?, status: String,
                              expected: any FrameFiles, actual: any FrameFiles, hasExpected: Bool, hasActual: Bool,
                              difference: [FileDifference],
                              _ write: (String, [UInt8]) throws(E) -> Void) throws(E) -> String {
        let stem = FrameDiffNames.number(number)
        var html = "<div class=\"frame \(status)\">\n<h3>frame \(stem) \(status)"
        if let cause { html += " <span class=\"cause\">\(Self.escape(cause))</span>" }
        html += "</h3>\n<div class=\"columns\">\n"
        for (side, present, source) in [("expected", hasExpected, expected), ("actual", hasActual, actual)] {
            html += "<div class=\"column\">\n<h4>\(side)</h4>\n"
            if present {
                html += try view(of: stem, side: side, section: section, source: source, write)
            } else {
                html += "<p class=\"absent\">no frame \(stem) here</p>\n"
            }
            html += "</div>\n"
        }
        html += "<div class=\"column difference\">\n<h4>difference</h4>\n"
        if difference.isEmpty {
            html += "<p class=\"absent\">frame only in the \(hasActual ? "actual" : "expected") folder</p>\n"
        }
        // HTML differences follow from the text and JSON ones, shown beside them; count them unless they are all there is.
        let onlyHTML = difference.allSatisfy { $0.file.hasSuffix(".html") }
        for file in difference {
            if file.file.hasSuffix(".html") && !onlyHTML, case .lines(let diff) = file.detail {
                let count = diff.hunks.flatMap(\.lines).filter { $0.kind != .context }.count
                html += "<p class=\"file\">\(Self.escape(file.file)): \(count) line\(count == 1 ? "" : "s") differ</p>\n"
            } else {
                html += Self.differenceHTML(file)
            }
        }
        html += "</div>\n</div>\n</div>\n"
        return html
    }

    /// An iframe onto a copy of the HTML frame, else the text frame inline.
    func view<E: Error>(of stem: String, side: String, section: Int, source: any FrameFiles,
                        _ write: (String, [UInt8]) throws(E) -> Void) throws(E) -> String {
        if let html = source.contents(of: stem + ".html") {
            let path = "frames/\(section)/\(side)/\(stem).html"
            try write(path, html)
            let size = Self.viewport(source.contents(of: stem + ".json"))
            let width = size.width + 32, height = size.height + 32
            return "<div class=\"shot\" style=\"width: \(Self.number(width * Self.scale))px; height: \(Self.number(height * Self.scale))px;\">"
                + "<iframe src=\"\(path)\" title=\"\(side) frame \(stem)\" style=\"width: \(Self.number(width))px; height: \(Self.number(height))px;\"></iframe></div>\n"
                + "<p class=\"open\"><a href=\"\(path)\">open</a></p>\n"
        }
        if let text = source.contents(of: stem + ".txt") {
            return "<pre class=\"text\">\(Self.escape(String(decoding: text, as: UTF8.self)))</pre>\n"
        }
        return "<p class=\"absent\">no HTML or text frame to show</p>\n"
    }

    static let scale = 0.6

    /// The frame's viewport from its JSON, for the iframe's size (375×667 when unknown).
    static func viewport(_ json: [UInt8]?) -> (width: Double, height: Double) {
        guard let json, let value = try? JSONParser.parse(json).plain,
              let width = value["viewport"]?["width"]?.doubleValue, let height = value["viewport"]?["height"]?.doubleValue,
              width > 0, height > 0, width <= 100_000, height <= 100_000 else { return (375, 667) }
        return (width, height)
    }

    static func differenceHTML(_ file: FileDifference) -> String {
        var html = "<p class=\"file\">\(escape(file.file))</p>\n<pre class=\"diff\">"
        switch file.detail {
        case .lines(let diff):
            for hunk in diff.hunks {
                html += "<span class=\"hunk\">\(escape(hunk.header))</span>"
                for line in hunk.lines {
                    let kind = switch line.kind { case .context: "ctx"; case .deleted: "del"; case .inserted: "ins" }
                    html += "<span class=\"\(kind)\">\(escape(line.marked))</span>"
                    if !line.endsWithNewline { html += "<span class=\"ctx\">\\ No newline at end of file</span>" }
                }
            }
        case .keyPaths(let changes):
            for change in changes { html += "<span class=\"key\">\(escape(change.description))</span>" }
        case .onlyIn, .message:
            for line in file.lines { html += "<span>\(escape(line))</span>" }
        }
        return html + "</pre>\n"
    }

    static func head(title: String) -> String {
        """
        <!DOCTYPE html>
        <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
        <head>
        <meta charset="utf-8" />
        <title>\(escape(title))</title>
        <style>
        body { margin: 24px; font: 14px/1.4 -apple-system, "Helvetica Neue", "Noto Sans CJK SC", sans-serif; background: #f2f2f7; color: #1c1c1e; }
        table { border-collapse: collapse; background: #fff; margin-bottom: 24px; }
        th, td { padding: 4px 12px; border-bottom: 1px solid #e5e5ea; text-align: left; }
        tr.equal td { color: #8e8e93; }
        section { margin-bottom: 32px; }
        .frame { background: #fff; border-radius: 8px; padding: 8px 12px; margin: 12px 0; box-shadow: 0 1px 2px rgba(0, 0, 0, 0.15); }
        .frame.added h3 { color: #1a7f37; } .frame.removed h3 { color: #cf222e; }
        h3 { margin: 4px 0 8px; font-size: 15px; } h4 { margin: 0 0 4px; font-size: 13px; color: #6c6c70; }
        .cause { font-weight: 400; color: #6c6c70; }
        .columns { display: flex; gap: 16px; align-items: flex-start; }
        .column.difference { flex: 1; min-width: 0; }
        .shot { overflow: hidden; border: 1px solid #c8c7cc; background: #d9d9de; }
        .shot iframe { border: 0; transform: scale(\(number(scale))); transform-origin: 0 0; }
        .open { margin: 2px 0 0; font-size: 12px; }
        pre { margin: 0 0 8px; font: 12px/1.35 ui-monospace, Menlo, "DejaVu Sans Mono", monospace; overflow-x: auto; }
        pre.text { background: #fff; border: 1px solid #c8c7cc; padding: 4px; }
        pre.diff span { display: block; white-space: pre; }
        .file { margin: 8px 0 2px; font-weight: 600; }
        .del { background: #ffebe9; color: #82071e; } .ins { background: #dafbe1; color: #116329; }
        .hunk { color: #0550ae; background: #ddf4ff; } .key { color: #1c1c1e; }
        .labels span { padding: 2px 6px; border-radius: 4px; margin-right: 8px; }
        .absent { color: #8e8e93; font-style: italic; }
        p.equal { color: #1a7f37; font-weight: 600; }
        </style>
        </head>
        <body>

        """
    }

    /// Text safe in XHTML content and attribute values.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default:
                // Control characters are not allowed in XML; show them as the replacement character.
                if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" { result += "\u{FFFD}" } else { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }

    /// CSS lengths to the hundredth, without a needless `.0`.
    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
