import FeedEngine
import FeedScenario
import JSONText

/// A frame as the JSON of SPEC §6: the layout with its number, time and cause.
public enum FrameJSON {
    /// The frame's JSON value, fields in the order SPEC §6 shows them.
    /// - Complexity: O(visible rows).
    public static func value(of frame: Frame) -> JSONValue {
        let layout = frame.layout
        var object: JSONObject = [
            "frame": .number(Double(frame.number)),
            "time": .number(frame.time),
            "cause": .string(frame.cause),
        ]
        for (key, value) in body(of: layout) { object[key] = value }
        return .object(object)
    }

    /// The fields that decide whether a new frame is written (all but frame, time, cause).
    public static func body(of layout: Layout) -> JSONObject {
        [
            "viewport": ["width": .number(layout.viewport.width), "height": .number(layout.viewport.height)],
            "contentOffset": .number(layout.contentOffset),
            "contentHeight": .number(layout.contentHeight),
            "rows": .array(layout.rows.map(row)),
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
            "retry": ["visible": .bool(layout.retryVisible), "title": .string(layout.retryTitle)],
            "toast": layout.toast.map { ["text": .string($0.text), "until": .number($0.until)] } ?? .null,
            "empty": layout.emptyText.map { ["text": .string($0)] } ?? .null,
            "request": layout.request.map {
                ["id": .number(Double($0.id)), "kind": .string($0.kind.rawValue), "page": .number(Double($0.page))]
            } ?? .null,
            "itemCount": .number(Double(layout.itemCount)),
            "pageIndex": .number(Double(layout.pageIndex)),
            "suppressed": .number(Double(layout.suppressed)),
            "staleReplies": .number(Double(layout.staleReplies)),
            "duplicatesDropped": .number(Double(layout.duplicatesDropped)),
            "separators": .bool(layout.separators),
        ]
    }

    static func row(_ row: Layout.Row) -> JSONValue {
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
        return .object(object)
    }

    /// The frame's file, pretty-printed with a final newline.
    public static func bytes(of frame: Frame) -> [UInt8] {
        JSONWriter.bytes(value(of: frame), style: .pretty) + [0x0A]
    }
}
