import FeedEngine
import FeedScenario

/// What a fingerprint search of a behaviour found (`BehaviourExplorer.search`): the counts and the
/// broken rules with their shortest counterexamples, and no graph — so no gallery, no state graph and
/// no `way-forward`, which needs the whole graph (`BehaviourExplorer.run` has them).
public struct BehaviourSearch {
    /// Name and summary of every rule checked, broken or not (`way-forward` and any rule at rest left out).
    public var invariants: [(name: String, summary: String)]
    /// One per broken rule, in the rules' order. `node` is a place in breadth-first order: the state that
    /// breaks a state rule, or the state the move that breaks a step rule starts from.
    public var violations: [BehaviourViolation]
    public var statistics: ExplorationStatistics
    /// Rules a search without the graph cannot decide, left out.
    public var skipped: [String]
    /// Bytes a visited state takes: its fingerprint's slot and its trail entry.
    public var bytesPerState: Double
    /// Why the search ended.
    public var stop: StopReason
    /// Where a search that stopped before the end (depth, states, time) stands, to continue with
    /// `search(resuming:)`; `nil` when every state was expanded.
    public var checkpoint: SearchCheckpoint?
    /// With a `shard`: states first reached at its depth that belong to other shards, and, once the shard has
    /// finished (every state expanded or the depth limit), what `ShardMerge` needs of it.
    public var excluded = 0
    public var shardResult: ShardResult?

    public func violation(_ name: String) -> BehaviourViolation? { violations.first { $0.invariant == name } }
}

extension BehaviourExplorer {
    /// Breadth-first search keeping a 64-bit fingerprint of each visited state (its `PlayKey`) and how it
    /// was reached (`SearchTrail`, 8 bytes), not the state: about 20–30 bytes a visited state where `run`
    /// keeps whole runners, kilobytes each. Only the level being expanded and the next are held. A
    /// counterexample is rebuilt by re-running its path from the start (successors come in a fixed order).
    ///
    /// Each thread binds a `SearchMemo` of its own while it expands a state: a page appended to rows another state
    /// appended it to gives the very rows that state got, and their stack, text and repeats come from the memo too.
    ///
    /// With `jobs` above 1, the parents of a level are expanded on that many threads in batches (the next begun
    /// before the last is finished), and merged in breadth-first order: the result is the same whatever `jobs` (`BehaviourSearchTests`).
    /// The behaviour, its key and its rules are then called from several threads at once: they must be
    /// pure functions of their arguments, as SPEC §10 asks.
    ///
    /// A search stopped by `maxDepth`, `maxStates`, `timeLimit` (seconds) or `interrupted` (asked between two batches,
    /// on the calling thread: Ctrl-C in the CLI) returns a `checkpoint`;
    /// `search(resuming:)` continues it, with larger bounds, to the result of an uninterrupted search.
    ///
    /// Its counts and its first finding of each rule are `run`'s (`BehaviourSearchTests`), unless two states'
    /// fingerprints collide, which the statistics' size makes unlikely (`Fingerprint.collisionProbability`).
    /// The fingerprints take the logic's state through Swift's `Hasher`, seeded anew in each process
    /// (`BehaviourRunner.searchFingerprint`): a collision, if one happened, would not repeat.
    /// - Complexity: O((states + transitions) × a move's callbacks), over `jobs` threads; memory O(states) in
    ///   fingerprints and trail, plus two levels of runners and a batch's successors.
    public func search(jobs: Int = 1, timeLimit: Double? = nil, progress: (ExplorationStatistics) -> Void = { _ in },
                       interrupted: () -> Bool = { false }) -> BehaviourSearch {
        search(jobs: jobs, timeLimit: timeLimit, batch: nil, progress: progress, interrupted: interrupted)
    }

    /// The same with `batch` parents expanded at a time (tests make it small, to merge across many batches).
    func search(jobs: Int, timeLimit: Double?, batch: Int?, progress: (ExplorationStatistics) -> Void,
                interrupted: () -> Bool = { false }) -> BehaviourSearch {
        var search = SearchCheckpoint(identity: checkpointIdentity, rules: invariants.count)
        search.recording = shard != nil
        var start = launched()
        let startBreaches = callbackBreaches(&start)
        var visited = FingerprintSet()
        let startPrint = fingerprint(start)
        _ = visited.insert(startPrint)
        search.trail.append(parent: -1, ordinal: 0)
        if search.recording { search.fingerprints.append(startPrint) }
        search.levelStarts = [0]
        // The start's state rules, then what `launch` broke, as `run` notes them.
        for (rule, message) in stateBreaches(start) { note(rule, message, in: &search, node: 0) }
        for (rule, message) in startBreaches { note(rule, message, in: &search, node: 0, launch: true) }
        let frontier = Frontier(current: [Held(start)], currentBase: 0, depth: 0, upcoming: [])
        return run(&search, visited: visited, frontier: frontier, jobs: jobs, timeLimit: timeLimit, batch: batch, interrupted: interrupted,
                   progress: progress)
    }

