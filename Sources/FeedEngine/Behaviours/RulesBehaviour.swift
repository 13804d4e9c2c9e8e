/// The rules of SPEC §3 and §5, every switch read, written as a team would write them in a view
/// controller (SPEC §10): the `standard` preset's behaviour, and the behaviour of any list whose
/// configuration asks for rules a seed's port does not have (seed000 with a stuck first load…).
///
/// - A pull-to-refresh header arms past its arming distance and starts on release, holding itself
///   open (`beginRefreshing`) while it refreshes, for a list that holds (`holdWhileLoading`); it
///   spins for the first load too when it is the first-load indicator; it hides until the first data
///   when the list says so; a list may have none.
/// - An `auto` footer loads the next page when a row within `prefetchRows` of the end shows, or when
///   tapped; a `release` footer arms when pulled its arming distance past its top and loads on
///   release, sitting below the visible area while the rows are short, and held in view while it
///   loads (a list that holds grows its bottom inset, as MJRefresh's back footer does). It may hide
///   while every row shows (`hideFooterWhenFits`), and spin whenever it shows (`spinner: always`).
/// - A trigger while a request runs is refused and counted, except a refresh over a page, which
///   cancels the page when the list says so (`refreshWhileLoading: cancel`).
/// - A failed first load offers the retry button or leaves the spinner spinning (`stuck`); a failed
///   refresh the retry button or a toast; a failed page a toast (and a failed footer that waits for
///   a tap or a new drag) or a spinner for ever. A short page ends the feed; repeated ids are dropped.
///
/// `PresetPortFrameTests` holds it to the reference engine's frames byte for byte on every standard demo,
/// `PresetPortRandomTwinTests` on random scripts and random switches of every preset.
public struct RulesBehaviour: PagingBehaviour {
    public struct State: Hashable, Sendable {
        /// What the last callback showed of the scroll view: its offset and height, and what covers its
        /// edges besides the header held open and the view's own bottom inset (the safe area and bars).
        /// First: `==` compares the fields in the order they are declared, and most callbacks change the offset
        /// and nothing else (a search compares the state after each callback).
        var offset = 0.0, height = 0.0, coveredTop = 0.0, coveredBottom = 0.0
        /// The rows, a page's repeated ids dropped.
        public var rows = PresetRows()
        /// What runs, and its id (FeedFrames numbers requests from 1, in order), to cancel it.
        public var loading: RequestKind?
        var loadingID = 0
        var issued = 0
        /// `viewDidLoad` has come: before it a pull or a `refresh` starts nothing.
        public var launched = false
        /// Pages given since the rows were last replaced.
        public var pageIndex = 0
        /// A first load or refresh has succeeded.
        public var hasData = false
        public var exhausted = false
        /// A page failed: the footer says so, and does not load by itself until a tap or a new drag.
        public var footerFailed = false
        var autoLoadBlocked = false
        /// A failure the list has no way out of: its spinner spins until a refresh succeeds.
        public var stuck = false
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
        /// Between `beginRefreshing` and `endRefreshing`.
        var held = false
        /// The bottom `contentInset` set: a release footer's place in the scroll view's range.
        var insetBottom = 0.0
        /// Triggers refused because a request ran.
        public var suppressed = 0
    }

    /// The list's sizes and switches (SPEC §5).
    public var config: FeedConfig { _read { yield settings.config } }
    /// The table's style, when the rows form sections: a section's header takes room above its first row.
    public var style: ListStyle? { _read { yield settings.style } }
    /// Both behind one reference: held inline they made the behaviour 308 bytes, which a runner copied out of
    /// where it keeps it before every callback (a twentieth of a search, perf); a reference is 8.
    private let settings: Settings

    private final class Settings: Sendable {
        let config: FeedConfig
        let style: ListStyle?

        init(config: FeedConfig, style: ListStyle?) {
            self.config = config
            self.style = style
        }
    }

    /// The behaviour with the sizes and switches of `config` (a preset's, with a scenario's overrides),
    /// for a table of `style`.
    public init(config: FeedConfig, style: ListStyle? = nil) {
        settings = Settings(config: config, style: style)
    }

    public var initialState: State { State() }

