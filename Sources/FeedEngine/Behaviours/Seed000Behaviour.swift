/// Seed 000's `IncrementalTableView` (`seeds/000`), ported as a behaviour the way a team ports its
/// own (SPEC §10). `scrollViewDidScroll` decides from the pull whether a release would refresh
/// (`isNeedUpdate`, the header label 释放刷新) or load more (`isNeedLoad`, 释放加载);
/// `scrollViewDidEndDragging` returns while `isLoading`, else calls `updateInfo` (the first request
/// again: the rows are replaced) or `getMoreInfo` (appended). The table header and footer views are
/// hidden until data; `setContentInset(-100, 0, -100, 0)` hides them at rest, so the list never
/// holds a refresh or a load open (SPEC §8). A failed first load or refresh shows the retry button
/// (`btnRetry`, at the table's centre, separators off); a failed load-more a toast. While every row
/// shows, the footer hides (`indexPathsForVisibleRows`), and with it load-more.
///
/// Where the literal port differs from SPEC §3/§5/§8, SPEC wins (the README lists them): arming
/// counts from the visible area's edges (SPEC §3: 60 pt past the header's resting edge, or past the
/// footer's top) while the finger holds the list, not from the seed's `updateCriticalLine` and
/// `cellHeight * pageSize * pageIndex + 160`; "every row shows" is the rows' height within the
/// visible area; the feed ends at a short page (SPEC §3); the header arms once the list has had
/// data, even with no rows (the seed returns early with none); separators come back with the rows;
/// an empty first page or refresh shows the empty view; the script's `refresh` (a UIRefreshControl's
/// `valueChanged`, which the seed has not) refreshes as a release past the header would.
///
/// Issue 20 §2: every render of the preset plays this behaviour; `PresetPortFrameTests`
/// holds this behaviour to the reference engine's frames byte for byte on every demo, `PresetPortRandomTwinTests`
/// on random scripts.
public struct Seed000Behaviour: PagingBehaviour {
    public struct State: Hashable, Sendable {
        /// `mArray`.
        /// `mArray` (a page's repeated ids dropped, SPEC §3), and the rows' height for "every row shows".
        public var rows = PresetRows()
        /// `isLoading`, with what it loads: the header refreshes for `.refresh`, the footer spins for `.more`.
        public var loading: RequestKind?
        /// The header and footer views are shown (after the first data).
        public var shown = false
        /// Pages given since the rows were last replaced (the replacing page is 1).
        public var pageIndex = 0
        /// Requests made (FeedFrames numbers them from 1, in order), so a reply is matched to the one that runs.
        var issued = 0
        /// A page came back shorter than `pageSize`: the feed has ended (SPEC §3).
        public var exhausted = false
        /// What `btnRetry` repeats, while it is on the table.
        public var retry: RequestKind?
        /// The last first load or refresh returned no rows.
        public var emptyPage = false
        /// Triggers refused while `isLoading` (frame JSON `suppressed`).
        public var suppressed = 0
        /// Between `scrollViewWillBeginDragging` and `scrollViewDidEndDragging`.
        var dragging = false
        /// FeedFrames' refresh control sent `valueChanged` for this drag's crossing of its threshold.
        var crossed = false
        /// The callback before this one was the scroll that crossed the threshold: a `valueChanged` now is that
        /// crossing's, not the script's `refresh`. Lives one callback.
        var crossing = false
        /// What covers the scroll view's edges besides the view's own inset, and its height, as the
        /// last snapshot showed them (the visible area the seed's `indexPathsForVisibleRows` reads).
        var coveredTop = 0.0, coveredBottom = 0.0, height = 0.0
        /// The content offset the last snapshot showed.
        var offset = 0.0
        /// The bottom `contentInset` the port set: −footerHeight while the footer view shows.
        var insetBottom = 0.0
    }

    /// Rows a full page holds; the arming distances; the footer view's height; whether the footer
    /// hides while every row shows; whether the labels keep the seed's two texts (its own words).
    public let pageSize: Int
    public let headerArmDistance: Double, footerArmDistance: Double, footerHeight: Double
    public let hidesFooterWhenFits: Bool
    public let labelsFollowThePull: Bool
    public let toastDuration: Double
    public let rowHeight: Double
    /// The table's style, when the rows form sections: a section's header takes room above its first row.
    public let style: ListStyle?

