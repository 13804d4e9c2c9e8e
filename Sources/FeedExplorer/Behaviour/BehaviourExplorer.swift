import FeedEngine
import FeedScenario

/// Breadth-first search over everything a team's own paging logic can go through (SPEC §10):
/// FeedFrames plays UIKit around it (`BehaviourRunner`), the user makes every move of the
/// alphabet, and every reply takes every outcome. States are told apart by `PlayKey` — the
/// logic's state through `key`, which a team narrows to what matters (a request counter that never
/// repeats keeps a search from closing), and FeedFrames' own.
///
/// Each broken rule is reported once, with the shortest path that breaks it (breadth-first order)
/// written as a scenario that replays it (`BehaviourViolation.counterexample`).
public struct BehaviourExplorer<Behaviour: PagingBehaviour>: Sendable {
    public var behaviour: Behaviour
    /// The list, device, texts, item shapes and latency; its script and failures are not used.
    public let scenario: Scenario
    /// The scripted source the search answers from: the scenario's item shapes and latency, every
    /// reply's outcome chosen by the search (so the scenario's own `replies` and `failures` are dropped).
    public let source: ScriptedSource
    /// Each reply outcome of `source`'s first pages, made once (for each number of items an insert may add).
    private var pages: OutcomeTable
    /// `latencyCycle(source.items.latency)`, for `latencyPhase`.
    private let latencyCycle: Int?
    public var invariants: [BehaviourInvariant<Behaviour.State>] { didSet { (stateChecks, callbackChecks) = Self.checks(invariants) } }
    /// The rules' checks by kind, with their places in `invariants`: a search calls them for every state and
    /// callback, and reading them out of the rules each time copied every rule (a tenth of a search, perf).
    private var stateChecks: [(rule: Int, check: @Sendable (Behaviour.State, ListScreen, PlayFacts) -> String?)] = []
    private(set) var callbackChecks: [CallbackCheck] = []
    /// What of the logic's state tells states apart (by default, the behaviour's `searchKey`).
    public var key: @Sendable (Behaviour.State) -> AnyHashable { didSet { keyIsBehaviours = false } }
    /// `key` is the behaviour's `searchKey`, which a fingerprint search hashes as it is, not boxed.
    var keyIsBehaviours: Bool
    public var moves: [Move]
    public var outcomes: [ScriptedReply]
    /// Moves from the start; states this deep are found but not expanded.
    public var maxDepth: Int
    public var maxStates: Int
    /// A wait stops after this many deliveries (a timer the logic restarts at 0 s could loop).
    public var maxDeliveriesPerWait = 1_000
    /// The most items a path may insert at the feed's head, one `insert 1` move at a time; 0 (the default)
    /// leaves the move out; each insert shifts the pages asked for by number afterwards.
    public var insertLimit = 0 { didSet { pages = OutcomeTable(source, heads: insertLimit) } }
    /// The feed's length in full pages, when it has one: a reply to a later page is short, empty or failed
    /// (so that a deep enough search reaches the end of the space).
    public var pageLimit: Int?
    /// States of the next level a fingerprint search (`search`) keeps as whole runners, kilobytes each;
    /// past it a state is kept only as its place in the trail (8 bytes) and re-run from the start when it
    /// is expanded (slower, but memory stays bounded).
    public var frontierLimit = Self.defaultFrontierLimit
    /// The slots of each table of a search thread's `SearchMemo` (a power of two); `nil`, a search without one (its
    /// twin, in tests).
    var memoSlots: Int? = 1_024
    public static var defaultFrontierLimit: Int { 200_000 }
    /// Memory a state of `run` takes, a whole run and its edges, as measured on `standard` at depth 16 (it grows
    /// with the rows), for saying up front what a search may use: about 6.2 GB at a million states.
    public static var bytesPerState: Int { 6_200 }
    /// A fingerprint search (`search`) of one share of the states first reached at the shard's depth, for one
    /// machine of a CI matrix; `BehaviourSearch.shardResult` is what `ShardMerge` merges. Its fingerprints take
    /// the logic's state through Swift's `Hasher`: run every shard with `SWIFT_DETERMINISTIC_HASHING=1` (`ShardResult.hashingIsDeterministic`),
    /// or the merge refuses them.
    public var shard: SearchShard?

