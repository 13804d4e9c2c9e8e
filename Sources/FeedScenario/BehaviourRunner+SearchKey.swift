import FeedEngine

/// What tells two moments of a play apart for a search (SPEC §10): the logic's state through a
/// key the team chooses, then everything FeedFrames holds — the scroll view, the refresh control,
/// the rows on screen, what is in flight and owed, the toast. Times and request numbers are kept
/// relative to now, so a list that comes back to where it was is the same state and the search closes.
public struct PlayKey: Hashable {
    var state: AnyHashable
    var geometry: [Double]
    var flags: UInt8
    /// The rows on screen, -1, then the rows prefetched.
    var visibleRows: [Int]
    var pageIndex: Int
    /// (request number − requests issued, kind, page, stale) for each request in flight.
    var inFlight: [Int]
    /// Each owed thing in due order: its due time − now, and what it is.
    var owed: [OwedKey]
    var toast: String?
    var toastLeft: Double
    /// Where per-request latencies are in their cycle (0 for a fixed latency).
    var latencyPhase: Int
    /// Items inserted at the feed's head so far (`insert N`): later pages are shifted by them.
    var inserted: Int

    struct OwedKey: Hashable {
        enum What: Hashable {
            /// A reply, by its request's number relative to the requests issued, and the items inserted when it was made.
            case reply(Int, head: Int)
            case timer(String)
            /// A toast's expiry, and whether it is the shown toast's.
            case toastExpiry(current: Bool)
        }
        var after: Double
        var what: What
    }
}

extension BehaviourRunner {
    /// This moment's `PlayKey`, with the logic's state abstracted by `key`.
    /// - Parameter latencyPhase: where the source's per-request latencies are (see `Latency`).
    /// - Complexity: O(visible rows + owed).
    public func searchKey(_ key: (Behaviour.State) -> AnyHashable, latencyPhase: Int = 0) -> PlayKey {
        let issued = requestsIssued
        let owedKeys = owed.map { entry -> PlayKey.OwedKey in
            let after = untilDue(entry.due)
            switch entry.event {
            case .reply(let request, _, let head): return .init(after: after, what: .reply(request.id - issued, head: head))
            case .timer(let name): return .init(after: after, what: .timer(name))
            case .toastExpiry(let until): return .init(after: after, what: .toastExpiry(current: until == toast?.until))
            }
        }
        let flying = requestsInOrder.flatMap { request in
            let key = flightKey(request)
            return [key.0, key.1, key.2, key.3]
        }
        return PlayKey(state: key(state),
                       geometry: [viewport.width, viewport.height, contentOffset, contentInsetTop, contentInsetBottom],
                       flags: scrollFlags, visibleRows: Array(visibleRows) + [-1] + prefetched, pageIndex: pageIndex, inFlight: flying, owed: owedKeys,
                       toast: toast?.text, toastLeft: toast.map { untilDue($0.until) } ?? 0, latencyPhase: latencyPhase,
                       inserted: insertedItems)
    }
}

extension BehaviourRunner {
    /// Feeds `hasher` what `searchKey(key, latencyPhase:).hash(into:)` feeds it, in the same order, without
    /// building the key's arrays: the words a fingerprint search mixes at every state it reaches
    /// (`searchFingerprint`, through the same feed), here fed to a `Hasher` so that they can be held to the
    /// key's own hash, their naive twin (`BehaviourSearchTests`).
    /// - Complexity: O(visible rows + owed).
    public func hashSearchKey(into hasher: inout Hasher, _ key: (Behaviour.State) -> AnyHashable, latencyPhase: Int = 0) {
        hashSearchKey(into: &hasher, hashingState: { state, hasher in hasher.combine(key(state)) }, latencyPhase: latencyPhase)
    }

    /// The same with the logic's state hashed by `hashingState`, which must feed what hashing its key feeds
    /// (the behaviour's own `searchKey`, hashed as it is rather than boxed in an `AnyHashable`).
    public func hashSearchKey(into hasher: inout Hasher, hashingState: (Behaviour.State, inout Hasher) -> Void, latencyPhase: Int = 0) {
        feedSearchKey(into: &hasher, state: { hashingState(state, &$0) }, latencyPhase: latencyPhase)
    }

    /// A 64-bit fingerprint of this moment's key, what a fingerprint search keeps of a state: the logic's state
    /// hashed by `hashingState` into a `Hasher` (as `Hashable` asks), then that hash and the rest of the key — the
    /// words `hashSearchKey` feeds, in the same order — mixed by `Fingerprint`, inline, where each word through
    /// `Hasher` was a call into the runtime (a twentieth of a search, perf). Two moments with equal keys have
    /// equal fingerprints. Swift's `Hasher` is seeded per process, so a fingerprint holds in one process only
    /// (unless `SWIFT_DETERMINISTIC_HASHING` is set).
    /// - Complexity: O(visible rows + owed), and hashing the state.
    @_specialize(exported: true, where Behaviour == RulesBehaviour)
    @_specialize(exported: true, where Behaviour == Seed000Behaviour)
    @_specialize(exported: true, where Behaviour == Seed001Behaviour)
    public func searchFingerprint(hashingState: (Behaviour.State, inout Hasher) -> Void, latencyPhase: Int = 0) -> UInt64 {
        searchFingerprint(feedingState: { state, print in
            var hasher = Hasher()
            hashingState(state, &hasher)
            print.combine(hasher.finalize())
        }, latencyPhase: latencyPhase)
    }

