import FeedEngine

/// The first row whose id an earlier row has, for `no-row-lost-or-duplicated`, which asks after every
/// reply that changes rows. The same answer as inserting every id into a `Set<String>` in order
/// (`naive`, its twin, against which it is tested), at a fraction of the cost: ids are hashed with
/// `Fingerprint` into one open-addressed table of row indices, and rows whose hashes meet are compared
/// as strings, so that a collision of hashes never counts as a repeat.
package enum RepeatedIDs {
    /// - Complexity: O(rows) expected.
    package static func first(in items: [Item]) -> String? {
        if items.count < 2 { return nil }
        var size = 16
        while size < items.count * 2 { size <<= 1 }
        let mask = size - 1
        // Row index + 1 in each slot, 0 for empty; the hashes beside them.
        var slots = [Int32](repeating: 0, count: size)
        var hashes = [UInt64](repeating: 0, count: size)
        for (index, item) in items.enumerated() {
            var hasher = Fingerprint(seed: 0x510E_527F_ADE6_82D1)
            hasher.combine(item.id)
            let hash = hasher.value
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 {
                if hashes[slot] == hash && items[Int(slots[slot]) - 1].id == item.id { return item.id }
                slot = (slot + 1) & mask
            }
            slots[slot] = Int32(index + 1)
            hashes[slot] = hash
        }
        return nil
    }

    /// The naive twin: a set of the ids seen so far.
    static func naive(in items: [Item]) -> String? {
        var seen = Set<String>()
        seen.reserveCapacity(items.count)
        for item in items where !seen.insert(item.id).inserted { return item.id }
        return nil
    }
}