    /// Continues the search `checkpoint` holds (a `BehaviourSearch.checkpoint`, perhaps from a file written
    /// by another process), to the result an uninterrupted search gives. The visited set is rebuilt first,
    /// by re-running each state found once from its parent (one move each, a level on `jobs` threads), since
    /// `Hasher`'s fingerprints differ from one process to the next.
    /// `timeLimit` counts from the end of the rebuild.
    /// - Throws: `.otherSearch` when the checkpoint was written for another behaviour, scenario or rules;
    ///   `.damaged` when its trail does not replay (a logic that is not a pure function of its state).
    /// - Complexity: the rebuild is O(states found × a move's callbacks), then as `search`.
    public func search(resuming checkpoint: SearchCheckpoint, jobs: Int = 1, timeLimit: Double? = nil,
                       progress: (ExplorationStatistics) -> Void = { _ in },
                       interrupted: () -> Bool = { false }) throws(CheckpointError) -> BehaviourSearch {
        guard checkpoint.identity == checkpointIdentity else {
            throw .otherSearch(file: checkpoint.file, expected: checkpointIdentity, found: checkpoint.identity)
        }
        var search = checkpoint
        // The rebuild counts in the search's time, not in its time limit: counted there, a run resumed with the limit
        // it stopped at, once its rebuild took that long, stopped again where it began, and a CI job with a fixed
        // budget made no progress.
        let clock = ContinuousClock()
        let started = clock.now
        let (visited, frontier) = try rebuild(search, jobs: jobs)
        search.visited = FingerprintSet()
        let rebuilt = (clock.now - started).seconds
        return run(&search, visited: visited, frontier: frontier, jobs: jobs, timeLimit: timeLimit.map { $0 + rebuilt }, batch: nil,
                   interrupted: interrupted, started: started, progress: progress)
    }

    /// What a checkpoint must have been written for: the behaviour's type, the scenario as written (its list,
    /// items and latencies), the rules by name, the moves and reply outcomes, and the shard. What it cannot
    /// see — the behaviour's own stored values and the key, which are code — must be the same too.
    public var checkpointIdentity: String {
        searchIdentity + (shard.map { " shard \($0.index)/\($0.count) at depth \($0.depth)" } ?? "")
    }

    /// The places in `invariants` of the rules a fingerprint search checks: those of a state or a callback.
    var searchedRules: [Int] { (0..<invariants.count).filter { invariants[$0].state != nil || invariants[$0].callback != nil } }

    /// The rules a fingerprint search cannot decide, since they need the whole graph (`way-forward`).
    public var skippedRules: [String] { invariants.filter { $0.atRest != nil }.map(\.name) }

    /// The identity of the search unsharded: what the shards of one search share, and `ShardMerge` checks.
    public var searchIdentity: String {
        let written = String(decoding: ScenarioWriter.bytes(of: scenario), as: UTF8.self)
        return "behaviour \(Behaviour.self) on scenario \(scenario.name) (\(String(Fingerprint.of(written), radix: 16))) rules "
            + invariants.map(\.name).joined(separator: ",") + " moves " + moves.map(\.rawValue).joined(separator: ",")
            + " outcomes " + outcomes.map(\.rawValue).joined(separator: ",") + " deliveries \(maxDeliveriesPerWait)"
            + (insertLimit > 0 ? " inserts \(insertLimit)" : "") + (pageLimit.map { " pages \($0)" } ?? "")
    }

    /// The runners of the states still to expand: the rest of the level being expanded (from
    /// `currentBase`), and the next level as far as it is found — its first `frontierLimit` states: the
    /// others are re-run from their routes when expanded.
    private struct Frontier {
        var current: [Held<BehaviourRunner<Behaviour>>]
        var currentBase: Int
        var depth: Int
        var upcoming: [Held<BehaviourRunner<Behaviour>>]
    }

