/// What the screen shows at one moment: the result of `FeedState.layout()`.
/// Positions are in viewport coordinates (0 is the viewport's top edge).
public struct Layout: Hashable, Sendable {
    public struct Row: Hashable, Sendable {
        public var index: Int
        public var item: Item
        public var y: Double
        public var height: Double
    }

    public struct Header: Hashable, Sendable {
        public var state: FeedState.HeaderState
        public var visible: Bool
        public var text: String
        public var y: Double
        public var height: Double
    }

    public struct Footer: Hashable, Sendable {
        public var state: FeedState.FooterState
        public var visible: Bool
        public var text: String
        public var spinner: Bool
        public var tappable: Bool
        public var y: Double
        public var height: Double
    }

    public var viewport: Viewport
    /// What covers the list's edges (safe area, navigation bar, content inset), as the scenario set it.
    public var insets: ListInsets
    /// UIScrollView's adjusted content inset now: `insets` plus a header or footer held in view.
    public var adjustedInsetTop: Double
    public var adjustedInsetBottom: Double
    /// The navigation bar's drawn height (a large title collapses as the list scrolls), if there is one.
    public var navigationBarHeight: Double?
    public var contentOffset: Double
    public var contentHeight: Double
    public var rows: [Row]
    public var header: Header
    public var footer: Footer
    public var retryVisible: Bool
    public var retryTitle: String
    /// The retry button's top in viewport coordinates, when it scrolls with the content (seed000).
    public var retryY: Double?
    /// Row separators are drawn, except behind the retry button (seed000).
    public var separators: Bool
    public var toast: Toast?
    public var emptyText: String?
    public var request: Request?
    public var itemCount: Int
    public var pageIndex: Int
    public var suppressed: Int
    public var staleReplies: Int
    public var duplicatesDropped: Int
    /// The last failed reply's request and reason, until a reply succeeds.
    public var lastFailure: RequestFailure?
    /// Some reply has failed; frames then say `lastFailure` (null after a success),
    /// and leave it out before, as they were.
    public var hasFailed: Bool
}

extension FeedState {
    /// Lays out the current moment.
    ///
    /// - Complexity: O(log n + v) for n rows and v visible rows: a descent
    ///   through the row offsets finds the first visible row, then rows are
    ///   walked only while they overlap the viewport.
    public func layout() -> Layout {
        let texts = config.texts
        let top = contentOffset
        let bottom = contentOffset + viewport.height

        var rows: [Layout.Row] = []
        if !items.isEmpty && bottom > 0 && top < contentHeight {
            let heights = rowHeights
            var (index, rowTop) = offsets.firstRowAndTop(endingBelow: max(top, 0), heights: heights)
            while index < items.count && rowTop < bottom {
                let height = heights[index]
                rows.append(Layout.Row(index: index, item: items[index], y: rowTop - top, height: height))
                rowTop += height
                index += 1
            }
        }

        let headerState = self.headerState
        let headerText: String
        switch headerState {
        case .hidden: headerText = ""
        case .idle: headerText = texts.headerIdle
        case .armed: headerText = texts.headerArmed
        case .refreshing:
            if texts.labelsFollowThePull {
                headerText = config.header.map(pullArmsHeader) == true ? texts.headerArmed : texts.headerIdle
            } else {
                headerText = texts.headerRefreshing
            }
        }

        let footerState = self.footerState
        let footerIdle = config.footer.mode == .auto ? texts.footerIdleAuto : texts.footerIdleRelease
        let footerText: String
        switch footerState {
        case .hidden: footerText = ""
        case .idle: footerText = footerIdle
        case .loading where texts.labelsFollowThePull:
            // An exhausted footer keeps its text: a release would load nothing.
            footerText = pullArmsFooter ? texts.footerArmed : footerIdle
        case .armed: footerText = texts.footerArmed
        case .loading: footerText = texts.footerLoading
        case .failed: footerText = texts.footerFailed
        case .exhausted: footerText = texts.footerExhausted
        }
        let spinner = footerState == .loading || (footerState != .hidden && config.footer.spinner == .always)

        let retryVisible = self.retryVisible
        return Layout(
            viewport: viewport, insets: insets, adjustedInsetTop: insetTop, adjustedInsetBottom: insetBottom,
            navigationBarHeight: insets.navigationBarHeight(at: contentOffset),
            contentOffset: contentOffset, contentHeight: contentHeight, rows: rows,
            header: .init(state: headerState, visible: headerVisible, text: headerText,
                          y: -headerHeight - top, height: headerHeight),
            footer: .init(state: footerState, visible: footerVisible, text: footerText, spinner: spinner,
                          tappable: footerTappable, y: footerTop - top, height: config.footer.height),
            retryVisible: retryVisible, retryTitle: texts.retry, retryY: retryVisible ? retryTop : nil, separators: !retryVisible,
            toast: toast, emptyText: emptyVisible ? texts.empty : nil, request: request,
            itemCount: items.count, pageIndex: pageIndex, suppressed: suppressed,
            staleReplies: staleReplies, duplicatesDropped: duplicatesDropped,
            lastFailure: lastFailure, hasFailed: hasFailed)
    }
}
