import CellLayout
import FeedEngine
import JSONText
import Mustache
import TextLayout

/// A measured cell as each frame format draws it: the values of `cell.html` (and of a cell
/// template), the frame JSON's `cell` and `lines`, and the text frame's lines.
enum CellMarkup {
    /// The CSS custom property of a colour role (see frame.html's system colours).
    static func colourProperty(_ role: String) -> String {
        switch role {
        case "secondaryText": return "secondary-label"
        case "tint": return "tint"
        default: return "label"
        }
    }

    static func rect(_ rect: CellBox.Rect) -> TemplateValue {
        .object(["start": .double(rect.start), "top": .double(rect.top), "width": .double(rect.width), "height": .double(rect.height)])
    }

    /// `cell.html`'s record for a row drawn as `box`; `custom` is what the row's cell template drew.
    /// - Parameter edge: `left`, or `right` in a right-to-left list: the side positions are measured
    ///   from (explicit, since a line's own `dir` would turn logical properties around).
    static func record(_ box: CellBox, row: Layout.Row, separator: Bool, custom: String?, edge: String) -> TemplateValue {
        var record: [String: TemplateValue] = [
            "edge": .string(edge),
            "separatorInset": .double(box.textStart),
            "kind": .string(XMLText.safe(box.kind)),
            "index": .int(row.index), "id": .string(XMLText.safe(row.item.id)),
            "y": .double(row.y), "height": .double(row.height), "separator": .bool(separator),
            "custom": custom.map { .string($0) } ?? .null,
            "fields": .list(box.fields.map { field in
                .object([
                    "name": .string(XMLText.safe(field.name)),
                    "size": .double(field.size),
                    "weight": .int(field.weight == .semibold ? 600 : 400),
                    "families": .string(field.families.map { "'\($0)'" }.joined(separator: ", ") + ", sans-serif"),
                    "colour": .string(colourProperty(field.colour)),
                    "lines": .list(field.lines.map { line in
                        .object(["text": .string(XMLText.safe(line.text.text)), "dir": .string(line.text.isRightToLeft ? "rtl" : "ltr"),
                                 "start": .double(line.start), "top": .double(line.top)])
                    }),
                ])
            }),
        ]
        if let image = box.image { record["image"] = rect(image) }
        if let kind = box.accessory, let place = box.accessoryBox {
            record["accessory"] = .object(["kind": .string(kind), "start": .double(place.start), "top": .double(place.top)])
        }
        return .object(record)
    }

    /// A cell template's values: the row, the item's fields by name, and the layout's boxes.
    static func templateRecord(_ box: CellBox, row: Layout.Row, separator: Bool) -> TemplateValue {
        var record: [String: TemplateValue] = [:]
        for (key, value) in row.item.fields { record[key] = .string(XMLText.safe(value)) }
        record["index"] = .int(row.index)
        record["id"] = .string(XMLText.safe(row.item.id))
        record["title"] = .string(XMLText.safe(row.item.title))
        record["y"] = .double(row.y)
        record["height"] = .double(row.height)
        record["separator"] = .bool(separator)
        var layout: [String: TemplateValue] = ["height": .double(box.height)]
        if let image = box.leading ?? box.image { layout["image"] = rect(image) }
        if let trailing = box.trailing { layout["trailing"] = rect(trailing) }
        record["layout"] = .object(layout)
        return .object(record)
    }

    /// Frame JSON's `lines`: each field's lines as drawn, in logical order.
    static func lines(_ box: CellBox) -> JSONValue {
        var object = JSONObject()
        for field in box.fields { object[field.name] = .array(field.lines.map { .string($0.text.text) }) }
        return .object(object)
    }
}