    /// The search from where `search` stands (specialised as `expand` is: its merge walks the expansions,
    /// whose type is generic, at every successor).
    @_specialize(where Behaviour == RulesBehaviour)
    @_specialize(where Behaviour == Seed000Behaviour)
    @_specialize(where Behaviour == Seed001Behaviour)
    private func run(_ search: inout SearchCheckpoint, visited: FingerprintSet, frontier: Frontier, jobs: Int, timeLimit: Double?,
                     batch: Int?, interrupted: () -> Bool, started: ContinuousClock.Instant = ContinuousClock().now,
                     progress: (ExplorationStatistics) -> Void) -> BehaviourSearch {
        let clock = ContinuousClock()
        let secondsBefore = search.seconds
        // Added to by the merge as it goes, while the workers of the batch begun ahead look fingerprints up in it.
        let visited = SharedFingerprints(visited)
        var frontier = frontier
        let batchSize = max(1, batch ?? (jobs > 1 ? 1_024 : 4_096))
        // The fewest parents a batch is begun ahead with: two chunks a thread (or a quarter of a batch, for tests' small ones).
        let leastAhead = max(1, min(batchSize / 4, 2 * Self.chunk * jobs))
        var stop = StopReason.exhausted

        // Each thread's time working, for the share of it spent waiting (`ExplorationStatistics.busySeconds`): read once
        // the threads are done.
        let busy = BusyTime(threads: jobs)

        func statistics() -> ExplorationStatistics {
            ExplorationStatistics(states: search.trail.count, transitions: search.transitions, expanded: search.next,
                                  depthReached: search.levelStarts.count - 1, seconds: search.seconds,
                                  complete: search.next == search.trail.count, capped: search.trail.count >= maxStates)
        }

        // One explorer a thread for the whole search (made for each batch, their copies of the reply pages took a
        // hundredth of a search on two threads). The calling thread's explorer calls the rules' own checks, the other
        // threads' explorers wrappers of their own (wrappers on every thread made a search on two threads 1.6% more
        // instructions: the large model to depth 9, callgrind, 962.9 against 947.6 million).
        let explorers = jobs > 1 ? [detached(checks: false)] + (1..<jobs).map { _ in detached() } : [self]
        // One memo a thread for the whole search: a thread's number is one thread's at a time (its parts of two batches
        // run one after the other, on its thread).
        let memos = (0..<jobs).map { _ in memoSlots.map { SearchMemo(slots: $0) } }
        // The other threads, kept for the whole search (`HelperThreads`: woken through Dispatch at each batch, they
        // started 85–110 µs late).
        let helpers = jobs > 1 ? HelperThreads(jobs - 1) : nil
        defer { helpers?.stop() }
        /// The batch of parents from `first` in the level being expanded: up to `batchSize`, all with their runners
        /// kept or all re-run from the start along their routes (parents past the runners kept).
        func parents(from first: Int, depth: Int) -> Range<Int> {
            let kept = frontier.currentBase + frontier.current.count
            var end = min(search.levelEnd(depth), first + batchSize)
            if first < kept { end = min(end, kept) }
            return first..<end
        }
        /// Begins expanding `batch` of level `depth`, each successor checked against `visited` as the merge adds to it.
        func beginExpanding(_ batch: Range<Int>, depth: Int) -> () -> [Expansion] {
            let kept = frontier.currentBase + frontier.current.count
            let routes = batch.lowerBound < kept ? [] : batch.map { search.trail.route(to: $0) }
            // States at the depth limit are never expanded: their runners are not kept.
            return self.beginExpanding(frontier.current, batch.lowerBound < kept ? (batch.lowerBound - frontier.currentBase)..<(batch.upperBound - frontier.currentBase) : 0..<0,
                                       routes: routes, seen: visited.lookup, keep: depth + 1 < maxDepth, explorers: explorers, memos: memos,
                                       helpers: helpers, busy: busy, dropped: handOverDropped())
        }
        /// The first batch of the level after `depth`, when it can be begun while the last of `depth` is merged: as much of
        /// a batch as is found with its runners kept, if that is at least `leastAhead`, above the depth limit. The merge adds
        /// the rest of the level. (Waiting for a whole batch left the other threads idle through the merge of a level's last
        /// batch whenever the level before had been small.)
        func upcomingBatch(after depth: Int) -> Range<Int>? {
            guard depth + 1 < maxDepth, search.levelStarts.count > depth + 1 else { return nil }
            let first = search.levelStarts[depth + 1]
            let found = min(batchSize, search.trail.count - first, frontier.upcoming.count)
            return found >= leastAhead ? first..<first + found : nil
        }
        // With several threads, the next batch is begun before this one is finished and merged: the other threads expand
        // it while this one merges (a tenth of a search's time on one thread, perf); after a level's last batch, the
        // next level's first, as far as it is found (else the other threads waited for the level's last merge). Its
        // successors are checked against the visited set as the merge of this batch adds to it (`SharedFingerprints`):
        // a successor this batch adds may reach the merge as not yet seen, and the merge, which decides, finds it seen
        // then. The order and the results stay the same.
        var ahead: (batch: Range<Int>, finish: () -> [Expansion])?
        // The runners the merge does not keep (a state the batch before found first, or one past `frontierLimit`) by the
        // thread that made them, each handed to its thread with the next batch, to be freed there: freed here, each released
        // objects that thread's states retain too, and each count moved between cores twice (an interposed `swift_retain`,
        // the large model to depth 13, `--jobs 2`: counts passing between threads 374,000/354,000 in two runs,
        // 265,000/277,000 with this).
        var dropped = [[Held<BehaviourRunner<Behaviour>>]](repeating: [], count: jobs)
        func handOverDropped() -> [[Held<BehaviourRunner<Behaviour>>]] { exchange(&dropped, with: .init(repeating: [], count: jobs)) }

        while search.next < search.trail.count {
            let depth = search.depth(of: search.next)
            if search.trail.count >= maxStates { stop = .stateLimit; break }
            if depth >= maxDepth { stop = .depthLimit; break }
            if let timeLimit, (clock.now - started).seconds >= timeLimit { stop = .timeLimit; break }
            if interrupted() { stop = .interrupted; break }
            if depth != frontier.depth {
                frontier = Frontier(current: frontier.upcoming, currentBase: search.levelStarts[depth], depth: depth, upcoming: [])
            }
            // A batch begun ahead from where the search stands is the next, whatever its size.
            let batch = if let begun = ahead, begun.batch.lowerBound == search.next { begun.batch } else { parents(from: search.next, depth: depth) }
            let finishing: () -> [Expansion]
            if let begun = ahead, begun.batch == batch {
                finishing = begun.finish
            } else {
                _ = ahead?.finish()
                finishing = beginExpanding(batch, depth: depth)
            }
            // The next batch is begun before this one is finished: the other threads go on to their own parents there
            // as soon as theirs here are done, rather than take this thread's (`SharedMap.take`).
            let next = batch.upperBound < search.levelEnd(depth) ? parents(from: batch.upperBound, depth: depth) : nil
            if jobs > 1, let next {
                ahead = (next, beginExpanding(next, depth: depth))
            } else if jobs > 1, let upcoming = upcomingBatch(after: depth) {
                // The batch's runners in an array of their own: the merge appends to the level's while the batch runs,
                // and an array the batch held too would be copied whole at the first append.
                ahead = (upcoming, self.beginExpanding(Array(frontier.upcoming.prefix(upcoming.count)), 0..<upcoming.count, routes: [],
                                                       seen: visited.lookup, keep: depth + 2 < maxDepth, explorers: explorers, memos: memos,
                                                       helpers: helpers, busy: busy, dropped: handOverDropped()))
            } else {
                ahead = nil
            }
            var expansions = finishing()
            // Room in the visited set for what this batch may add. Grown, it is new room, made while the batch begun
            // ahead runs, which looks up in the old table still, kept until the next reserve (by then that batch is
            // done). Grown before the next batch began, the other threads waited for it (4–5 ms a search of the large
            // model to depth 13, `--jobs 2`).
            let merging = ContinuousClock.now
            visited.reserve(adding: expansions.reduce(0) { $0 + $1.fresh })
            var merged = 0
            for k in expansions.indices {
                if search.trail.count >= maxStates {
                    stop = .stateLimit
                    break
                }
                let parent = batch.lowerBound + k
                let transitions = expansions[k].transitions
                search.transitions += transitions
                // Only the successors that may be new or broke a rule, in order: the worker counted the moves.
                for index in expansions[k].successors.indices {
                    // The runner is moved out of the batch (into the frontier), not copied: a loop over the batch would
                    // copy every runner, dozens of references each. The successor's other fields are read in place: a
                    // copy of it would copy the room its runner takes.
                    var runner = expansions[k].successors[index].runner.take()
                    let print = expansions[k].successors[index].print, ordinal = Int(expansions[k].successors[index].ordinal)
                    if expansions[k].successors[index].fresh, visited.insert(print) {
                        if let shard, depth + 1 == shard.depth, !shard.owns(print) {
                            search.excluded += 1
                        } else {
                            let node = search.trail.count
                            if search.levelStarts.count == depth + 1 { search.levelStarts.append(node) }
                            search.trail.append(parent: parent, ordinal: ordinal)
                            if search.recording { search.fingerprints.append(print) }
                            for (rule, message) in expansions[k].successors[index].stateBroken { note(rule, message, in: &search, node: node) }
                            if frontier.upcoming.count < frontierLimit, let kept = runner.take() { frontier.upcoming.append(kept) }
                        }
                    }
                    // A runner not kept goes back to the thread that made it (the calling thread's is freed now).
                    if let runner = runner.take(), runner.maker != 0 { dropped[runner.maker].append(runner) }
                    // A step's breach is kept as its parent and the move (the state it reaches may be an old one).
                    for (rule, message) in expansions[k].successors[index].broken { note(rule, message, in: &search, parent: parent, ordinal: ordinal) }
                }
                if search.recording { search.expansions.append(UInt16(clamping: transitions)) }
                merged += 1
            }
            busy.add(0, since: merging)
            search.next = batch.lowerBound + merged
            search.seconds = secondsBefore + (clock.now - started).seconds
            progress(statistics())
            if stop == .stateLimit { break }
        }
        _ = ahead?.finish()
        ahead = nil
        search.seconds = secondsBefore + (clock.now - started).seconds
        frontier = Frontier(current: [], currentBase: 0, depth: -1, upcoming: [])

        // Every rule with a check of a state or a callback; one decided at rest on the graph is skipped.
        let rules = searchedRules
        var violations: [BehaviourViolation] = []
        for rule in rules {
            guard let finding = search.found[rule] else { continue }
            let route = search.trail.route(to: finding.parent < 0 ? finding.node : finding.parent) + (finding.parent < 0 ? [] : [finding.ordinal])
            violations.append(violation(rule, message: finding.message, route: route,
                                        node: finding.parent < 0 ? finding.node : finding.parent, occurrences: search.counts[rule]).0)
        }
        let bytesPerState = Double(visited.bytes + search.trail.bytes) / Double(max(1, search.trail.count))
        var final = statistics()
        final.busySeconds = busy.seconds
        var result = BehaviourSearch(invariants: searchedRuleSummaries, violations: violations,
                                     statistics: final, skipped: skippedRules,
                                     bytesPerState: bytesPerState, stop: stop, checkpoint: stop == .exhausted ? nil : search)
        result.excluded = search.excluded
        result.shardResult = ShardResult(search, shard: shard, identity: searchIdentity, maxDepth: maxDepth, stop: stop,
                                         hasher: ShardResult.hasherProbe)
        return result
    }

