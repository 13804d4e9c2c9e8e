/// Why an item cannot be laid out as a cell: a message naming the item, and the template, line and
/// field where a template is at fault.
public struct CellError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
