/// A behaviour's screen laid out as a frame (SPEC §10): FeedFrames owns the geometry (where the
/// scroll view is, what covers its edges), the logic said what shows.
extension ListScreen {
    /// Each row's top in content coordinates, then the rows' total height (`rows.count + 1` entries):
    /// an item's own height, else `rowHeight`.
    /// - Complexity: O(rows).
    public func rowTops(rowHeight: Double) -> [Double] {
        var tops = [0.0]
        tops.reserveCapacity(rows.count + 1)
        for item in rows { tops.append(tops[tops.count - 1] + (item.height ?? rowHeight)) }
        return tops
    }

    /// Where the scroll view is when the screen is drawn.
    public struct Geometry: Hashable, Sendable {
        public var viewport: Viewport
        public var insets: ListInsets
        public var contentOffset: Double
        public var adjustedInsetTop: Double
        public var adjustedInsetBottom: Double
        public init(viewport: Viewport, insets: ListInsets, contentOffset: Double, adjustedInsetTop: Double, adjustedInsetBottom: Double) {
            self.viewport = viewport
            self.insets = insets
            self.contentOffset = contentOffset
            self.adjustedInsetTop = adjustedInsetTop
            self.adjustedInsetBottom = adjustedInsetBottom
        }
    }

    /// The frame's layout: the rows overlapping the viewport, the header and footer where the views
    /// sit (`config` gives their heights and the row height), texts resolved from `texts`.
    /// - Parameters:
    ///   - request, pageIndex, staleReplies: from FeedFrames' own log of the logic's requests and replies
    ///     (`staleReplies`: replies to requests the logic cancelled, which arrived and were dropped).
    /// - Complexity: O(rows): a behaviour's rows are the logic's array, read as given.
    public func layout(_ geometry: Geometry, config: FeedConfig, texts: FeedTexts, toast: Toast?, request: Request?,
                       pageIndex: Int, staleReplies: Int = 0, hasFailed: Bool = false, lastFailure: RequestFailure? = nil) -> Layout {
        let top = geometry.contentOffset, bottom = top + geometry.viewport.height
        let tops = rowTops(rowHeight: config.rowHeight)
        var laid: [Layout.Row] = []
        for (index, item) in rows.enumerated() where tops[index] < bottom && tops[index + 1] > top {
            laid.append(Layout.Row(index: index, item: item, y: tops[index] - top, height: tops[index + 1] - tops[index]))
        }
        let content = tops[rows.count]
        let areaTop = top + geometry.insets.top, areaBottom = bottom - geometry.insets.bottom
        func seen(_ from: Double, _ height: Double) -> Bool { from < areaBottom && from + height > areaTop }
        let headerHeight = config.header?.height ?? 0
        // The part's own text, else the list's text for the state (nothing while hidden).
        let headerText = header == .hidden ? "" : headerPart.text.map(texts.resolve) ?? {
            switch header {
            case .armed: return texts.headerArmed
            case .refreshing: return texts.headerRefreshing
            default: return texts.headerIdle
            }
        }()
        let footerText = footer == .hidden ? "" : footerPart.text.map(texts.resolve) ?? {
            switch footer {
            case .armed: return texts.footerArmed
            case .loading: return texts.footerLoading
            case .failed: return texts.footerFailed
            case .exhausted: return texts.footerExhausted
            default: return config.footer.mode == .auto ? texts.footerIdleAuto : texts.footerIdleRelease
            }
        }()
        var layout = Layout(
            viewport: geometry.viewport, insets: geometry.insets, adjustedInsetTop: geometry.adjustedInsetTop,
            adjustedInsetBottom: geometry.adjustedInsetBottom, navigationBarHeight: geometry.insets.navigationBarHeight(at: top),
            contentOffset: top, contentHeight: content, rows: laid,
            header: .init(state: header, visible: header != .hidden && seen(-headerHeight, headerHeight), text: headerText,
                          y: -headerHeight - top, height: headerHeight),
            footer: .init(state: footer, visible: footer != .hidden && seen(content, config.footer.height), text: footerText,
                          spinner: footer != .hidden && (footerPart.spinner || footer == .loading), tappable: footer == .failed || (footer == .idle && config.footer.mode == .auto),
                          y: content - top, height: config.footer.height),
            retryVisible: retry != nil, retryTitle: retry.map(texts.resolve) ?? texts.retry, retryY: retry == nil ? nil : config.retryTop(viewportHeight: geometry.viewport.height, contentOffset: top),
            separators: separators,
            toast: toast, emptyText: empty.map(texts.resolve), request: request, itemCount: rows.count, pageIndex: pageIndex,
            suppressed: suppressed ?? 0, staleReplies: staleReplies, duplicatesDropped: duplicatesDropped, lastFailure: lastFailure, hasFailed: hasFailed)
        layout.suppressedIsKnown = suppressed != nil
        return layout
    }
}
