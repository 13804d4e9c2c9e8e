/// A behaviour's screen laid out as a frame (SPEC §10): FeedFrames owns the geometry (where the
/// scroll view is, what covers its edges), the logic said what shows.
extension ListScreen {
    /// The rows stacked as the table stacks them (`ListScreen.Stack`).
    /// - Complexity: O(rows).
    public func stack(rowHeight: Double, style: ListStyle?) -> Stack { Stack(rows: rows, rowHeight: rowHeight, style: style) }

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

    /// Whether the header and footer views show and overlap the visible area (the viewport less the
    /// bars and safe area), as the frame draws them, for rows `rowsHeight` tall.
    /// - Complexity: O(1).
    public func viewsInView(_ geometry: Geometry, config: FeedConfig, rowsHeight: Double) -> (header: Bool, footer: Bool) {
        viewsInView(geometry, headerHeight: config.header?.height ?? 0, footerHeight: config.footer.height, rowsHeight: rowsHeight)
    }

    /// The same from the views' heights (a header's 0 when the list has none): a search asks it of every state,
    /// and a configuration passed whole was copied, its texts retained by two threads at once.
    public func viewsInView(_ geometry: Geometry, headerHeight: Double, footerHeight: Double, rowsHeight: Double) -> (header: Bool, footer: Bool) {
        let areaTop = geometry.contentOffset + geometry.insets.top
        let areaBottom = geometry.contentOffset + geometry.viewport.height - geometry.insets.bottom
        func seen(_ from: Double, _ height: Double) -> Bool { from < areaBottom && from + height > areaTop }
        return (header != .hidden && seen(-headerHeight, headerHeight),
                footer != .hidden && seen(footerTop(geometry, rowsHeight: rowsHeight), footerHeight))
    }

    /// Where the footer view's top sits in the content.
    func footerTop(_ geometry: Geometry, rowsHeight: Double) -> Double {
        let visibleHeight = max(0, geometry.viewport.height - geometry.insets.top - geometry.insets.bottom)
        return footerPlacement == .underRows ? rowsHeight : max(rowsHeight, visibleHeight)
    }

    /// The frame's layout: the rows overlapping the viewport, the header and footer where the views
    /// sit (`config` gives their heights and the row height), texts resolved from `texts`.
    /// - Parameters:
    ///   - request, pageIndex, staleReplies: from FeedFrames' own log of the logic's requests and replies
    ///     (`staleReplies`: replies to requests the logic cancelled, which arrived and were dropped).
    ///   - style: the table's style, when the rows form sections (SPEC §9); `stack`, the rows already
    ///     stacked for that style (else they are stacked here).
    /// - Complexity: O(log n + visible rows) given `stack`; O(n) without.
    public func layout(_ geometry: Geometry, config: FeedConfig, style: ListStyle? = nil, stack: Stack? = nil, texts: FeedTexts, toast: Toast?, request: Request?,
                       pageIndex: Int, staleReplies: Int = 0, hasFailed: Bool = false, lastFailure: RequestFailure? = nil) -> Layout {
        let top = geometry.contentOffset, bottom = top + geometry.viewport.height
        let stack = stack ?? self.stack(rowHeight: config.rowHeight, style: style)
        let (laid, sections) = Layout.rowsAndSections(heights: stack.heights, offsets: stack.offsets, style: style, top: top, bottom: bottom,
                                                      insetTop: geometry.insets.top)
        let content = stack.height
        let headerHeight = config.header?.height ?? 0
        let footerTop = self.footerTop(geometry, rowsHeight: content)
        let inView = viewsInView(geometry, config: config, rowsHeight: content)
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
            contentOffset: top, contentHeight: content, rows: laid, sections: sections, style: style,
            header: .init(state: header, visible: inView.header, text: headerText,
                          y: -headerHeight - top, height: headerHeight),
            footer: .init(state: footer, visible: inView.footer, text: footerText,
                          spinner: footer != .hidden && (footerPart.spinner || footer == .loading), tappable: footer == .failed || (footer == .idle && config.footer.mode == .auto),
                          y: footerTop - top, height: config.footer.height),
            retryVisible: retry != nil, retryTitle: retry.map(texts.resolve) ?? texts.retry, retryY: retry == nil ? nil : config.retryTop(viewportHeight: geometry.viewport.height, contentOffset: top),
            separators: separators,
            toast: toast, emptyText: empty.map(texts.resolve), request: request, itemCount: rows.count, pageIndex: pageIndex,
            suppressed: suppressed ?? 0, staleReplies: staleReplies, duplicatesDropped: duplicatesDropped, lastFailure: lastFailure, hasFailed: hasFailed)
        layout.suppressedIsKnown = suppressed != nil
        return layout
    }
}