    /// The state for a search: without the counters, which never repeat and so would keep a search
    /// from closing — requests issued (the request that runs is always the last one), triggers
    /// refused and repeats dropped (frame JSON's figures, which change nothing that follows).
    public func searchKey(_ state: State) -> State {
        var state = state
        state.issued = 0
        state.loadingID = 0
        state.suppressed = 0
        state.rows = state.rows.forgettingDrops
        return state
    }

    /// What hashing `searchKey(state)` feeds — the state's fields in the order they are declared, as `Hashable`'s
    /// synthesised hash feeds them, the counters as 0 — fed in place, with no copy of the state
    /// (`BehaviourSearchTests` holds the two to the same hash).
    public func hashSearchKey(_ state: State, into hasher: inout Hasher) {
        hasher.combine(state.offset)
        hasher.combine(state.height)
        hasher.combine(state.coveredTop)
        hasher.combine(state.coveredBottom)
        state.rows.hashForgettingDrops(into: &hasher)
        hasher.combine(state.loading)
        hasher.combine(0)  // loadingID
        hasher.combine(0)  // issued
        hasher.combine(state.launched)
        hasher.combine(state.pageIndex)
        hasher.combine(state.hasData)
        hasher.combine(state.exhausted)
        hasher.combine(state.footerFailed)
        hasher.combine(state.autoLoadBlocked)
        hasher.combine(state.stuck)
        hasher.combine(state.retry)
        hasher.combine(state.emptyShown)
        hasher.combine(state.dragging)
        hasher.combine(state.crossed)
        hasher.combine(state.crossing)
        hasher.combine(state.held)
        hasher.combine(state.insetBottom)
        hasher.combine(0)  // suppressed
    }

    /// What `hashSearchKey` feeds, as fingerprint words: the rows, then the kinds and flags packed in one word,
    /// then the numbers, the counters left out as there. Through Swift's `Hasher`, word by word, the state was a
    /// twentieth of a search (callgrind). Its twin is `hashSearchKey`: states with equal keys feed the same
    /// words, and a change to any field of the key changes them (`RulesSearchKeyTests`).
    /// - Complexity: O(1).
    public func fingerprintSearchKey(_ state: State, into print: inout Fingerprint) {
        state.rows.fingerprintForgettingDrops(into: &print)
        /// 0 for none, else the kind's place + 1.
        func code(_ kind: RequestKind?) -> UInt64 {
            switch kind {
            case nil: 0
            case .initial: 1
            case .refresh: 2
            case .more: 3
            }
        }
        func bit(_ flag: Bool, _ place: UInt64) -> UInt64 { flag ? 1 << place : 0 }
        var word = code(state.loading) | code(state.retry) << 2
        word |= bit(state.launched, 4) | bit(state.hasData, 5) | bit(state.exhausted, 6) | bit(state.footerFailed, 7)
        word |= bit(state.autoLoadBlocked, 8) | bit(state.stuck, 9) | bit(state.emptyShown, 10) | bit(state.dragging, 11)
        word |= bit(state.crossed, 12) | bit(state.crossing, 13) | bit(state.held, 14)
        print.combine(word)
        print.combine(state.pageIndex)
        print.combine(state.offset)
        print.combine(state.height)
        print.combine(state.coveredTop)
        print.combine(state.coveredBottom)
        print.combine(state.insetBottom)
    }

    /// Every row callback runs the same code — `see` of its scroll view, then what follows from the state — and
    /// none reads the row or which callback it is.
    public var answersRowCallbacksAlike: Bool { true }

    public func handle(_ callback: ListCallback, state: inout State) -> [ListEffect] {
        let crossing = state.crossing
        state.crossing = false
        // One list that each step appends to: joined with `+`, each step's own list and the join were allocations at
        // every callback that asked for something (callgrind, `standard` to depth 16: 1.2% of a search's instructions).
        var effects: [ListEffect] = []
        respond(to: callback, crossing: crossing, &state, into: &effects)
        // The auto footer loads by itself whenever a row near the end shows and nothing says to wait.
        // A drag's first callback comes before it moves: the scroll that follows decides.
        let dragBegins: Bool
        if case .scrollViewWillBeginDragging = callback { dragBegins = true } else { dragBegins = false }
        if !dragBegins, autoLoads(&state) { start(.more, &state, into: &effects) }
        // The footer's place in the range, set before anything moves the list.
        let inset = bottomInset(&state)
        if inset != state.insetBottom {
            state.insetBottom = inset
            effects.insert(.setContentInset(top: 0, bottom: inset), at: 0)
        }
        return effects
    }

