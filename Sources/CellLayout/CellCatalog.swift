import FeedEngine
import Mustache

/// The cell kinds a run knows: the built-in styles, and each cell template of the templates folder
/// (`cell-NAME.html` with its sidecar `cell-NAME.json`).
public struct CellCatalog: Sendable {
    /// A template's kind: what its sidecar says to measure, and the fields it always shows.
    struct TemplateKind: Sendable {
        var spec: CellSpec
        /// `{{name}}` tags outside any section, with their lines: the item must have these.
        var required: [(name: String, line: Int)]
        /// How messages name the template (`Templates/cell-message.html`).
        var shownAs: String
    }

    private var templates: [String: TemplateKind] = [:]

    /// The names every cell template may show besides the item's fields.
    public static let rowNames: Set<String> = ["index", "id", "title", "y", "height", "separator", "layout"]

    /// The built-in styles only.
    public init() {}

    /// The built-in styles and the given templates.
    /// - Parameter templates: name → (the sidecar's spec, the compiled template, how messages name it).
    public init(templates: [String: (spec: CellSpec, template: Template, shownAs: String)]) {
        for (name, entry) in templates {
            self.templates[name] = TemplateKind(spec: entry.spec, required: entry.template.unconditionalVariables, shownAs: entry.shownAs)
        }
    }

    /// Every kind's name, built-ins first.
    public var names: [String] { CellStyle.allCases.map(\.rawValue) + templates.keys.sorted() }

    public func contains(_ name: String) -> Bool { CellStyle(rawValue: name) != nil || templates[name] != nil }

    /// The spec of `kind` for `item`.
    /// - Throws: `CellError` when `kind` is unknown, or the item lacks a field its template shows.
    public func spec(_ kind: String, item: Item) throws(CellError) -> CellSpec {
        if let style = CellStyle(rawValue: kind) { return style.spec }
        guard let template = templates[kind] else {
            throw CellError("item \"\(item.id)\": no cell \"\(kind)\" (expected one of \(names.joined(separator: ", ")), "
                            + "or a template cell-\(kind).html with its sidecar cell-\(kind).json in the templates folder)")
        }
        for (name, line) in template.required {
            let key = String(name.prefix { $0 != "." })
            if Self.rowNames.contains(key) || item.fields[key] != nil { continue }
            throw CellError("\(template.shownAs):\(line): {{\(name)}}: item \"\(item.id)\" has no field \"\(key)\" "
                            + "(write {{#\(key)}}…{{/\(key)}} to show it only when present)")
        }
        return template.spec
    }
}
