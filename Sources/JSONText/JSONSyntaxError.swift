/// Why and where JSON text could not be parsed.
///
/// `description` is `line:column: message`, so a tool prints
/// `"\(path):\(error)"` to get `demo.json:3:14: expected ',' or '}' after
/// object member, found ']'`. Messages say what was expected and what was
/// found. See `JSONPosition` for how columns are counted.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    public var position: JSONPosition
    public var message: String

    public init(_ message: String, at position: JSONPosition) {
        self.message = message
        self.position = position
    }

    public var line: Int { position.line }
    public var column: Int { position.column }
    public var description: String { "\(position.line):\(position.column): \(message)" }
}
