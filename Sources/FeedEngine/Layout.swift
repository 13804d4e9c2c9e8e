/// What the screen shows at one moment: a behaviour's `ListScreen` laid out in the viewport (`ListScreen.layout`).
/// Positions are in viewport coordinates (0 is the viewport's top edge).
public struct Layout: Hashable, Sendable {
    public struct Row: Hashable, Sendable {
        public var index: Int
        public var item: Item
        public var y: Double
        public var height: Double
        /// With a list style: the row begins / ends its section (a group's rounded corners, its last separator).
        public var startsSection = false
        public var endsSection = false
    }

    /// A section's header on screen (SPEC §9 frame JSON `sections`).
    public struct SectionHeader: Hashable, Sendable {
        public var title: String
        /// Viewport coordinates.
        public var y: Double
        public var height: Double
        /// Held at the top of the visible area while its section scrolls under it (plain style).
        public var pinned: Bool
    }

    public struct Header: Hashable, Sendable {
        public var state: HeaderState
        public var visible: Bool
        public var text: String
        public var y: Double
        public var height: Double

        package init(state: HeaderState, visible: Bool, text: String, y: Double, height: Double) {
            self.state = state
            self.visible = visible
            self.text = text
            self.y = y
            self.height = height
        }
    }

    public struct Footer: Hashable, Sendable {
        public var state: FooterState
        public var visible: Bool
        public var text: String
        public var spinner: Bool
        public var tappable: Bool
        public var y: Double
        public var height: Double

        package init(state: FooterState, visible: Bool, text: String, spinner: Bool, tappable: Bool, y: Double, height: Double) {
            self.state = state
            self.visible = visible
            self.text = text
            self.spinner = spinner
            self.tappable = tappable
            self.y = y
            self.height = height
        }
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
    /// The section headers overlapping the viewport, in order (a pinned one first); none without a style.
    public var sections: [SectionHeader] = []
    /// The table's style, when its items form sections (SPEC §9 `list.style`).
    public var style: ListStyle?
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
    /// `false` for a team's logic (SPEC §10): FeedFrames cannot know which callbacks it ignored, and
    /// frame JSON says `suppressed: null`.
    public var suppressedIsKnown = true
    public var staleReplies: Int
    public var duplicatesDropped: Int
    /// The last failed reply's request and reason, until a reply succeeds.
    public var lastFailure: RequestFailure?
    /// Some reply has failed; frames then say `lastFailure` (null after a success),
    /// and leave it out before, as they were.
    public var hasFailed: Bool

    package init(viewport: Viewport, insets: ListInsets, adjustedInsetTop: Double, adjustedInsetBottom: Double, navigationBarHeight: Double? = nil, contentOffset: Double, contentHeight: Double, rows: [Row], sections: [SectionHeader] = [], style: ListStyle? = nil, header: Header, footer: Footer, retryVisible: Bool, retryTitle: String, retryY: Double? = nil, separators: Bool, toast: Toast? = nil, emptyText: String? = nil, request: Request? = nil, itemCount: Int, pageIndex: Int, suppressed: Int, suppressedIsKnown: Bool = true, staleReplies: Int, duplicatesDropped: Int, lastFailure: RequestFailure? = nil, hasFailed: Bool) {
        self.viewport = viewport
        self.insets = insets
        self.adjustedInsetTop = adjustedInsetTop
        self.adjustedInsetBottom = adjustedInsetBottom
        self.navigationBarHeight = navigationBarHeight
        self.contentOffset = contentOffset
        self.contentHeight = contentHeight
        self.rows = rows
        self.sections = sections
        self.style = style
        self.header = header
        self.footer = footer
        self.retryVisible = retryVisible
        self.retryTitle = retryTitle
        self.retryY = retryY
        self.separators = separators
        self.toast = toast
        self.emptyText = emptyText
        self.request = request
        self.itemCount = itemCount
        self.pageIndex = pageIndex
        self.suppressed = suppressed
        self.suppressedIsKnown = suppressedIsKnown
        self.staleReplies = staleReplies
        self.duplicatesDropped = duplicatesDropped
        self.lastFailure = lastFailure
        self.hasFailed = hasFailed
    }
}

extension Layout {
    /// The rows overlapping the viewport `[top, bottom)` (content coordinates) and the section headers
    /// on screen, a plain list's pinned at the visible area's top (`insetTop` below the viewport's):
    /// a behaviour's layout (`ListScreen.layout`) draws its rows with this, as the reference engine's did.
    /// - Complexity: O(log n + v) for n rows and v visible rows.
    public static func rowsAndSections(heights: RowHeights, offsets: RowOffsets, style: ListStyle?, top: Double, bottom: Double,
                                       insetTop: Double) -> (rows: [Row], sections: [SectionHeader]) {
        var rows: [Layout.Row] = []
        var sections: [Layout.SectionHeader] = []
        let items = heights.items, contentHeight = offsets.total
        if !items.isEmpty && bottom > 0 && top < contentHeight {
            // A plain list's header pinned at the visible area's top: the section of the row there, when its
            // own header has scrolled above that line; the next section's header pushes it up.
            var pinned: (title: String, through: Int)?
            if let style, style.pinsHeaders {
                let line = top + insetTop
                if line > 0, line < contentHeight {
                    let (first, slotTop) = offsets.firstRowAndTop(endingBelow: line, heights: heights)
                    if first < items.count, let title = items[first].fields["section"],
                       !(heights.startsSection(first) && slotTop >= line) {
                        var y = line
                        var next = first + 1, nextTop = slotTop + heights[first]
                        while next < items.count && nextTop < line + style.headerHeight {
                            if heights.startsSection(next) { y = min(y, nextTop - style.headerHeight); break }
                            nextTop += heights[next]
                            next += 1
                        }
                        sections.append(.init(title: title, y: y - top, height: style.headerHeight, pinned: true))
                        pinned = (title, first)
                    }
                }
            }
            var (index, slotTop) = offsets.firstRowAndTop(endingBelow: max(top, 0), heights: heights)
            while index < items.count && slotTop < bottom {
                let space = heights.headerSpace(index), height = heights.row(index)
                let rowTop = slotTop + space
                if let style, space > 0 {
                    let headerTop = rowTop - style.headerHeight
                    let isPinned = pinned.map { $0.title == items[index].fields["section"] && index <= $0.through } ?? false
                    if !isPinned && headerTop < bottom && rowTop > top {
                        sections.append(.init(title: items[index].fields["section"] ?? "", y: headerTop - top, height: style.headerHeight, pinned: false))
                    }
                }
                if rowTop < bottom && rowTop + height > top {
                    var row = Layout.Row(index: index, item: items[index], y: rowTop - top, height: height)
                    if style != nil {
                        row.startsSection = heights.startsSection(index)
                        row.endsSection = index + 1 == items.count || heights.startsSection(index + 1)
                    }
                    rows.append(row)
                }
                slotTop = rowTop + height
                index += 1
            }
        }
        return (rows, sections)
    }
}
