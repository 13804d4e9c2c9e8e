/// The `standard` preset's rules (SPEC §5) written as a team would write them in a view controller
/// (SPEC §10): a pull-to-refresh header that arms past its height and starts on release, holding
/// itself open (`beginRefreshing`) while the refresh or the first load runs; a footer that loads the
/// next page when a row within `prefetchRows` of the end shows, or when tapped; a
/// refresh that cancels a page in flight; a failed first load offers the retry button, a failed
/// refresh a toast, a failed page a toast and a footer that waits for a tap or a new drag; a short
/// page ends the feed; a page's items whose ids the list holds are dropped.
///
/// Issue 20 §2: the command line still renders the preset through the engine; `PresetPortFrameTests`
/// holds this behaviour to the engine's frames byte for byte on every demo, `PresetPortRandomTwinTests`
/// on random scripts.
public struct StandardBehaviour: PagingBehaviour {
    public struct State: Hashable, Sendable {
        /// The rows, a page's repeated ids dropped.
        public var rows = PresetRows()
        /// What runs, and its id (FeedFrames numbers requests from 1, in order), to cancel it.
        public var loading: RequestKind?
        var loadingID = 0
        var issued = 0
        /// Pages given since the rows were last replaced.
        public var pageIndex = 0
        /// A first load or refresh has succeeded.
        public var hasData = false
        public var exhausted = false
        /// A page failed: the footer says so, and does not load by itself until a tap or a new drag.
        public var footerFailed = false
        var autoLoadBlocked = false
        /// What the retry button repeats, while it is offered.
        public var retry: RequestKind?
        /// The last first load or refresh returned no rows.
        public var emptyShown = false
        var dragging = false
        /// The refresh control's `valueChanged` for this drag's crossing of its threshold has come (and was let be).
        var crossed = false
        /// The callback before this one was the scroll that crossed the threshold: a `valueChanged` now is that
        /// crossing's, not the script's `refresh`. Lives one callback.
        var crossing = false
        /// What the last callback showed of the scroll view, and what covers its top besides the
        /// refreshing header (the safe area and bars: where the list rests).
        var view: ScrollViewSnapshot?
        var coveredTop = 0.0
        /// Between `beginRefreshing` and `endRefreshing`.
        var held = false
        /// Triggers refused because a request ran.
        public var suppressed = 0
    }

    public let pageSize: Int
    public let headerHeight: Double, headerArmDistance: Double
    public let footerHeight: Double, prefetchRows: Int
    public let toastDuration: Double
    public let rowHeight: Double
    /// A refresh while a page loads cancels the page (`standard`), or is refused.
    public let refreshCancelsLoadMore: Bool
    /// The table's style, when the rows form sections: a section's header takes room above its first row.
    public let style: ListStyle?

    /// The behaviour with the sizes and switches of `config` (standard's preset, or a scenario's
    /// overrides), for a table of `style`.
    public init(config: FeedConfig, style: ListStyle? = nil) {
        self.style = style
        pageSize = config.pageSize
        headerHeight = config.header?.height ?? 54
        headerArmDistance = config.header?.armDistance ?? 54
        footerHeight = config.footer.height
        prefetchRows = config.footer.prefetchRows
        toastDuration = config.toastDuration
        rowHeight = config.rowHeight
        refreshCancelsLoadMore = config.refreshWhileLoading == .cancel
    }

    public var initialState: State { State() }

    public func handle(_ callback: ListCallback, state: inout State) -> [ListEffect] {
        let crossing = state.crossing
        state.crossing = false
        var effects = respond(to: callback, crossing: crossing, &state)
        // The footer loads by itself whenever a row near the end shows and nothing says to wait.
        // A drag's first callback comes before it moves: the scroll that follows decides.
        let dragBegins: Bool
        if case .scrollViewWillBeginDragging = callback { dragBegins = true } else { dragBegins = false }
        if !dragBegins, state.loading == nil, !state.autoLoadBlocked, !state.footerFailed, !state.exhausted, showsRowNearEnd(state) {
            effects += start(.more, &state)
        }
        return effects
    }

