import FeedEngine

/// A feed's items in order, before anything is inserted at its head; what
/// `ShiftingFeed` pages over.
public protocol FeedItems {
    /// How many items there are; `nil` for an endless feed.
    var itemCount: Int? { get }
    /// The item at `index` (from 0, below `itemCount`).
    func item(at index: Int) -> Item
    /// Where the item with `id` is, if it is there.
    /// - Complexity: O(1) expected, so that a cursor costs no scan.
    func index(ofID id: String) -> Int?
}
