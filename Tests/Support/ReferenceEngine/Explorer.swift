import FeedEngine
import FeedExplorer
import FeedScenario

/// Breadth-first search over everything a list can go through: from the state
/// after `launch`, every move of the alphabet and every reply outcome, to a
/// depth limit, deduplicating states by `StateKey`.
///
/// Invariants are checked as states and steps are found; the way-forward rule
/// is decided on the finished graph. Each broken rule is reported once, with
/// the shortest path that breaks it (breadth-first order makes the first one
/// found the shortest) and how many states or steps break it.
public struct Explorer: Sendable {
    public var model: ExplorerModel
    public var invariants: [Invariant]
    /// Moves from the start; states this deep are found but not expanded.
    public var maxDepth: Int
    /// The search stops expanding when it holds this many states.
    public var maxStates: Int

    /// The default `maxStates`: at `bytesPerState` about 4.6 GB, which a 24 GB
    /// machine holds with room to spare (5,000,000 needed about 23 GB).
    public static let defaultMaxStates = 1_000_000
    /// Memory a state takes in the graph and index, as measured (issue 15), for
    /// saying up front what a search may use.
    public static let bytesPerState = 4_600

    /// About how much memory `states` states take: `"4.6 GB"`, `"460 MB"`.
    public static func memory(forStates states: Int, bytesPerState: Int = Explorer.bytesPerState) -> String {
        let bytes = Double(states) * Double(bytesPerState)
        if bytes >= 1e9 { return String(format: "%.1f GB", bytes / 1e9) }
        return String(format: "%.0f MB", max(bytes / 1e6, 1))
    }

    public init(model: ExplorerModel, invariants: [Invariant] = Invariant.standard, maxDepth: Int = 8,
                maxStates: Int = Explorer.defaultMaxStates) {
        self.model = model
        self.invariants = invariants
        self.maxDepth = maxDepth
        self.maxStates = maxStates
    }

    /// Explores from `initial` (a state before `launch`).
    ///
    /// - Parameter progress: called at each new depth and every few thousand expansions, for a progress line.
    /// - Complexity: O((states + transitions) × engine step); memory O(states + transitions).
    public func run(from initial: FeedState, progress: (ExplorationStatistics) -> Void = { _ in }) -> Exploration {
        let clock = ContinuousClock()
        let started = clock.now
        var graph = StateGraph()
        var index: [StateKey: Int32] = [:]
        var found: [Violation?] = Array(repeating: nil, count: invariants.count)
        var counts = [Int](repeating: 0, count: invariants.count)
        var flagged = Set<Int>()
        let eventRules = invariants.indices.filter { invariants[$0].event != nil }
        let stateRules = invariants.indices.filter { invariants[$0].state != nil }
        let check: (EventRecord) -> [Breach] = { record in
            var breaches: [Breach] = []
            for rule in eventRules {
                if let message = invariants[rule].event?(record) { breaches.append(Breach(invariant: rule, message: message)) }
            }
            return breaches
        }
        func judge(_ node: Int) {
            for rule in stateRules {
                guard let message = invariants[rule].state?(graph.states[node]) else { continue }
                counts[rule] += 1
                flagged.insert(node)
                if found[rule] == nil {
                    found[rule] = Violation(invariant: invariants[rule].name, message: message,
                                            path: graph.path(to: node), state: graph.states[node], node: node)
                }
            }
        }
        func statistics(complete: Bool) -> ExplorationStatistics {
            ExplorationStatistics(states: graph.count, transitions: graph.edges.count, expanded: graph.expandedCount,
                                  depthReached: graph.depths.last ?? 0, seconds: (clock.now - started).seconds,
                                  complete: complete, capped: graph.count >= maxStates)
        }

        let (start, startBreaches) = model.start(initial, check: check)
        index[model.key(start)] = 0
        _ = graph.add(start, depth: 0, parent: -1, arrival: nil)
        judge(0)
        for breach in startBreaches where found[breach.invariant] == nil {
            counts[breach.invariant] += 1
            found[breach.invariant] = Violation(invariant: invariants[breach.invariant].name, message: breach.message,
                                                path: [], state: start, node: 0)
        }

        var next = 0
        while next < graph.count && graph.depths[next] < maxDepth && graph.count < maxStates {
            let state = graph.states[next]
            let depth = graph.depths[next]
            for successor in model.successors(of: state, check: check) {
                let key = model.key(successor.state)
                let target: Int
                if let existing = index[key] {
                    target = Int(existing)
                } else {
                    target = graph.add(successor.state, depth: depth + 1, parent: next, arrival: successor.transition)
                    index[key] = Int32(target)
                    judge(target)
                }
                if target == next && successor.breaches.isEmpty { continue }
                graph.addEdge(from: next, to: target, label: EdgeLabel(successor.transition), breaks: !successor.breaches.isEmpty)
                for breach in successor.breaches {
                    counts[breach.invariant] += 1
                    flagged.insert(target)
                    if found[breach.invariant] == nil {
                        found[breach.invariant] = Violation(
                            invariant: invariants[breach.invariant].name, message: breach.message,
                            path: graph.path(to: next) + [successor.transition], state: successor.state, node: target)
                    }
                }
            }
            next += 1
            graph.expandedCount = next
            // A line per level, and every few thousand states within a large one.
            if next % 4096 == 0 || (next < graph.count && graph.depths[next] != depth) { progress(statistics(complete: false)) }
        }
        graph.expandedCount = next

        // The way forward, decided on the graph: a state that reaches neither a
        // state at rest nor an unexpanded one lies in a closed set of explored
        // states none of which is at rest, so no sequence of moves, however long,
        // leads out. States that reach only unexpanded ones are undecided.
        var undecided = 0
        for rule in invariants.indices {
            guard let atRest = invariants[rule].atRest else { continue }
            let good = graph.states.map { atRest($0.feed) }
            let frontier = graph.states.indices.map { !graph.isExpanded($0) }
            let reachesGood = graph.canReach(good)
            let reachesEither = graph.canReach(zip(good, frontier).map { $0 || $1 })
            var trapped = 0
            for node in graph.states.indices where !reachesEither[node] {
                trapped += 1
                flagged.insert(node)
                if found[rule] == nil {
                    let feed = graph.states[node].feed
                    found[rule] = Violation(
                        invariant: invariants[rule].name,
                        message: "no moves lead back to rest: header \(feed.headerState.rawValue), footer \(feed.footerState.rawValue), "
                            + "retry \(feed.retryVisible ? "shown" : "hidden"), request \(feed.request.map { "\($0.id) \($0.kind.rawValue)" } ?? "none")",
                        path: graph.path(to: node), state: graph.states[node], node: node)
                }
            }
            counts[rule] += trapped
            undecided = max(undecided, graph.states.indices.filter { reachesEither[$0] && !reachesGood[$0] }.count)
        }

        var violations: [Violation] = []
        for rule in invariants.indices {
            guard var violation = found[rule] else { continue }
            violation.occurrences = counts[rule]
            violations.append(violation)
        }
        var stats = statistics(complete: next == graph.count)
        stats.undecided = undecided
        return Exploration(graph: graph, invariants: invariants.map { ($0.name, $0.summary) },
                           violations: violations, statistics: stats, flagged: flagged)
    }
}