    /// - Parameters:
    ///   - invariants: the standard rules by default; append a team's own.
    ///   - key: abstracts the logic's state for the search (`{ $0.withoutRequestCounter }`); by default
    ///     the behaviour's own `searchKey` (all of the state, unless the behaviour says otherwise).
    public init(_ behaviour: Behaviour, scenario: Scenario,
                invariants: [BehaviourInvariant<Behaviour.State>] = BehaviourInvariant.standard,
                key: (@Sendable (Behaviour.State) -> AnyHashable)? = nil,
                moves: [Move] = Move.allCases, outcomes: [ScriptedReply] = ScriptedReply.allCases,
                maxDepth: Int = 8, maxStates: Int = 200_000) {
        self.behaviour = behaviour
        self.scenario = scenario
        self.source = .searching(scenario)
        pages = OutcomeTable(source)
        latencyCycle = Self.latencyCycle(source.items.latency)
        self.invariants = invariants
        (stateChecks, callbackChecks) = Self.checks(invariants)
        self.key = key ?? { AnyHashable(behaviour.searchKey($0)) }
        keyIsBehaviours = key == nil
        self.moves = moves
        self.outcomes = outcomes
        self.maxDepth = maxDepth
        self.maxStates = maxStates
    }

    /// Explores from the state after `launch`.
    /// - Parameter progress: called at each new depth and every few thousand expansions.
    /// - Complexity: O((states + transitions) × a move's callbacks); memory O(states + transitions).
    @_specialize(where Behaviour == RulesBehaviour)
    @_specialize(where Behaviour == Seed000Behaviour)
    @_specialize(where Behaviour == Seed001Behaviour)
    public func run(progress: (ExplorationStatistics) -> Void = { _ in }) -> BehaviourExploration<Behaviour> {
        let clock = ContinuousClock()
        let started = clock.now
        var graph = BehaviourGraph<Behaviour>()
        var index: [PlayKey: Int] = [:]
        var found: [(message: String, path: [Transition], node: Int, issued: Int)?] = Array(repeating: nil, count: invariants.count)
        var counts = [Int](repeating: 0, count: invariants.count)

        /// `issued`: the requests made along `path` (for a step, the state it reached by that path, which
        /// may differ from the old state it leads to, reached another way).
        func note(_ rule: Int, _ message: String, path: @autoclosure () -> [Transition], node: Int, issued: Int) {
            counts[rule] += 1
            graph.flagged.insert(node)
            if found[rule] == nil {
                found[rule] = (message, path(), node, issued)
            }
        }
        func judge(_ node: Int) {
            for (rule, message) in stateBreaches(graph.states[node]) {
                note(rule, message, path: graph.path(to: node), node: node, issued: graph.states[node].requestsIssued)
            }
        }

        var start = launched()
        let startBreaches = callbackBreaches(&start)
        index[start.searchKey(key, latencyPhase: latencyPhase(start))] = 0
        graph.add(start, depth: 0, parent: -1, arrival: nil)
        judge(0)
        for breach in startBreaches { note(breach.rule, breach.message, path: [], node: 0, issued: start.requestsIssued) }

        func statistics(complete: Bool) -> ExplorationStatistics {
            ExplorationStatistics(states: graph.count, transitions: graph.edges.count, expanded: graph.expandedCount,
                                  depthReached: graph.depths.last ?? 0, seconds: (clock.now - started).seconds,
                                  complete: complete, capped: graph.count >= maxStates)
        }

        var next = 0
        while next < graph.count && graph.depths[next] < maxDepth && graph.count < maxStates {
            let depth = graph.depths[next]
            var made = successors(of: graph.states[next], source: source)
            made.reverse()
            // Each successor moved out of `made` (a loop over it would copy every runner), in order.
            while case (let transition, var successor)? = made.popLast() {
                let broken = callbackBreaches(&successor)
                let key = successor.searchKey(self.key, latencyPhase: latencyPhase(successor))
                let target: Int
                if let existing = index[key] {
                    target = existing
                } else {
                    target = graph.add(successor, depth: depth + 1, parent: next, arrival: transition)
                    index[key] = target
                    judge(target)
                }
                if target == next && broken.isEmpty { continue }
                graph.edges.append(.init(from: next, to: target, transition: transition, breaks: !broken.isEmpty))
                for breach in broken {
                    note(breach.rule, breach.message, path: graph.path(to: next) + [transition], node: target, issued: successor.requestsIssued)
                }
            }
            next += 1
            graph.expandedCount = next
            if next % 4096 == 0 || (next < graph.count && graph.depths[next] != depth) { progress(statistics(complete: false)) }
        }
        graph.expandedCount = next

        // The way forward, decided on the finished graph (as `Explorer` does): a state that reaches
        // neither a state at rest nor an unexpanded one can never get back to rest.
        var undecided = 0
        for rule in 0..<invariants.count {
            let invariant = invariants[rule]
            guard let atRest = invariant.atRest else { continue }
            let good = graph.states.map { atRest($0.screen, $0.facts) }
            let frontier = graph.states.indices.map { $0 >= graph.expandedCount }
            let reachesGood = graph.canReach(good)
            let reachesEither = graph.canReach(zip(good, frontier).map { $0 || $1 })
            for node in graph.states.indices where !reachesEither[node] {
                let screen = graph.states[node].screen
                note(rule, "no moves lead back to rest: header \(screen.header.rawValue), footer \(screen.footer.rawValue), "
                     + "\(graph.states[node].requestsInOrder.count) request\(graph.states[node].requestsInOrder.count == 1 ? "" : "s") in flight",
                     path: graph.path(to: node), node: node, issued: graph.states[node].requestsIssued)
            }
            undecided = max(undecided, graph.states.indices.filter { reachesEither[$0] && !reachesGood[$0] }.count)
        }

        var violations: [BehaviourViolation] = []
        for rule in 0..<invariants.count {
            let invariant = invariants[rule]
            guard let (message, path, node, issued) = found[rule] else { continue }
            let counterexample = CounterexampleWriter.scenario(
                path: path, issued: issued, base: scenario, source: source,
                name: "counterexample-\(invariant.name)",
                description: "\(invariant.name): \(message) (found by explore, \(path.count) move\(path.count == 1 ? "" : "s") after launch)")
            violations.append(BehaviourViolation(invariant: invariant.name, message: message, path: path, node: node,
                                                 occurrences: counts[rule], requestsIssued: issued, counterexample: counterexample))
        }
        var stats = statistics(complete: next == graph.count)
        stats.undecided = undecided
        return BehaviourExploration(graph: graph, invariants: invariants.map { ($0.name, $0.summary) },
                                    violations: violations, statistics: stats)
    }

