import FeedEngine
import FeedExplorer
import FeedScenario

/// One engine step as the explorer saw it, for invariants that judge a change.
public struct EventRecord: Sendable {
    public var before: FeedState
    public var event: FeedEvent
    public var effects: [Effect]
    public var after: FeedState
}

/// An invariant broken on an edge: which one (an index into the explorer's
/// list) and what was seen.
public struct Breach: Hashable, Sendable {
    public var invariant: Int
    public var message: String
}

/// A state one move away, with the invariants the move broke on the way.
public struct Successor: Sendable {
    public var transition: Transition
    public var state: SearchState
    public var breaches: [Breach]
}

/// The world the search runs in: the step function, the moves, the reply
/// outcomes, and the source that says what a full, short or empty page holds.
///
/// It takes events from the same `Timeline` as `ScenarioRunner` (clock ticks
/// before each delivery, same-time events in scheduling order, due times
/// rounded to the microsecond), so that a path written as a scenario replays
/// to the very state the search reached by construction.
public struct ExplorerModel: Sendable {
    /// `(state, event) -> effects`: the engine's `reduce`, or in tests a broken
    /// wrapper around it, to show that the invariants catch what they should.
    public typealias Step = @Sendable (inout FeedState, FeedEvent) -> [Effect]

    public static let engineStep: Step = { state, event in state.reduce(event) }

    /// Item shapes (titles, heights, page size) and latencies.
    public var source: ScriptedSource { didSet { pages = OutcomeTable(source) } }
    /// Each reply outcome of the first pages, made once.
    private var pages: OutcomeTable
    public var outcomes: [ScriptedReply]
    public var moves: [Move]
    public var step: Step
    /// A wait stops after this many deliveries (only zero latencies could loop).
    public var maxDeliveriesPerWait = 1_000
    /// The most items a path may insert at the feed's head, one `insert 1` move at a time; 0 (the default)
    /// leaves the move out. Each item inserted is part of the state, so the space grows about this many times.
    public var insertLimit = 0
    /// The feed's length in full pages, when it has one: a reply to a later page comes back short, empty
    /// or failed, never full. With it the rows stay bounded and a search can run to the end of its space
    /// (`nil`, the default: every page may come back full, and only the depth bounds a search).
    public var pageLimit: Int?

    public init(source: ScriptedSource, outcomes: [ScriptedReply] = ScriptedReply.allCases,
                moves: [Move] = Move.allCases, step: @escaping Step = ExplorerModel.engineStep) {
        self.source = source
        self.pages = OutcomeTable(source)
        self.outcomes = outcomes
        self.moves = moves
        self.step = step
    }

    /// The scenario's item shapes and latency; its `total`, `failures` and timed `inserts` are
    /// dropped, since the search chooses every reply and insert itself.
    public init(scenario: Scenario, outcomes: [ScriptedReply] = ScriptedReply.allCases,
                moves: [Move] = Move.allCases, step: @escaping Step = ExplorerModel.engineStep) {
        self.init(source: .searching(scenario), outcomes: outcomes, moves: moves, step: step)
    }

    /// `source.outcome(reply, page:, request:, head:)`, the first pages from `OutcomeTable`.
    @inline(__always) func outcome(_ reply: ScriptedReply, page: Int, request: Int, head: Int = 0) -> Reply.Outcome {
        pages.outcome(reply, page: page, request: request, head: head, of: source)
    }

    /// The search key of `state`.
    public func key(_ state: SearchState) -> StateKey {
        StateKey(state, latencyPhase: latencyPhase(state.feed))
    }

    /// Where per-request latencies are in their cycle: nothing for a fixed
    /// latency, the request count modulo the list for a list, and the request
    /// count itself for any other kind (which then never repeats).
    func latencyPhase(_ feed: FeedState) -> Int {
        let latency = source.items.latency
        if case .fixed = latency { return 0 }
        if case .perRequest(let list) = latency { return list.isEmpty ? 0 : feed.requestsIssued % list.count }
        return feed.requestsIssued
    }

    /// The state after `launch`, where the search starts.
    public func start(_ initial: FeedState, check: (EventRecord) -> [Breach] = { _ in [] }) -> (SearchState, [Breach]) {
        var state = SearchState(feed: initial)
        var breaches: [Breach] = []
        apply(.launch, to: &state, breaches: &breaches, check: check)
        return (state, breaches)
    }

    /// Every state one move away from `state` (a wait gives one per combination
    /// of reply outcomes), with the event invariants `check` found broken.
    /// - Complexity: O(moves × (log n + page)) engine work, times the outcomes for a wait.
    public func successors(of state: SearchState, check: (EventRecord) -> [Breach]) -> [Successor] {
        var result: [Successor] = []
        result.reserveCapacity(moves.count + outcomes.count)
        for move in moves {
            guard let steps = steps(move, in: state) else { continue }
            if move == .wait, case .wait(let seconds) = steps[0] {
                let end = SearchTimeline.rounded(state.feed.time + seconds)
                deliver(state, until: end, steps: steps, replies: [], breaches: [], deliveries: 0, check: check, into: &result)
                continue
            }
            var next = state
            var breaches: [Breach] = []
            perform(steps, on: &next, breaches: &breaches, check: check)
            result.append(Successor(transition: Transition(move: move, steps: steps), state: next, breaches: breaches))
        }
        return result
    }

