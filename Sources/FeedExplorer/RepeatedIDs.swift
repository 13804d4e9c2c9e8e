import FeedEngine

/// The first row whose id an earlier row has, for `no-row-lost-or-duplicated`, which asks after every
/// reply that changes rows. The same answer as inserting every id into a `Set<String>` in order
/// (`naive`, its twin, against which it is tested), at a fraction of the cost: the ids go into the table a
/// preset's rows keep theirs in (`RowIDs`: half a hash and the row in a word, a repeat confirmed by comparing
/// the ids as strings, so that a collision of hashes never counts as a repeat).
package enum RepeatedIDs {
    /// In a search, the answer some other state had for these very rows, when the thread's `SearchMemo` has it.
    /// - Complexity: O(rows) expected; O(1) expected from the memo.
    package static func first(in items: [Item]) -> String? {
        if items.count < 2 { return nil }
        guard let memo = SearchMemo.current else { return search(items) }
        return memo.firstRepeat(in: items) { search(items) }
    }

    /// `first`'s work.
    static func search(_ items: [Item]) -> String? {
        var ids = RowIDs(capacity: items.count)
        // Each id read in place (copying out an item retained its texts).
        return items.withUnsafeBufferPointer { rows in
            for row in rows.indices where !ids.insert(rows[row].id, hash: RowIDs.hash(rows[row].id), row: row, in: items) {
                return rows[row].id
            }
            return nil
        }
    }

    /// The naive twin: a set of the ids seen so far.
    static func naive(in items: [Item]) -> String? {
        var seen = Set<String>()
        seen.reserveCapacity(items.count)
        for item in items where !seen.insert(item.id).inserted { return item.id }
        return nil
    }
}
