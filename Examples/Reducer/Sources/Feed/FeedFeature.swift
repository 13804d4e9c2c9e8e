/// The feed, in the shape TCA teams write a feature: `State`, `Action`, effects as values, and one
/// pure `reduce(into:action:)`. A store runs it; the effects are run by a client over `URLSession`
/// that sends `.pageResponse` back. The feature knows nothing of UIKit or of FeedFrames.
public struct FeedFeature: Sendable {
    public struct State: Hashable, Sendable {
        public var posts: [Post] = []
        /// Pages loaded since the first page (0 before it arrives).
        public var page = 0
        /// The first page is on its way (on appear, or by a pull to refresh).
        public var isLoadingFirstPage = false
        /// The refresh control spins: the user pulled.
        public var isRefreshing = false
        public var isLoadingNextPage = false
        public var nextPageFailed = false
        public var hasMore = true
        public init() {}
    }

    public enum Action: Hashable, Sendable {
        case onAppear
        case pulledToRefresh
        /// The last row is about to show.
        case reachedBottom
        /// The footer's "tap to retry" after a failed page.
        case retryTapped
        case pageResponse(RequestID, Result<[Post], FeedError>)
    }

    /// Which request a response answers, and what a cancel names (TCA's `CancelID`).
    public enum RequestID: Hashable, Sendable {
        case firstPage
        case nextPage
    }

    /// What the store must do; the client answers a `fetch` with `.pageResponse(id, …)`.
    public enum Effect: Hashable, Sendable {
        case fetch(RequestID, page: Int)
        /// Drop the request in flight under this id: its response is never sent.
        case cancel(RequestID)
    }

    public var pageSize: Int
    /// Whether a pull to refresh cancels a next page in flight. As shipped it does not, so that page
    /// lands after the refreshed first page, on top of the fresh rows; `true` is the fix.
    public var cancelsNextPageOnRefresh: Bool

    public init(pageSize: Int = 20, cancelsNextPageOnRefresh: Bool = false) {
        self.pageSize = pageSize
        self.cancelsNextPageOnRefresh = cancelsNextPageOnRefresh
    }

    public func reduce(into state: inout State, action: Action) -> [Effect] {
        switch action {
        case .onAppear:
            guard state.posts.isEmpty, !state.isLoadingFirstPage else { return [] }
            state.isLoadingFirstPage = true
            return [.fetch(.firstPage, page: 1)]

        case .pulledToRefresh:
            guard !state.isLoadingFirstPage else { return [] }
            state.isLoadingFirstPage = true
            state.isRefreshing = true
            guard cancelsNextPageOnRefresh, state.isLoadingNextPage else { return [.fetch(.firstPage, page: 1)] }
            state.isLoadingNextPage = false
            return [.cancel(.nextPage), .fetch(.firstPage, page: 1)]

        case .reachedBottom, .retryTapped:
            guard !state.posts.isEmpty, state.hasMore, !state.isLoadingFirstPage, !state.isLoadingNextPage else { return [] }
            if case .retryTapped = action, !state.nextPageFailed { return [] }
            state.isLoadingNextPage = true
            state.nextPageFailed = false
            return [.fetch(.nextPage, page: state.page + 1)]

        case .pageResponse(.firstPage, let result):
            state.isLoadingFirstPage = false
            state.isRefreshing = false
            if case .success(let posts) = result {
                state.posts = posts
                state.page = 1
                state.hasMore = posts.count == pageSize
                state.nextPageFailed = false
            }
            return []

        case .pageResponse(.nextPage, .success(let posts)):
            state.isLoadingNextPage = false
            state.posts += posts
            state.page += 1
            state.hasMore = posts.count == pageSize
            return []

        case .pageResponse(.nextPage, .failure):
            state.isLoadingNextPage = false
            state.nextPageFailed = true
            return []
        }
    }
}
