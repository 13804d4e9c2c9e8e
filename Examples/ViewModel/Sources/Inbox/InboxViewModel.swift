/// A message of the inbox.
public struct Message: Hashable, Sendable {
    public var id: String
    public var subject: String
    public init(id: String, subject: String) {
        self.id = id
        self.subject = subject
    }
}

/// Where pages come from: the network in the app, FeedFrames' data source in the tests.
public protocol InboxClient {
    func fetch(page: Int, completion: @escaping (Result<[Message], Error>) -> Void)
}

/// The inbox's view model, in the shape UIKit apps write it: `isLoading`, `page`, `items`,
/// `loadMore()` (called from `tableView(_:willDisplay:forRowAt:)` for the last row) and
/// `refresh()` (the refresh control's `valueChanged`), with its client injected.
public final class InboxViewModel {
    public private(set) var items: [Message] = []
    public private(set) var page = 0
    public private(set) var isLoading = false
    public private(set) var hasMore = true
    public private(set) var failed = false
    /// Items a full page holds: a shorter page is the last.
    public let pageSize: Int
    private let client: InboxClient

    public init(client: InboxClient, pageSize: Int = 20) {
        self.client = client
        self.pageSize = pageSize
    }

    public func refresh() {
        guard !isLoading else { return }
        isLoading = true
        client.fetch(page: 1) { [self] result in finish(page: 1, result) }
    }

    public func loadMore() {
        guard !isLoading, hasMore else { return }
        isLoading = true
        let next = page + 1
        client.fetch(page: next) { [self] result in finish(page: next, result) }
    }

    /// A page's reply: the first page replaces the items, later ones append.
    func finish(page loaded: Int, _ result: Result<[Message], Error>) {
        isLoading = false
        switch result {
        case .success(let messages):
            items = loaded == 1 ? messages : items + messages
            page = loaded
            hasMore = messages.count == pageSize
            failed = false
        case .failure:
            failed = true
        }
    }
}

extension InboxViewModel {
    /// Puts the model back in a state (for tests that rebuild it between calls).
    func restore(items: [Message], page: Int, isLoading: Bool, hasMore: Bool, failed: Bool) {
        self.items = items
        self.page = page
        self.isLoading = isLoading
        self.hasMore = hasMore
        self.failed = failed
    }
}
