import CellLayout
import FeedScenario
import Mustache
import XHTMLValidation

/// The compiled templates of one run: frames and every page (`PageTemplate`),
/// plus the RelaxNG schema that HTML frames must satisfy.
///
/// Compiled once (every partial checked) and shared by every frame.
public struct FrameTemplates: Sendable {
    /// The templates a run cannot do without: the frames', the schema and every page's.
    public static let required = ["frame.html", "frame.txt", "frame.rng"] + PageTemplate.allCases.map(\.rawValue)

    private var library: TemplateLibrary
    /// The Mustache sources, to compile a copy for another thread.
    private let sources: [String: String]
    /// `frame.rng`.
    public let schema: String
    /// Cell templates' sidecars (`cell-NAME.json`), by file name.
    let sidecars: [String: String]
    /// Where each template came from, for messages (`Templates/frame.html`, `embedded frame.html`).
    public let origins: [String: String]

    /// - Parameter sources: file name → contents.
    /// - Throws: `TemplateError` naming the template, line and column, e.g. an unclosed section or a
    ///   partial that is not in `sources`.
    public init(sources: [String: String], origins: [String: String] = [:]) throws(TemplateError) {
        for name in Self.required where sources[name] == nil {
            throw TemplateError(kind: .unknownTemplate, templateName: name, line: 0, column: 0,
                                message: "missing template \(name)")
        }
        let mustache = sources.filter { $0.key.hasSuffix(".html") || $0.key.hasSuffix(".txt") }
        self.sources = mustache
        do {
            library = try TemplateLibrary(mustache, missingPartial: .error)
        } catch {
            throw Self.located(error, origins)
        }
        schema = sources["frame.rng"] ?? ""
        sidecars = sources.filter { $0.key.hasPrefix("cell-") && $0.key.hasSuffix(".json") }
        self.origins = origins
    }

    /// The cell kinds these templates hold: the built-in styles, and every `cell-NAME.html` with
    /// its sidecar `cell-NAME.json` (SPEC §9).
    /// - Throws: the sidecars' problems at their lines, and a template without a sidecar (or the other way round).
    public func cellCatalog() throws(ScenarioErrors) -> CellCatalog {
        var problems: [ScenarioError] = []
        var kinds: [String: (spec: CellSpec, template: Template, shownAs: String)] = [:]
        let names = Set(sources.keys.filter { $0.hasPrefix("cell-") && $0.hasSuffix(".html") }.map { String($0.dropFirst(5).dropLast(5)) })
            .union(sidecars.keys.map { String($0.dropFirst(5).dropLast(5)) })
        for name in names.sorted() {
            let html = "cell-\(name).html", json = "cell-\(name).json"
            let shownHTML = origins[html] ?? html, shownJSON = origins[json] ?? json
            guard let template = library[html] else {
                problems.append(ScenarioError(file: shownJSON, message: "a cell sidecar without its template (expected \(html) beside it)"))
                continue
            }
            guard let sidecar = sidecars[json] else {
                problems.append(ScenarioError(file: shownHTML, message: "a cell template without its sidecar (expected \(json) beside it, "
                                              + "saying which fields to measure: { \"fields\": [{ \"name\": \"title\", \"style\": \"body\" }] })"))
                continue
            }
            guard CellName.isValid(name), CellStyle(rawValue: name) == nil else {
                problems.append(ScenarioError(file: shownHTML, message: "\"\(name)\" cannot name a cell template (expected \(CellName.expected), not a built-in style's name)"))
                continue
            }
            do throws(ScenarioErrors) {
                let spec = try CellSidecar.read(Array(sidecar.utf8), name: name, file: shownJSON)
                kinds[name] = (spec, template, shownHTML)
            } catch {
                problems += error.problems
            }
        }
        if !problems.isEmpty { throw ScenarioErrors(problems) }
        return CellCatalog(templates: kinds)
    }

    /// The same templates compiled again, sharing no storage with these.
    ///
    /// Rendering retains and releases the compiled templates' storage at
    /// every step; two threads doing so on one shared copy make the cores
    /// fight over those reference counts (measured: a quarter more CPU time
    /// with two threads). A copy per thread keeps the counts apart.
    public func compiledAgain() -> FrameTemplates {
        var copy = self
        // The sources compiled the first time, so they compile again.
        if let library = try? TemplateLibrary(sources, missingPartial: .error) { copy.library = library }
        return copy
    }

    private func render(_ name: String, _ value: TemplateValue) throws(TemplateError) -> String {
        do {
            return try library.render(name, value)
        } catch {
            throw Self.located(error, origins)
        }
    }

    private func renderUTF8(_ name: String, _ value: TemplateValue) throws(TemplateError) -> [UInt8] {
        do {
            return try library.renderUTF8(name, value)
        } catch {
            throw Self.located(error, origins)
        }
    }

    /// The error with the template's file path in place of its name.
    static func located(_ error: TemplateError, _ origins: [String: String]) -> TemplateError {
        var error = error
        error.templateName = origins[error.templateName] ?? error.templateName
        return error
    }

    public func html(of frame: Frame, in context: FrameContext, cells: [CellBox?] = []) throws(TemplateError) -> String {
        try render("frame.html", htmlValue(of: frame, in: context, cells: cells))
    }

    public func text(of frame: Frame, in context: FrameContext, cells: [CellBox?] = []) throws(TemplateError) -> String {
        try render("frame.txt", TextFrame.value(of: frame, in: context, cells: cells))
    }

