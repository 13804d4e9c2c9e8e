import FeedScenario
import Mustache

/// The compiled templates of one render: frames, the viewer and the index,
/// plus the RelaxNG schema that HTML frames must satisfy.
///
/// Compiled once (every partial checked) and shared by every frame.
public struct FrameTemplates: Sendable {
    /// The templates a render cannot do without.
    public static let required = ["frame.html", "frame.txt", "index.html", "list.html", "frame.rng"]

    private let library: TemplateLibrary
    /// `frame.rng`.
    public let schema: String
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
        do {
            library = try TemplateLibrary(mustache, missingPartial: .error)
        } catch {
            throw Self.located(error, origins)
        }
        schema = sources["frame.rng"] ?? ""
        self.origins = origins
    }

    private func render(_ name: String, _ value: TemplateValue) throws(TemplateError) -> String {
        do {
            return try library.render(name, value)
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

    public func html(of frame: Frame, in context: FrameContext) throws(TemplateError) -> String {
        try render("frame.html", HTMLFrame.value(of: frame, in: context))
    }

    public func text(of frame: Frame, in context: FrameContext) throws(TemplateError) -> String {
        try render("frame.txt", TextFrame.value(of: frame, in: context))
    }

    /// A scenario's viewer page.
    public func viewer(_ value: TemplateValue) throws(TemplateError) -> String {
        try render("index.html", value)
    }

    /// The output folder's index.
    public func list(_ value: TemplateValue) throws(TemplateError) -> String {
        try render("list.html", value)
    }
}
