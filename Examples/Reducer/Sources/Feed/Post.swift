/// A post of the feed.
public struct Post: Hashable, Sendable {
    public var id: String
    public var title: String
    public init(id: String, title: String) {
        self.id = id
        self.title = title
    }
}

/// Why a page did not arrive.
public struct FeedError: Error, Hashable, Sendable {
    public var reason: String
    public init(reason: String) { self.reason = reason }
}
