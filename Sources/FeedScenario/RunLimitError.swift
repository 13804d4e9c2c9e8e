/// A run stopped by the data it met (exit 65): the list would hold more than `ItemLimits`
/// allows, or an item arrived that its cell cannot lay out (`RowSizer`).
public struct RunLimitError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
