import JSONText

/// A JSON pointer (RFC 6901): `/data/items/0` picks member `data`, then
/// member `items`, then element 0. `""` is the whole document.
///
/// Written here because Foundation has none; used by `http` sources to find
/// the items and the next cursor in a reply.
public struct JSONPointer: Hashable, Sendable, CustomStringConvertible {
    /// The reference tokens, unescaped (`~1` → `/`, `~0` → `~`).
    public let tokens: [String]
    public let description: String

    /// - Throws: `JSONPointerError` when `text` is neither empty nor starts
    ///   with `/`, or has a `~` not followed by `0` or `1`.
    public init(_ text: String) throws(JSONPointerError) {
        description = text
        guard !text.isEmpty else {
            tokens = []
            return
        }
        guard text.hasPrefix("/") else {
            throw JSONPointerError(message: "\"\(text)\" does not start with \"/\" (expected \"\" for the whole reply, or e.g. \"/data\")")
        }
        var tokens: [String] = []
        for raw in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            var token = ""
            var scalars = raw.unicodeScalars.makeIterator()
            while let scalar = scalars.next() {
                guard scalar == "~" else {
                    token.unicodeScalars.append(scalar)
                    continue
                }
                switch scalars.next() {
                case "0": token += "~"
                case "1": token += "/"
                default: throw JSONPointerError(message: "\"\(text)\" has a \"~\" not followed by 0 or 1 (write ~0 for ~ and ~1 for /)")
                }
            }
            tokens.append(token)
        }
        self.tokens = tokens
    }

    /// The value the pointer names in `root`, or `nil` when there is none.
    /// An array index is decimal digits without leading zeros; `-` (past the
    /// end) names nothing.
    /// - Complexity: O(depth × members per object).
    public func resolve(in root: JSONNode) -> JSONNode? {
        var node = root
        for token in tokens {
            switch node.value {
            case .object:
                guard let next = node[token] else { return nil }
                node = next
            case .array(let elements):
                guard let index = Self.arrayIndex(token), index < elements.count else { return nil }
                node = elements[index]
            default:
                return nil
            }
        }
        return node
    }

    /// `0`, `1`, `12`, but not `01`, `-1` or `+1`.
    static func arrayIndex(_ token: String) -> Int? {
        guard !token.isEmpty, token.utf8.allSatisfy({ (48...57).contains($0) }),
              token == "0" || !token.hasPrefix("0") else { return nil }
        return Int(token)
    }
}

/// Why a JSON pointer could not be read.
public struct JSONPointerError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
