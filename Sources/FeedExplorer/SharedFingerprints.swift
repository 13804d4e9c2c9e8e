import CSystem

/// The visited set of a search on several threads: `FingerprintSet`'s table (open addressing, linear probing,
/// 0 marking an empty slot), in room of its own, that one thread — the merge — adds to while the workers of the
/// next batch look fingerprints up in it.
///
/// With a `FingerprintSet`, the merge kept what it added apart, and put it in between two batches, while the
/// other threads waited: 1,500 stores a batch, to random places of a table larger than the caches, most of the
/// time the other threads spent waiting for the next batch (the large model to depth 13, `--jobs 2`: 14–21 ms of
/// 18–30 ms a search, timestamps). Here the merge adds each new state as it goes.
///
/// A worker may see a fingerprint the merge is adding, or not: either way the merge, which goes in order, decides
/// what is new, and a state it has added was first reached before the worker's (the merge is a batch behind). The
/// slots are read and written as whole words (`csystem_load_relaxed`). The table grows only in `reserve`, into new
/// room: a batch begun before looks up in the old table still, which is kept, unchanged, until the next `reserve`
/// (the search grows it while the other threads work, not while they wait).
///
/// - Complexity: `insert` and `contains` expected O(1); `reserve` O(n) when it grows.
final class SharedFingerprints: @unchecked Sendable {
    private var slots: UnsafeMutablePointer<UInt64>
    private var size: Int
    private(set) var count = 0
    /// Tables outgrown, in which a batch begun before `reserve` may still look up: freed at the next.
    private var outgrown: [UnsafeMutablePointer<UInt64>] = []

    /// The fingerprints of `set`.
    init(_ set: FingerprintSet) {
        size = set.slots.count
        slots = .allocate(capacity: size)
        slots.initialize(from: set.slots, count: size)
        count = set.count
    }

    deinit {
        slots.deallocate()
        for old in outgrown { old.deallocate() }
    }

    /// Bytes the table takes.
    var bytes: Int { size * MemoryLayout<UInt64>.stride }

    /// Makes room for `more` fingerprints besides those held, so that `insert` need not grow the table (at most 3/4
    /// full, as `FingerprintSet`). A `lookup` taken before stays valid until the next call: a grown table is new
    /// room, the old kept as it is. Call it when no lookup taken before the last call is in use.
    /// - Complexity: O(size) when it grows, else O(1).
    func reserve(adding more: Int) {
        for old in outgrown { old.deallocate() }
        outgrown = []
        guard (count + more) * 4 > size * 3 else { return }
        var grown = size
        while (count + more) * 4 > grown * 3 { grown <<= 1 }
        let old = slots, oldSize = size
        slots = .allocate(capacity: grown)
        slots.initialize(repeating: 0, count: grown)
        size = grown
        count = 0
        for index in 0..<oldSize where old[index] != 0 { _ = insert(old[index]) }
        outgrown.append(old)
    }

    /// Adds `fingerprint` (never 0); false when it was there already. By one thread at a time, within the room
    /// `reserve` made.
    func insert(_ fingerprint: UInt64) -> Bool {
        precondition((count + 1) * 4 <= size * 3, "SharedFingerprints: reserve room before inserting")
        let (index, found) = lookup.slot(of: fingerprint)
        if found { return false }
        csystem_store_relaxed(slots + index, fingerprint)
        count += 1
        return true
    }

    /// Whether `fingerprint` is held, as far as the merge has added: what a thread looks up with, taken once a
    /// batch (valid until the second `reserve` after it; after the first, it no longer sees what is added).
    var lookup: Lookup { Lookup(slots: slots, mask: size - 1) }

    func contains(_ fingerprint: UInt64) -> Bool { lookup.contains(fingerprint) }

    /// The table, read by any thread while no `reserve` runs.
    struct Lookup: @unchecked Sendable {
        fileprivate let slots: UnsafeMutablePointer<UInt64>
        fileprivate let mask: Int

        func contains(_ fingerprint: UInt64) -> Bool { slot(of: fingerprint).found }

        /// The slot that holds `fingerprint` (`found`), else the empty one where it would go.
        func slot(of fingerprint: UInt64) -> (index: Int, found: Bool) {
            var index = Int(truncatingIfNeeded: fingerprint) & mask
            while true {
                let slot = csystem_load_relaxed(slots + index)
                if slot == 0 || slot == fingerprint { return (index, slot != 0) }
                index = (index + 1) & mask
            }
        }
    }
}
