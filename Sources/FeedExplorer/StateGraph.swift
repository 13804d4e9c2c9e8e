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
        Self.path(to: state, parent: { Int(parents[$0]) }, arrival: { arrivals[$0] })
    }

    /// The transitions from the start (state 0) to `state`, following each state's first arrival back.
    /// - Complexity: O(depth).
    static func path(to state: Int, parent: (Int) -> Int, arrival: (Int) -> Transition?) -> [Transition] {
        var path: [Transition] = []
        var node = state
        while node > 0, let step = arrival(node) {
            path.append(step)
            node = parent(node)
        }
        return path.reversed()
    }

    public func isExpanded(_ state: Int) -> Bool { state < expandedCount }

    /// Which states can reach a state in `targets` along explored edges.
    /// - Complexity: O(states + edges): a breadth-first search over reversed edges.
    public func canReach(_ targets: [Bool]) -> [Bool] {
        Self.canReach(targets, edges: edges.lazy.map { (Int($0.from), Int($0.to)) }, count: edges.count)
    }

    /// Which of `targets.count` states reach a target along `edges` (`count` of them): a breadth-first
    /// search over the reversed edges, kept in compressed rows so that millions fit.
    /// - Complexity: O(states + edges).
    static func canReach<Edges: Sequence<(Int, Int)>>(_ targets: [Bool], edges: Edges, count: Int) -> [Bool] {
        var starts = [Int](repeating: 0, count: targets.count + 1)
        for (_, to) in edges { starts[to + 1] += 1 }
        for index in 0..<targets.count { starts[index + 1] += starts[index] }
        var fill = starts
        var sources = [Int32](repeating: 0, count: count)
        for (from, to) in edges {
            sources[fill[to]] = Int32(from)
            fill[to] += 1
        }
        var reached = targets
        var queue = targets.indices.filter { targets[$0] }
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for index in starts[node]..<starts[node + 1] {
                let source = Int(sources[index])
                if !reached[source] {
                    reached[source] = true
                    queue.append(source)
                }
            }
        }
        return reached
    }
}
