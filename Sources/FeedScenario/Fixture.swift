import FeedEngine
import JSONText

/// A fixture as it is recorded: a JSON array, one item a line, fields in a
/// stable order, held to what a `file` source reads back (`ItemLimits`).
public struct Fixture: Sendable {
    public init() {}

    public private(set) var lines: [String] = []
    /// The file's size so far, as `text` would write it.
    public private(set) var bytes = 3  // "[]\n"

    public var count: Int { lines.count }

    /// Adds an item, or says which limit it would cross (and adds nothing).
    public mutating func append(_ item: Item) -> String? {
        if let (field, size) = ItemLimits.oversizedField(of: item) {
            return "item \(FailureText.excerpt(item.id, limit: 40)): \(field) of \(size) bytes, over \(ItemLimits.describe(bytes: ItemLimits.maxFieldBytes)) (the limit of one field)"
        }
        guard lines.count < ItemLimits.maxItems else {
            return "more than \(ItemLimits.describe(count: ItemLimits.maxItems)) items (the most a file source reads)"
        }
        let line = Self.line(item)
        // "[\n" + lines joined by ",\n" + "\n]\n", or "[]\n" for none.
        let size = lines.isEmpty ? 2 + line.utf8.count + 3 : bytes + 2 + line.utf8.count
        guard size <= ItemLimits.maxFileBytes else {
            return "the fixture would be \(size) bytes, over \(ItemLimits.describe(bytes: ItemLimits.maxFileBytes)) (the most a file source reads)"
        }
        lines.append(line)
        bytes = size
        return nil
    }

    public var text: String { lines.isEmpty ? "[]\n" : "[\n" + lines.joined(separator: ",\n") + "\n]\n" }

    public static func line(_ item: Item) -> String {
        var object = JSONObject()
        object["id"] = .string(item.id)
        object["title"] = .string(item.title)
        if let height = item.height { object["height"] = .number(height) }
        for (key, value) in item.fields.sorted(by: { $0.key < $1.key }) { object[key] = .string(value) }
        return "  " + JSONWriter.string(.object(object))
    }
}
