import FeedEngine
import FeedExplorer
import FeedScenario
import Dispatch
import Foundation

/// Breadth-first search at model-checker scale: the visited set holds 64-bit
/// fingerprints of `StateKey`s (`FingerprintSet`), each state keeps only how it
/// was reached (`SearchTrail`), and states are rebuilt by re-running their paths
/// when they are needed again (counterexamples, a resumed run, and frontier
/// states past `frontierLimit`, which are not kept in memory).
///
/// The search is level-synchronous: a level's states are expanded in batches,
/// each batch's successors computed by `jobs` workers, then merged into the
/// visited set in breadth-first order by one thread. Whatever `jobs`, states get
/// the same indices, the same first finding of every rule, the same counts,
/// and every stop (a state cap, a time limit) falls between two parents, so
/// a checkpoint taken there resumes to the result an uninterrupted run gives.
///
/// What it does not do: the `way-forward` rule (and any `atRest` rule) needs the
/// edges of the whole graph, which are not kept; it is left out and reported so.
/// The explorer with whole states (`Explorer`) is its naive twin, against
/// which it is tested (same counts, same shortest counterexamples).
public struct FingerprintSearch: Sendable {
    public var model: ExplorerModel
    /// The rules checked: those of `Invariant.standard` that judge a state or a step.
    public var invariants: [Invariant]
    public var maxDepth: Int
    public var maxStates: Int
    /// Seconds of searching after which it stops (at a batch boundary), or nil.
    public var timeLimit: Double?
    /// Worker threads; results do not depend on it.
    public var jobs: Int
    public var shard: SearchShard?
    /// States of the next level kept in memory; those past it are written to a temporary file in
    /// `spillFolder` (as their paths, `FrontierSpill`) and re-run from there when expanded.
    public var frontierLimit: Int
    /// Where the frontier past `frontierLimit` goes; nil: `$TMPDIR` (else /tmp).
    public var spillFolder: String?
    /// What a checkpoint must have been written for (the scenario as written, the shard, the rules).
    public var identity: String
    /// The identity of the same search unsharded: what shard results must share to be merged.
    public var unshardedIdentity: String
    /// Whether to keep what `ShardResult` needs (each state's fingerprint, each expansion's count of
    /// transitions, the breaches by state): 10 bytes a state more. Always on for a shard.
    public var recordsForMerge = false

    /// Parents expanded between two merges (and two looks at the clock).
    static let batchSize = 1_024

    /// Rules that need the whole graph (way-forward): a fingerprint search cannot decide them.
    public static func graphRules(_ invariants: [Invariant]) -> [String] { invariants.filter { $0.atRest != nil }.map(\.name) }

    public init(model: ExplorerModel, invariants: [Invariant] = Invariant.standard, maxDepth: Int = 8,
                maxStates: Int = 100_000_000, timeLimit: Double? = nil, jobs: Int = 1, shard: SearchShard? = nil,
                frontierLimit: Int = 2_000_000, identity: String = "") {
        self.model = model
        self.invariants = invariants.filter { $0.atRest == nil }
        self.maxDepth = maxDepth
        self.maxStates = maxStates
        self.timeLimit = timeLimit
        self.jobs = max(1, jobs)
        self.shard = shard
        self.frontierLimit = max(1, frontierLimit)
        self.identity = identity + (shard.map { " shard \($0.index)/\($0.count) at depth \($0.depth)" } ?? "")
            + " rules " + self.invariants.map(\.name).joined(separator: ",")
        self.unshardedIdentity = identity + " rules " + self.invariants.map(\.name).joined(separator: ",")
    }

    /// A state of the level being expanded, with what its successors reuse.
    struct Node: Sendable {
        var state: SearchState
        var fingerprint: UInt64
        var itemsHash: UInt64
    }

    /// A successor as a worker computed it, before the merge decides whether it is new. Its state is
    /// dropped at once (by the worker, in parallel) when the visited set already held its fingerprint,
    /// as it does for most successors, so that the merge, which runs alone, copies and frees few states.
    struct Generated: Sendable {
        var fingerprint: UInt64
        var itemsHash: UInt64
        var state: SearchState?
        var breaches: [Breach]
        /// The state rules `state` breaks (judged only when it is kept).
        var stateBreaches: [Breach]
    }

