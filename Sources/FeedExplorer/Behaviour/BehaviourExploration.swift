import FeedEngine
import FeedScenario

/// The graph a behaviour's search found: each state a `BehaviourRunner` (the logic's state with
/// FeedFrames' own around it), in breadth-first order, the edge each was first reached by, and every
/// edge between distinct states.
public struct BehaviourGraph<Behaviour: PagingBehaviour> {
    public struct Edge {
        public var from: Int
        public var to: Int
        public var transition: Transition
        /// The step broke a callback rule.
        public var breaks: Bool
    }

    public internal(set) var states: [BehaviourRunner<Behaviour>] = []
    public internal(set) var depths: [Int] = []
    /// The state each was first reached from; -1 for the start.
    public internal(set) var parents: [Int] = []
    public internal(set) var arrivals: [Transition?] = []
    public internal(set) var edges: [Edge] = []
    /// States below this index had all their moves tried.
    public internal(set) var expandedCount = 0
    /// Every state that breaks a rule, a breaking step leads to, or that has no way forward.
    public internal(set) var flagged: Set<Int> = []

    public var count: Int { states.count }

    @discardableResult
    mutating func add(_ state: BehaviourRunner<Behaviour>, depth: Int, parent: Int, arrival: Transition?) -> Int {
        states.append(state)
        depths.append(depth)
        parents.append(parent)
        arrivals.append(arrival)
        return states.count - 1
    }

    /// The transitions of a shortest path from the start to `state`.
    /// - Complexity: O(depth).
    public func path(to state: Int) -> [Transition] {
        GraphWalk.path(to: state, parent: { parents[$0] }, arrival: { arrivals[$0] })
    }

    /// Which states can reach a state in `targets` along explored edges.
    /// - Complexity: O(states + edges).
    public func canReach(_ targets: [Bool]) -> [Bool] {
        GraphWalk.canReach(targets, edges: edges.lazy.map { ($0.from, $0.to) }, count: edges.count)
    }
}

/// A rule a behaviour broke, with the shortest path that breaks it and that path as a scenario.
public struct BehaviourViolation {
    public var invariant: String
    /// What was seen at the end of the path.
    public var message: String
    /// Moves from the state after `launch`.
    public var path: [Transition]
    /// Where the path ends in the graph.
    public var node: Int
    /// How many states (or steps) break the rule; only the shortest is reported.
    public var occurrences: Int
    /// Requests made along the path (the replies it chose answer them).
    public var requestsIssued: Int
    /// `launch` then the path, with a scripted source answering each request as the path chose:
    /// `scenario.frames(playing:)` (or `feedframes render` of it written out) replays it exactly.
    public var counterexample: Scenario
}

/// What a search of a behaviour found.
public struct BehaviourExploration<Behaviour: PagingBehaviour> {
    public var graph: BehaviourGraph<Behaviour>
    /// Name and summary of every rule checked, broken or not.
    public var invariants: [(name: String, summary: String)]
    /// One per broken rule, in the rules' order.
    public var violations: [BehaviourViolation]
    public var statistics: ExplorationStatistics

    public func violation(_ name: String) -> BehaviourViolation? { violations.first { $0.invariant == name } }

    /// The first state of each distinct screen (breadth-first, so the nearest), at most `limit`, as
    /// frames whose cause is the shortest path to them; and how many distinct screens there are.
    /// - Complexity: O(states × layout).
    public func distinctScreens(limit: Int) -> (frames: [Frame], total: Int) {
        var seen = Set<Layout>()
        var frames: [Frame] = []
        for (node, runner) in graph.states.enumerated() {
            let layout = runner.layout
            guard seen.insert(DistinctScreens.screen(layout)).inserted, frames.count < limit else { continue }
            frames.append(Frame(number: frames.count + 1, time: runner.time, cause: Transition.cause(of: graph.path(to: node)), layout: layout))
        }
        return (frames, seen.count)
    }
}

extension BehaviourExploration {
    /// The state graph in DOT (see `DotWriter`): each state by what its screen shows, grouped (when
    /// collapsed) by its header, footer, retry button, toast, empty view and the kind of request in flight.
    /// - Complexity: O(states + transitions).
    public func dot(title: String, writer: DotWriter = DotWriter()) -> String {
        writer.dot(states: graph.count, title: title) { detailed in drawn(detailed: detailed) }
    }

    private func drawn(detailed: Bool) -> DotWriter.DrawnGraph {
        let nodes = graph.states.indices.map { index in
            let runner = graph.states[index]
            let screen = runner.screen
            var lines = ["header \(screen.header.rawValue)", "footer \(screen.footer.rawValue)"]
            if screen.retry != nil { lines.append("retry") }
            if runner.toast != nil { lines.append("toast") }
            if screen.empty != nil { lines.append("empty view") }
            let kinds = runner.facts.inFlight.map(\.kind.rawValue)
            let control = detailed ? "" : (lines + ["request: \(kinds.isEmpty ? "none" : kinds.joined(separator: "+"))"]).joined(separator: "\n")
            let text = !detailed ? "" : "#\(index) (depth \(graph.depths[index]))\n" + lines.joined(separator: "\n")
                + "\n\(screen.rows.count) rows · y \(formatPoints(runner.contentOffset)) · \(runner.viewport)"
            return DotWriter.DrawnGraph.Node(text: text, control: control, flagged: graph.flagged.contains(index))
        }
        let edges = graph.edges.map { edge in
            DotWriter.DrawnGraph.Edge(from: edge.from, to: edge.to, label: edge.transition.label,
                                      outcomes: edge.transition.replies.map { $0.stale ? "\($0.outcome)*" : $0.outcome.rawValue },
                                      isWait: edge.transition.move == .wait, breaks: edge.breaks)
        }
        return DotWriter.DrawnGraph(nodes: nodes, edges: edges)
    }
}
