/// A set of named, compiled templates; partial tags are resolved here.
///
/// Every template is compiled once, when the library is built. Files are the
/// caller's business: load them, then pass name → source.
///
/// ```swift
/// let library = try TemplateLibrary(
///     ["frame.html": frameSource, "row": rowSource],
///     missingPartial: .error)
/// let html = try library.render("frame.html", frameValue)
/// ```
public struct TemplateLibrary: Sendable {
    /// What a partial tag naming a template the library lacks does.
    public enum MissingPartial: Sendable, Hashable {
        /// Renders as the empty string (the spec's behaviour).
        case renderEmpty
        /// Building the library fails with `.missingPartial`, naming the
        /// template, line and column of the tag.
        case error
    }

    let templates: [String: Template]

    /// Compiles every source, in name order, so the first error reported is
    /// the same on every run.
    ///
    /// - Parameter sources: template name → Mustache source. Partial tags
    ///   refer to these names.
    /// - Throws: the first compile error (its `templateName` is the key), or
    ///   with `.error`, the first reference to a partial not in `sources`.
    /// - Complexity: O(total source length).
    public init(_ sources: [String: String], missingPartial: MissingPartial = .renderEmpty) throws(TemplateError) {
        var templates: [Template] = []
        templates.reserveCapacity(sources.count)
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            templates.append(try Template(source, name: name))
        }
        try self.init(templates: templates, missingPartial: missingPartial)
    }

    /// Builds a library from compiled templates, keyed by their names (a
    /// later template with the same name replaces an earlier one).
    public init(templates: [Template], missingPartial: MissingPartial = .renderEmpty) throws(TemplateError) {
        var byName: [String: Template] = [:]
        for template in templates { byName[template.name] = template }
        if missingPartial == .error {
            for (_, template) in byName.sorted(by: { $0.key < $1.key }) {
                try template.forEachPartial { (partialName, location) throws(TemplateError) in
                    guard byName[partialName] == nil else { return }
                    throw TemplateError(.missingPartial, template.name, location,
                                        "partial \"\(partialName)\" is not in the template library")
                }
            }
        }
        self.templates = byName
    }

    /// The template called `name`, if any.
    public subscript(name: String) -> Template? { templates[name] }

    /// Names of all templates, sorted.
    public var names: [String] { templates.keys.sorted() }

    /// Renders the template called `name` with `value` as root context.
    ///
    /// - Throws: `.unknownTemplate` if there is no such template,
    ///   `.renderTooDeep` on runaway recursion.
    /// - Complexity: see `Template.render(_:library:)`.
    public func render(_ name: String, _ value: TemplateValue) throws(TemplateError) -> String {
        try template(named: name).render(value, library: self)
    }

    /// `render(_:_:)` as UTF-8 bytes (see `Template.renderUTF8(_:library:)`).
    public func renderUTF8(_ name: String, _ value: TemplateValue) throws(TemplateError) -> [UInt8] {
        try template(named: name).renderUTF8(value, library: self)
    }

    /// `renderUTF8(_:_:)` with the origin of each piece of output (see `Template.renderTraced`).
    public func renderTraced(_ name: String, _ value: TemplateValue) throws(TemplateError) -> TracedOutput {
        try template(named: name).renderTraced(value, library: self)
    }

    func template(named name: String) throws(TemplateError) -> Template {
        guard let template = templates[name] else {
            throw TemplateError(.unknownTemplate, name, .none, "no template named \"\(name)\" in the library")
        }
        return template
    }
}