    /// Every parent's successors, on `jobs` workers, with `visited` only read (the merge writes it afterwards).
    static func expand(_ nodes: [Node], _ parents: Range<Int>, visited: FingerprintSet, model: ExplorerModel, jobs: Int,
                       check: @escaping @Sendable (EventRecord) -> [Breach],
                       judge: @escaping @Sendable (SearchState) -> [Breach]) -> [[Generated]] {
        // One contiguous block a worker: neighbouring states share their rows' storage, and two threads
        // retaining and releasing the same arrays contend for their reference counts.
        ParallelMap.map(parents.count, jobs: jobs, chunk: max(16, (parents.count + jobs - 1) / jobs)) { k in
            // Read in place (a copy of a state retains each of its arrays and strings), and each successor's
            // state moved out of the list rather than copied.
            let index = parents.lowerBound + k
            let parentHash = nodes[index].itemsHash
            var successors = model.successors(of: nodes[index].state, check: check)
            let count = successors.count
            // Taken from the end (`popLast` moves an element out), written from the end.
            return [Generated](unsafeUninitializedCapacity: count) { buffer, initialized in
                var position = count
                while let successor = successors.popLast() {
                    position -= 1
                    let itemsHash = sameRows(successor.state.feed.items, nodes[index].state.feed.items)
                        ? parentHash : Fingerprint.items(successor.state.feed.items)
                    let fingerprint = model.fingerprint(successor.state, itemsHash: itemsHash)
                    let kept = !visited.contains(fingerprint)
                    (buffer.baseAddress! + position).initialize(to: Generated(
                        fingerprint: fingerprint, itemsHash: itemsHash, state: kept ? successor.state : nil,
                        breaches: successor.breaches, stateBreaches: kept ? judge(successor.state) : []))
                }
                initialized = count
            }
        }
    }

