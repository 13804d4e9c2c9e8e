import FeedEngine

/// What the list of a run holds, counted against `ItemLimits` as replies
/// arrive, so that an endless feed ends in a clear error instead of taking
/// the machine.
///
/// Text is counted by what is stored: a string that an item shares with the
/// item before it (the same storage, as a synthetic title without `{n}` is)
/// counts once, so a 1 MB title on every row costs 1 MB, as it does in memory.
package struct HeldItems {
    let maxItems: Int
    let maxTextBytes: Int
    private(set) var textBytes = 0

    package init(maxItems: Int = ItemLimits.maxItems, maxTextBytes: Int = ItemLimits.maxTextBytes) {
        self.maxItems = maxItems
        self.maxTextBytes = maxTextBytes
    }

    /// The rows were replaced: nothing is held any more.
    package mutating func reset() {
        textBytes = 0
    }

    /// Counts `items[from...]`, just appended to a list now `items` (the item before each, whose strings it may
    /// share, is the one before it in `items`: nothing else is kept, so a copy of a run copies no item).
    /// In a search, `memo` (the thread's) gives what some other state counted of these very rows.
    /// - Throws: the limit it would cross, with a message saying so.
    /// - Complexity: O(items appended × their fields); O(1) expected from the memo.
    package mutating func add(_ items: [Item], from start: Int, memo: SearchMemo? = nil) throws(RunLimitError) {
        guard items.count <= maxItems else {
            throw RunLimitError("the list would hold \(ItemLimits.describe(count: items.count)) items, "
                                + "over \(ItemLimits.describe(count: maxItems)) (the limit of items held)")
        }
        if let memo {
            textBytes += memo.heldBytes(of: items, from: start) { Self.bytes(of: items, from: start) }
        } else {
            textBytes += Self.bytes(of: items, from: start)
        }
        guard textBytes <= maxTextBytes else {
            throw RunLimitError("the list would hold \(textBytes) bytes of item text, "
                                + "over \(ItemLimits.describe(bytes: maxTextBytes)) (the limit of text held)")
        }
    }

    /// The text of `items[start...]`, each item's less what it shares with the one before it.
    /// - Complexity: O(items counted × their fields).
    static func bytes(of items: [Item], from start: Int) -> Int {
        var count = 0
        for index in start..<items.count {
            count += index == 0 ? bytes(of: items[index]) : bytes(of: items[index], after: items[index - 1])
        }
        return count
    }

    /// `item`'s text: its id, title and field values.
    static func bytes(of item: Item) -> Int {
        item.id.utf8.count + item.title.utf8.count + item.fields.values.reduce(0) { $0 + $1.utf8.count }
    }

    /// `item`'s text, less what is stored where `previous` stores its own.
    static func bytes(of item: Item, after previous: Item) -> Int {
        var count = bytes(item.id, sharedWith: previous.id) + bytes(item.title, sharedWith: previous.title)
        for (key, value) in item.fields { count += bytes(value, sharedWith: previous.fields[key]) }
        return count
    }

    /// `text`'s UTF-8 size, or 0 when it is stored in the same place as `other`.
    static func bytes(_ text: String, sharedWith other: String?) -> Int {
        let count = text.utf8.count
        // Up to 15 bytes a string is stored inline, never shared.
        guard count > 15, let other, other.utf8.count == count else { return count }
        let here = text.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
        let there = other.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
        // Both strings are alive, so equal addresses mean one stored string (the pointers are only compared).
        return here != nil && here == there ? 0 : count
    }
}
