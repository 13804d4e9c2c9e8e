/// `{ "kind": "http", "url": "http://…?page={page}&size={pageSize}", "items": "/data", "next": "/next" }`:
/// a paged JSON API.
public struct HTTPSourceSpec: Hashable, Sendable {
    /// With `{page}`, `{pageSize}` and `{cursor}` to fill in.
    public var url: String
    /// JSON pointer (RFC 6901) to the list of items in a reply; `""` is the whole reply.
    public var items: String
    /// JSON pointer to the next page's cursor in a reply; absent, or null in the
    /// reply, when the API has no cursors or no more pages.
    public var next: String?
    public var headers: [String: String]
    /// Seconds a request may take before it counts as failed.
    public var timeout: Double

    public static let defaultTimeout = 5.0

    public init(url: String, items: String = "", next: String? = nil, headers: [String: String] = [:],
                timeout: Double = defaultTimeout) {
        self.url = url
        self.items = items
        self.next = next
        self.headers = headers
        self.timeout = timeout
    }
}