    /// The run at the start of the search: the list launched, with the search's scripted source.
    func launched() -> BehaviourRunner<Behaviour> {
        var first = scenario
        first.source = .scripted(source)
        var start = BehaviourRunner(behaviour, scenario: first)
        start.searching = true
        start.choosesOutcomes = true
        start.callbackChecks = callbackChecks
        start.perform(.event(.launch)) { (_: Frame) throws(Never) in }
        return start
    }

    // The rules are walked by index: `enumerated()` over a generic element builds a tuple type's
    // metadata at run time on every turn (a quarter of a search's time, perf).

    /// The state rules `runner`'s state breaks: (rule, message).
    func stateBreaches(_ runner: BehaviourRunner<Behaviour>) -> [(rule: Int, message: String)] {
        var result: [(rule: Int, message: String)] = []
        let screen = runner.screen, facts = runner.facts
        for index in 0..<stateChecks.count {
            if let message = stateChecks[index].check(runner.state, screen, facts) { result.append((stateChecks[index].rule, message)) }
        }
        return result
    }

    /// The callback rules broken by the callbacks `runner` has played since the last call (it judges them as
    /// they happen, `callbackChecks`); its findings are emptied.
    func callbackBreaches(_ runner: inout BehaviourRunner<Behaviour>) -> [(rule: Int, message: String)] {
        guard !runner.breaches.isEmpty else { return [] }
        defer { runner.breaches = [] }
        return runner.breaches
    }

