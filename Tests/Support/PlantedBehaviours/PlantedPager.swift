import FeedEngine

/// A small team's paging logic in the seeds' shape — load page 1 on `viewDidLoad`, the next page when
/// the last row is displayed, pull to refresh, tap the footer to retry — with one bug of each kind the
/// standard invariants name, planted on demand. With no bug planted it keeps every rule.
public struct PlantedPager: PagingBehaviour {
    public enum Bug: CaseIterable, Sendable {
        /// `willDisplay` loads more without checking a request is already running.
        case requestWhileInFlight
        /// A failed load-more leaves the footer's spinner on.
        case spinnerNeverStops
        /// A refresh does not cancel the load-more in flight, whose page is then appended after fresh rows.
        case stalePageAfterRefresh
        /// The page counter moves when a load-more starts and is not put back when it fails.
        case pageIndexMovesOnFailure
    }

    public struct State: Hashable, Sendable {
        public var rows: [Item] = []
        /// Pages loaded since the last refresh (with `.pageIndexMovesOnFailure`: pages asked for).
        public var page = 0
        /// Requests made: FeedFrames numbers them from 1 in order, so this is the next one's id − 1.
        public var issued = 0
        /// The requests awaited, by id.
        public var pending: [Int: RequestKind] = [:]
        public var loadingMore = false
        public var refreshing = false
        public var failed = false
        public var exhausted = false
    }

    public var bug: Bug?
    public var pageSize = 20

    public init(bug: Bug? = nil, pageSize: Int = 20) {
        self.bug = bug
        self.pageSize = pageSize
    }

    public var initialState: State { State() }

    /// The search key: the state with request numbers relative to the count, so it does not grow forever.
    public static func key(_ state: State) -> AnyHashable {
        var key = state
        key.pending = Dictionary(uniqueKeysWithValues: state.pending.map { ($0.key - state.issued, $0.value) })
        key.issued = 0
        return key
    }

    public func handle(_ callback: ListCallback, state: inout State) -> [ListEffect] {
        switch callback {
        case .viewDidLoad:
            return start(.initial, page: 1, &state)
        case .refreshControlValueChanged:
            guard !state.refreshing else { return [] }
            var effects: [ListEffect] = [.beginRefreshing]
            if bug != .stalePageAfterRefresh {
                effects += state.pending.keys.sorted().map { ListEffect.cancel(id: $0) }
                state.pending = [:]
                state.loadingMore = false
            }
            state.refreshing = true
            return effects + start(.refresh, page: 1, &state)
        case .willDisplay(let row, _) where row == state.rows.count - 1:
            return loadMore(&state)
        case .tapFooter where state.failed:
            return loadMore(&state)
        case .reply(let id, let outcome):
            guard let kind = state.pending.removeValue(forKey: id) else { return [] }
            switch (kind, outcome) {
            case (.more, .success(let items)):
                state.rows += items
                if bug != .pageIndexMovesOnFailure { state.page += 1 }
                state.exhausted = items.count < pageSize
                state.loadingMore = false
            case (.more, .failure):
                state.failed = true
                if bug != .spinnerNeverStops { state.loadingMore = false }
            case (_, .success(let items)):
                state.rows = items
                state.page = 1
                state.exhausted = items.count < pageSize
                state.failed = false
            case (_, .failure):
                break
            }
            if kind != .more && state.refreshing {
                state.refreshing = false
                return [.endRefreshing]
            }
            return []
        default:
            return []
        }
    }

    private func loadMore(_ state: inout State) -> [ListEffect] {
        guard !state.exhausted, !state.rows.isEmpty else { return [] }
        if bug != .requestWhileInFlight && !state.pending.isEmpty { return [] }
        state.loadingMore = true
        state.failed = false
        if bug == .pageIndexMovesOnFailure {
            state.page += 1
            return start(.more, page: state.page, &state)
        }
        return start(.more, page: state.page + 1, &state)
    }

    private func start(_ kind: RequestKind, page: Int, _ state: inout State) -> [ListEffect] {
        state.issued += 1
        state.pending[state.issued] = kind
        return [.request(kind, page: page)]
    }

    public func screen(_ state: State) -> ListScreen {
        let footer: FooterState = state.rows.isEmpty ? .hidden
            : state.loadingMore ? .loading : state.failed ? .failed : state.exhausted ? .exhausted : .idle
        return ListScreen(rows: state.rows, header: state.refreshing ? .refreshing : .idle, footer: footer)
    }
}
