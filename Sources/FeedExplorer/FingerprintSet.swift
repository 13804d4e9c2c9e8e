/// The visited set of a fingerprint search: 64-bit fingerprints in one open-addressed
/// table (linear probing), 0 marking an empty slot (`Fingerprint.value` is never 0).
///
/// A state costs 8 bytes a slot over a load between 3/8 and 3/4: 10.7–21.3 bytes,
/// against about 4.6 KB for a whole state and its key.
///
/// - Complexity: `insert` and `contains` expected O(1); growing rehashes every entry, O(n), amortised O(1).
public struct FingerprintSet: Sendable {
    public private(set) var slots: [UInt64]
    public private(set) var count = 0
    private var mask: Int

    /// - Parameter capacity: the number of fingerprints to hold without growing.
    public init(capacity: Int = 1 << 10) {
        var size = 16
        while size * 3 / 4 < capacity { size <<= 1 }
        slots = [UInt64](repeating: 0, count: size)
        mask = size - 1
    }

    /// A table as written in a checkpoint (`slots`); `nil` unless it is one: a power of two in size.
    public init?(slots: [UInt64]) {
        guard slots.count >= 16, slots.count & (slots.count - 1) == 0 else { return nil }
        self.slots = slots
        mask = slots.count - 1
        count = slots.reduce(0) { $1 == 0 ? $0 : $0 + 1 }
        guard count * 4 <= slots.count * 3 else { return nil }
    }

    /// Bytes the table takes.
    public var bytes: Int { slots.count * MemoryLayout<UInt64>.stride }

    /// Adds `fingerprint`; false when it was there already.
    @inline(__always) public mutating func insert(_ fingerprint: UInt64) -> Bool {
        if (count + 1) * 4 > slots.count * 3 { grow() }
        var index = Int(truncatingIfNeeded: fingerprint) & mask
        while true {
            let slot = slots[index]
            if slot == 0 {
                slots[index] = fingerprint
                count += 1
                return true
            }
            if slot == fingerprint { return false }
            index = (index + 1) & mask
        }
    }

    public func contains(_ fingerprint: UInt64) -> Bool {
        var index = Int(truncatingIfNeeded: fingerprint) & mask
        while true {
            let slot = slots[index]
            if slot == 0 { return false }
            if slot == fingerprint { return true }
            index = (index + 1) & mask
        }
    }

    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: old.count * 2)
        mask = slots.count - 1
        count = 0
        for fingerprint in old where fingerprint != 0 { _ = insert(fingerprint) }
    }
}
