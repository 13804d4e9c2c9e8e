/// A 64-bit hash that is the same in every process and on every machine, for
/// the visited set, checkpoints and shards (Swift's `Hasher` is seeded per
/// process, so its values cannot be written down or compared across runs).
/// Here, under the engine, so that a runner (FeedScenario) can fingerprint its own
/// state with it, and the explorer read it.
///
/// Each word is mixed in with a multiply and a shift, and the result finished
/// with SplitMix64's finaliser, so that nearby inputs (row ids, offsets) spread
/// over all 64 bits; the collision estimate `Fingerprint.collisionProbability`
/// assumes values that behave as if uniform.
public struct Fingerprint: Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64 = 0x6A09_E667_F3BC_C908) { state = seed }

    @inline(__always) public mutating func combine(_ word: UInt64) {
        state = (state ^ word) &* 0x9E37_79B9_7F4A_7C15
        state ^= state >> 29
    }

    @inline(__always) public mutating func combine(_ value: Int) { combine(UInt64(bitPattern: Int64(value))) }

    /// Zero as one word, whatever its sign: `-0.0 == 0.0`, so equal values give equal fingerprints.
    @inline(__always) public mutating func combine(_ value: Double) { combine(value == 0 ? 0 : value.bitPattern) }

    @inline(__always) public mutating func combine(_ value: Bool) { combine(value ? 1 as UInt64 : 2) }

    @inline(__always) public mutating func combine(_ value: UInt8) { combine(UInt64(value)) }

    /// A text, or a word no text's length word is (`nil`).
    public mutating func combine(_ text: String?) {
        if let text { combine(text) } else { combine(UInt64(0x7FF8_DEAD_BEEF_0002)) }
    }

    /// The bytes eight at a time (the first the lowest), then the length (so that "ab", "c" differs from "a", "bc").
    /// A whole word is read at once (a search hashes every row's id as its page arrives, and byte by byte
    /// that was most of the check for repeated ids); its naive twin assembles each word byte by byte
    /// (`FingerprintSearchTests`). The bytes are read where they are (`withContiguousStorageIfAvailable`): `withUTF8`
    /// of a copy made sure of a contiguous one first, a third slower for ids.
    /// - Complexity: O(bytes).
    public mutating func combine(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ combine(bytes: $0) }) == nil {
            var copy = text
            copy.withUTF8 { combine(bytes: $0) }
        }
        combine(UInt64(text.utf8.count) | 0x8000_0000_0000_0000)
    }

    /// Whole words, then the rest of the bytes in one word (0 for none).
    @inline(__always) private mutating func combine(bytes: UnsafeBufferPointer<UInt8>) {
        var index = 0
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= bytes.count {
                combine(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
                index += 8
            }
        }
        var tail: UInt64 = 0
        for shift in 0..<(bytes.count - index) { tail |= UInt64(bytes[index + shift]) << (8 * UInt64(shift)) }
        combine(tail)
    }

    /// The value, finished (SplitMix64); never 0, which the visited set keeps for "empty".
    public var value: UInt64 {
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return z == 0 ? 1 : z
    }

    /// The fingerprint of a text (checkpoint identities).
    public static func of(_ text: String) -> UInt64 {
        var hasher = Fingerprint()
        hasher.combine(text)
        return hasher.value
    }

    /// The chance that some two of `states` distinct states share a fingerprint, so that
    /// one of them is wrongly taken as seen: at most n(n−1)/2 / 2⁶⁴ (the birthday bound).
    public static func collisionProbability(states: Int) -> Double {
        let n = Double(states)
        return min(1, n * (n - 1) / 2 / 18_446_744_073_709_551_616.0)
    }

    /// The fingerprint of a list of rows: every field of every row, in order.
    /// - Complexity: O(rows × row size).
    public static func items(_ items: [Item]) -> UInt64 {
        var hasher = Fingerprint(seed: 0xBB67_AE85_84CA_A73B)
        hasher.combine(items.count)
        for item in items {
            hasher.combine(item.id)
            hasher.combine(item.title)
            if let height = item.height { hasher.combine(height) } else { hasher.combine(UInt64(0x7FF8_DEAD_BEEF_0001)) }
            hasher.combine(item.fields.count)
            if !item.fields.isEmpty {
                for key in item.fields.keys.sorted() {
                    hasher.combine(key)
                    hasher.combine(item.fields[key] ?? "")
                }
            }
        }
        return hasher.value
    }
}
