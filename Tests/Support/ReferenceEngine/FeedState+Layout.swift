import FeedEngine
import FeedExplorer
import FeedScenario

extension FeedState {
    /// The rows overlapping the viewport, placed as `layout()` places them, without the rest of a layout
    /// (texts, header, footer): what a search's rule compares with a naive scan in every state.
    /// - Complexity: O(log n + v) for n rows and v visible rows.
    public var visibleRows: [Layout.Row] {
        Layout.rowsAndSections(heights: rowHeights, offsets: offsets, style: style, top: contentOffset,
                               bottom: contentOffset + viewport.height, insetTop: insets.top).rows
    }

    /// Lays out the current moment.
    ///
    /// - Complexity: O(log n + v) for n rows and v visible rows: a descent
    ///   through the row offsets finds the first visible row, then rows are
    ///   walked only while they overlap the viewport.
    public func layout() -> Layout {
        let texts = config.texts
        let top = contentOffset
        let bottom = contentOffset + viewport.height

        let (rows, sections) = Layout.rowsAndSections(heights: rowHeights, offsets: offsets, style: style, top: top, bottom: bottom,
                                                      insetTop: insets.top)

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
            contentOffset: contentOffset, contentHeight: contentHeight, rows: rows, sections: sections, style: style,
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


extension FeedState {
    /// Each row's slot height, in order.
    public var rowHeights: RowHeights { RowHeights(items: items, rowHeight: config.rowHeight, style: style, starts: sectionStarts) }
}
