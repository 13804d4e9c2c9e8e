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

    public func violation(_ name: String) -> BehaviourViolation? { violations.first { $0.invariant == name } }
}

extension BehaviourExplorer {
    /// Breadth-first search keeping a 64-bit fingerprint of each visited state (its `PlayKey`) and how it
    /// was reached (`SearchTrail`, 8 bytes), not the state: about 20–30 bytes a visited state where `run`
    /// keeps whole runners, kilobytes each. Only the level being expanded and the next are held. A
    /// counterexample is rebuilt by re-running its path from the start (successors come in a fixed order).
    ///
    /// With `jobs` above 1, the parents of a level are expanded on that many threads, a batch at a time,
    /// and merged in breadth-first order: the result is the same whatever `jobs` (`BehaviourSearchTests`).
    /// The behaviour, its key and its rules are then called from several threads at once: they must be
    /// pure functions of their arguments, as SPEC §10 asks.
    ///
    /// Its counts and its first finding of each rule are `run`'s (`BehaviourSearchTests`), unless two states'
    /// fingerprints collide, which the statistics' size makes unlikely (`Fingerprint.collisionProbability`).
    /// The fingerprints are of Swift's `Hasher`, seeded anew in each process: a collision, if one
    /// happened, would not repeat.
    /// - Complexity: O((states + transitions) × a move's callbacks), over `jobs` threads; memory O(states) in
    ///   fingerprints and trail, plus two levels of runners and a batch's successors.
    public func search(jobs: Int = 1, progress: (ExplorationStatistics) -> Void = { _ in }) -> BehaviourSearch {
        let clock = ContinuousClock()
        let started = clock.now
        let rules = (0..<invariants.count).filter { invariants[$0].atRest == nil }
        var visited = FingerprintSet()
        var trail = SearchTrail()
        var found: [(message: String, node: Int, ordinal: Int?)?] = Array(repeating: nil, count: invariants.count)
        var counts = [Int](repeating: 0, count: invariants.count)
        var transitions = 0, expanded = 0, depth = 0, deepest = 0

        func note(_ rule: Int, _ message: String, node: Int, ordinal: Int? = nil) {
            guard rules.contains(rule) else { return }
            counts[rule] += 1
            if found[rule] == nil { found[rule] = (message, node, ordinal) }
        }

        var start = launched()
        for (rule, message) in callbackBreaches(&start) { note(rule, message, node: 0) }
        _ = visited.insert(fingerprint(start))
        trail.append(parent: -1, ordinal: 0)
        for (rule, message) in stateBreaches(start) { note(rule, message, node: 0) }

        func statistics(complete: Bool) -> ExplorationStatistics {
            ExplorationStatistics(states: trail.count, transitions: transitions, expanded: expanded, depthReached: deepest,
                                  seconds: (clock.now - started).seconds, complete: complete, capped: trail.count >= maxStates)
        }

        // One level at a time, in breadth-first order: (node, its fingerprint), and the runners apart.
        var level: [(node: Int, print: UInt64)] = [(0, fingerprint(start))]
        var runners = LevelRunners([start])
        var capped = false
        let batch = jobs > 1 ? 1_024 : 4_096
        while !level.isEmpty && depth < maxDepth && !capped {
            var next: [(node: Int, print: UInt64)] = []
            var nextRunners: [BehaviourRunner<Behaviour>] = []
            var first = 0
            batches: while first < level.count {
                let parents = first..<min(level.count, first + batch)
                first = parents.upperBound
                let expansions = expand(runners, parents, seen: visited, jobs: jobs)
                for (parent, successors) in zip(parents.map { level[$0] }, expansions) {
                    if trail.count >= maxStates {
                        capped = true
                        break batches
                    }
                    for (ordinal, successor) in successors.enumerated() {
                        if let runner = successor.runner, visited.insert(successor.print) {
                            let node = trail.count
                            trail.append(parent: parent.node, ordinal: ordinal)
                            for (rule, message) in successor.stateBroken { note(rule, message, node: node) }
                            next.append((node, successor.print))
                            nextRunners.append(runner)
                            deepest = depth + 1
                        }
                        if successor.print == parent.print && successor.broken.isEmpty { continue }
                        transitions += 1
                        // A step's breach is kept as its parent and the move (the state it reaches may be an old one).
                        for (rule, message) in successor.broken { note(rule, message, node: parent.node, ordinal: ordinal) }
                    }
                    expanded += 1
                }
                progress(statistics(complete: false))
            }
            if capped { break }
            level = next
            runners = LevelRunners(nextRunners)
            if !level.isEmpty { depth += 1 }
        }

        var violations: [BehaviourViolation] = []
        for rule in rules {
            guard let (message, node, ordinal) = found[rule] else { continue }
            var (path, end) = replay(trail.route(to: node))
            if let ordinal {
                let step = successors(of: end, source: source)[ordinal]
                path.append(step.0)
                end = step.1
            }
            let invariant = invariants[rule]
            let counterexample = CounterexampleWriter.scenario(
                path: path, issued: end.requestsIssued, base: scenario, source: source, name: "counterexample-\(invariant.name)",
                description: "\(invariant.name): \(message) (found by explore, \(path.count) move\(path.count == 1 ? "" : "s") after launch)")
            violations.append(BehaviourViolation(invariant: invariant.name, message: message, path: path, node: node,
                                                 occurrences: counts[rule], counterexample: counterexample))
        }
        let complete = !capped && level.isEmpty
        return BehaviourSearch(invariants: rules.map { (invariants[$0].name, invariants[$0].summary) }, violations: violations,
                               statistics: statistics(complete: complete), skipped: invariants.filter { $0.atRest != nil }.map(\.name),
                               bytesPerState: Double(visited.bytes + trail.bytes) / Double(max(1, trail.count)))
    }

