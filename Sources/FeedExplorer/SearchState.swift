import FeedEngine

/// Something the virtual clock still owes a search state: a reply or a toast's expiry.
public struct Pending: Hashable, Sendable {
    public enum Event: Hashable, Sendable {
        /// The reply to a request; the explorer chooses its outcome when it arrives.
        case reply(Request)
        /// The toast due to disappear at `until` does so.
        case toastExpiry(until: Double)
    }

    /// The virtual time it happens, rounded to the microsecond as `ScenarioRunner` rounds it.
    public var due: Double
    public var event: Event

    public init(due: Double, event: Event) {
        self.due = due
        self.event = event
    }
}

/// One node of the search: the engine's state plus what is still in flight
/// (requests awaiting replies, the toast's expiry), in the order it was
/// scheduled, so that same-time events happen in the runner's order (SPEC §3).
///
/// The value is concrete (absolute clock, real request ids), so the path that
/// reached it replays to exactly this state through `ScenarioRunner`; the
/// search tells states apart by `key`, which forgets what cannot matter.
public struct SearchState: Hashable, Sendable {
    public var feed: FeedState
    public var pending: [Pending]

    public init(feed: FeedState, pending: [Pending] = []) {
        self.feed = feed
        self.pending = pending
    }

    /// Replies still owed to requests, whether in flight or already cancelled.
    public var pendingReplies: [Request] {
        pending.compactMap { if case .reply(let request) = $0.event { request } else { nil } }
    }

    /// The earliest due time, if anything is pending.
    public var nextDue: Double? { pending.lazy.map(\.due).min() }
}