    /// `html(of:in:)` as the UTF-8 bytes of the file.
    public func htmlBytes(of frame: Frame, in context: FrameContext, cells: [CellBox?] = []) throws(TemplateError) -> [UInt8] {
        try renderUTF8("frame.html", htmlValue(of: frame, in: context, cells: cells))
    }

    /// The frame's values, with what each row's cell template (if any) drew.
    func htmlValue(of frame: Frame, in context: FrameContext, cells: [CellBox?]) throws(TemplateError) -> TemplateValue {
        guard cells.contains(where: { $0?.template != nil }) else { return HTMLFrame.value(of: frame, in: context, cells: cells) }
        var customs: [String?] = []
        for (number, box) in cells.enumerated() {
            guard let box, let template = box.template, number < frame.layout.rows.count else { customs.append(nil); continue }
            customs.append(try render(template, CellMarkup.templateRecord(box, row: frame.layout.rows[number], separator: frame.layout.separators)))
        }
        return HTMLFrame.value(of: frame, in: context, cells: cells, customs: customs)
    }

    /// `htmlBytes(of:in:)` with where each piece came from, to report a problem
    /// in the frame against the template line that wrote it.
    public func htmlTraced(of frame: Frame, in context: FrameContext, cells: [CellBox?] = []) throws(TemplateError) -> TracedOutput {
        do {
            return try library.renderTraced("frame.html", htmlValue(of: frame, in: context, cells: cells))
        } catch {
            throw Self.located(error, origins)
        }
    }

    /// The problems of an HTML frame, each put at the template file and line that
    /// wrote the frame line it was found on (`row.html:2`, not `0002.html:14`),
    /// naming the frame in the message: the frame file is never written, so the
    /// template is what the user can open. An issue with no line goes to `frame.html`.
    public func locate(_ issues: [ValidationIssue], of frame: Frame, in context: FrameContext, cells: [CellBox?] = []) -> [ValidationIssue] {
        let traced = try? htmlTraced(of: frame, in: context, cells: cells)
        return issues.map { issue in
            var located = issue
            let origin = traced?.origin(ofLine: issue.line)
            located.file = origins[origin?.template ?? "frame.html"] ?? origin?.template ?? "frame.html"
            located.line = origin?.line ?? 0
            located.column = nil
            located.message += Self.opening(in: issue.message, traced: traced, origins: origins)
                + " (frame \(frame.number) of \(context.scenarioName)" + (issue.line > 0 ? ", HTML line \(issue.line))" : ")")
            return located
        }
    }

    /// For libxml2's "Opening and ending tag mismatch: TAG line N and …", found where the element should end (a line of
    /// `frame.html`, say), where TAG was opened: `; <bogus> opened at t2/row.html:1`. The template to mend is that
    /// one, which the issue's own line does not name.
    static func opening(in message: String, traced: TracedOutput?, origins: [String: String]) -> String {
        let words = message.split(separator: " ")
        guard let traced, message.hasPrefix("Opening and ending tag mismatch: "), words.count > 7, words[6] == "line",
              let line = Int(words[7]), let origin = traced.origin(ofLine: line) else { return "" }
        return "; <\(words[5])> opened at \(origins[origin.template] ?? origin.template):\(origin.line)"
    }

    /// `text(of:in:)` as the UTF-8 bytes of the file.
    public func textBytes(of frame: Frame, in context: FrameContext, cells: [CellBox?] = []) throws(TemplateError) -> [UInt8] {
        try renderUTF8("frame.txt", TextFrame.value(of: frame, in: context, cells: cells))
    }

    /// Pages larger than this are written without the well-formedness check (libxml2's
    /// own input limit for frames; a diff report of thousands of frames may pass it).
    public static let pageCheckLimit = FrameValidator.limits.maxBytes

    /// A page, drawn from its template and checked as well-formed XHTML by the hardened
    /// parser (no DTD, no entities), as every page must open in a browser and in libxml2.
    /// - Parameter file: the page's path, for messages (it is not written when this throws).
    /// - Throws: `.template` for a Mustache error, at the template's file and line; `.page` for
    ///   a page that is not well-formed, each problem placed at the template line that wrote it.
    public func render(_ page: Page, file: String) throws(RenderError) -> [UInt8] {
        let bytes: [UInt8]
        do throws(TemplateError) { bytes = try renderUTF8(page.template.rawValue, page.value) } catch { throw .template(error) }
        guard bytes.count <= Self.pageCheckLimit else { return bytes }
        do {
            _ = try XHTMLDocument.parse(bytes, file: file, limits: FrameValidator.limits)
        } catch {
            throw .page(locate(error.issues, of: page, file: file))
        }
        return bytes
    }

    /// The problems of a page, each put at the template file and line that wrote the page
    /// line it was found on, naming the page in the message (as `locate(_:of:in:)` does for frames).
    func locate(_ issues: [ValidationIssue], of page: Page, file: String) -> [ValidationIssue] {
        let name = page.template.rawValue
        let traced = try? library.renderTraced(name, page.value)
        return issues.map { issue in
            var located = issue
            let origin = traced?.origin(ofLine: issue.line)
            located.file = origins[origin?.template ?? name] ?? origin?.template ?? name
            located.line = origin?.line ?? 0
            located.column = nil
            located.message += " (page \(file)" + (issue.line > 0 ? ", HTML line \(issue.line))" : ")")
            return located
        }
    }
}
