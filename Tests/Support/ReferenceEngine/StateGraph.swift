import FeedEngine
import FeedExplorer
import FeedScenario

/// The explored graph: states in breadth-first order, the edge each was first
/// reached by, and every edge between distinct states.
///
/// Breadth-first order makes the first edge into a state the last edge of a
/// shortest path to it, so shortest counterexamples come from following
/// `parents` back to the start (state 0).
public struct StateGraph: Sendable {
    /// An edge, labelled compactly (see `EdgeLabel`), so that millions fit.
    public struct Edge: Hashable, Sendable {
        public var from: Int32
        public var to: Int32
        public var label: EdgeLabel
        /// The step broke an event invariant.
        public var breaks: Bool
    }

    public private(set) var states: [SearchState] = []
    public private(set) var depths: [Int] = []
    /// The state each was first reached from; -1 for the start.
    public private(set) var parents: [Int32] = []
    /// The transition each state was first reached by; `nil` for the start.
    public private(set) var arrivals: [Transition?] = []
    public private(set) var edges: [Edge] = []
    /// States below this index had all their moves tried; the rest lie at the depth limit (or past the state cap).
    public internal(set) var expandedCount = 0

    public init() {}

    public var count: Int { states.count }

    mutating func add(_ state: SearchState, depth: Int, parent: Int, arrival: Transition?) -> Int {
        states.append(state)
        depths.append(depth)
        parents.append(Int32(parent))
        arrivals.append(arrival)
        return states.count - 1
    }

    mutating func addEdge(from: Int, to: Int, label: EdgeLabel, breaks: Bool) {
        edges.append(Edge(from: Int32(from), to: Int32(to), label: label, breaks: breaks))
    }

    /// The transitions of a shortest path from the start to `state`.
    /// - Complexity: O(depth).
    public func path(to state: Int) -> [Transition] {
        GraphWalk.path(to: state, parent: { Int(parents[$0]) }, arrival: { arrivals[$0] })
    }

    public func isExpanded(_ state: Int) -> Bool { state < expandedCount }

    /// Which states can reach a state in `targets` along explored edges.
    /// - Complexity: O(states + edges): a breadth-first search over reversed edges.
    public func canReach(_ targets: [Bool]) -> [Bool] {
        GraphWalk.canReach(targets, edges: edges.lazy.map { (Int($0.from), Int($0.to)) }, count: edges.count)
    }
}
