import FrameFolder
import FrameRendering
import JSONText
import Mustache

/// The `diff --html` report: one self-contained page (inline CSS, no script,
/// no network), drawn from `diff.html`, that shows, for each changed frame, the
/// expected and the actual HTML frame side by side with the difference beside them.
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

    /// Writes the report into `writer`'s folder: the copied frames, then `index.html`,
    /// drawn from `diff.html`.
    /// - Parameter displayFolder: how the report folder is named in messages.
    /// - Complexity: O(size of the changed frames' files).
    /// - Parameter images: the screenshots beside the copied frames, and each run's GIF, when
    ///   they were taken (the testing library's failure report); the page shows them.
    public func write(into writer: FrameWriter, templates: FrameTemplates, displayFolder: String,
                      images: DiffImages = DiffImages()) throws(RenderError) {
        let page = try self.page(images: images) { path, bytes throws(RenderError) in
            do throws(OutputError) { try writer.write(bytes, to: path) } catch { throw .output(error) }
        }
        let html = try templates.render(page, file: displayFolder + "/index.html")
        do throws(OutputError) { try writer.write(html, to: "index.html") } catch { throw .output(error) }
    }

    /// The page's values; every frame it shows is handed to `copy` (path relative to the
    /// report folder, bytes) as it is met.
    public func page<E: Error>(images: DiffImages = DiffImages(), copying copy: (String, [UInt8]) throws(E) -> Void) throws(E) -> Page {
        var shown: [TemplateValue] = []
        for (index, section) in sections.enumerated() where !section.comparison.isEqual {
            var frames: [TemplateValue] = []
            for frame in section.comparison.changed {
                frames.append(try frameBlock(section: index, number: frame.number, cause: frame.cause, status: "changed",
                                             expected: section.expected, actual: section.actual,
                                             hasExpected: true, hasActual: true, difference: frame.files, images, copy))
            }
            for frame in section.comparison.added {
                frames.append(try frameBlock(section: index, number: frame.number, cause: frame.cause, status: "added",
                                             expected: section.expected, actual: section.actual,
                                             hasExpected: false, hasActual: true, difference: [], images, copy))
            }
            for frame in section.comparison.removed {
                frames.append(try frameBlock(section: index, number: frame.number, cause: frame.cause, status: "removed",
                                             expected: section.expected, actual: section.actual,
                                             hasExpected: true, hasActual: false, difference: [], images, copy))
            }
            shown.append(.object(["anchor": .string("s\(index)"), "name": .string(Self.safe(section.name)),
                                  "summary": .string(DiffText.summary(section.comparison)), "frames": .list(frames)]))
        }
        var summary: [TemplateValue] = sections.enumerated().map { index, section in
            .object(["name": .string(Self.safe(section.name)), "summary": .string(DiffText.summary(section.comparison)),
                     "status": .string(section.comparison.isEqual ? "equal" : "differs"),
                     "anchor": section.comparison.isEqual ? .null : .string("s\(index)")])
        }
        for (names, side) in [(onlyInExpected, "expected"), (onlyInActual, "actual")] {
            for name in names {
                summary.append(.object(["name": .string(Self.safe(name)), "status": .string("differs"),
                                        "onlyIn": .string(side), "mark": .string(side == "expected" ? "del" : "ins")]))
            }
        }
        let equal = sections.allSatisfy(\.comparison.isEqual) && onlyInExpected.isEmpty && onlyInActual.isEmpty
        return Page(.diffReport, .object([
            "title": .string(Self.safe("FeedFrames diff: \(expectedLabel) → \(actualLabel)")),
            "expectedLabel": .string(Self.safe(expectedLabel)), "actualLabel": .string(Self.safe(actualLabel)),
            "scale": .double(Self.scale), "scenarios": .list(summary), "equal": .bool(equal), "sections": .list(shown),
            "animated": .bool(!images.animations.isEmpty),
            "runs": images.animations.isEmpty ? .null : .list(images.animations.map { .object(["side": .string($0.side), "gif": .string($0.file)]) }),
        ]))
    }

    /// One frame: expected, actual and the difference, side by side.
    func frameBlock<E: Error>(section: Int, number: Int, cause: String?, status: String,
                              expected: any FrameFiles, actual: any FrameFiles, hasExpected: Bool, hasActual: Bool,
                              difference: [FileDifference], _ images: DiffImages,
                              _ copy: (String, [UInt8]) throws(E) -> Void) throws(E) -> TemplateValue {
        let stem = FrameDiffNames.number(number)
        var columns: [TemplateValue] = []
        for (side, present, source) in [("expected", hasExpected, expected), ("actual", hasActual, actual)] {
            var column: [String: TemplateValue] = ["side": .string(side)]
            if present {
                column["view"] = try view(of: stem, side: side, section: section, source: source, images, copy)
            } else {
                column["absent"] = .string("no frame \(stem) here")
            }
            columns.append(.object(column))
        }
        // HTML differences follow from the text and JSON ones, shown beside them; count them unless they are all there is.
        let onlyHTML = difference.allSatisfy { $0.file.hasSuffix(".html") }
        let files: [TemplateValue] = difference.map { file in
            if file.file.hasSuffix(".html") && !onlyHTML, case .lines(let diff) = file.detail {
                let count = diff.hunks.flatMap(\.lines).filter { $0.kind != .context }.count
                return .object(["file": .string(Self.safe(file.file)), "count": .string("\(count) line\(count == 1 ? "" : "s") differ")])
            }
            return .object(["file": .string(Self.safe(file.file)), "shown": .object(["lines": .list(Self.differenceLines(file))])])
        }
        return .object([
            "stem": .string(stem), "status": .string(status), "cause": cause.map { .string(Self.safe($0)) } ?? .null,
            "columns": .list(columns), "files": .list(files),
            "only": difference.isEmpty ? .string("frame only in the \(hasActual ? "actual" : "expected") folder") : .null,
        ])
    }

    /// An iframe onto a copy of the HTML frame, else the text frame inline.
    /// With its screenshot, when one was taken, in the iframe's place.
    func view<E: Error>(of stem: String, side: String, section: Int, source: any FrameFiles, _ images: DiffImages,
                        _ copy: (String, [UInt8]) throws(E) -> Void) throws(E) -> TemplateValue {
        if let html = source.contents(of: stem + ".html") {
            let path = "frames/\(section)/\(side)/\(stem).html", png = "frames/\(section)/\(side)/\(stem).png"
            try copy(path, html)
            let size = Self.viewport(source.contents(of: stem + ".json"))
            let width = size.width + 32, height = size.height + 32
            return .object(["frame": .object([
                "path": .string(path), "title": .string("\(side) frame \(stem)"),
                "width": .double(Self.rounded(width)), "height": .double(Self.rounded(height)),
                "shotWidth": .double(Self.rounded(width * Self.scale)), "shotHeight": .double(Self.rounded(height * Self.scale)),
                "png": images.exists(png) ? .string(png) : .null,
            ])])
        }
        if let text = source.contents(of: stem + ".txt") {
            return .object(["text": .string(Self.safe(String(decoding: text, as: UTF8.self)))])
        }
        return .object(["none": .string("no HTML or text frame to show")])
    }

    static let scale = 0.6

    /// The frame's viewport from its JSON, for the iframe's size (375×667 when unknown).
    static func viewport(_ json: [UInt8]?) -> (width: Double, height: Double) {
        guard let json, let value = try? JSONParser.parse(json).plain,
              let width = value["viewport"]?["width"]?.doubleValue, let height = value["viewport"]?["height"]?.doubleValue,
              width > 0, height > 0, width <= 100_000, height <= 100_000 else { return (375, 667) }
        return (width, height)
    }

    /// A file's difference as lines, each with its kind for the page's colours.
    static func differenceLines(_ file: FileDifference) -> [TemplateValue] {
        func line(_ kind: String, _ text: String) -> TemplateValue {
            .object(["kind": .string(kind), "text": .string(safe(text))])
        }
        var lines: [TemplateValue] = []
        switch file.detail {
        case .lines(let diff):
            for hunk in diff.hunks {
                lines.append(line("hunk", hunk.header))
                for change in hunk.lines {
                    let kind = switch change.kind { case .context: "ctx"; case .deleted: "del"; case .inserted: "ins" }
                    lines.append(line(kind, change.marked))
                    if !change.endsWithNewline { lines.append(line("ctx", "\\ No newline at end of file")) }
                }
            }
        case .keyPaths(let changes):
            lines = changes.map { line("key", $0.description) }
        case .onlyIn, .message:
            lines = file.lines.map { line("note", $0) }
        }
        return lines
    }

    /// Text from the compared files, which may hold anything: what XHTML cannot carry is replaced
    /// (escaping is the template's `{{…}}`).
    static func safe(_ text: String) -> String { XMLText.safe(text) }

    /// CSS lengths to the hundredth.
    static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
}