    /// The port with the sizes and switches of `config` (seed000's preset, or a scenario's overrides),
    /// for a table of `style`.
    public init(config: FeedConfig, style: ListStyle? = nil) {
        self.style = style
        pageSize = config.pageSize
        headerArmDistance = config.header?.armDistance ?? 60
        footerArmDistance = config.footer.armDistance
        footerHeight = config.footer.height
        hidesFooterWhenFits = config.hideFooterWhenFits
        labelsFollowThePull = config.texts.labelsFollowThePull
        toastDuration = config.toastDuration
        rowHeight = config.rowHeight
    }

    public var initialState: State { State() }

    /// The state for a search, without the counters that never repeat (requests issued, triggers
    /// refused, repeats dropped).
    public func searchKey(_ state: State) -> State {
        var state = state
        state.issued = 0
        state.suppressed = 0
        state.rows = state.rows.forgettingDrops
        return state
    }

    /// Every row callback runs the same code — `see` of its scroll view, then what follows from the state — and
    /// none reads the row or which callback it is.
    public var answersRowCallbacksAlike: Bool { true }

    public func handle(_ callback: ListCallback, state: inout State) -> [ListEffect] {
        let crossing = state.crossing
        state.crossing = false
        var effects = respond(to: callback, crossing: crossing, &state)
        // FeedFrames draws the header view above the rows, not as content, and takes a hidden footer
        // view out of the content: of the seed's UIEdgeInsetsMake(-100, 0, -100, 0) only the bottom's
        // −100, which hides the footer view at rest, carries over, while the footer view shows.
        let inset = footerShows(state) ? -footerHeight : 0
        if inset != state.insetBottom {
            state.insetBottom = inset
            effects.insert(.setContentInset(top: 0, bottom: inset), at: 0)
        }
        return effects
    }

    private func respond(to callback: ListCallback, crossing: Bool, _ state: inout State) -> [ListEffect] {
        switch callback {
        case .viewDidLoad:
            return start(.initial, &state)
        case .scrollViewWillBeginDragging(let view):
            state.dragging = true
            state.crossed = false
            see(view, &state)
            return []
        case .scrollViewDidScroll(let view):
            see(view, &state)
            state.crossing = isNeedUpdate(state) && !state.crossed
            return []
        case .scrollViewDidEndDragging(_, let view):
            see(view, &state)
            // What the release asks for: the header's refresh, else the footer's page (each while it says "release").
            let header = screen(state).header, footer = screen(state).footer
            state.dragging = false
            let asked: RequestKind? = header == .armed ? .refresh : footer == .armed ? .more : nil
            return asked.map { trigger($0, &state) } ?? []
        case .cellForRowAt(_, let view), .willDisplay(_, let view), .didEndDisplaying(_, let view),
             .scrollViewWillEndDragging(_, _, let view), .scrollViewWillBeginDecelerating(let view),
             .scrollViewDidEndDecelerating(let view), .prefetchRowsAt(_, let view):
            see(view, &state)
            return []
        case .viewWillTransition(let size):
            state.height = size.height
            return []
        case .refreshControlValueChanged where state.shown:
            // The seed has no refresh control; FeedFrames' sends `valueChanged` as the pull crosses its
            // threshold (once a drag), which the seed leaves to the release. Any other is the script's
            // `refresh`: what a release past the header does, the list brought to its top.
            if crossing {
                state.crossed = true
                return []
            }
            let effects = trigger(.refresh, &state)
            return effects.isEmpty ? [] : effects + [.setContentOffset(-state.coveredTop, animated: true)]
        case .tapRetry:
            guard let kind = retryShows(state) ? state.retry : nil else { return [] }
            let effects = trigger(kind, &state)
            return effects.isEmpty || kind != .refresh ? effects : effects + [.setContentOffset(-state.coveredTop, animated: true)]
        case .reply(let id, let outcome):
            guard let kind = state.loading, id == state.issued else { return [] }
            state.loading = nil
            switch outcome {
            case .success(let items):
                if kind.replacesRows {
                    state.rows.removeAll()
                    state.pageIndex = 1
                    state.shown = true
                    state.emptyPage = items.isEmpty
                } else {
                    state.pageIndex += 1
                }
                state.rows.append(items, rowHeight: rowHeight, style: style)
                state.exhausted = items.count < pageSize
                state.retry = nil
                return []
            case .failure:
                if kind.replacesRows {
                    state.retry = kind  // separatorStyle none, btnRetry on the table
                    return []
                }
                return [.showToast(.key("toast.failed"), seconds: toastDuration)]
            }
        default:
            return []
        }
    }

