import FeedEngine
import FeedScenario

/// A 64-bit hash that is the same in every process and on every machine, for
/// the visited set, checkpoints and shards (Swift's `Hasher` is seeded per
/// process, so its values cannot be written down or compared across runs).
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

    @inline(__always) public mutating func combine(_ value: Double) { combine(value.bitPattern) }

    @inline(__always) public mutating func combine(_ value: Bool) { combine(value ? 1 as UInt64 : 2) }

    /// The bytes eight at a time, then the length (so that "ab", "c" differs from "a", "bc").
    /// - Complexity: O(bytes).
    public mutating func combine(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var index = 0
            while index + 8 <= bytes.count {
                var word: UInt64 = 0
                for shift in 0..<8 { word |= UInt64(bytes[index + shift]) << (8 * UInt64(shift)) }
                combine(word)
                index += 8
            }
            var tail: UInt64 = 0
            for shift in 0..<(bytes.count - index) { tail |= UInt64(bytes[index + shift]) << (8 * UInt64(shift)) }
            combine(tail)
        }
        combine(UInt64(text.utf8.count) | 0x8000_0000_0000_0000)
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

extension StateKey {
    /// A 64-bit fingerprint of everything `==` compares, with the rows' part
    /// given (`Fingerprint.items`), since the rows are nearly always those of
    /// the state the key's state was reached from and their hash can be reused.
    /// - Complexity: O(what is owed).
    func fingerprint(itemsHash: UInt64) -> UInt64 {
        var hasher = Fingerprint()
        hasher.combine(itemsHash)
        hasher.combine(viewport.width)
        hasher.combine(viewport.height)
        hasher.combine(contentHeight)
        hasher.combine(pageIndex)
        Self.combine(request, into: &hasher)
        hasher.combine(latencyPhase)
        hasher.combine(contentOffset)
        hasher.combine(UInt64(flags))
        hasher.combine(Self.code(retryKind))
        if let toast {
            hasher.combine(toast.text)
            hasher.combine(toast.until)
        } else {
            hasher.combine(UInt64(0x70A5_7000))
        }
        hasher.combine(timeline.entries.count)
        for entry in timeline.entries {
            hasher.combine(entry.due)
            switch entry.event {
            case .reply(let request, let payload):
                hasher.combine(UInt64(1))
                Self.combine(request, into: &hasher)
                Self.combine(head: payload.head, into: &hasher)
            case .toastExpiry(let until):
                hasher.combine(UInt64(2))
                hasher.combine(until)
            }
        }
        Self.combine(head: inserted, into: &hasher)
        return hasher.value
    }

    /// Items inserted at the feed's head, hashed only when there are any: a model without `insert`
    /// keeps the fingerprints it had.
    static func combine(head: Int, into hasher: inout Fingerprint) {
        guard head != 0 else { return }
        hasher.combine(UInt64(0x1A5E_27ED))
        hasher.combine(head)
    }

    private static func combine(_ request: Request?, into hasher: inout Fingerprint) {
        guard let request else { return hasher.combine(UInt64(0x0123_4567)) }
        hasher.combine(request.id)
        hasher.combine(code(request.kind))
        hasher.combine(request.page)
    }

    static func code(_ kind: RequestKind?) -> UInt64 {
        switch kind {
        case nil: 0
        case .initial: 1
        case .refresh: 2
        case .more: 3
        }
    }
}

extension ExplorerModel {
    /// `key(state).fingerprint(itemsHash:)` without building the key: the same
    /// fields, made relative the same way (times from now, request ids from the
    /// last issued), read straight from the state, so that no array is allocated.
    /// `FingerprintSearchTests` holds the two to the same value.
    /// - Complexity: O(what is owed).
    func fingerprint(_ state: SearchState, itemsHash: UInt64) -> UInt64 {
        let feed = state.feed
        let now = feed.time
        let issued = feed.requestsIssued
        var hasher = Fingerprint()
        hasher.combine(itemsHash)
        hasher.combine(feed.viewport.width)
        hasher.combine(feed.viewport.height)
        hasher.combine(feed.contentHeight)
        hasher.combine(feed.pageIndex)
        Self.combine(feed.request, issued: issued, into: &hasher)
        hasher.combine(latencyPhase(feed))
        hasher.combine(feed.contentOffset)
        var bits: UInt64 = 0
        if feed.isDragging { bits |= 1 }
        if feed.launched { bits |= 2 }
        if feed.hasData { bits |= 4 }
        if feed.exhausted { bits |= 8 }
        if feed.footerFailed { bits |= 16 }
        if feed.autoLoadBlocked { bits |= 32 }
        if feed.stuck { bits |= 64 }
        if feed.emptyShown { bits |= 128 }
        hasher.combine(bits)
        hasher.combine(StateKey.code(feed.retryKind))
        if let toast = feed.toast {
            hasher.combine(toast.text)
            hasher.combine(SearchTimeline.rounded(toast.until - now))
        } else {
            hasher.combine(UInt64(0x70A5_7000))
        }
        hasher.combine(state.timeline.entries.count)
        for entry in state.timeline.entries {
            hasher.combine(SearchTimeline.rounded(entry.due - now))
            switch entry.event {
            case .reply(let request, let payload):
                hasher.combine(UInt64(1))
                Self.combine(request, issued: issued, into: &hasher)
                StateKey.combine(head: payload.head, into: &hasher)
            case .toastExpiry(let until):
                hasher.combine(UInt64(2))
                hasher.combine(SearchTimeline.rounded(until - now))
            }
        }
        StateKey.combine(head: state.inserted, into: &hasher)
        return hasher.value
    }

    private static func combine(_ request: Request?, issued: Int, into hasher: inout Fingerprint) {
        guard let request else { return hasher.combine(UInt64(0x0123_4567)) }
        hasher.combine(request.id - issued)
        hasher.combine(StateKey.code(request.kind))
        hasher.combine(request.page)
    }
}
