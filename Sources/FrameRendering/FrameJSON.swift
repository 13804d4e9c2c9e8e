import CellLayout
import FeedEngine
import FeedScenario
import JSONText

/// A frame as the JSON of SPEC §6: the layout with its number, time and cause.
public enum FrameJSON {
    /// The frame's JSON value, fields in the order SPEC §6 shows them.
    /// - Complexity: O(visible rows).
    /// - Parameter context: adds SPEC §9's look fields (`appearance`, `contentSize`, `direction`)
    ///   after `viewport`, each only when it is not the default.
    /// - Parameter cells: the rows' measured cells, which add each such row's `cell` and `lines`.
    public static func value(of frame: Frame, in context: FrameContext? = nil, cells: [CellBox?] = []) -> JSONValue {
        let layout = frame.layout
        var object: JSONObject = [
            "frame": .number(Double(frame.number)),
            "time": .number(frame.time),
            "cause": .string(frame.cause),
        ]
        var look = context?.lookFields ?? JSONObject()
        for (key, value) in insetFields(layout, context) { look[key] = value }
        var body = body(of: layout)
        if cells.contains(where: { $0 != nil }), case .array(var rows)? = body["rows"] {
            for (index, box) in cells.enumerated() where index < rows.count {
                guard let box, case .object(var row) = rows[index] else { continue }
                row["cell"] = .string(box.kind)
                row["lines"] = CellMarkup.lines(box)
                rows[index] = .object(row)
            }
            body["rows"] = .array(rows)
        }
        for (key, value) in zip(body.keys, body.values) {
            object[key] = value
            if key == "viewport" { for (key, value) in zip(look.keys, look.values) { object[key] = value } }
        }
        return .object(object)
    }

    /// SPEC §9's `safeArea` and `adjustedInset` (UIScrollView's, a held header or footer included), when
    /// a device or the list's insets cover its edges; none otherwise, so other frames stay as they were.
    static func insetFields(_ layout: Layout, _ context: FrameContext?) -> [(String, JSONValue)] {
        guard context?.device != nil || !layout.insets.isNone else { return [] }
        return [("safeArea", ["top": .number(layout.insets.safeTop), "bottom": .number(layout.insets.safeBottom)]),
                ("adjustedInset", ["top": .number(layout.adjustedInsetTop), "bottom": .number(layout.adjustedInsetBottom)])]
    }

    /// The fields that decide whether a new frame is written (all but frame, time, cause).
    public static func body(of layout: Layout) -> JSONObject {
        var body: JSONObject = [
            "viewport": ["width": .number(layout.viewport.width), "height": .number(layout.viewport.height)],
            "contentOffset": .number(layout.contentOffset),
            "contentHeight": .number(layout.contentHeight),
            "rows": .array(layout.rows.map { row($0, style: layout.style) }),
            "header": [
                "state": .string(layout.header.state.rawValue), "visible": .bool(layout.header.visible),
                "text": .string(layout.header.text), "y": .number(layout.header.y),
                "height": .number(layout.header.height),
            ],
            "footer": [
                "state": .string(layout.footer.state.rawValue), "visible": .bool(layout.footer.visible),
                "text": .string(layout.footer.text), "spinner": .bool(layout.footer.spinner),
                "tappable": .bool(layout.footer.tappable), "y": .number(layout.footer.y),
                "height": .number(layout.footer.height),
            ],
            "retry": retry(layout),
            "toast": layout.toast.map { ["text": .string($0.text), "until": .number($0.until)] } ?? .null,
            "empty": layout.emptyText.map { ["text": .string($0)] } ?? .null,
            "request": layout.request.map {
                ["id": .number(Double($0.id)), "kind": .string($0.kind.rawValue), "page": .number(Double($0.page))]
            } ?? .null,
            "itemCount": .number(Double(layout.itemCount)),
            "pageIndex": .number(Double(layout.pageIndex)),
            "suppressed": layout.suppressedIsKnown ? .number(Double(layout.suppressed)) : .null,
            "staleReplies": .number(Double(layout.staleReplies)),
            "duplicatesDropped": .number(Double(layout.duplicatesDropped)),
            "separators": .bool(layout.separators),
        ]
        // With a list style (SPEC §9): the section headers on screen, right after the rows.
        if layout.style != nil {
            var ordered = JSONObject()
            for (key, value) in zip(body.keys, body.values) {
                ordered[key] = value
                if key == "rows" { ordered["sections"] = sections(layout) }
            }
            body = ordered
        }
        // Left out until a reply fails, so frames without failures are as they were.
        if layout.hasFailed { body["lastFailure"] = layout.lastFailure.map(failure) ?? .null }
        return body
    }

    /// The retry object; `y` only where the button scrolls with the content (seed000), so other frames stay as they were.
    static func retry(_ layout: Layout) -> JSONValue {
        var object: JSONObject = ["visible": .bool(layout.retryVisible), "title": .string(layout.retryTitle)]
        if let y = layout.retryY { object["y"] = .number(y) }
        return .object(object)
    }

    static func failure(_ failure: RequestFailure) -> JSONValue {
        ["request": .number(Double(failure.request)), "reason": .string(failure.reason)]
    }

