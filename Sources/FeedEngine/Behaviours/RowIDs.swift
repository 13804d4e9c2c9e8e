/// The ids of a list's rows, for telling a repeat as a page arrives (`PresetRows.append`).
///
/// An open-addressed table of plain words: each holds half of an id's 64-bit `Fingerprint` and the row the id
/// is on. An id whose half-hash meets one in the table is compared, as a string, with that row's: a collision
/// of hashes is never taken for a repeat. A search gives each state its own copy of the rows of the state it
/// came from, and a page then copies the table: as words, that is one `memcpy`, where a `Set<String>` copied
/// every id and hashed each new one twice (a tenth of a search's instructions, callgrind).
/// Its naive twin is a `Set<String>` (`PresetRowsTests`).
package struct RowIDs: Sendable {
    /// 0 for an empty slot, else the id's hash's upper half over the row's index + 1.
    private var slots: [UInt64] = []
    package private(set) var count = 0

    /// Room for `rows` ids without growing.
    package init(capacity rows: Int = 0) { reserveCapacity(rows) }

    /// The hash `insert` takes, the same in every process.
    package static func hash(_ id: String) -> UInt64 {
        var hasher = Fingerprint(seed: 0x3C6E_F372_FE94_F82B)
        hasher.combine(id)
        return hasher.value
    }

    /// Notes `id`, whose hash is `hash(id)`, as the id of row `row` (rows are noted in order), unless a row
    /// of `items` has it already: then `false`, and nothing is noted.
    /// - Complexity: O(1) expected; O(rows) when the table grows.
    package mutating func insert(_ id: String, hash: UInt64, row: Int, in items: [Item]) -> Bool {
        if (count + 1) * 2 > slots.count { grow(to: max(16, slots.count * 2)) }
        let half = hash >> 32, mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: half) & mask
        while slots[slot] != 0 {
            if slots[slot] >> 32 == half && items[Int(truncatingIfNeeded: slots[slot] & 0xFFFF_FFFF) - 1].id == id { return false }
            slot = (slot + 1) & mask
        }
        // A row's index takes the lower half: rows past 2³² − 1 are far beyond `ItemLimits`.
        slots[slot] = half << 32 | UInt64(truncatingIfNeeded: row + 1) & 0xFFFF_FFFF
        count += 1
        return true
    }

    /// The same ids in a table of its own (`PresetRows.rehome(in:)`).
    /// - Complexity: O(slots).
    package func copied() -> RowIDs {
        var copy = self
        copy.slots = slots.map { $0 }
        return copy
    }

    package mutating func removeAll() {
        slots = []
        count = 0
    }

    /// Room for `rows` ids without growing, made at once: a page's ids went in one by one, and the table grew
    /// (every entry placed again) up to three times a page.
    /// - Complexity: O(ids held), when it grows.
    package mutating func reserveCapacity(_ rows: Int) {
        guard rows > 0 else { return }
        var size = max(16, slots.count)
        while size < rows * 2 { size <<= 1 }
        if size > slots.count { grow(to: size) }
    }

    /// `size` slots (a power of two), every entry placed again by the half-hash it keeps.
    private mutating func grow(to size: Int) {
        let old = slots
        slots = [UInt64](repeating: 0, count: size)
        let mask = slots.count - 1
        for entry in old where entry != 0 {
            var slot = Int(truncatingIfNeeded: entry >> 32) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }
}
