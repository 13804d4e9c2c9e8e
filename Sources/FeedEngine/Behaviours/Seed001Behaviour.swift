/// Seed 001's view controller (`seeds/001`), ported as a behaviour the way a team ports its own
/// (SPEC §10): `viewDidLoad` calls `loadMore()`; `cellForRowAt` of the last row calls it while
/// `loadMoreEnable`; `loadMore()` clears the flag and starts "the network" (the seed's 2 s timer,
/// here a request FeedFrames answers from the scenario's source); `timeOut()` appends the page and
/// sets the flag again. The table footer is an orange view whose spinner always spins.
///
/// Where the literal port differs from SPEC §3/§5/§8, SPEC wins (the README lists them): the seed's
/// timer cannot fail, a request can — on a failure nothing resets `loadMoreEnable`, so the spinner
/// spins for ever, as SPEC §5 reads the seed; the seed's feed never ends, SPEC §3's does — a page
/// shorter than `pageSize` ends it (footer `exhausted`, no more loads); and with no rows the footer
/// view is hidden but while the first load runs or after it failed (SPEC §8, "no rows, no footer"), and
/// an empty first page shows the empty view (SPEC §3).
///
/// The first step of issue 20 §2: the preset still renders through the engine; `PresetPortTwinTests`
/// holds this port to the engine's frames on every seed001 demo.
public struct Seed001Behaviour: PagingBehaviour {
    public struct State: Hashable, Sendable {
        /// `dataArray`.
        public var rows: [Item] = []
        /// `loadMoreEnable`: false while a request runs (and for ever after a failure).
        public var loadMoreEnable = true
        /// The pages appended so far: the next request asks for the one after.
        public var pages = 0
        /// A page came back shorter than `pageSize`: the feed has ended (SPEC §3).
        public var exhausted = false
    }

    /// Rows a full page holds (the seed's 20).
    public var pageSize: Int

    public init(pageSize: Int = 20) {
        self.pageSize = pageSize
    }

    public var initialState: State { State() }

    public func handle(_ callback: ListCallback, state: inout State) -> [ListEffect] {
        switch callback {
        case .viewDidLoad:
            return loadMore(&state)
        case .cellForRowAt(let row, _) where state.loadMoreEnable && !state.exhausted && row == state.rows.count - 1:
            return loadMore(&state)
        case .reply(_, .success(let items)):
            // timeOut(): append, reloadData, loadMoreEnable = true.
            state.rows += items
            state.pages += 1
            state.exhausted = items.count < pageSize
            state.loadMoreEnable = true
            return []
        default:
            return []
        }
    }

    /// `loadMore()`.
    private func loadMore(_ state: inout State) -> [ListEffect] {
        state.loadMoreEnable = false
        return [.request(state.pages == 0 ? .initial : .more, page: state.pages + 1)]
    }

    /// The table and its footer view: always there (SPEC §8's one exception to "no rows, no footer":
    /// the first-load indicator), its spinner always spinning, `loading` while a request runs.
    public func screen(_ state: State) -> ListScreen {
        let footer: FeedState.FooterState = !state.loadMoreEnable ? .loading
            : state.rows.isEmpty ? .hidden : state.exhausted ? .exhausted : .idle
        let emptyPage = state.pages > 0 && state.rows.isEmpty
        // Nothing a user does can be refused here: the one trigger is a row showing. So `suppressed` is 0.
        return ListScreen(rows: state.rows, header: .hidden, footer: footer, footerPart: .init(spinner: true),
                          empty: emptyPage ? .key("empty") : nil, suppressed: 0)
    }
}