    /// `move.steps(in: state)`, with an insert offered only while `insertLimit` allows.
    @inline(__always) func steps(_ move: Move, in state: SearchState) -> [ScriptStep]? {
        if move == .insert && state.inserted >= insertLimit { return nil }
        return move.steps(in: state)
    }

    /// A move's steps other than a wait: engine events, or items inserted at the feed's head.
    @inline(__always) private func perform(_ steps: [ScriptStep], on state: inout SearchState, breaches: inout [Breach],
                                           check: (EventRecord) -> [Breach]) {
        for step in steps {
            switch step {
            case .event(let event): apply(event, to: &state, breaches: &breaches, check: check)
            case .insert(let count): state.inserted += count
            case .wait, .fling: break  // a wait is delivered by `deliver`; the explorer never flings
            }
        }
    }

    /// Successor `ordinal` of `state` (its place in `successors(of:check:)`), computing only the move it comes
    /// from: a state rebuilt by re-running its path costs one move a step, not every move. `nil` when there
    /// is no such successor. Its naive twin is `successors(of:check:)[ordinal]`, against which it is tested.
    /// - Complexity: O(log n + page) engine work, times the outcomes for a wait.
    public func successor(_ ordinal: Int, of state: SearchState) -> Successor? {
        guard ordinal >= 0 else { return nil }
        var remaining = ordinal
        for move in moves {
            guard let steps = steps(move, in: state) else { continue }
            if move == .wait, case .wait(let seconds) = steps[0] {
                var branches: [Successor] = []
                let end = SearchTimeline.rounded(state.feed.time + seconds)
                deliver(state, until: end, steps: steps, replies: [], breaches: [], deliveries: 0, check: { _ in [] }, into: &branches)
                if remaining < branches.count { return branches[remaining] }
                remaining -= branches.count
                continue
            }
            if remaining > 0 { remaining -= 1; continue }
            var next = state
            var breaches: [Breach] = []
            perform(steps, on: &next, breaches: &breaches, check: { _ in [] })
            return Successor(transition: Transition(move: move, steps: steps), state: next, breaches: breaches)
        }
        return nil
    }

    /// The runner's `wait`: deliver everything due by `end` in time order (ties in
    /// scheduling order), branching on the outcome of each reply, then set the clock to `end`.
    private func deliver(_ state: SearchState, until end: Double, steps: [ScriptStep], replies: [DeliveredReply],
                         breaches: [Breach], deliveries: Int, check: (EventRecord) -> [Breach],
                         into result: inout [Successor]) {
        var base = state
        guard deliveries < maxDeliveriesPerWait, let entry = base.timeline.takeNext(dueBy: end) else {
            var done = state
            var breaches = breaches
            tick(to: end, &done, &breaches, check)
            result.append(Successor(transition: Transition(move: .wait, steps: steps, replies: replies),
                                    state: done, breaches: breaches))
            return
        }
        var baseBreaches = breaches
        tick(to: entry.due, &base, &baseBreaches, check)
        switch entry.event {
        case .toastExpiry(let until):
            apply(.toastExpired(until: until), to: &base, breaches: &baseBreaches, check: check)
            deliver(base, until: end, steps: steps, replies: replies, breaches: baseBreaches,
                    deliveries: deliveries + 1, check: check, into: &result)
        case .reply(let request, let asked):
            let stale = base.feed.request?.id != request.id
            for outcome in outcomes where outcome.fits(page: request.page, pageLimit: pageLimit) {
                var branch = base
                var branchBreaches = baseBreaches
                let reply = Reply(requestID: request.id,
                                  outcome: self.outcome(outcome, page: request.page, request: request.id, head: asked.head))
                apply(.replyArrived(reply), to: &branch, breaches: &branchBreaches, check: check)
                deliver(branch, until: end, steps: steps,
                        replies: replies + [DeliveredReply(requestID: request.id, outcome: outcome, stale: stale)],
                        breaches: branchBreaches, deliveries: deliveries + 1, check: check, into: &result)
            }
        }
    }

    /// The clock moves; like the runner, any effects of a tick are ignored.
    private func tick(to time: Double, _ state: inout SearchState, _ breaches: inout [Breach],
                      _ check: (EventRecord) -> [Breach]) {
        let before = state.feed
        let effects = step(&state.feed, .clockAdvanced(to: time))
        breaches += check(EventRecord(before: before, event: .clockAdvanced(to: time), effects: effects, after: state.feed))
    }

    /// One event, its effects scheduled as the runner schedules them.
    private func apply(_ event: FeedEvent, to state: inout SearchState, breaches: inout [Breach],
                       check: (EventRecord) -> [Breach]) {
        let before = state.feed
        let effects = step(&state.feed, event)
        state.timeline.schedule(effects, now: state.feed.time) { [inserted = state.inserted] request in
            (source.items.latency.seconds(forRequest: request.id), Unchosen(head: inserted))
        }
        breaches += check(EventRecord(before: before, event: event, effects: effects, after: state.feed))
    }
}