    /// A user's trigger: refused while `isLoading` (counted in `suppressed`), else started.
    private func trigger(_ kind: RequestKind, _ state: inout State) -> [ListEffect] {
        guard state.loading == nil else {
            state.suppressed += 1
            return []
        }
        return start(kind, &state)
    }

    /// `updateInfo` / `getMoreInfo`: `isLoading = YES` and the request.
    private func start(_ kind: RequestKind, _ state: inout State) -> [ListEffect] {
        state.loading = kind
        state.issued += 1
        return [.request(kind, page: kind == .more ? state.pageIndex + 1 : 1)]
    }

    /// Keeps what the seed reads of the scroll view: its height and what covers its edges.
    private func see(_ view: ScrollViewSnapshot, _ state: inout State) {
        state.height = view.height
        state.offset = view.contentOffset
        state.coveredTop = view.adjustedInsetTop
        state.coveredBottom = view.adjustedInsetBottom - state.insetBottom  // less the view's own inset
    }

    /// `isNeedUpdate` and `isNeedLoad`: what `scrollViewDidScroll` sets, as it would set them now (the
    /// seed keeps them as flags, set at each scroll; SPEC §3 arms by where the finger holds the list, so
    /// rows arriving or the feed's first data mid-drag arm or disarm at once).
    private func isNeedUpdate(_ state: State) -> Bool {
        state.shown && state.dragging && -state.offset - state.coveredTop >= headerArmDistance
    }

    private func isNeedLoad(_ state: State) -> Bool {
        let visibleBottom = state.offset + state.height - state.coveredBottom
        return state.shown && state.dragging && visibleBottom - max(state.rows.height, visibleHeight(state)) >= footerArmDistance
    }

    private func visibleHeight(_ state: State) -> Double { max(0, state.height - state.coveredTop - state.coveredBottom) }

    /// `tableFooterView.hidden`: hidden until data, and while every row shows.
    private func footerShows(_ state: State) -> Bool {
        state.shown && !state.rows.isEmpty && !(hidesFooterWhenFits && state.rows.height <= visibleHeight(state))
    }

    /// The retry button is off the table while the request it repeats runs again.
    private func retryShows(_ state: State) -> Bool {
        state.retry != nil && state.loading != .initial && state.loading != .refresh
    }

    public func screen(_ state: State) -> ListScreen {
        // With the seed's own words the labels say only what the pull says (SPEC §8); another
        // locale's table has a refreshing and a loading text, and those show.
        let header: HeaderState = !state.shown ? .hidden : state.loading == .refresh ? .refreshing
            : isNeedUpdate(state) ? .armed : .idle
        let headerText: ListText? = header == .refreshing && labelsFollowThePull && isNeedUpdate(state) ? .key("header.armed") : nil
        let footer: FooterState = !footerShows(state) ? .hidden : state.loading == .more ? .loading
            : state.exhausted ? .exhausted : isNeedLoad(state) ? .armed : .idle
        let footerText: ListText? = footer == .loading && labelsFollowThePull && isNeedLoad(state) ? .key("footer.armed") : nil
        let retry = retryShows(state)
        return ListScreen(rows: state.rows.items, header: header, headerPart: .init(text: headerText), footer: footer,
                          footerPart: .init(text: footerText), retry: retry ? .key("retry") : nil,
                          empty: state.emptyPage && state.rows.isEmpty && !retry ? .key("empty") : nil, separators: !retry,
                          suppressed: state.suppressed, duplicatesDropped: state.rows.duplicatesDropped)
    }
}
