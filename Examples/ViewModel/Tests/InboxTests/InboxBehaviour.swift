import FeedEngine
@testable import Inbox

/// The adapter: the view model as a FeedFrames behaviour. UIKit's callbacks call the view model's
/// methods as the app's view controller does; its client turns "fetch page N" into a request effect,
/// and FeedFrames' reply into the client's completion. The view model is rebuilt from the state on
/// each callback, so the behaviour stays a value.
struct InboxBehaviour: PagingBehaviour {
    struct State: Hashable, Sendable {
        var items: [Message] = []
        var page = 0
        var isLoading = false
        var hasMore = true
        var failed = false
        /// The page each request in flight asked for, by FeedFrames' request id.
        var pages: [Int: Int] = [:]
        var requests = 0
    }

    /// The view model's page size (what a team might change, and a snapshot catch).
    var pageSize = 20

    var initialState: State { State() }

    /// Records what the view model fetches; completes it when FeedFrames' reply arrives.
    final class Client: InboxClient {
        var fetched: [Int] = []
        var completions: [Int: (Result<[Message], Error>) -> Void] = [:]
        func fetch(page: Int, completion: @escaping (Result<[Message], Error>) -> Void) {
            fetched.append(page)
            completions[page] = completion
        }
    }

    struct Failed: Error { var reason: String }

    func handle(_ callback: ListCallback, state: inout State) -> [ListEffect] {
        let client = Client()
        let model = InboxViewModel(client: client, pageSize: pageSize, restoring: state)
        switch callback {
        case .viewDidLoad, .refreshControlValueChanged: model.refresh()
        case .willDisplay(let row, _) where row == state.items.count - 1: model.loadMore()
        case .tapFooter: model.loadMore()
        case .reply(let id, let outcome):
            guard let page = state.pages.removeValue(forKey: id) else { break }
            let result: Result<[Message], Error>
            switch outcome {
            case .success(let items): result = .success(items.map { Message(id: $0.id, subject: $0.title) })
            case .failure(let reason): result = .failure(Failed(reason: reason))
            }
            model.finish(page: page, result)
        default: break
        }
        state.items = model.items
        state.page = model.page
        state.isLoading = model.isLoading
        state.hasMore = model.hasMore
        state.failed = model.failed
        return client.fetched.map { page in
            state.requests += 1
            state.pages[state.requests] = page
            return .request(page == 1 ? (state.page == 0 ? .initial : .refresh) : .more, page: page)
        }
    }

    func screen(_ state: State) -> ListScreen {
        let rows = state.items.map { Item(id: $0.id, title: $0.subject) }
        let footer: FooterState = rows.isEmpty ? .hidden
            : state.isLoading && state.page > 0 ? .loading : state.failed ? .failed : state.hasMore ? .idle : .exhausted
        return ListScreen(rows: rows, header: rows.isEmpty ? .hidden : (state.isLoading && state.pages.values.contains(1) ? .refreshing : .idle),
                          footer: footer)
    }
}

extension InboxViewModel {
    /// A view model in the state the behaviour keeps (the test target's only way in, `@testable`).
    convenience init(client: InboxClient, pageSize: Int, restoring state: InboxBehaviour.State) {
        self.init(client: client, pageSize: pageSize)
        restore(items: state.items, page: state.page, isLoading: state.isLoading, hasMore: state.hasMore, failed: state.failed)
    }
}