    private static func checks(_ invariants: [BehaviourInvariant<Behaviour.State>])
        -> ([(rule: Int, check: @Sendable (Behaviour.State, ListScreen, PlayFacts) -> String?)], [CallbackCheck]) {
        // Bound with `if let`, not `Optional.map`: a closure passed through the generic `map` comes out
        // wrapped in reabstraction thunks, and each call then went through two of them, copying the record.
        var stateChecks: [(rule: Int, check: @Sendable (Behaviour.State, ListScreen, PlayFacts) -> String?)] = []
        var callbackChecks: [CallbackCheck] = []
        for (rule, invariant) in invariants.enumerated() {
            if let check = invariant.state { stateChecks.append((rule, check)) }
            if let check = invariant.callback {
                callbackChecks.append(CallbackCheck(rule: rule, holdsWhenNothingChanges: invariant.holdsWhenNothingChanges,
                                                    holdsUnlessEffectsOrRowsChange: invariant.holdsUnlessEffectsOrRowsChange, check: check))
            }
        }
        return (stateChecks, callbackChecks)
    }

    /// Where per-request latencies are in their cycle: nothing for a fixed latency, the request count
    /// modulo the list for a list, and the request count itself for any other kind (which then never repeats).
    func latencyPhase(_ runner: BehaviourRunner<Behaviour>) -> Int {
        guard let latencyCycle else { return runner.requestsIssued }
        return runner.requestsIssued % latencyCycle
    }

    /// The length of the latencies' cycle (1 for a fixed latency or an empty list), `nil` when they never repeat:
    /// worked out once, since reading the list at every state retained it, from every thread of a search.
    private static func latencyCycle(_ latency: Latency) -> Int? {
        switch latency {
        case .fixed: return 1
        case .perRequest(let list): return max(1, list.count)
        case .seeded: return nil
        }
    }

    /// The explorer for one thread of a search, with its own copy of the reply pages it hands the logic
    /// and of the moves and outcomes it walks (`ParallelMap`'s `local`), and with `checks` its own wrappers of the
    /// rules' checks (two threads calling one closure take turns at its context's count): the same explorer
    /// otherwise. One thread may keep the rules' own closures (`checks: false`), which cost it no wrapper.
    ///
    /// Never specialised: a state check's wrapper made in code specialised for a behaviour is stored as the generic
    /// closure type and calls the generic one, through a reabstraction thunk each way that copied the state and the
    /// screen. Made in the generic code it needs neither (callgrind, the large model to depth 13, `--jobs 2`: 357 →
    /// 233 instructions a check, the check itself included; 88 unwrapped, with one thread).
    @_semantics("optimize.sil.specialize.generic.never")
    func detached(checks: Bool = true) -> Self {
        var copy = self
        copy.pages = pages.detached()
        copy.moves = moves.map { $0 }
        copy.outcomes = outcomes.map { $0 }
        if checks {
            copy.stateChecks = stateChecks.map { rule, check in (rule, { check($0, $1, $2) }) }
            copy.callbackChecks = callbackChecks.map { $0.forOneThread() }
        }
        return copy
    }

