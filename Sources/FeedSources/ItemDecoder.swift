import FeedEngine
import FeedScenario
import JSONText

/// Turns a JSON object into an `Item` (SPEC §4): `id` a string or a whole
/// number (its exact digits, so 64-bit ids stay distinct), `title` a string,
/// `height` an optional number of points, and any other member a field for
/// templates (numbers and booleans become text).
///
/// Shared by `file` sources (where a bad item is an error naming its line)
/// and `http` sources (where it makes the reply a failure).
struct ItemDecoder {
    /// Members holding arrays or objects: an error in files, which the user
    /// writes; skipped in replies, which often carry more than a list needs.
    var rejectsNested: Bool

    /// What is wrong with one item, and where.
    struct Problem: Error {
        /// The member (`id`, `title`, …), or `""` for the item itself.
        var key: String
        var message: String
        var position: JSONPosition
    }

    /// - Complexity: O(members).
    func item(_ node: JSONNode) -> Result<Item, Problem> {
        guard let members = node.members else {
            return .failure(Problem(key: "", message: "expected an item object, found \(Self.describe(node))", position: node.position))
        }
        var id: String?
        var title: String?
        var height: Double?
        var fields: [String: String] = [:]
        for member in members {
            let value = member.value
            switch member.key {
            case "id":
                switch value.value {
                case .string(let text) where !text.isEmpty: id = text
                case .number where value.integerText != nil: id = value.integerText
                default:
                    var message = "expected a non-empty string or a whole number, found \(Self.describe(value))"
                    if case .number(let number) = value.value, number == number.rounded() {
                        message += " (beyond 2^53 a whole number must be written as plain digits to stay exact)"
                    }
                    return .failure(Problem(key: "id", message: message, position: value.position))
                }
            case "title":
                guard let text = value.stringValue else {
                    return .failure(Problem(key: "title", message: "expected a string, found \(Self.describe(value))", position: value.position))
                }
                title = text
            case "image":
                // SPEC §9: `{ "width": W, "height": H }`, drawn as a placeholder of that size; kept as "WxH".
                if value.isNull { continue }
                guard let size = Self.imageSize(value) else {
                    return .failure(Problem(key: "image", message: "expected { \"width\": W, \"height\": H } in points from 1 to 1000, found \(Self.describe(value))", position: value.position))
                }
                fields["image"] = size
            case "accessory":
                guard let text = value.stringValue, ["none", "disclosure", "checkmark"].contains(text) else {
                    return .failure(Problem(key: "accessory", message: "expected \"none\", \"disclosure\" or \"checkmark\", found \(Self.describe(value))", position: value.position))
                }
                fields["accessory"] = text
            case "cell":
                guard let text = value.stringValue, CellName.isValid(text) else {
                    return .failure(Problem(key: "cell", message: "expected a cell style (basic, subtitle, value1, value2) or a cell template's name (\(CellName.expected)), found \(Self.describe(value))", position: value.position))
                }
                fields["cell"] = text
            case "height":
                if value.isNull { continue }
                guard let number = value.doubleValue, number >= 1, number <= 100_000 else {
                    return .failure(Problem(key: "height", message: "expected a number of points from 1 to 100000, or null, found \(Self.describe(value))", position: value.position))
                }
                height = number
            default:
                switch value.value {
                case .string(let text): fields[member.key] = text
                case .number(let number): fields[member.key] = value.integerText ?? Self.text(number)
                case .bool(let flag): fields[member.key] = String(flag)
                case .null: continue
                case .array, .object:
                    if rejectsNested {
                        return .failure(Problem(key: member.key, message: "expected a string, number, true, false or null (fields are shown as text), found \(Self.describe(value))", position: value.position))
                    }
                }
            }
        }
        guard let id else { return .failure(Problem(key: "", message: "missing \"id\" (expected a string or a whole number)", position: node.position)) }
        guard let title else { return .failure(Problem(key: "", message: "missing \"title\" (expected a string)", position: node.position)) }
        let item = Item(id: id, title: title, height: height, fields: fields)
        if let (field, bytes) = ItemLimits.oversizedField(of: item) {
            return .failure(Problem(key: field, message: "\(bytes) bytes (expected at most \(ItemLimits.describe(bytes: ItemLimits.maxFieldBytes)), the limit of one field)",
                                    position: node[field]?.position ?? node.position))
        }
        return .success(item)
    }

    /// `{ "width": 40, "height": 30 }` as "40x30", or `nil` when it is not such an object.
    static func imageSize(_ node: JSONNode) -> String? {
        guard let members = node.members, members.count == 2,
              let width = node["width"]?.doubleValue, let height = node["height"]?.doubleValue,
              (1...1000).contains(width), (1...1000).contains(height) else { return nil }
        return "\(text(width))x\(text(height))"
    }

    /// `7` for 7.0, `1.5` for 1.5: how a number reads as an id or a field.
    static func text(_ number: Double) -> String {
        if let whole = Int(exactly: number) { return String(whole) }
        return String(number)
    }

    static func describe(_ node: JSONNode) -> String {
        switch node.value {
        case .string(let text):
            // One line a problem, and a short one: control characters (newlines) show as "?".
            return "\"\(FailureText.excerpt(text, limit: 40))\""
        case .number(let number): return node.integerText ?? text(number)
        case .bool(let flag): return String(flag)
        case .null: return "null"
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}