    /// Explores from `initial` (a state before `launch`), or continues `checkpoint`.
    ///
    /// - Parameter progress: called after every batch.
    /// - Throws: `CheckpointError.otherSearch` when `checkpoint` was written for another scenario or shard.
    /// - Complexity: O((states + successors) × engine step / jobs) time, O(states) memory at about 30 bytes a
    ///   state plus the frontier kept in memory.
    public func run(from initial: FeedState, resuming checkpoint: SearchCheckpoint? = nil,
                    progress: (FingerprintExploration) -> Void = { _ in }) throws(CheckpointError) -> FingerprintExploration {
        let clock = ContinuousClock()
        let started = clock.now
        let invariants = self.invariants
        let eventRules = invariants.indices.filter { invariants[$0].event != nil }
        let stateRules = invariants.indices.filter { invariants[$0].state != nil }
        // The checks read out of the rules once: an `Invariant` copied out of its array for each call retains its
        // name, summary and closures, reference counts that both workers bump (contended, on two cores).
        let eventChecks = eventRules.map { EventCheck(rule: $0, check: invariants[$0].event!) }
        let stateChecks = stateRules.map { StateCheck(rule: $0, check: invariants[$0].state!) }
        let check: @Sendable (EventRecord) -> [Breach] = { record in
            var breaches: [Breach] = []
            for index in 0..<eventChecks.count {
                if let message = eventChecks[index].check(record) { breaches.append(Breach(invariant: eventChecks[index].rule, message: message)) }
            }
            return breaches
        }
        let judge: @Sendable (SearchState) -> [Breach] = { state in
            var breaches: [Breach] = []
            for index in 0..<stateChecks.count {
                if let message = stateChecks[index].check(state) { breaches.append(Breach(invariant: stateChecks[index].rule, message: message)) }
            }
            return breaches
        }
        let (start, startBreaches) = model.start(initial, check: check)
        var search: SearchCheckpoint
        if let checkpoint {
            guard checkpoint.identity == identity else {
                throw .otherSearch(file: checkpoint.file, expected: identity, found: checkpoint.identity)
            }
            search = checkpoint
        } else {
            search = SearchCheckpoint(identity: identity, rules: invariants.count)
            search.recording = recordsForMerge || shard != nil
            let fingerprint = model.fingerprint(start, itemsHash: Fingerprint.items(start.feed.items))
            _ = search.visited.insert(fingerprint)
            search.trail.append(parent: -1, ordinal: 0)
            if search.recording { search.fingerprints.append(fingerprint) }
            search.levelStarts = [0]
            for rule in stateRules {
                guard let message = invariants[rule].state?(start) else { continue }
                search.counts[rule] += 1
                search.record(node: 0, rule: rule, kind: .state)
                if search.found[rule] == nil { search.found[rule] = Finding(message: message, node: 0, parent: -1, ordinal: 0) }
            }
            for breach in startBreaches where search.found[breach.invariant] == nil {
                search.counts[breach.invariant] += 1
                search.record(node: 0, rule: breach.invariant, kind: .launch)
                search.found[breach.invariant] = Finding(message: breach.message, node: 0, parent: -1, ordinal: 0, event: true)
            }
        }
        let secondsBefore = search.seconds
        let recordsForMerge = search.recording

        // The level being expanded, as far as it is in memory, and the next one's first states.
        var current: [Node] = []
        var currentBase = 0
        var upcoming: [Node] = []
        var upcomingBase = -1
        if search.next == 0 {
            current = [Node(state: start, fingerprint: model.fingerprint(start, itemsHash: Fingerprint.items(start.feed.items)),
                            itemsHash: Fingerprint.items(start.feed.items))]
        }
        // The parts of the current and the next level past `frontierLimit`, on disk.
        var currentSpill: FrontierSpill?
        var upcomingSpill: FrontierSpill?
        var spilled = 0
        var spillBytes = 0
        let spillFolder = self.spillFolder ?? FrontierSpill.defaultFolder
        var currentDepth = -1
        var stop = StopReason.exhausted
        let model = self.model
        let jobs = self.jobs

        while search.next < search.trail.count {
            let depth = search.depth(of: search.next)
            if search.trail.count >= maxStates { stop = .stateLimit; break }
            if depth >= maxDepth { stop = .depthLimit; break }
            if let timeLimit, (clock.now - started).seconds >= timeLimit { stop = .timeLimit; break }
            if depth != currentDepth {
                if currentDepth >= 0 {
                    // The expanded level is freed on another thread: a state's arrays take as long to free as to copy.
                    let expanded = current
                    DispatchQueue.global().async { _ = expanded.count }
                    (current, currentBase) = upcomingBase >= 0 ? (upcoming, upcomingBase) : ([], 0)
                }
                currentSpill = upcomingSpill
                currentSpill?.finishWriting()
                if let currentSpill { spillBytes = max(spillBytes, currentSpill.bytes) }
                upcomingSpill = nil
                upcoming = []
                upcomingBase = -1
                currentDepth = depth
            }
            let levelEnd = search.levelEnd(depth)
            let batch = search.next..<min(levelEnd, search.next + Self.batchSize)

            // The batch's states: from memory, or rebuilt by re-running their paths.
            // The batch's states: in memory (read in place, not copied), or rebuilt by re-running their paths.
            let source: [Node]
            let offset: Int
            if batch.lowerBound >= currentBase && batch.upperBound <= currentBase + current.count {
                (source, offset) = (current, currentBase)
            } else {
                var nodes: [Node?] = batch.map { index in
                    let offset = index - currentBase
                    return offset >= 0 && offset < current.count ? current[offset] : nil
                }
                var missing = batch.filter { nodes[$0 - batch.lowerBound] == nil }
                var states: [SearchState] = []
                do throws(SearchTrail.ReplayError) {
                    // Those on disk, read back in order, then any others (a resumed level) rebuilt from the trail.
                    if let spill = currentSpill, let first = missing.first, first == spill.base + spill.consumed {
                        let onDisk = missing.prefix { $0 < spill.base + spill.count }
                        states = try FrontierSpill.replay(spill.readRoutes(onDisk.count), from: start, model: model, jobs: jobs,
                                                          firstIndex: first)
                        missing.removeFirst(onDisk.count)
                        missing = Array(onDisk) + missing
                    }
                    states += try search.trail.rebuild(Array(missing[states.count...]), from: start, model: model)
                } catch {
                    throw Self.unreplayable(error, checkpoint)
                }
                for (index, state) in zip(missing, states) {
                    let itemsHash = Fingerprint.items(state.feed.items)
                    nodes[index - batch.lowerBound] = Node(state: state, fingerprint: model.fingerprint(state, itemsHash: itemsHash),
                                                           itemsHash: itemsHash)
                }
                (source, offset) = (nodes.compactMap { $0 }, batch.lowerBound)
            }
            let parents = (batch.lowerBound - offset)..<(batch.upperBound - offset)

            // Successors, in parallel.
            var expansions = Self.expand(source, parents, visited: search.visited, model: model, jobs: jobs, check: check, judge: judge)

            // The merge, in breadth-first order.
            var expanded = 0
            for k in expansions.indices {
                if search.trail.count >= maxStates { stop = .stateLimit; break }
                let parentIndex = batch.lowerBound + k
                let parentFingerprint = source[parents.lowerBound + k].fingerprint
                var transitions = 0
                for ordinal in expansions[k].indices {
                    // Read in place: most successors were seen before, and need no copy.
                    let fingerprint = expansions[k][ordinal].fingerprint
                    var target = -1
                    // New now means not seen before the batch either, so the worker kept the state.
                    if expansions[k][ordinal].state != nil, search.visited.insert(fingerprint) {
                        // Moved out, not copied: a copy retains each of the state's arrays, on the one merging thread.
                        let state = expansions[k][ordinal].state.take()!
                        if let shard, depth + 1 == shard.depth, !shard.owns(fingerprint) {
                            search.excluded += 1
                        } else {
                            target = search.trail.count
                            if search.levelStarts.count == depth + 1 { search.levelStarts.append(target) }
                            search.trail.append(parent: parentIndex, ordinal: ordinal)
                            if recordsForMerge { search.fingerprints.append(fingerprint) }
                            // Kept in memory while the level's kept states stay a contiguous prefix within the bound,
                            // moved straight into it (a copy retains each of a state's arrays, on the one merging
                            // thread); the rest goes to disk as routes.
                            if upcomingBase < 0 { upcomingBase = target }
                            if upcomingSpill == nil, upcoming.count + upcomingBase == target, upcoming.count < frontierLimit {
                                upcoming.append(Node(state: state, fingerprint: fingerprint, itemsHash: expansions[k][ordinal].itemsHash))
                            } else {
                                if upcomingSpill == nil { upcomingSpill = try FrontierSpill(folder: spillFolder, base: target) }
                                upcomingSpill!.append(route: search.trail.route(to: target))
                                spilled += 1
                            }
                            // A new state's rules, then the step's, as the naive search judges them.
                            for breach in expansions[k][ordinal].stateBreaches {
                                search.counts[breach.invariant] += 1
                                search.record(node: target, rule: breach.invariant, kind: .state)
                                if search.found[breach.invariant] == nil {
                                    search.found[breach.invariant] = Finding(message: breach.message, node: target, parent: -1, ordinal: 0)
                                }
                            }
                        }
                    }
                    if fingerprint == parentFingerprint && expansions[k][ordinal].breaches.isEmpty { continue }
                    search.transitions += 1
                    transitions += 1
                    for breach in expansions[k][ordinal].breaches {
                        search.counts[breach.invariant] += 1
                        search.record(node: parentIndex, rule: breach.invariant, kind: .step)
                        if search.found[breach.invariant] == nil {
                            search.found[breach.invariant] = Finding(message: breach.message, node: target, parent: parentIndex, ordinal: ordinal)
                        }
                    }
                }
                if recordsForMerge { search.expansions.append(UInt16(clamping: transitions)) }
                expanded += 1
            }
            search.next = batch.lowerBound + expanded
            search.seconds = secondsBefore + (clock.now - started).seconds
            if stop == .stateLimit { break }
            progress(try result(search, start: start, stop: .exhausted, final: false, resumed: checkpoint, spill: (spilled, spillBytes)))
        }
        search.seconds = secondsBefore + (clock.now - started).seconds
        spillBytes = max(spillBytes, upcomingSpill?.bytes ?? 0)
        return try result(search, start: start, stop: stop, final: true, resumed: checkpoint, spill: (spilled, spillBytes))
    }