extension ListScreen {
    /// A screen's rows as the table stacks them: each row's slot holds its own height (the item's, else
    /// the row height) and, where it begins a titled section (SPEC §9), the section's header above it.
    /// The scroll view's content, the rows UIKit reports visible and the layout all read it.
    public struct Stack: Sendable {
        public private(set) var heights: RowHeights
        public private(set) var offsets: RowOffsets

        /// - Complexity: O(rows).
        public init(rows: [Item], rowHeight: Double, style: ListStyle?) {
            var starts: [Bool] = []
            if style != nil {
                starts.reserveCapacity(rows.count)
                for index in rows.indices { starts.append(ListStyle.beginsSection(rows[index], after: index > 0 ? rows[index - 1] : nil)) }
            }
            heights = RowHeights(items: rows, rowHeight: rowHeight, style: style, starts: starts)
            offsets = RowOffsets(heights: heights)
        }

        /// `rows`, which are the rows stacked so far with more after them from `start`: their slots stacked on.
        /// - Complexity: O(rows added).
        public mutating func append(_ rows: [Item], from start: Int, rowHeight: Double, style: ListStyle?) {
            var starts = heights.starts
            heights = RowHeights(items: rows, rowHeight: rowHeight, style: style, starts: [])  // the old starts let go, to grow in place
            if style != nil {
                for index in start..<rows.count { starts.append(ListStyle.beginsSection(rows[index], after: index > 0 ? rows[index - 1] : nil)) }
            }
            heights = RowHeights(items: rows, rowHeight: rowHeight, style: style, starts: starts)
            let stacked = heights
            offsets.append(contentsOf: (start..<rows.count).lazy.map { stacked[$0] })
        }

        /// The rows' total height, section headers included.
        public var height: Double { offsets.total }

        /// Row `index`'s own top (below its section's header) and bottom, in content coordinates.
        /// - Complexity: O(log n).
        public func edges(of index: Int) -> (top: Double, bottom: Double) {
            let top = offsets.top(of: index, heights: heights) + heights.headerSpace(index)
            return (top, top + heights.row(index))
        }

        /// Rows' edges asked for in increasing row order, as `edges(of:)` gives them: each found from the one
        /// before within a block of `RowOffsets`, where `edges(of:)` walks the block from its start every time
        /// (the rows crossing the screen's edges in a scroll are asked for in order, a twentieth of a search).
        package struct EdgeWalk {
            let stack: Stack
            /// The last row asked for, and the top of its slot (its section's header included).
            var row = -1, slotTop = 0.0

            package init(_ stack: Stack) { self.stack = stack }

            /// Row `index`'s own top and bottom, `(0, 0)` past the rows; `index` at or after the last one asked.
            /// - Complexity: O(rows since the last one asked) within a block, else `edges(of:)`'s.
            package mutating func edges(of index: Int) -> (top: Double, bottom: Double) {
                guard index < stack.heights.count else { return (0, 0) }
                // The same additions in the same order as `RowOffsets.top`, which starts over at each block.
                if row >= 0 && row <= index && row / RowOffsets.blockSize == index / RowOffsets.blockSize {
                    while row < index {
                        slotTop += stack.heights[row]
                        row += 1
                    }
                } else {
                    row = index
                    slotTop = stack.offsets.top(of: index, heights: stack.heights)
                }
                let top = slotTop + stack.heights.headerSpace(index)
                return (top, top + stack.heights.row(index))
            }
        }

        /// The rows overlapping `[top, bottom)` in content coordinates, in order.
        /// - Complexity: O(log n + visible rows).
        public func visible(from top: Double, to bottom: Double) -> [Int] {
            var result: [Int] = []
            result.reserveCapacity(16)  // a screen's rows, in one allocation
            var (index, slotTop) = offsets.firstRowAndTop(endingBelow: max(top, 0), heights: heights)
            while index < heights.count && slotTop < bottom {
                let rowTop = slotTop + heights.headerSpace(index), rowBottom = rowTop + heights.row(index)
                if rowTop < bottom && rowBottom > top { result.append(index) }
                slotTop = rowBottom
                index += 1
            }
            return result
        }
    }
}
