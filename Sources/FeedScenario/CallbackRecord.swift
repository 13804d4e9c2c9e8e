import FeedEngine

/// One callback as FeedFrames saw it play (SPEC §10): what it was, the effects the logic answered
/// with, the screen before and after, and FeedFrames' own request log around it. Invariants read
/// these, never the logic's state type, so the same rules judge any team's behaviour.
public struct CallbackRecord: Hashable, Sendable {
    /// A request the callback started, and the page FeedFrames' log expected it to ask for:
    /// 1 for an initial load or a refresh, the pages given so far + 1 for a load-more.
    public struct Started: Hashable, Sendable {
        public var request: Request
        public var expectedPage: Int
    }

    public var callback: ListCallback
    /// The virtual time it came at.
    public var time: Double
    public var effects: [ListEffect]
    public var screenBefore: ListScreen
    public var screenAfter: ListScreen
    public var started: [Started]
    /// The requests in flight once the effects were carried out, oldest first.
    public var inFlight: [Request]
    /// For a reply: the request it answers.
    public var answered: Request?
    /// The reply answers a request older than the newest one that replaces the rows (a refresh
    /// started after a load-more, say): its rows are out of date.
    public var stale: Bool
}

/// A rule over one callback, as a runner judges it while it plays (`BehaviourRunner.callbackChecks`):
/// `rule` is the place the finding is reported under, `check` returns `nil` when the rule holds.
public struct CallbackCheck: Sendable {
    public var rule: Int
    public var check: @Sendable (CallbackRecord) -> String?
    /// The rule holds on any callback that changes nothing — no effect, the logic's state as it was — so
    /// the runner need not build those callbacks' records for it (most of a search's callbacks are such).
    public var holdsWhenNothingChanges: Bool
    /// The rule holds on any callback that asks for no effect and leaves the rows as they were (the standard
    /// rules do): the runner need not build those records either, a scroll's among them. Implies `holdsWhenNothingChanges`.
    public var holdsUnlessEffectsOrRowsChange: Bool

    public init(rule: Int, holdsWhenNothingChanges: Bool = false, holdsUnlessEffectsOrRowsChange: Bool = false,
                check: @escaping @Sendable (CallbackRecord) -> String?) {
        self.rule = rule
        self.holdsWhenNothingChanges = holdsWhenNothingChanges || holdsUnlessEffectsOrRowsChange
        self.holdsUnlessEffectsOrRowsChange = holdsUnlessEffectsOrRowsChange
        self.check = check
    }

    /// The same rule behind a closure of its own, for one thread: calling a closure retains its context,
    /// and two threads retaining one context slow each other (each count moves between cores).
    public func forOneThread() -> CallbackCheck {
        let check = self.check
        return CallbackCheck(rule: rule, holdsWhenNothingChanges: holdsWhenNothingChanges,
                             holdsUnlessEffectsOrRowsChange: holdsUnlessEffectsOrRowsChange) { check($0) }
    }
}