    /// Every state one move away (a wait gives one per combination of reply outcomes). The last move is made
    /// on `runner` itself, the others on copies of it (a caller that keeps the runner passes a copy).
    /// - Complexity: O(moves × a move's callbacks), times the outcomes for a wait.
    func successors(of runner: consuming BehaviourRunner<Behaviour>, source: ScriptedSource) -> [(Transition, BehaviourRunner<Behaviour>)] {
        // Room for a state a move and a wait's outcomes, made once: grown by appends, the array copied its runners, kilobytes each.
        var made: [(Transition, BehaviourRunner<Behaviour>)] = []
        made.reserveCapacity(moves.count + outcomes.count)
        forEachSuccessor(of: runner, source: source) { _, transition, runner in made.append((transition, runner)) }
        return made
    }

    /// Hands `body` each of `successors(of:source:)`, in order, as it is made: moved on, not through an array (a
    /// successor moved into one and out again was two copies of a kilobyte).
    func forEachSuccessor(of runner: consuming BehaviourRunner<Behaviour>, source: ScriptedSource, _ body: Made) {
        var pending: (Move, [ScriptStep])?
        for move in moves {
            guard let steps = steps(move, in: runner) else { continue }
            if let (earlier, steps) = pending { branches(earlier, steps: steps, from: copy runner, source: source, body) }
            pending = (move, steps)
        }
        if let (last, steps) = pending { branches(last, steps: steps, from: runner, source: source, body) }
    }

    /// What takes each successor made: the move's transition and the state it reached, and this explorer, lent
    /// (a closure that captured it copied it, every reference it holds retained).
    typealias Made = (_ explorer: borrowing Self, _ transition: Transition, _ reached: consuming BehaviourRunner<Behaviour>) -> Void

    /// Successor `ordinal` of `runner` (its place in `successors(of:source:)`), making only the move it
    /// comes from: a state rebuilt from its parent costs one move, not every move. `nil` when there is no
    /// such successor. Its naive twin is `successors(of:source:)[ordinal]` (`BehaviourSearchTests`).
    /// - Complexity: O(a move's callbacks), times the outcomes for a wait.
    func successor(_ ordinal: Int, of runner: BehaviourRunner<Behaviour>) -> (Transition, BehaviourRunner<Behaviour>)? {
        guard ordinal >= 0 else { return nil }
        var remaining = ordinal
        for move in moves {
            guard let steps = steps(move, in: runner) else { continue }
            // Any move but a wait makes one state: skipped without being made.
            let isWait = if case .wait = steps[0] { true } else { false }
            if !isWait && remaining > 0 {
                remaining -= 1
                continue
            }
            var made: [(Transition, BehaviourRunner<Behaviour>)] = []
            branches(move, steps: steps, from: runner, source: source) { _, transition, runner in made.append((transition, runner)) }
            if remaining < made.count { return made[remaining] }
            remaining -= made.count
        }
        return nil
    }

    /// `move.steps(in: runner)`, with an insert offered only while `insertLimit` allows.
    func steps(_ move: Move, in runner: BehaviourRunner<Behaviour>) -> [ScriptStep]? {
        if move == .insert { return runner.insertedItems < insertLimit ? [.insert(1)] : nil }
        return move.steps(in: runner)
    }

    /// The states `move` (as `steps`) makes from `runner`, each handed to `made` (moved there, not copied): one, or
    /// for a wait one per combination of reply outcomes.
    private func branches(_ move: Move, steps: [ScriptStep], from runner: consuming BehaviourRunner<Behaviour>,
                          source: ScriptedSource, _ made: Made) {
        if case .wait(let seconds) = steps[0] {
            let end = VirtualTime.rounded(runner.time + seconds)
            deliver(runner, until: end, replies: [], deliveries: 0, source: source, move: move, steps: steps, made)
            return
        }
        for step in steps { runner.perform(step) }
        made(self, Transition(move: move, steps: steps), runner)
    }