    /// A rule's finding as a violation, its path re-run from the start along `route` (successor ordinals); and
    /// whether the whole route replayed.
    private func violation(_ rule: Int, message: String, route: [Int], node: Int, occurrences: Int) -> (BehaviourViolation, Bool) {
        let (path, end) = replay(route)
        let invariant = invariants[rule]
        let counterexample = CounterexampleWriter.scenario(
            path: path, issued: end.requestsIssued, base: scenario, source: source, name: "counterexample-\(invariant.name)",
            description: "\(invariant.name): \(message) (found by explore, \(path.count) move\(path.count == 1 ? "" : "s") after launch)")
        return (BehaviourViolation(invariant: invariant.name, message: message, path: path, node: node, occurrences: occurrences,
                                   requestsIssued: end.requestsIssued, counterexample: counterexample), path.count == route.count)
    }

    /// Name and summary of every rule a fingerprint search checks, in order (`BehaviourSearch.invariants`).
    public var searchedRuleSummaries: [(name: String, summary: String)] { searchedRules.map { (invariants[$0].name, invariants[$0].summary) } }

    /// The violations of the shards merged (`ShardMerge.merge` of their `shardResult`s), each path re-run from the
    /// start: what the unsharded `search` reports, but for `node`, which is −1 (no one shard holds the whole order).
    /// - Throws: `.mismatch` for a path that does not replay (shards of another logic or version).
    public func violations(of merged: MergedExploration) throws(ShardMergeError) -> [BehaviourViolation] {
        try merged.findings.map { finding throws(ShardMergeError) in
            let (violation, replayed) = self.violation(finding.rule, message: finding.message, route: finding.route, node: -1,
                                                       occurrences: finding.occurrences)
            guard replayed else {
                throw .mismatch("the path to the first breach of \(invariants[finding.rule].name) does not replay: the results were "
                                + "written by another logic or version")
            }
            return violation
        }
    }