    private func respond(to callback: ListCallback, crossing: Bool, _ state: inout State, into effects: inout [ListEffect]) {
        switch callback {
        case .viewDidLoad(let view):
            see(view, &state)
            state.launched = true
            start(.initial, &state, into: &effects)
        case .scrollViewWillBeginDragging(let view):
            // A new drag: a failed footer goes back to idle and may load again.
            see(view, &state)
            state.dragging = true
            state.crossed = false
            state.footerFailed = false
            state.autoLoadBlocked = false
        case .scrollViewDidScroll(let view):
            see(view, &state)
            // UIRefreshControl sends `valueChanged` at the scroll that crosses its threshold, once a drag,
            // while it is not refreshing and shows.
            state.crossing = state.dragging && !state.crossed && !state.held && header(state) != .hidden
                && config.header.map { -state.offset - state.coveredTop >= $0.armDistance } == true
        case .scrollViewDidEndDragging(_, let view):
            see(view, &state)
            // What the release asks for: the header's refresh, else the footer's page (each while armed).
            let header = header(state), footer = footer(state)
            state.dragging = false
            if header == .armed {
                if trigger(.refresh, &state, into: &effects) { effects.append(.setContentOffset(minOffset(state), animated: true)) }
            } else if footer == .armed {
                if trigger(.more, &state, into: &effects) { effects.append(.setContentOffset(maxOffset(&state), animated: true)) }
            }
        case .cellForRowAt(_, let view), .willDisplay(_, let view), .didEndDisplaying(_, let view), .scrollViewWillEndDragging(_, _, let view),
             .scrollViewWillBeginDecelerating(let view), .scrollViewDidEndDecelerating(let view), .prefetchRowsAt(_, let view):
            see(view, &state)
        case .viewWillTransition(let size):
            state.height = size.height  // the bounds the table is about to have
        case .refreshControlValueChanged:
            // The pull crossing the threshold sends it during the drag: the release decides, as SPEC §3's
            // header does. Any other is the script's `refresh`, which brings the list to its top.
            if crossing {
                state.crossed = true
            } else if header(state) != .hidden, trigger(.refresh, &state, into: &effects) {
                effects.append(.setContentOffset(minOffset(state), animated: true))
            }
        case .tapRetry:
            guard let kind = retryShows(state) ? state.retry : nil else { return }
            if trigger(kind, &state, into: &effects), headerRefreshes(state) {
                effects.append(.setContentOffset(minOffset(state), animated: true))
            }
        case .tapFooter:
            guard tappable(state), footerVisible(state) else { return }
            if trigger(.more, &state, into: &effects) {
                state.footerFailed = false
                state.autoLoadBlocked = false
            }
        case .reply(let id, let outcome):
            guard let kind = state.loading, id == state.loadingID else { return }
            state.loading = nil
            if state.held {
                state.held = false
                effects.append(.endRefreshing)
            }
            switch outcome {
            case .success(let items):
                if kind.replacesRows {
                    state.rows.removeAll()
                    state.pageIndex = 1
                    state.hasData = true
                    state.footerFailed = false
                    state.autoLoadBlocked = false
                    state.stuck = false
                    state.emptyShown = items.isEmpty
                } else {
                    state.pageIndex += 1
                }
                state.exhausted = items.count < config.pageSize
                state.retry = nil
                state.rows.append(items, rowHeight: config.rowHeight, style: style)
            case .failure:
                switch kind {
                case .initial:
                    if config.firstLoadFailure == .retry { state.retry = .initial } else { state.stuck = true }
                case .refresh:
                    switch config.refreshFailure {
                    case .retry: state.retry = .refresh
                    case .toast: effects.append(toast())
                    }
                case .more:
                    switch config.loadMoreFailure {
                    case .toast:
                        effects.append(toast())
                        state.autoLoadBlocked = true
                    case .toastAndFailedFooter:
                        effects.append(toast())
                        state.footerFailed = true
                        state.autoLoadBlocked = true
                    case .stuck:
                        state.stuck = true
                    }
                }
            }
        default:
            break
        }
    }

    private func toast() -> ListEffect { .showToast(.key("toast.failed"), seconds: config.toastDuration) }