    /// The runner's `wait`, branching on the outcome of each reply to a request still in flight; each state it
    /// ends in handed to `made`. The runner is taken, not borrowed: the last outcome of a reply plays on it in
    /// place and only the others copy it (a wait copied the whole runner three times an outcome, perf).
    private func deliver(_ runner: consuming BehaviourRunner<Behaviour>, until end: Double, replies: [DeliveredReply], deliveries: Int,
                         source: ScriptedSource, move: Move, steps: [ScriptStep], _ made: Made) {
        guard deliveries < maxDeliveriesPerWait, let due = runner.peekDue(by: end) else {
            runner.advanceClock(to: end)
            made(self, Transition(move: move, steps: steps, replies: replies), runner)
            return
        }
        guard case .reply(let request, inFlight: true, let head) = due else {
            _ = runner.deliverNext(by: end)
            deliver(runner, until: end, replies: replies, deliveries: deliveries + 1, source: source, move: move, steps: steps, made)
            return
        }
        func branch(_ runner: consuming BehaviourRunner<Behaviour>, _ outcome: ScriptedReply) {
            _ = runner.deliverNext(by: end, outcome: pages.outcome(outcome, page: request.page, request: request.id, head: head, of: source))
            deliver(runner, until: end, replies: replies + [DeliveredReply(requestID: request.id, outcome: outcome, stale: false)],
                    deliveries: deliveries + 1, source: source, move: move, steps: steps, made)
        }
        // Each outcome but the last on a copy, in order; the last on the runner itself.
        var pending: ScriptedReply?
        for outcome in outcomes where outcome.fits(page: request.page, pageLimit: pageLimit) {
            if let earlier = pending { branch(copy runner, earlier) }
            pending = outcome
        }
        if let last = pending { branch(runner, last) }
    }
}

extension BehaviourRunner {
    /// What FeedFrames holds beside the logic's state, for invariants.
    public var facts: PlayFacts {
        let inView = viewsInView
        return PlayFacts(inFlight: requestsInOrder, timersOwed: timersOwed, pageIndex: pageIndex,
                         headerInView: inView.header, footerInView: inView.footer)
    }
}

extension Move {
    /// The steps this move is for a behaviour in `runner`'s state, or `nil` when a user cannot make
    /// it there: no refresh control to pull, no retry button or footer to tap, nothing to wait for.
    public func steps<Behaviour>(in runner: BehaviourRunner<Behaviour>) -> [ScriptStep]? {
        // The screen's fields are read where the runner holds them: a copy of the screen retained its rows and
        // texts, ten moves a state.
        switch self {
        case .scrollToTop: return [.event(.scroll(.top))]
        case .scrollToBottom: return [.event(.scroll(.bottom))]
        case .scrollScreenDown: return [.event(.scroll(.by(runner.viewport.height)))]
        case .pullHeader:
            guard let header = runner.config.header, runner.screen.header != .hidden else { return nil }
            return [.event(.drag(.offset(-(header.armDistance + runner.adjustedInsetTop + 1)))), .event(.release)]
        case .pullFooter:
            guard runner.screen.footer != .hidden else { return nil }
            return [.event(.drag(.offset(runner.maxOffset + runner.config.footer.armDistance + 1))), .event(.release)]
        case .tapRetry: return runner.screen.retry == nil ? nil : [.event(.tapRetry)]
        case .tapFooter: return runner.viewsInView.footer ? [.event(.tapFooter)] : nil  // the frame's `footer.visible`
        case .rotate: return [.event(.resize(runner.viewport.rotated))]
        case .wait:
            guard let due = runner.nextDue else { return nil }
            return [.wait(max(0, VirtualTime.rounded(due - runner.time)))]
        case .insert: return [.insert(1)]  // offered while the explorer's `insertLimit` allows
        }
    }
}