    /// Counts a breach of `rule`, and keeps it when it is the rule's first: by the state `node` (or by `launch`,
    /// found on the start), or by the move to successor `ordinal` of `parent`; recorded by state for a shard's merge.
    private func note(_ rule: Int, _ message: String, in search: inout SearchCheckpoint, node: Int = -1, parent: Int = -1,
                      ordinal: Int = 0, launch: Bool = false) {
        search.counts[rule] += 1
        search.record(node: parent >= 0 ? parent : node, rule: rule, kind: parent >= 0 ? .step : launch ? .launch : .state)
        if search.found[rule] == nil {
            search.found[rule] = Finding(message: message, node: node, parent: parent, ordinal: ordinal, event: launch)
        }
    }

    /// A parent as a worker leaves it: how many of its successors are `fresh` (the most the merge can add of them,
    /// counted here: read by the merge from each array, they came from the other thread's cache between two batches),
    /// its transitions (its moves but those that lead back to it and break no rule), and, in order, those of its
    /// successors the merge must see: the fresh ones and those whose move broke a rule. Most are neither (three in
    /// four on the large model, five in six on `standard`): the merge looked at each, and on two threads read half of
    /// them from the other thread's cache.
    private typealias Expansion = (fresh: Int, transitions: Int, successors: [Expanded])

    /// A successor as a worker leaves it: its place among its parent's successors, its fingerprint, the rules its move
    /// broke, and — when its worker did not find the state visited (`fresh`) — the rules the state breaks and,
    /// unless it lies at the depth limit, the run (the merge decides, in order, which fresh ones are new).
    private struct Expanded {
        var runner: Held<BehaviourRunner<Behaviour>>?
        var ordinal: Int32
        var fresh: Bool
        var print: UInt64
        var broken: [(rule: Int, message: String)]
        var stateBroken: [(rule: Int, message: String)]
    }