    private func respond(to callback: ListCallback, crossing: Bool, _ state: inout State) -> [ListEffect] {
        switch callback {
        case .viewDidLoad:
            return start(.initial, &state)
        case .scrollViewWillBeginDragging(let view):
            // A new drag: a failed footer goes back to idle and may load again.
            see(view, &state)
            state.dragging = true
            state.crossed = false
            state.footerFailed = false
            state.autoLoadBlocked = false
            return []
        case .scrollViewDidScroll(let view):
            see(view, &state)
            // UIRefreshControl sends `valueChanged` at the scroll that crosses its threshold, once a drag.
            state.crossing = pulled(state) && !state.crossed && !state.held
            return []
        case .scrollViewDidEndDragging(_, let view):
            see(view, &state)
            // The header says "release to refresh" unless it is refreshing already.
            let released = pulled(state)
            state.dragging = false
            return !released || state.loading?.replacesRows == true ? [] : trigger(.refresh, &state)
        case .cellForRowAt(_, let view), .willDisplay(_, let view), .didEndDisplaying(_, let view), .scrollViewWillEndDragging(_, _, let view), .scrollViewWillBeginDecelerating(let view),
             .scrollViewDidEndDecelerating(let view), .prefetchRowsAt(_, let view):
            see(view, &state)
            return []
        case .viewWillTransition(let size):
            state.view?.height = size.height  // the bounds the table is about to have
            return []
        case .refreshControlValueChanged:
            // The pull crossing the threshold sends it during the drag: the release decides, as SPEC §3's
            // header does. Any other is the script's `refresh`.
            if crossing {
                state.crossed = true
                return []
            }
            return trigger(.refresh, &state)
        case .tapRetry:
            guard let kind = retryShows(state) ? state.retry : nil else { return [] }
            return trigger(kind, &state)
        case .tapFooter:
            guard footer(state) == .idle || footer(state) == .failed, footerVisible(state) else { return [] }
            let effects = trigger(.more, &state)
            if !effects.isEmpty {
                state.footerFailed = false
                state.autoLoadBlocked = false
            }
            return effects
        case .reply(let id, let outcome):
            guard let kind = state.loading, id == state.loadingID else { return [] }
            state.loading = nil
            let ended: [ListEffect] = kind.replacesRows ? [.endRefreshing] : []
            state.held = state.held && !kind.replacesRows
            switch outcome {
            case .success(let items):
                if kind.replacesRows {
                    state.rows.removeAll()
                    state.pageIndex = 1
                    state.hasData = true
                    state.footerFailed = false
                    state.autoLoadBlocked = false
                    state.emptyShown = items.isEmpty
                } else {
                    state.pageIndex += 1
                }
                state.exhausted = items.count < pageSize
                state.retry = nil
                state.rows.append(items, rowHeight: rowHeight, style: style)
                return ended
            case .failure:
                switch kind {
                case .initial:
                    state.retry = .initial
                    return ended
                case .refresh:
                    return ended + [.showToast(.key("toast.failed"), seconds: toastDuration)]
                case .more:
                    state.footerFailed = true
                    state.autoLoadBlocked = true
                    return [.showToast(.key("toast.failed"), seconds: toastDuration)]
                }
            }
        default:
            return []
        }
    }

    /// A user's trigger: a refresh replaces a page in flight (when it cancels), anything else waits
    /// for the request that runs (counted as suppressed); a first load or refresh brings the list to
    /// its top, the header held open above the rows.
    private func trigger(_ kind: RequestKind, _ state: inout State) -> [ListEffect] {
        var effects: [ListEffect] = []
        if state.loading != nil {
            guard kind == .refresh && state.loading == .more && refreshCancelsLoadMore else {
                state.suppressed += 1
                return []
            }
            effects.append(.cancel(id: state.loadingID))
        }
        effects += start(kind, &state)
        return effects + (kind.replacesRows ? [.setContentOffset(-state.coveredTop - headerHeight, animated: true)] : [])
    }

    /// Starts `kind`: the refresh control spins for a first load or refresh.
    private func start(_ kind: RequestKind, _ state: inout State) -> [ListEffect] {
        state.issued += 1
        state.loading = kind
        state.loadingID = state.issued
        state.held = state.held || kind.replacesRows
        return [.request(kind, page: kind == .more ? state.pageIndex + 1 : 1)] + (kind.replacesRows ? [.beginRefreshing] : [])
    }

    private func see(_ view: ScrollViewSnapshot, _ state: inout State) {
        state.view = view
        state.coveredTop = view.adjustedInsetTop - (state.held ? headerHeight : 0)
    }

    /// The finger holds the list past the header's arming line (SPEC §3): from where the list rests,
    /// which moves as the header stops being held.
    private func pulled(_ state: State) -> Bool {
        guard state.dragging, let view = state.view else { return false }
        return -view.contentOffset - state.coveredTop - (state.held ? headerHeight : 0) >= headerArmDistance
    }

    /// A row within `prefetchRows` of the end overlaps the scroll view (what `willDisplay` of such a row
    /// says, read from where the list is now).
    /// - Complexity: O(prefetchRows).
    private func showsRowNearEnd(_ state: State) -> Bool {
        guard let view = state.view, !state.rows.isEmpty else { return false }
        let bottom = view.contentOffset + view.height
        guard bottom > 0, view.contentOffset < state.rows.height else { return false }
        let index = state.rows.count - 1 - prefetchRows
        guard index > 0 else { return true }
        let below = (index..<state.rows.count).reduce(0.0) { $0 + state.rows.slot($1, rowHeight: rowHeight, style: style) }
        return state.rows.height - below + state.rows.headerSpace(index, style: style) < bottom
    }

    private func retryShows(_ state: State) -> Bool {
        state.retry != nil && state.loading != .initial && state.loading != .refresh
    }

    private func footer(_ state: State) -> FeedState.FooterState {
        state.rows.isEmpty ? .hidden : state.loading == .more ? .loading : state.exhausted ? .exhausted
            : state.footerFailed ? .failed : .idle
    }

    /// The footer overlaps the visible area (the viewport less what covers its edges).
    private func footerVisible(_ state: State) -> Bool {
        state.view?.shows(top: state.rows.height, height: footerHeight, coveredTop: state.coveredTop) ?? false
    }

    public func screen(_ state: State) -> ListScreen {
        let header: FeedState.HeaderState = state.loading?.replacesRows == true ? .refreshing : pulled(state) ? .armed : .idle
        let retry = retryShows(state)
        return ListScreen(rows: state.rows.items, header: header, footer: footer(state), retry: retry ? .key("retry") : nil,
                          empty: state.emptyShown && state.rows.isEmpty && !retry ? .key("empty") : nil, separators: !retry,
                          suppressed: state.suppressed, duplicatesDropped: state.rows.duplicatesDropped)
    }
}
