/// One entry of the feed, as a data source delivers it.
public struct Item: Hashable, Sendable {
    public var id: String
    public var title: String
    /// The row's own height; `nil` means the configured `rowHeight`.
    public var height: Double?
    /// Any other fields of the source's item, for templates to show.
    public var fields: [String: String]

    public init(id: String, title: String, height: Double? = nil, fields: [String: String] = [:]) {
        self.id = id
        self.title = title
        self.height = height
        self.fields = fields
    }
}

extension Array where Element == Item {
    /// Whether these rows begin with `prefix` (`starts(with:)`'s answer): item by item in place, where the
    /// generic `starts(with:)` copied each item out of both arrays, retaining and releasing its texts. A search
    /// asks it of every page that arrives (is it appended to the rows before it?), of rows up to hundreds long.
    /// - Complexity: O(`prefix.count`).
    public func begins(with prefix: [Item]) -> Bool {
        guard count >= prefix.count else { return false }
        return withUnsafeBufferPointer { rows in
            prefix.withUnsafeBufferPointer { head in
                for index in head.indices where rows[index] != head[index] { return false }
                return true
            }
        }
    }
}