    /// A successor as a worker leaves it: its fingerprint, the rules its move broke, and — unless the state
    /// was visited before the batch began — the run and the rules the state breaks (the merge decides, in
    /// order, which of the rest are new).
    private struct Expanded {
        var runner: BehaviourRunner<Behaviour>?
        var print: UInt64
        var broken: [(rule: Int, message: String)]
        var stateBroken: [(rule: Int, message: String)]
    }

    /// The successors of the runners `parents`, in order, worked out on `jobs` threads. Each parent is taken
    /// from `runners` and a successor already in `seen` dropped by its worker: freeing them all in the
    /// merge held it up.
    private func expand(_ runners: LevelRunners<BehaviourRunner<Behaviour>>, _ parents: Range<Int>,
                        seen: FingerprintSet, jobs: Int) -> [[Expanded]] {
        // The explorer and the visited set are only read; each worker takes its own parents.
        let shared = Unchecked((explorer: self, seen: seen))
        // One contiguous block a worker: neighbouring states share their rows' storage, and two threads
        // retaining and releasing the same arrays contend for their reference counts.
        return ParallelMap.map(parents.count, jobs: jobs, chunk: max(8, (parents.count + jobs - 1) / jobs)) { k in
            let (explorer, seen) = shared.value
            return explorer.successors(of: runners.take(parents.lowerBound + k), source: explorer.source).map { _, reached in
                var runner = reached
                let broken = explorer.callbackBreaches(&runner)
                let print = explorer.fingerprint(runner)
                if seen.contains(print) { return Expanded(runner: nil, print: print, broken: broken, stateBroken: []) }
                return Expanded(runner: runner, print: print, broken: broken, stateBroken: explorer.stateBreaches(runner))
            }
        }
    }

    /// The 64-bit fingerprint of `runner`'s `PlayKey`.
    private func fingerprint(_ runner: BehaviourRunner<Behaviour>) -> UInt64 {
        var hasher = Hasher()
        runner.searchKey(key, latencyPhase: latencyPhase(runner)).hash(into: &hasher)
        var print = Fingerprint()
        print.combine(hasher.finalize())
        return print.value
    }

    /// The moves of a route of successor ordinals from the start, and the run at its end.
    /// - Complexity: O(depth × successors of a state).
    private func replay(_ route: [Int]) -> (path: [Transition], end: BehaviourRunner<Behaviour>) {
        var runner = launched()
        _ = callbackBreaches(&runner)
        var path: [Transition] = []
        for ordinal in route {
            let (transition, reached) = successors(of: runner, source: source)[ordinal]
            path.append(transition)
            runner = reached
            _ = callbackBreaches(&runner)
        }
        return (path, runner)
    }
}

/// A value read by several threads at once though its type does not say it may be: the behaviour
/// explorer (its key is a plain closure) and the visited set, which the workers only read.
private struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// A level's runners, each taken (moved out) once, by the worker that expands it: it is then freed on
/// that worker's thread, not all together in the merge.
private final class LevelRunners<Runner>: @unchecked Sendable {
    private let buffer: UnsafeMutablePointer<Runner?>
    private let count: Int

    init(_ runners: [Runner]) {
        count = runners.count
        buffer = .allocate(capacity: count)
        _ = UnsafeMutableBufferPointer(start: buffer, count: count).initialize(from: runners.lazy.map { $0 })
    }

    deinit {
        buffer.deinitialize(count: count)
        buffer.deallocate()
    }

    /// Runner `index`, which no one else takes.
    func take(_ index: Int) -> Runner {
        let runner = (buffer + index).move()
        (buffer + index).initialize(to: nil)
        return runner!
    }
}
