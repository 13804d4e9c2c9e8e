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
    /// Its counts and its first finding of each rule are `run`'s (`BehaviourSearchTests`), unless two states'
    /// fingerprints collide, which the statistics' size makes unlikely (`Fingerprint.collisionProbability`).
    /// The fingerprints are of Swift's `Hasher`, seeded anew in each process: a collision, if one
    /// happened, would not repeat.
    /// - Complexity: O((states + transitions) × a move's callbacks); memory O(states) in fingerprints and
    ///   trail, plus two levels of runners.
    public func search(progress: (ExplorationStatistics) -> Void = { _ in }) -> BehaviourSearch {
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
        func fingerprint(_ runner: BehaviourRunner<Behaviour>) -> UInt64 {
            var hasher = Hasher()
            runner.searchKey(key, latencyPhase: latencyPhase(runner)).hash(into: &hasher)
            var print = Fingerprint()
            print.combine(hasher.finalize())
            return print.value
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

        // One level at a time, in breadth-first order: (node, its fingerprint, the runner).
        var level: [(node: Int, print: UInt64, runner: BehaviourRunner<Behaviour>)] = [(0, fingerprint(start), start)]
        var capped = false
        while !level.isEmpty && depth < maxDepth && !capped {
            var next: [(node: Int, print: UInt64, runner: BehaviourRunner<Behaviour>)] = []
            for parent in level {
                if trail.count >= maxStates {
                    capped = true
                    break
                }
                for (ordinal, (_, reached)) in successors(of: parent.runner, source: source).enumerated() {
                    var successor = reached
                    let broken = callbackBreaches(&successor)
                    let print = fingerprint(successor)
                    if visited.insert(print) {
                        let node = trail.count
                        trail.append(parent: parent.node, ordinal: ordinal)
                        for (rule, message) in stateBreaches(successor) { note(rule, message, node: node) }
                        next.append((node, print, successor))
                        deepest = depth + 1
                    }
                    if print == parent.print && broken.isEmpty { continue }
                    transitions += 1
                    // A step's breach is kept as its parent and the move (the state it reaches may be an old one).
                    for (rule, message) in broken { note(rule, message, node: parent.node, ordinal: ordinal) }
                }
                expanded += 1
                if expanded % 4096 == 0 { progress(statistics(complete: false)) }
            }
            if capped { break }
            level = next
            if !level.isEmpty { depth += 1 }
            progress(statistics(complete: false))
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