    /// The successors of the runners `parents` (or, when `routes` is not empty, of the states at the end of
    /// those routes from the start), in order, each parent with its fingerprint and its successors last
    /// first, worked out on `jobs` threads: begun now, and given by the function returned (`ParallelMap.begin`).
    /// Each parent is taken from `runners` and a successor already in `seen` dropped by its worker: freeing
    /// them all in the merge held it up.
    ///
    /// Specialised for the presets' behaviours (with the runner's `perform(_:)` and `deliverNext`): the
    /// generic code looks up type metadata and copies runners through value witnesses at every step, a
    /// fifth of a search's instructions (callgrind). A team's logic takes the generic path.
    @_specialize(where Behaviour == RulesBehaviour)
    @_specialize(where Behaviour == Seed000Behaviour)
    @_specialize(where Behaviour == Seed001Behaviour)
    private func beginExpanding(_ runners: [Held<BehaviourRunner<Behaviour>>], _ parents: Range<Int>, routes: [[Int]],
                                seen: SharedFingerprints.Lookup, keep: Bool, explorers: [Self], memos: [SearchMemo?],
                                helpers: HelperThreads?, busy: BusyTime, dropped: consuming [[Held<BehaviourRunner<Behaviour>>]]) -> () -> [Expansion] {
        // The routes are only read, and the visited set only looked up in; each worker takes its own parents, with its
        // thread's explorer.
        let jobs = explorers.count
        let count = routes.isEmpty ? parents.count : routes.count
        // Blocks of 16 neighbouring parents, each worker taking first the parents it made in the level before
        // (`SharedMap`): states made by one thread share storage (the rows the parent had), and two threads
        // retaining the same arrays contend for their reference counts. A parent's cost varies too much for
        // fixed shares to come out even (a wait branches on every reply), so a worker done with its own helps
        // with another's. Each worker has its own explorer, and detaches each parent another made
        // (`BehaviourRunner.detach()`).
        let owners = jobs > 1 && routes.isEmpty ? parents.map { runners[$0].maker } : nil
        // Each thread frees the runners it made that the last merge dropped as it begins, before its first parent: freed
        // as it ended, the other thread waited for it at the end of each batch.
        let handed = Handover(dropped)
        return ParallelMap.begin(count, jobs: jobs, chunk: Self.chunk, owners: owners, helpers: helpers, busy: busy,
                                 local: { thread in
                                     _ = handed.take(thread)
                                     return Worker(explorer: explorers[thread], thread: thread, memo: memos[thread])
                                 }) { worker, k in
            // With the thread's memo bound, for the rows its states share with other states (`SearchMemo`). The parent
            // is taken in here and moved on, not moved through an optional (a kilobyte copied twice a parent).
            SearchMemo.bind(worker.memo) {
                var parent = routes.isEmpty ? runners[parents.lowerBound + k].take() : worker.explorer.replay(routes[k]).end
                // A parent another thread made is detached (one re-run from the start is the worker's own already).
                if let owners, owners[k] != worker.thread { parent.detach(callbackChecks: worker.explorer.callbackChecks) }
                return worker.expand(parent, index: k, seen: seen, keep: keep)
            }
        }
    }

    /// The parents a thread of `beginExpanding` takes at a time.
    private static var chunk: Int { 16 }

    /// What a worker of `beginExpanding` holds of its own: its thread's explorer, and its number. A value, not
    /// an object: an explorer read through a reference was copied out at every call.
    private struct Worker {
        var explorer: BehaviourExplorer
        let thread: Int
        /// The thread's memo (`SearchMemo`), bound while it expands a state.
        let memo: SearchMemo?
        /// The fresh successors this worker made in this batch, of parents before the one it expands (or of that one,
        /// earlier): a state met again is not new, since the merge, which goes in order, meets the first one first. Its
        /// run is dropped here, not kept and checked against the rules for the merge to drop (a batch's second visits
        /// of its new states were as many as the new states). Emptied when the worker goes back in the order (the chunks
        /// dealt it from another thread's share come from its back: `SharedMap`), so that the first one always comes first.
        var madeFresh: FingerprintSet? = FingerprintSet(capacity: 1 << 8)
        var lastParent = -1