    /// Whether two row arrays share their storage (then the rows' hash carries over).
    @inline(__always) static func sameRows(_ a: [Item], _ b: [Item]) -> Bool {
        a.count == b.count && (a.isEmpty || a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress } })
    }

    /// A trail that does not replay can only come from a checkpoint of another model, or of another version of the engine.
    static func unreplayable(_ error: SearchTrail.ReplayError, _ checkpoint: SearchCheckpoint?) -> CheckpointError {
        .damaged(file: checkpoint?.file ?? "(none)",
                 reason: "the path to state \(error.node) does not replay: it was written by another model or version")
    }

    private func result(_ search: SearchCheckpoint, start: SearchState, stop: StopReason, final: Bool,
                        resumed checkpoint: SearchCheckpoint?, spill: (states: Int, bytes: Int)) throws(CheckpointError) -> FingerprintExploration {
        let complete = search.next == search.trail.count
        var statistics = ExplorationStatistics(
            states: search.trail.count, transitions: search.transitions, expanded: search.next,
            depthReached: search.levelStarts.count - 1, seconds: search.seconds, complete: complete,
            capped: search.trail.count >= maxStates)
        statistics.undecided = 0
        var violations: [Violation] = []
        if final {
            for rule in invariants.indices {
                guard let finding = search.found[rule] else { continue }
                var path: [Transition]
                var state: SearchState
                do throws(SearchTrail.ReplayError) {
                    if finding.parent < 0 {
                        (path, state) = try search.trail.path(to: finding.node, from: start, model: model)
                    } else {
                        (path, state) = try search.trail.path(to: finding.parent, from: start, model: model)
                        let successor = try SearchTrail.successor(finding.ordinal, of: state, model: model, node: finding.parent)
                        path.append(successor.transition)
                        state = successor.state
                    }
                } catch {
                    throw Self.unreplayable(error, checkpoint)
                }
                var violation = Violation(invariant: invariants[rule].name, message: finding.message, path: path,
                                          state: state, node: finding.node)
                violation.occurrences = search.counts[rule]
                violations.append(violation)
            }
        }
        return FingerprintExploration(
            statistics: statistics, violations: violations, invariants: invariants.map { ($0.name, $0.summary) },
            stop: complete ? .exhausted : stop, visitedBytes: search.visited.bytes, trailBytes: search.trail.bytes,
            excluded: search.excluded, spilledStates: spill.states, spillBytes: spill.bytes,
            checkpoint: final && !complete ? search : nil,
            shardResult: final ? ShardResult(search, shard: shard, identity: unshardedIdentity, maxDepth: maxDepth,
                                             stop: complete ? .exhausted : stop) : nil)
    }
}

