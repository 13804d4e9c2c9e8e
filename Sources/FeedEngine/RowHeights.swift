/// The heights of a feed's rows, read from its items: an item's own height,
/// else the configured row height. A view, not a copy, so the heights live
/// in one place (see `RowOffsets`).
public struct RowHeights: RandomAccessCollection, Sendable {
    let items: [Item]
    let rowHeight: Double

    public var startIndex: Int { 0 }
    public var endIndex: Int { items.count }
    public subscript(index: Int) -> Double { items[index].height ?? rowHeight }
}

extension FeedState {
    /// Each row's height, in order.
    public var rowHeights: RowHeights { RowHeights(items: items, rowHeight: config.rowHeight) }
}
