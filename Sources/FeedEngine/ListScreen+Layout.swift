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
        /// Every row's height and header space is a multiple of 1/1024 from 0 to 2²⁰ points (44, 60, 17.5 are),
        /// and there are fewer than 2²² rows: every sum of them is exact (below 2⁵³ 1024ths), whatever its order,
        /// so the rows' edges rise with the row, bit for bit. `visible(from:to:)` then searches the rows' tops,
        /// and `BehaviourRunner.firstCrossing` measures only the ends of the rows crossing.
        public private(set) var edgesRiseExactly = true
        /// Each row's slot's top, as `offsets.top(of:)` gives it (the same additions in the same order, so the same
        /// bits): a row's edges in O(1), where `top(of:)` adds up the rows of its block before it. A search measures
        /// rows crossing the screen's edges at every settling.
        @usableFromInline private(set) var tops: [Double] = []

        /// - Complexity: O(rows).
        public init(rows: [Item], rowHeight: Double, style: ListStyle?) {
            var starts: [Bool] = []
            if style != nil {
                starts.reserveCapacity(rows.count)
                for index in rows.indices { starts.append(ListStyle.beginsSection(rows[index], after: index > 0 ? rows[index - 1] : nil)) }
            }
            heights = RowHeights(items: rows, rowHeight: rowHeight, style: style, starts: starts)
            offsets = RowOffsets(heights: heights)
            tops.reserveCapacity(rows.count)
            noteRows(from: 0)
        }

        /// Rows `start...`, just stacked: their tops noted, and `edgesRiseExactly` cleared unless they keep it.
        /// - Complexity: O(rows from `start`), and a copy of the tops while another stack shares them.
        private mutating func noteRows(from start: Int) {
            precondition(tops.count == start, "rows stacked from \(start), \(tops.count) noted")
            func exact(_ points: Double) -> Bool { points >= 0 && points <= 1_048_576 && (points * 1024).rounded(.towardZero) == points * 1024 }
            edgesRiseExactly = edgesRiseExactly && heights.count < 1 << 22
                && (start..<heights.count).allSatisfy { exact(heights.row($0)) && exact(heights.headerSpace($0)) }
            for row in start..<heights.count {
                // `RowOffsets.top` starts each block from the blocks' sums, then adds the block's rows in order.
                tops.append(row % RowOffsets.blockSize == 0 ? offsets.top(of: row, heights: heights) : tops[row - 1] + heights[row - 1])
            }
        }

        /// `rows`, which are the rows stacked so far with more after them from `start`: their slots stacked on.
        /// - Complexity: O(rows added), and a copy of the rows' tops while another stack shares them.
        public mutating func append(_ rows: [Item], from start: Int, rowHeight: Double, style: ListStyle?) {
            var starts = heights.starts
            heights = RowHeights(items: rows, rowHeight: rowHeight, style: style, starts: [])  // the old starts let go, to grow in place
            if style != nil {
                for index in start..<rows.count { starts.append(ListStyle.beginsSection(rows[index], after: index > 0 ? rows[index - 1] : nil)) }
            }
            heights = RowHeights(items: rows, rowHeight: rowHeight, style: style, starts: starts)
            let stacked = heights
            offsets.append(contentsOf: (start..<rows.count).lazy.map { stacked[$0] })
            noteRows(from: start)
        }

        /// `append`'s stack as a new value.
        package func appending(_ rows: [Item], from start: Int, rowHeight: Double, style: ListStyle?) -> Stack {
            var stack = self
            stack.append(rows, from: start, rowHeight: rowHeight, style: style)
            return stack
        }

        /// The rows' total height, section headers included.
        public var height: Double { offsets.total }

        /// Row `index`'s own top (below its section's header) and bottom, in content coordinates: its slot's top as
        /// `offsets.top(of:)` gives it (`EdgesTests`), plus its header space.
        /// - Complexity: O(1).
        @inlinable public func edges(of index: Int) -> (top: Double, bottom: Double) {
            let top = tops[index] + heights.headerSpace(index)
            return (top, top + heights.row(index))
        }

        /// The rows overlapping `[top, bottom)` in content coordinates: one run of rows, since a row's top and its bottom
        /// both rise with the row (no height is negative), so the rows that end below `top` and begin above `bottom`
        /// follow one another. A range, not a list: a search asks at every settling, and compares what it gets. Empty
        /// as `0..<0`.
        /// - Complexity: O(log n) where the rows' edges rise exactly (`edgesRiseExactly`), else O(a block of
        ///   `RowOffsets` + visible rows).
        public func visible(from top: Double, to bottom: Double) -> Range<Int> {
            visible(from: top, to: bottom, searchingTops: edgesRiseExactly)
        }

        /// `visible(from:to:)` by two binary searches of the rows' tops (`searchingTops`, where sums are exact, so that
        /// each slot ends bit for bit where the next begins), else by `RowOffsets`, which walks the rows of a block
        /// from its start (half a block on average) and then the rows shown. Each is the other's twin, and both the
        /// naive filter's of every row (`EdgesTests`).
        /// - Complexity: O(log n) searching the tops, else O(block + visible rows).
        package func visible(from top: Double, to bottom: Double, searchingTops: Bool) -> Range<Int> {
            guard searchingTops else { return walked(from: top, to: bottom) }
            let count = tops.count
            // The first row whose slot ends below `top` (and below the content's top, 0), if it begins above `bottom`;
            // then up to the first row that begins at `bottom` or below.
            let first = Self.firstIndex(in: 0..<count) { ($0 + 1 < count ? tops[$0 + 1] : offsets.total) > max(top, 0) }
            guard first < count, edges(of: first).top < bottom else { return 0..<0 }
            return first..<Self.firstIndex(in: first + 1..<count) { edges(of: $0).top >= bottom }
        }

        /// `visible(from:to:)` by walking the rows from the first whose slot ends below `top`, found by `RowOffsets`.
        /// - Complexity: O(block + visible rows).
        private func walked(from top: Double, to bottom: Double) -> Range<Int> {
            var (index, slotTop) = offsets.firstRowAndTop(endingBelow: max(top, 0), heights: heights)
            var first: Int?
            while index < heights.count && slotTop < bottom {
                let rowTop = slotTop + heights.headerSpace(index), rowBottom = rowTop + heights.row(index)
                if rowTop < bottom && rowBottom > top {
                    if first == nil { first = index }
                } else if first != nil {
                    break
                }
                slotTop = rowBottom
                index += 1
            }
            return first.map { $0..<index } ?? 0..<0
        }

        /// The first index of `range` that `passes`, else its end; `passes` fails, then holds, along the range.
        /// - Complexity: O(log n).
        private static func firstIndex(in range: Range<Int>, where passes: (Int) -> Bool) -> Int {
            var low = range.lowerBound, high = range.upperBound
            while low < high {
                let middle = (low + high) / 2
                if passes(middle) { high = middle } else { low = middle + 1 }
            }
            return low
        }
    }
}