/// What a fingerprint search found.
public struct FingerprintExploration: Sendable {
    public var statistics: ExplorationStatistics
    /// One per broken rule, in the rules' order, each with a shortest path (rebuilt by replay).
    public var violations: [Violation]
    public var invariants: [(name: String, summary: String)]
    public var stop: StopReason
    /// Bytes of the visited set and of the trail: what the search holds per state.
    public var visitedBytes: Int
    public var trailBytes: Int
    /// States first reached at the shard depth that belong to other shards.
    public var excluded: Int
    /// Frontier states written to disk (past `frontierLimit`) over the run, and the largest level's file in bytes.
    public var spilledStates = 0
    public var spillBytes = 0
    /// Where to continue from, when the search stopped before expanding everything.
    public var checkpoint: SearchCheckpoint?
    /// What `ShardMerge` needs of a shard that finished (every state expanded, or the depth limit); nil otherwise.
    public var shardResult: ShardResult?

    public var bytesPerState: Double {
        statistics.states > 0 ? Double(visitedBytes + trailBytes) / Double(statistics.states) : 0
    }

    public var transitionsPerSecond: Double {
        statistics.seconds > 0 ? Double(statistics.transitions) / statistics.seconds : 0
    }

    public func violation(_ name: String) -> Violation? { violations.first { $0.invariant == name } }
}

/// A rule over one engine step, read out of its invariant once (`FingerprintSearch.run`). A struct, not a
/// tuple: a closure kept in a tuple in an array is called through a thunk that copies the step's record
/// (both its states) at every call, 5% of a search (callgrind).
struct EventCheck: Sendable {
    var rule: Int
    var check: @Sendable (EventRecord) -> String?
}

/// A rule over one state, read out of its invariant once (a struct, as `EventCheck` is).
struct StateCheck: Sendable {
    var rule: Int
    var check: @Sendable (SearchState) -> String?
}
