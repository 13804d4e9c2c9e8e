/// The heights of a feed's row slots, read from its items: an item's own height, else the
/// configured row height, plus, where a row begins a section, its section's header above it. A
/// view, not a copy, so the heights live in one place (see `RowOffsets`).
public struct RowHeights: RandomAccessCollection, Sendable {
    // Inlinable, with what they read, for the explorer's runner (FeedScenario), which reads rows' edges at nearly
    // every move of a search: called across the module, each read was a call.
    @usableFromInline let items: [Item]
    @usableFromInline let rowHeight: Double
    @usableFromInline let style: ListStyle?
    @usableFromInline let starts: [Bool]

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { items.count }
    /// The slot: the header space above the row (if any) and the row.
    @inlinable public subscript(index: Int) -> Double { headerSpace(index) + row(index) }

    /// The row's own height.
    @inlinable public func row(_ index: Int) -> Double { items[index].height ?? rowHeight }

    /// The space a section's header takes above row `index` (0 unless it begins a section).
    @inlinable public func headerSpace(_ index: Int) -> Double {
        guard let style, !starts.isEmpty, starts[index] else { return 0 }
        return style.headerSpace(first: index == 0)
    }

    /// Whether row `index` begins a titled section.
    public func startsSection(_ index: Int) -> Bool { !starts.isEmpty && starts[index] }

    package init(items: [Item], rowHeight: Double, style: ListStyle? = nil, starts: [Bool]) {
        self.items = items
        self.rowHeight = rowHeight
        self.style = style
        self.starts = starts
    }
}