    /// A user's trigger: a refresh replaces a page in flight (when it cancels), anything else waits
    /// for the request that runs (counted as suppressed). Before `viewDidLoad` nothing starts.
    /// - Returns: whether it started `kind` (its effects appended to `effects`).
    private func trigger(_ kind: RequestKind, _ state: inout State, into effects: inout [ListEffect]) -> Bool {
        guard state.launched else { return false }
        if state.loading != nil {
            guard kind == .refresh && state.loading == .more && config.refreshWhileLoading == .cancel else {
                state.suppressed += 1
                return false
            }
            effects.append(.cancel(id: state.loadingID))
        }
        start(kind, &state, into: &effects)
        return true
    }

    /// Starts `kind`; a header that spins for it is held open, for a list that holds.
    private func start(_ kind: RequestKind, _ state: inout State, into effects: inout [ListEffect]) {
        state.issued += 1
        state.loading = kind
        state.loadingID = state.issued
        effects.append(.request(kind, page: kind == .more ? state.pageIndex + 1 : 1))
        if headerRefreshes(state) && config.holdWhileLoading && !state.held {
            state.held = true
            effects.append(.beginRefreshing)
        }
    }

    private func see(_ view: ScrollViewSnapshot, _ state: inout State) {
        state.offset = view.contentOffset
        state.height = view.height
        state.coveredTop = view.adjustedInsetTop - (state.held ? headerHeight : 0)
        state.coveredBottom = view.adjustedInsetBottom - state.insetBottom
    }

    // MARK: What follows from the state

    private var headerHeight: Double { config.header?.height ?? 0 }

    /// The header spins: for a refresh, and for a first load when it is the first-load indicator.
    private func headerRefreshes(_ state: State) -> Bool {
        guard config.header != nil, let loading = state.loading else { return false }
        return loading == .refresh || (loading == .initial && config.firstLoadIndicator == .header)
    }

    /// The visible area's height: the bounds less what covers their edges (SPEC §9).
    private func visibleHeight(_ state: State) -> Double { max(0, state.height - state.coveredTop - state.coveredBottom) }

    /// Where the list rests at the top: what covers it, and the header held open.
    private func minOffset(_ state: State) -> Double { 0 - (state.coveredTop + (state.held ? headerHeight : 0)) }

    /// Where the list rests at the bottom once the effects are carried out: the rows, the footer view
    /// and the bottom inset this behaviour sets with it. The state is only read (`inout`: see `bottomInset`).
    private func maxOffset(_ state: inout State) -> Double {
        let footer = footer(state) == .hidden ? 0 : config.footer.height
        return max(minOffset(state), state.rows.height + footer + state.coveredBottom + bottomInset(&state) - state.height)
    }

    /// The finger holds the list past the header's arming line (SPEC §3), from where the list rests.
    private func pulledHeader(_ state: State) -> Bool {
        guard state.dragging, let header = config.header else { return false }
        return -state.offset - state.coveredTop - (state.held ? headerHeight : 0) >= header.armDistance
    }

    /// The finger holds the list past a release footer's arming line: the visible area's bottom edge
    /// that far past where the footer sits (below the rows, or below the visible area when they are short).
    private func pulledFooter(_ state: State) -> Bool {
        config.footer.mode == .release && state.dragging
            && state.offset + state.height - state.coveredBottom - max(state.rows.height, visibleHeight(state)) >= config.footer.armDistance
    }

    private func header(_ state: State) -> HeaderState {
        guard config.header != nil else { return .hidden }
        if headerRefreshes(state) { return .refreshing }
        if config.hideUntilFirstData && !state.hasData { return .hidden }
        return pulledHeader(state) ? .armed : .idle
    }

    private func footer(_ state: State) -> FooterState {
        if state.rows.isEmpty {
            // With no rows the footer shows only as the first load's spinner (and a stuck one, until a refresh runs).
            let firstLoad = state.loading == .initial || (state.stuck && !state.hasData && state.loading == nil)
            return config.firstLoadIndicator == .footer && firstLoad ? .loading : .hidden
        }
        if config.hideUntilFirstData && !state.hasData { return .hidden }
        if config.hideFooterWhenFits && state.rows.height <= visibleHeight(state) { return .hidden }
        if state.loading == .more || (state.stuck && state.loading == nil) { return .loading }
        if state.exhausted { return .exhausted }
        if state.footerFailed { return .failed }
        return pulledFooter(state) ? .armed : .idle
    }

