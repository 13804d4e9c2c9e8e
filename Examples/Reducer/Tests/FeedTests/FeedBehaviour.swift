import Feed
import FeedEngine

/// The adapter: the feature as a FeedFrames behaviour, run as the app's store and view controller run
/// it. UIKit's callbacks become actions, the reducer's effects become requests and cancels, a reply
/// becomes `.pageResponse`, and the refresh control follows `isRefreshing` as the view controller binds it.
struct FeedBehaviour: PagingBehaviour {
    struct State: Hashable, Sendable {
        var feature = FeedFeature.State()
        /// Requests made: FeedFrames numbers them from 1 in order, so this is the newest one's id.
        var issued = 0
        /// What each request in flight was for, by FeedFrames' id (the client's table of tasks).
        var inFlight: [Int: FeedFeature.RequestID] = [:]
    }

    var feature = FeedFeature()
    var initialState: State { State() }

    /// The search key: request numbers relative to the count, so the search can close.
    static func key(_ state: State) -> AnyHashable {
        var key = state
        key.inFlight = Dictionary(uniqueKeysWithValues: state.inFlight.map { ($0.key - state.issued, $0.value) })
        key.issued = 0
        return key
    }

    func handle(_ callback: ListCallback, state: inout State) -> [ListEffect] {
        let action: FeedFeature.Action
        switch callback {
        case .viewDidLoad: action = .onAppear
        case .refreshControlValueChanged: action = .pulledToRefresh
        case .willDisplay(let row, _) where row == state.feature.posts.count - 1: action = .reachedBottom
        case .tapFooter: action = .retryTapped
        case .reply(let id, let outcome):
            guard let request = state.inFlight.removeValue(forKey: id) else { return [] }
            switch outcome {
            case .success(let items): action = .pageResponse(request, .success(items.map { Post(id: $0.id, title: $0.title) }))
            case .failure(let reason): action = .pageResponse(request, .failure(FeedError(reason: reason)))
            }
        default: return []
        }
        let wasRefreshing = state.feature.isRefreshing
        var effects: [ListEffect] = []
        for effect in feature.reduce(into: &state.feature, action: action) {
            switch effect {
            case .fetch(let request, let page):
                state.issued += 1
                state.inFlight[state.issued] = request
                effects.append(.request(request == .nextPage ? .more : state.feature.isRefreshing ? .refresh : .initial, page: page))
            case .cancel(let request):
                for id in state.inFlight.keys.sorted() where state.inFlight[id] == request {
                    state.inFlight[id] = nil
                    effects.append(.cancel(id: id))
                }
            }
        }
        if state.feature.isRefreshing != wasRefreshing { effects.insert(wasRefreshing ? .endRefreshing : .beginRefreshing, at: 0) }
        return effects
    }

    func screen(_ state: State) -> ListScreen {
        let feed = state.feature
        let footer: FooterState = feed.posts.isEmpty ? .hidden
            : feed.isLoadingNextPage ? .loading : feed.nextPageFailed ? .failed : feed.hasMore ? .idle : .exhausted
        return ListScreen(rows: feed.posts.map { Item(id: $0.id, title: $0.title) },
                          header: feed.isRefreshing ? .refreshing : .idle, footer: footer)
    }
}