        /// How many of `parent`'s successors are fresh, its transitions, and the successors the merge must see, in
        /// order: a successor in `seen`, or made before in this batch, only if its move broke a rule, and without its
        /// runner; the others with theirs when `keep`. `index` is the parent's place in the batch.
        /// Mutating to note what it made, and to read the explorer in place (a copy of it retained its every part).
        mutating func expand(_ parent: consuming BehaviourRunner<Behaviour>, index: Int, seen: SharedFingerprints.Lookup,
                             keep: Bool) -> Expansion {
            if index < lastParent { madeFresh = FingerprintSet(capacity: 1 << 8) }
            lastParent = index
            let parentPrint = explorer.fingerprint(parent)
            // Empty, with no room, for the many parents that make nothing new and break nothing.
            var expanded: [Expanded] = []
            // Each runner as it is made, moved in (an array of them would be copied into and out of). The closure
            // takes the explorer lent and the thread's number read out, and captures nothing of the worker.
            let thread = thread
            // Moved out for the closure to change (it cannot capture the worker, whose explorer makes the successors).
            var madeFresh = self.madeFresh.take()!
            defer { self.madeFresh = madeFresh }
            var fresh = 0, transitions = 0, ordinal: Int32 = 0
            explorer.forEachSuccessor(of: parent, source: explorer.source) { explorer, _, made in
                defer { ordinal += 1 }
                var runner = consume made
                let broken = explorer.callbackBreaches(&runner)
                let print = explorer.fingerprint(runner)
                if print != parentPrint || !broken.isEmpty { transitions += 1 }
                if seen.contains(print) || !madeFresh.insert(print) {
                    // A state seen before matters to the merge only for the rules its move broke.
                    if !broken.isEmpty {
                        expanded.append(Expanded(runner: nil, ordinal: ordinal, fresh: false, print: print, broken: broken, stateBroken: []))
                    }
                } else {
                    let stateBroken = explorer.stateBreaches(runner)
                    fresh += 1
                    expanded.append(Expanded(runner: keep ? Held(consume runner, maker: thread) : nil, ordinal: ordinal, fresh: true,
                                             print: print, broken: broken, stateBroken: stateBroken))
                }
            }
            return (fresh, transitions, expanded)
        }
    }

    /// The visited set and the runners still to expand of the search `search` stands at, by re-running each
    /// state found once from its parent: depth first along the trail, so that only the runners on the way
    /// down are held, besides the first `frontierLimit` states of the level being expanded (from `next`) and
    /// of the next level (none when it lies at the depth limit), as an uninterrupted search holds them. The
    /// start's subtrees are walked on `jobs` threads.
    /// - Complexity: O(states found × a move's callbacks); memory O(depth × moves) runners besides those kept.
    private func rebuild(_ search: SearchCheckpoint, jobs: Int) throws(CheckpointError) -> (FingerprintSet, Frontier) {
        let count = search.trail.count
        let depth = search.next < count ? search.depth(of: search.next) : -1
        // The states whose runners are kept: the rest of the level being expanded, and the next level as found.
        var keep: [Range<Int>] = []
        if depth >= 0 {
            keep.append(search.next..<min(search.levelEnd(depth), search.next + frontierLimit))
            if depth + 1 < search.levelStarts.count, depth + 1 < maxDepth {
                let first = search.levelStarts[depth + 1]
                keep.append(first..<min(count, first + frontierLimit))
            }
        }
        let keeping = keep
        // A shard's parents just above its depth, as far as expanded: each of their successors was put in the
        // visited set, those left to other shards too, which the trail does not hold.
        var aboveShard = 0..<0
        if let shard, shard.depth - 1 < search.levelStarts.count {
            aboveShard = search.levelStarts[shard.depth - 1]..<min(search.levelEnd(shard.depth - 1), search.next)
        }
        let excludedFrom = aboveShard
        // Breadth first, a state's children are found together and in their parents' order: the children of
        // `p` are the states `firstChild[p]..<firstChild[p + 1]`.
        var firstChild = [Int](repeating: count, count: count + 1)
        for node in stride(from: count - 1, through: 1, by: -1) {
            let parent = Int(search.trail.parents[node])
            guard parent < node, node + 1 == count || Int(search.trail.parents[node + 1]) >= parent else {
                throw .damaged(file: search.file, reason: "state \(node) is not reached in breadth-first order")
            }
            firstChild[parent] = node
        }
        for parent in stride(from: count - 1, through: 0, by: -1) where firstChild[parent] == count {
            firstChild[parent] = firstChild[parent + 1]
        }
        let children: @Sendable (Int) -> Range<Int> = { [firstChild] parent in firstChild[parent]..<firstChild[parent + 1] }

        var start = launched()
        _ = callbackBreaches(&start)
        // Each of the start's subtrees on its own: (fingerprints, kept runners by node, a state that did not replay).
        typealias Walked = (prints: [UInt64], kept: [(Int, BehaviourRunner<Behaviour>)], failed: Int?)
        let explorer = self, trail = search.trail, roots = children(0)
        let shared = Unchecked(start)
        let walks = ParallelMap.map(roots.count, jobs: jobs, chunk: 1) { k -> Walked in
            var walked: Walked = ([], [], nil)
            var stack: [(node: Int, runner: BehaviourRunner<Behaviour>)] = []
            func visit(_ node: Int, from parent: BehaviourRunner<Behaviour>) -> Bool {
                guard var runner = explorer.successor(Int(trail.ordinals[node]), of: parent)?.1 else {
                    walked.failed = node
                    return false
                }
                _ = explorer.callbackBreaches(&runner)
                walked.prints.append(explorer.fingerprint(runner))
                if excludedFrom.contains(node) { walked.prints += explorer.successorPrints(runner) }
                if keeping.contains(where: { $0.contains(node) }) { walked.kept.append((node, runner)) }
                if !children(node).isEmpty { stack.append((node, runner)) }
                return true
            }
            guard visit(roots.lowerBound + k, from: shared.value) else { return walked }
            while let (node, runner) = stack.popLast() {
                for child in children(node) where !visit(child, from: runner) { return walked }
            }
            return walked
        }

        var visited = FingerprintSet()
        _ = visited.insert(fingerprint(start))
        if excludedFrom.contains(0) { for print in successorPrints(start) { _ = visited.insert(print) } }
        var kept: [Int: BehaviourRunner<Behaviour>] = [:]
        for walk in walks {
            if let node = walk.failed {
                throw .damaged(file: search.file, reason: "state \(node) does not replay from its parent: is the logic a pure function of its state and callbacks?")
            }
            for print in walk.prints { _ = visited.insert(print) }
            for (node, runner) in walk.kept { kept[node] = runner }
        }
        guard depth >= 0 else {
            return (visited, Frontier(current: [], currentBase: search.next, depth: -1, upcoming: []))
        }
        if depth == 0 && search.next == 0 { kept[0] = start }
        let current = keep[0].compactMap { kept[$0] }
        let upcoming = keep.count > 1 ? keep[1].compactMap { kept[$0] }.map { Held($0) } : []
        return (visited, Frontier(current: current.map { Held($0) }, currentBase: search.next, depth: depth, upcoming: upcoming))
    }