    /// Where the footer view sits: right under the rows, or — a release footer in a list that holds
    /// it — below the visible area while the rows are short.
    private func footerTop(_ state: State) -> Double {
        config.footer.mode == .auto || !config.holdWhileLoading ? state.rows.height : max(state.rows.height, visibleHeight(state))
    }

    /// The bottom inset that puts the footer where the rules want it in the scroll view's range: an auto
    /// footer is part of the content; a release footer is not, until it loads in a list that holds it,
    /// when the range grows to show it below the rows (or below the visible area).
    ///
    /// The state is only read, but `inout`, as `handle` holds it: handed over as a value it was copied whole
    /// before the call, at every callback (callgrind: a sixtieth of a search, with `autoLoads`).
    private func bottomInset(_ state: inout State) -> Double {
        // The mode first: an auto footer (asked at every callback) needs no footer state worked out.
        guard config.footer.mode == .release else { return 0 }
        let footer = footer(state)
        guard footer != .hidden else { return 0 }
        return footer == .loading && config.holdWhileLoading ? max(0, visibleHeight(state) - state.rows.height) : -config.footer.height
    }

    /// An auto footer loads when a row within `prefetchRows` of the end shows, nothing runs, and nothing it showed says to wait.
    /// The state is only read (`inout`: see `bottomInset`).
    private func autoLoads(_ state: inout State) -> Bool {
        config.footer.mode == .auto && state.launched && state.loading == nil && !state.autoLoadBlocked && !state.stuck
            && !state.exhausted && !state.footerFailed && footer(state) != .hidden && showsRowNearEnd(state)
    }

    /// A row within `prefetchRows` of the end overlaps the bounds (what `willDisplay` of such a row
    /// says, read from where the list is now).
    /// - Complexity: O(prefetchRows).
    private func showsRowNearEnd(_ state: State) -> Bool {
        guard !state.rows.isEmpty else { return false }
        let bottom = state.offset + state.height
        guard bottom > 0, state.offset < state.rows.height else { return false }
        let index = state.rows.count - 1 - config.footer.prefetchRows
        guard index > 0 else { return true }
        let below = (index..<state.rows.count).reduce(0.0) { $0 + state.rows.slot($1, rowHeight: config.rowHeight, style: style) }
        return state.rows.height - below + state.rows.headerSpace(index, style: style) < bottom
    }

    private func retryShows(_ state: State) -> Bool {
        state.retry != nil && state.loading != .initial && state.loading != .refresh
    }

    /// A tap on the footer loads: an auto footer's while idle or failed, a release footer's once failed.
    private func tappable(_ state: State) -> Bool {
        let footer = footer(state)
        return footer == .failed || (footer == .idle && config.footer.mode == .auto)
    }

    /// The footer overlaps the visible area (the bounds less what covers their edges).
    private func footerVisible(_ state: State) -> Bool {
        let top = footerTop(state)
        return footer(state) != .hidden && top < state.offset + state.height - state.coveredBottom
            && top + config.footer.height > state.offset + state.coveredTop
    }

    public func screen(_ state: State) -> ListScreen {
        let header = header(state), footer = footer(state)
        // With the seed's own words the labels say only what the pull says (SPEC §8): a refreshing header
        // keeps its idle text (the table's refreshing text), a loading footer its idle text, unless pulled.
        let follows = config.texts.labelsFollowThePull
        let headerText: ListText? = header == .refreshing && follows && pulledHeader(state) ? .key("header.armed") : nil
        let footerText: ListText? = footer == .loading && follows && pulledFooter(state) ? .key("footer.armed") : nil
        let retry = retryShows(state)
        let placed = config.footer.mode == .release && config.holdWhileLoading
        return ListScreen(rows: state.rows.items, header: header, headerPart: .init(text: headerText), footer: footer,
                          footerPart: .init(text: footerText, spinner: config.footer.spinner == .always), footerPlacement: placed ? .belowVisibleArea : .underRows,
                          retry: retry ? .key("retry") : nil, empty: state.emptyShown && state.rows.isEmpty && !retry ? .key("empty") : nil,
                          separators: !retry, suppressed: state.suppressed, duplicatesDropped: state.rows.duplicatesDropped)
    }
}
