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
/// Issue 20 §2: every render of the preset plays this behaviour; `PresetPortFrameTests`
/// holds this behaviour to the reference engine's frames byte for byte on every demo, `PresetPortRandomTwinTests`
/// on random scripts.
public struct Seed001Behaviour: PagingBehaviour {
    public struct State: Hashable, Sendable {
        /// `dataArray` (a page's repeated ids dropped, SPEC §3).
        public var rows = PresetRows()
        /// `loadMoreEnable`: false while a request runs (and for ever after a failure).
        public var loadMoreEnable = true
        /// The pages appended so far: the next request asks for the one after.
        public var pages = 0
        /// A page came back shorter than `pageSize`: the feed has ended (SPEC §3).
        public var exhausted = false
        /// The scroll view as the last callback showed it (for a tap on the footer: is it in view?).
        var view: ScrollViewSnapshot?
        /// The rows on screen (`willDisplay` … `didEndDisplaying`): the seed only appends, so they keep their indices.
        var displayed: Set<Int> = []
    }

    /// Rows a full page holds (the seed's 20); the footer view's height (its 60); a row's height (44)
    /// and the table's style, for where the footer view sits below the rows.
    public var pageSize: Int
    public var footerHeight: Double
    public var rowHeight: Double
    public var style: ListStyle?
    /// How many rows before the last one a cell's coming into view loads the next page: the seed's 0
    /// (`indexPath.row == dataArray.count - 1`), or the list's `prefetchRows`.
    public var prefetchRows: Int

    public init(pageSize: Int = 20, footerHeight: Double = 60, rowHeight: Double = 44, style: ListStyle? = nil, prefetchRows: Int = 0) {
        self.prefetchRows = prefetchRows
        self.pageSize = pageSize
        self.footerHeight = footerHeight
        self.rowHeight = rowHeight
        self.style = style
    }

    public var initialState: State { State() }

    /// The state for a search, without the count of repeats dropped (it never repeats).
    public func searchKey(_ state: State) -> State {
        var state = state
        state.rows = state.rows.forgettingDrops
        return state
    }

    public func handle(_ callback: ListCallback, state: inout State) -> [ListEffect] {
        switch callback {
        case .viewDidLoad:
            return loadMore(&state)
        case .cellForRowAt(let row, let view) where state.loadMoreEnable && !state.exhausted && row >= state.rows.count - 1 - prefetchRows:
            state.view = view
            return loadMore(&state)
        case .willDisplay(let row, let view):
            state.view = view
            state.displayed.insert(row)
            return []
        case .didEndDisplaying(let row, let view):
            state.view = view
            state.displayed.remove(row)
            return []
        case .cellForRowAt(_, let view), .scrollViewDidScroll(let view),
             .scrollViewWillBeginDragging(let view), .scrollViewWillEndDragging(_, _, let view), .scrollViewDidEndDragging(_, let view),
             .scrollViewWillBeginDecelerating(let view), .scrollViewDidEndDecelerating(let view), .prefetchRowsAt(_, let view):
            state.view = view
            return []
        case .viewWillTransition(let size):
            state.view?.height = size.height
            return []
        case .tapFooter where screen(state).footer == .idle && footerInView(state):
            // The seed's footer takes no taps; SPEC §3's auto footer loads when tapped while idle.
            return loadMore(&state)
        case .reply(_, .success(let items)):
            // timeOut(): append, reloadData, loadMoreEnable = true.
            state.rows.append(items, rowHeight: rowHeight, style: style)
            state.pages += 1
            state.exhausted = items.count < pageSize
            state.loadMoreEnable = true
            // A page shorter than `prefetchRows` leaves a row that loads in view without a new cell: load now.
            guard !state.exhausted, state.displayed.contains(where: { $0 >= state.rows.count - 1 - prefetchRows }) else { return [] }
            return loadMore(&state)
        default:
            return []
        }
    }

    /// The footer view overlaps the visible area (the viewport less what covers its edges).
    private func footerInView(_ state: State) -> Bool {
        state.view?.shows(top: state.rows.height, height: footerHeight, coveredTop: state.view?.adjustedInsetTop ?? 0) ?? false
    }

    /// `loadMore()`.
    private func loadMore(_ state: inout State) -> [ListEffect] {
        state.loadMoreEnable = false
        return [.request(state.pages == 0 ? .initial : .more, page: state.pages + 1)]
    }

    /// The table and its footer view: always there (SPEC §8's one exception to "no rows, no footer":
    /// the first-load indicator), its spinner always spinning, `loading` while a request runs.
    public func screen(_ state: State) -> ListScreen {
        let footer: FooterState = !state.loadMoreEnable ? .loading
            : state.rows.isEmpty ? .hidden : state.exhausted ? .exhausted : .idle
        let emptyPage = state.pages > 0 && state.rows.isEmpty
        // Nothing a user does can be refused here: the one trigger is a row showing. So `suppressed` is 0.
        return ListScreen(rows: state.rows.items, header: .hidden, footer: footer, footerPart: .init(spinner: true),
                          empty: emptyPage ? .key("empty") : nil, suppressed: 0, duplicatesDropped: state.rows.duplicatesDropped)
    }
}