    /// The same with the logic's state fed to the fingerprint by `feedingState`
    /// (`PagingBehaviour.fingerprintSearchKey`), which must feed equal words for equal keys.
    @_specialize(exported: true, where Behaviour == RulesBehaviour)
    @_specialize(exported: true, where Behaviour == Seed000Behaviour)
    @_specialize(exported: true, where Behaviour == Seed001Behaviour)
    public func searchFingerprint(feedingState: (Behaviour.State, inout Fingerprint) -> Void, latencyPhase: Int = 0) -> UInt64 {
        var print = Fingerprint()
        feedSearchKey(into: &print, state: { feedingState(state, &$0) }, latencyPhase: latencyPhase)
        return print.value
    }

    /// What `hashSearchKey` and `searchFingerprint` feed their hasher, `state` feeding the logic's state: generic
    /// over the hasher, and specialised for each where they call it.
    private func feedSearchKey<Words: KeyWords>(into hasher: inout Words, state: (inout Words) -> Void, latencyPhase: Int) {
        // As `PlayKey`'s synthesised `hash(into:)`: each stored property in order, an array as its count then
        // its elements, an enum as its case's index then its values, an optional as 0, or 1 then its value.
        state(&hasher)
        hasher.combine(5)
        hasher.combine(viewport.width)
        hasher.combine(viewport.height)
        hasher.combine(contentOffset)
        hasher.combine(contentInsetTop)
        hasher.combine(contentInsetBottom)
        hasher.combine(scrollFlags)
        hasher.combine(visibleRows.count + 1 + prefetched.count)
        for row in visibleRows { hasher.combine(row) }
        hasher.combine(-1)
        for row in prefetched { hasher.combine(row) }
        hasher.combine(pageIndex)
        let issued = requestsIssued
        hasher.combine(requestsInOrder.count * 4)
        for request in requestsInOrder { combineFlight(flightKey(request), into: &hasher) }
        // `owed` is in due order.
        hasher.combine(owed.count)
        for entry in owed {
            hasher.combine(untilDue(entry.due))
            switch entry.event {
            case .reply(let request, _, let head):
                hasher.combine(0)
                hasher.combine(request.id - issued)
                hasher.combine(head)
            case .timer(let name):
                hasher.combine(1)
                hasher.combine(name)
            case .toastExpiry(let until):
                hasher.combine(2)
                hasher.combine(until == toast?.until)
            }
        }
        hasher.combine(toast?.text)
        hasher.combine(toast.map { untilDue($0.until) } ?? 0)
        hasher.combine(latencyPhase)
        hasher.combine(insertedItems)
    }
}

extension BehaviourRunner {
    // What `searchKey` and `hashSearchKey` both read, said once.

    /// The seconds from now to `due`, to the microsecond, as the clock reads them (`VirtualTime`). The plain
    /// difference of two clock readings depends on where they are, not only on how far apart: 1.2 − 0.9 is
    /// 0.29999999999999993 and 0.6 − 0.3 is 0.3. A key holding it told the same moment apart by when it came,
    /// and which of two such moments a search kept decided the states it found after: shards, which keep others,
    /// found other states than one search (latencies of 0.3 s on the large model).
    private func untilDue(_ due: Double) -> Double { VirtualTime.rounded(due - time) }

    /// The drag, the refresh control's hold and its threshold crossed, as bits.
    private var scrollFlags: UInt8 { UInt8(isDragging ? 1 : 0) | UInt8(refreshing ? 2 : 0) | UInt8(pulledPastThreshold ? 4 : 0) }

    /// A request in flight as the key holds it: its number relative to the requests issued, its kind, its page, stale or not.
    private func flightKey(_ request: Request) -> (Int, Int, Int, Int) {
        (request.id - requestsIssued, RequestKind.allCases.firstIndex(of: request.kind) ?? 0, request.page, request.id < newestReplacing ? 1 : 0)
    }

    private func combineFlight<Words: KeyWords>(_ key: (Int, Int, Int, Int), into hasher: inout Words) {
        hasher.combine(key.0)
        hasher.combine(key.1)
        hasher.combine(key.2)
        hasher.combine(key.3)
    }
}

/// The words a key is fed as, to Swift's `Hasher` (which `PlayKey`'s own hash feeds) or to a `Fingerprint`.
protocol KeyWords {
    mutating func combine(_ value: Int)
    mutating func combine(_ value: Double)
    mutating func combine(_ value: UInt8)
    mutating func combine(_ value: Bool)
    mutating func combine(_ value: String)
    mutating func combine(_ value: String?)
}

extension Hasher: KeyWords {}
extension Fingerprint: KeyWords {}
