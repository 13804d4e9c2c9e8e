import FeedEngine

/// A feed that grows at its head while it is read: the items of `inserts`
/// due by a given virtual time, newest first, above the `base` items.
///
/// Inserted item k (from 1, in the order the inserts happen) has the id
/// `new-k` and the title pattern with `{n}` replaced by `new-k`.
public struct ShiftingFeed<Base: FeedItems> {
    public var base: Base
    public var inserts: [HeadInsert]
    public var insertTitle: String

    public init(base: Base, inserts: [HeadInsert], insertTitle: String) {
        self.base = base
        self.inserts = inserts
        self.insertTitle = insertTitle
    }

    /// The id prefix of inserted items.
    public static var insertedPrefix: String { "new-" }

    /// How many items have been inserted by `time`.
    /// - Complexity: O(inserts).
    public func insertedCount(at time: Double) -> Int {
        inserts.reduce(0) { $0 + ($1.at <= time ? $1.count : 0) }
    }

    /// Inserted item `k`, from 1.
    public func insertedItem(_ k: Int) -> Item {
        let name = Self.insertedPrefix + String(k)
        return Item(id: name, title: insertTitle.replacing("{n}", with: name))
    }

    /// How many items the feed holds when `head` have been inserted; `nil` for endless.
    func count(head: Int) -> Int? { base.itemCount.map { $0 + head } }

    /// The item at `position` (from 0) when `head` have been inserted (the newest is at 0).
    func item(at position: Int, head: Int) -> Item {
        position < head ? insertedItem(head - position) : base.item(at: position - head)
    }

    /// Where the item with `id` is when `head` have been inserted.
    /// - Complexity: O(1) expected.
    func position(ofID id: String, head: Int) -> Int? {
        if let index = base.index(ofID: id) { return index + head }
        guard id.hasPrefix(Self.insertedPrefix), let k = Int(id.dropFirst(Self.insertedPrefix.count)),
              k >= 1, k <= head else { return nil }
        return head - k
    }
}
