import FeedEngine
import FeedExplorer
import FeedScenario

/// The parts of a moment that follow from the stored state: header and footer
/// states, insets, the resting range (SPEC §2–§3).
extension FeedState {
    /// The header shows its refreshing indicator for a refresh, and for a
    /// first load when the preset uses the header as first-load indicator.
    var headerIsRefreshing: Bool {
        guard config.header != nil, let request else { return false }
        return request.kind == .refresh || (request.kind == .initial && config.firstLoadIndicator == .header)
    }

    public var headerState: HeaderState {
        guard let header = config.header else { return .hidden }
        if headerIsRefreshing { return .refreshing }
        if config.hideUntilFirstData && !hasData { return .hidden }
        if pullArmsHeader(header) { return .armed }
        return .idle
    }

    public var footerState: FooterState {
        if items.isEmpty {
            // With no rows the footer only ever shows as seed001's first-load spinner.
            // A stuck spinner gives way while a refresh runs, so header and footer never load together.
            let firstLoad = request?.kind == .initial || (stuck && !hasData && request == nil)
            return config.firstLoadIndicator == .footer && firstLoad ? .loading : .hidden
        }
        if config.hideUntilFirstData && !hasData { return .hidden }
        if config.hideFooterWhenFits && contentHeight <= visibleHeight { return .hidden }
        if request?.kind == .more || (stuck && request == nil) { return .loading }
        if exhausted { return .exhausted }
        if footerFailed { return .failed }
        if pullArmsFooter { return .armed }
        return .idle
    }

    /// The finger holds the list past the header's arming line (SPEC §3), whatever runs.
    func pullArmsHeader(_ header: FeedConfig.Header) -> Bool {
        isDragging && -contentOffset - insetTop >= header.armDistance
    }

    /// The finger holds the list past a release footer's arming line (SPEC §3), whatever runs: the
    /// visible area's bottom edge (above the home indicator and the bottom inset) that far past the footer's top.
    var pullArmsFooter: Bool {
        config.footer.mode == .release && isDragging
            && contentOffset + viewport.height - insets.bottom - releaseFooterTop >= config.footer.armDistance
    }

    /// The height of the list's visible area: the viewport less what covers its edges (SPEC §9).
    public var visibleHeight: Double { max(0, viewport.height - insets.top - insets.bottom) }

    public var headerHeight: Double { config.header?.height ?? 0 }

    /// The whole top inset: what covers the list's top edge (`insets`), plus a refreshing header
    /// held in view by a preset that holds (SPEC §8, seed000 does not).
    public var insetTop: Double { insets.top + (headerIsRefreshing && config.holdWhileLoading ? headerHeight : 0) }

    /// The whole bottom inset: what covers the bottom edge, plus the footer while it is part of the range.
    public var insetBottom: Double {
        let state = footerState
        if state == .hidden { return insets.bottom }
        switch config.footer.mode {
        case .auto: return insets.bottom + config.footer.height
        case .release:
            // While loading, the inset grows so the footer stays in view (unless the preset never holds).
            return insets.bottom + (state == .loading && config.holdWhileLoading ? max(0, visibleHeight - contentHeight) + config.footer.height : 0)
        }
    }

    /// Where a release footer sits: below the rows, or below the visible area when they are short.
    var releaseFooterTop: Double { max(contentHeight, visibleHeight) }

    /// The footer's top in content coordinates. A preset that never holds its footer
    /// (seed000) draws it as the table's footer view, right under the rows even when
    /// they are short; arming still counts from `releaseFooterTop` (SPEC §3).
    public var footerTop: Double {
        config.footer.mode == .auto || !config.holdWhileLoading ? contentHeight : releaseFooterTop
    }

    /// The retry button's top in viewport coordinates when it scrolls with the content (`FeedConfig.retryTop`).
    public var retryTop: Double? { config.retryTop(viewportHeight: viewport.height, contentOffset: contentOffset) }

    /// The lowest content offset the list rests at.
    public var minOffset: Double { 0 - insetTop }

    /// The highest content offset the list rests at.
    public var maxOffset: Double { max(minOffset, contentHeight + insetBottom - viewport.height) }

    /// Scrolled as far as it will go, showing the last row (and footer).
    public func clamped(_ offset: Double) -> Double { min(max(offset, minOffset), maxOffset) }

    /// The retry button shows while a failed first load or refresh waits to be
    /// repeated; it hides while a first load or refresh runs.
    public var retryVisible: Bool {
        guard retryKind != nil else { return false }
        return request.map { $0.kind == .more } ?? true
    }

    public var emptyVisible: Bool { emptyShown && items.isEmpty && !retryVisible }

    /// Whether a tap on the footer does anything (SPEC §3, "tappable footers").
    public var footerTappable: Bool {
        let state = footerState
        switch config.footer.mode {
        case .auto: return state == .idle || state == .failed
        case .release: return state == .failed
        }
    }

    /// The index of the last row overlapping the viewport, if any.
    /// - Complexity: O(log n).
    public var lastVisibleRow: Int? {
        let bottom = contentOffset + viewport.height
        guard !items.isEmpty, bottom > 0, contentOffset < contentHeight else { return nil }
        // The row covering the bottom edge, unless the edge falls on its top.
        let heights = rowHeights
        let (last, top) = offsets.firstRowAndTop(endingBelow: bottom, heights: heights)
        // A row whose slot begins with its section's header shows only once the header has passed.
        return last == items.count || top + (last < items.count ? heights.headerSpace(last) : 0) >= bottom ? last - 1 : last
    }

    /// Whether row `index` or a row below it overlaps the viewport, that is
    /// whether `lastVisibleRow >= index`; cheaper when `index` is near the
    /// end, because the memory read there is the same whatever the offset.
    /// - Complexity: O(log n).
    func showsRow(atOrBelow index: Int) -> Bool {
        let bottom = contentOffset + viewport.height
        guard !items.isEmpty, bottom > 0, contentOffset < contentHeight else { return false }
        // The last visible row is the last whose top lies above the bottom edge.
        guard index < items.count else { return false }
        let heights = rowHeights
        return index <= 0 || offsets.top(of: index, heights: heights) + heights.headerSpace(index) < bottom
    }

    /// Whether the viewport overlaps `[top, top + height)` in content coordinates.
    public func overlapsViewport(top: Double, height: Double) -> Bool {
        top < contentOffset + viewport.height && top + height > contentOffset
    }

    /// Whether the visible area (the viewport below what covers its top and above what covers its
    /// bottom) overlaps `[top, top + height)`: a header under a navigation bar is not seen.
    public func overlapsVisibleArea(top: Double, height: Double) -> Bool {
        top < contentOffset + viewport.height - insets.bottom && top + height > contentOffset + insets.top
    }
}