    /// The fingerprints of every successor of `runner`, as `expand` makes them.
    private func successorPrints(_ runner: BehaviourRunner<Behaviour>) -> [UInt64] {
        successors(of: runner, source: source).map { _, reached in
            var reached = reached
            _ = callbackBreaches(&reached)
            return fingerprint(reached)
        }
    }

    /// The 64-bit fingerprint of `runner`'s `PlayKey` (`BehaviourRunner.searchFingerprint`).
    private func fingerprint(_ runner: BehaviourRunner<Behaviour>) -> UInt64 {
        if keyIsBehaviours {
            return runner.searchFingerprint(feedingState: { behaviour.fingerprintSearchKey($0, into: &$1) }, latencyPhase: latencyPhase(runner))
        }
        return runner.searchFingerprint(hashingState: { $1.combine(key($0)) }, latencyPhase: latencyPhase(runner))
    }

    /// The moves of a route of successor ordinals from the start, and the run at its end (as far as it replays).
    /// - Complexity: O(depth × a move's callbacks).
    private func replay(_ route: [Int]) -> (path: [Transition], end: BehaviourRunner<Behaviour>) {
        var runner = launched()
        _ = callbackBreaches(&runner)
        var path: [Transition] = []
        for ordinal in route {
            guard let (transition, reached) = successor(ordinal, of: runner) else { break }
            path.append(transition)
            runner = reached
            _ = callbackBreaches(&runner)
        }
        return (path, runner)
    }
}

/// Lists handed one to each thread, each taken once, by its thread only (a slot of its own: no two threads write one),
/// so that what the list holds is freed on that thread.
private final class Handover<Element>: @unchecked Sendable {
    private let count: Int
    private let lists: UnsafeMutablePointer<[Element]>
    init(_ lists: consuming [[Element]]) {
        count = lists.count
        self.lists = .allocate(capacity: lists.count)
        self.lists.initialize(from: lists, count: lists.count)
    }
    deinit {
        lists.deinitialize(count: count)
        lists.deallocate()
    }
    /// Thread `thread`'s list, no longer held here (empty when there is none).
    func take(_ thread: Int) -> [Element] {
        guard thread < count else { return [] }
        return exchange(&lists[thread], with: [])
    }
}

/// A value read by several threads at once though its type does not say it may be: a level of runners,
/// which the workers only read.
private struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// A runner behind a reference, taken (moved out) once: a search hands the runners it keeps from the workers
/// through the merge to the next level as pointers, not a kilobyte each to move. A level's runners are each
/// taken by the worker that expands it, and freed on that worker's thread, not all together in the merge.
///
/// The runner lies in room of its own, not in the object: the room is freed as the runner is taken, on the
/// worker's thread (mostly the one that made it), while the object, which the level holds until its end, is a
/// few words the merge's thread frees. Held in the object, a kilobyte a state went back to the other thread's
/// heap at each level's end (an interposed `free` counted 105,000 on the large model to depth 13, `--jobs 2`),
/// and taking it moved it through an optional (callgrind, `standard` depth 16: −2.5% instructions).
private final class Held<Runner>: @unchecked Sendable {
    private var value: UnsafeMutablePointer<Runner>?
    /// The thread that made it (`SharedMap`'s number), which expands it first: the runners it made share storage.
    let maker: Int

    init(_ value: consuming Runner, maker: Int = 0) {
        let room = UnsafeMutablePointer<Runner>.allocate(capacity: 1)
        room.initialize(to: value)
        self.value = room
        self.maker = maker
    }

    deinit {
        guard let value else { return }
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// The runner, which no one else takes.
    func take() -> Runner {
        let room = value!
        value = nil
        defer { room.deallocate() }
        return room.move()
    }
}