    /// `sections`: each header on screen, `{ "title", "y", "height", "pinned" }`.
    static func sections(_ layout: Layout) -> JSONValue {
        .array(layout.sections.map { ["title": .string($0.title), "y": .number($0.y), "height": .number($0.height), "pinned": .bool($0.pinned)] })
    }

    static func row(_ row: Layout.Row, style: ListStyle?) -> JSONValue {
        var object: JSONObject = [
            "index": .number(Double(row.index)),
            "id": .string(row.item.id),
            "title": .string(row.item.title),
            "y": .number(row.y),
            "height": .number(row.height),
        ]
        if !row.item.fields.isEmpty {
            var fields = JSONObject()
            for (key, value) in row.item.fields.sorted(by: { $0.key < $1.key }) { fields[key] = .string(value) }
            object["fields"] = .object(fields)
        }
        if style != nil { object["section"] = row.item.fields["section"].map { .string($0) } ?? .null }
        return .object(object)
    }

    /// The frame's file, pretty-printed with a final newline: the bytes of
    /// `JSONWriter.bytes(value(of: frame), style: .pretty)` plus `\n`,
    /// written straight from the layout without building the value (a
    /// frame is written for every event; tests hold the two to the same bytes).
    /// - Complexity: O(visible rows).
    public static func bytes(of frame: Frame, in context: FrameContext? = nil, cells: [CellBox?] = []) -> [UInt8] {
        let layout = frame.layout
        var writer = JSONWriter(style: .pretty, capacity: 1024 + 160 * layout.rows.count)
        func field(_ key: StaticString, _ number: Double) { writer.key(key); writer.value(number) }
        func field(_ key: StaticString, _ text: String) { writer.key(key); writer.value(text) }
        func field(_ key: StaticString, _ flag: Bool) { writer.key(key); writer.value(flag) }
        func object(_ key: StaticString, _ body: () -> Void) {
            writer.key(key)
            writer.beginObject()
            body()
            writer.endObject()
        }

        writer.beginObject()
        field("frame", Double(frame.number))
        field("time", frame.time)
        field("cause", frame.cause)
        object("viewport") {
            field("width", layout.viewport.width)
            field("height", layout.viewport.height)
        }
        if let look = context?.lookFields {
            for (key, value) in zip(look.keys, look.values) {
                writer.key(key)
                writer.value(value)
            }
        }
        for (key, value) in insetFields(layout, context) {
            writer.key(key)
            writer.value(value)
        }
        field("contentOffset", layout.contentOffset)
        field("contentHeight", layout.contentHeight)
        writer.key("rows")
        writer.beginArray()
        for (number, row) in layout.rows.enumerated() {
            writer.beginObject()
            field("index", Double(row.index))
            field("id", row.item.id)
            field("title", row.item.title)
            field("y", row.y)
            field("height", row.height)
            if !row.item.fields.isEmpty {
                object("fields") {
                    for (key, value) in row.item.fields.sorted(by: { $0.key < $1.key }) {
                        writer.key(key)
                        writer.value(value)
                    }
                }
            }
            if layout.style != nil {
                writer.key("section")
                writer.value(row.item.fields["section"].map { .string($0) } ?? .null)
            }
            if number < cells.count, let box = cells[number] {
                field("cell", box.kind)
                writer.key("lines")
                writer.value(CellMarkup.lines(box))
            }
            writer.endObject()
        }
        writer.endArray()
        if layout.style != nil {
            writer.key("sections")
            writer.value(sections(layout))
        }
        object("header") {
            field("state", layout.header.state.rawValue)
            field("visible", layout.header.visible)
            field("text", layout.header.text)
            field("y", layout.header.y)
            field("height", layout.header.height)
        }
        object("footer") {
            field("state", layout.footer.state.rawValue)
            field("visible", layout.footer.visible)
            field("text", layout.footer.text)
            field("spinner", layout.footer.spinner)
            field("tappable", layout.footer.tappable)
            field("y", layout.footer.y)
            field("height", layout.footer.height)
        }
        object("retry") {
            field("visible", layout.retryVisible)
            field("title", layout.retryTitle)
            if let y = layout.retryY { field("y", y) }
        }
        if let toast = layout.toast {
            object("toast") {
                field("text", toast.text)
                field("until", toast.until)
            }
        } else {
            writer.key("toast")
            writer.nullValue()
        }
        if let empty = layout.emptyText {
            object("empty") { field("text", empty) }
        } else {
            writer.key("empty")
            writer.nullValue()
        }
        if let request = layout.request {
            object("request") {
                field("id", Double(request.id))
                field("kind", request.kind.rawValue)
                field("page", Double(request.page))
            }
        } else {
            writer.key("request")
            writer.nullValue()
        }
        field("itemCount", Double(layout.itemCount))
        field("pageIndex", Double(layout.pageIndex))
        if layout.suppressedIsKnown { field("suppressed", Double(layout.suppressed)) } else {
            writer.key("suppressed")
            writer.value(.null)
        }
        field("staleReplies", Double(layout.staleReplies))
        field("duplicatesDropped", Double(layout.duplicatesDropped))
        field("separators", layout.separators)
        if layout.hasFailed {
            if let failure = layout.lastFailure {
                object("lastFailure") {
                    field("request", Double(failure.request))
                    field("reason", failure.reason)
                }
            } else {
                writer.key("lastFailure")
                writer.nullValue()
            }
        }
        writer.endObject()
        return writer.output + [0x0A]
    }
}
