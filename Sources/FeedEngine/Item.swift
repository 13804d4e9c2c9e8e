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
