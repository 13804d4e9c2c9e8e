import FeedScenario
import JSONText
import TextLayout

/// A cell template's sidecar, `cell-NAME.json`: what the layout measures in the template's cells.
///
/// ```json
/// { "minHeight": 64,
///   "margins": { "top": 10, "bottom": 10, "leading": 16, "trailing": 16 },
///   "image": { "width": 40, "height": 40, "spacing": 12 },
///   "trailing": { "width": 44, "height": 20, "spacing": 8 },
///   "fields": [ { "name": "title", "style": "headline", "maxLines": 1 },
///               { "name": "subtitle", "style": "subheadline", "maxLines": 2, "spacing": 2, "colour": "secondaryText" } ] }
/// ```
/// Only `fields` is required. Problems name the file, line, column and key, all at once.
public enum CellSidecar {
    public static let maxBytes = 1 << 20
    static let colours = ["text", "secondaryText", "tint"]

    /// - Throws: `ScenarioErrors` at the sidecar's lines.
    public static func read(_ bytes: [UInt8], name: String, file: String) throws(ScenarioErrors) -> CellSpec {
        var reader = Reader(file: file)
        let root: JSONNode
        do { root = try JSONParser.parse(bytes, maxDepth: 16) } catch {
            throw ScenarioErrors([ScenarioError(file: file, line: error.position.line, column: error.position.column, message: error.message)])
        }
        let spec = reader.spec(root, name: name)
        if let spec, reader.problems.isEmpty { return spec }
        throw ScenarioErrors(reader.problems.sorted { ($0.line ?? 0, $0.column ?? 0) < ($1.line ?? 0, $1.column ?? 0) })
    }

    struct Reader {
        let file: String
        var problems: [ScenarioError] = []

        mutating func fail(_ node: JSONNode, _ path: String, _ message: String) {
            problems.append(ScenarioError(file: file, line: node.position.line, column: node.position.column, path: path, message: message))
        }

        mutating func object(_ node: JSONNode, _ path: String, keys: [String]) -> [String: JSONNode]? {
            guard let members = node.members else {
                fail(node, path, "expected an object with \(keys.joined(separator: ", "))")
                return nil
            }
            var fields: [String: JSONNode] = [:]
            for member in members {
                let at = path.isEmpty ? member.key : "\(path).\(member.key)"
                if !keys.contains(member.key) {
                    problems.append(ScenarioError(file: file, line: member.keyPosition.line, column: member.keyPosition.column, path: at,
                                                  message: "unknown key (expected one of \(keys.joined(separator: ", ")))"))
                } else if fields[member.key] != nil {
                    problems.append(ScenarioError(file: file, line: member.keyPosition.line, column: member.keyPosition.column, path: at,
                                                  message: "given twice"))
                }
                fields[member.key] = member.value
            }
            return fields
        }

        mutating func points(_ node: JSONNode?, _ path: String, in range: ClosedRange<Double>) -> Double? {
            guard let node else { return nil }
            guard let value = node.doubleValue, range.contains(value) else {
                fail(node, path, "expected a number of points from \(Int(range.lowerBound)) to \(Int(range.upperBound)), found \(Self.found(node))")
                return nil
            }
            return value
        }

        static func found(_ node: JSONNode) -> String {
            switch node.value {
            case .string(let text): return "\"\(FailureText.excerpt(text, limit: 40))\""
            case .number(let number): return node.integerText ?? String(number)
            case .bool(let flag): return String(flag)
            case .null: return "null"
            case .array: return "a list"
            case .object: return "an object"
            }
        }

        mutating func part(_ node: JSONNode?, _ path: String) -> CellSpec.Part? {
            guard let node, let fields = object(node, path, keys: ["width", "height", "spacing"]) else { return nil }
            guard let width = points(fields["width"], "\(path).width", in: 1...1000),
                  let height = points(fields["height"], "\(path).height", in: 1...1000) else {
                if fields["width"] == nil || fields["height"] == nil { fail(node, path, "expected both width and height") }
                return nil
            }
            return CellSpec.Part(width: width, height: height, spacing: points(fields["spacing"], "\(path).spacing", in: 0...200) ?? 12)
        }

        mutating func spec(_ root: JSONNode, name: String) -> CellSpec? {
            guard let fields = object(root, "", keys: ["minHeight", "margins", "image", "trailing", "fields"]) else { return nil }
            var spec = CellSpec(name: name, fields: [], template: "cell-\(name).html")
            if let height = points(fields["minHeight"], "minHeight", in: 1...10_000) { spec.minimumHeight = height }
            if let node = fields["margins"], let margins = object(node, "margins", keys: ["top", "bottom", "leading", "trailing"]) {
                for (key, path) in [("top", \CellSpec.Margins.top), ("bottom", \.bottom), ("leading", \.leading), ("trailing", \.trailing)] {
                    if let value = points(margins[key], "margins.\(key)", in: 0...500) { spec.margins[keyPath: path] = value }
                }
            }
            spec.leading = part(fields["image"], "image")
            spec.trailing = part(fields["trailing"], "trailing")
            guard let list = fields["fields"] else {
                fail(root, "fields", "missing (expected a list of the text fields to measure, e.g. [{ \"name\": \"title\", \"style\": \"body\" }])")
                return nil
            }
            guard let elements = list.elements, !elements.isEmpty else {
                fail(list, "fields", "expected a non-empty list of text fields, found \(Self.found(list))")
                return nil
            }
            var seen = Set<String>()
            for (index, element) in elements.enumerated() {
                let path = "fields[\(index)]"
                guard let field = object(element, path, keys: ["name", "style", "weight", "maxLines", "colour", "spacing"]) else { continue }
                guard let nameNode = field["name"], let fieldName = nameNode.stringValue, !fieldName.isEmpty else {
                    fail(field["name"] ?? element, "\(path).name", "expected the name of an item field (title, subtitle, detail or any other)")
                    continue
                }
                if !seen.insert(fieldName).inserted { fail(nameNode, "\(path).name", "\"\(fieldName)\" is measured twice") }
                var entry = CellSpec.Field(fieldName)
                if let node = field["style"] {
                    if let text = node.stringValue, let style = ContentSize.TextStyle(rawValue: text) {
                        entry = CellSpec.Field(fieldName, style: style)
                    } else {
                        fail(node, "\(path).style", "\(Self.found(node)) is not a text style (expected one of \(ContentSize.TextStyle.allCases.map(\.rawValue).joined(separator: ", ")))")
                    }
                }
                if let node = field["weight"] {
                    switch node.stringValue {
                    case "regular": entry.weight = .regular
                    case "semibold": entry.weight = .semibold
                    default: fail(node, "\(path).weight", "\(Self.found(node)) is not a weight (expected regular or semibold)")
                    }
                }
                if let node = field["maxLines"] {
                    if let lines = node.intValue, (0...100).contains(lines) { entry.maxLines = lines } else {
                        fail(node, "\(path).maxLines", "expected a whole number from 0 (every line) to 100, found \(Self.found(node))")
                    }
                }
                if let node = field["colour"] {
                    if let text = node.stringValue, CellSidecar.colours.contains(text) { entry.colour = text } else {
                        fail(node, "\(path).colour", "\(Self.found(node)) is not a colour role (expected one of \(CellSidecar.colours.joined(separator: ", ")))")
                    }
                }
                if let spacing = points(field["spacing"], "\(path).spacing", in: 0...200) { entry.spacing = spacing }
                spec.fields.append(entry)
            }
            return spec
        }
    }
}
