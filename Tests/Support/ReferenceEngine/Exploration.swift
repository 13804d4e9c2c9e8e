import FeedEngine
import FeedExplorer
import FeedScenario

/// A broken invariant, with the shortest path that breaks it.
public struct Violation: Sendable {
    public var invariant: String
    /// What was seen at the end of the path.
    public var message: String
    /// Moves from the state after `launch`; the last one breaks the rule (or
    /// ends in the state that does).
    public var path: [Transition]
    /// The state the path ends in.
    public var state: SearchState
    /// Its index in the graph.
    public var node: Int
    /// How many states (or steps) break the rule; only the shortest is reported.
    public var occurrences = 1
}

/// What a search found: the graph, the rules checked, and the broken ones.
public struct Exploration: Sendable {
    public var graph: StateGraph
    /// Name and summary of every rule checked, broken or not.
    public var invariants: [(name: String, summary: String)]
    /// One per broken rule, in the rules' order.
    public var violations: [Violation]
    public var statistics: ExplorationStatistics
    /// Every state that breaks a rule: it breaks a state rule, a breaking step
    /// leads to it, or it has no way forward.
    public var flagged: Set<Int> = []

    public func violation(_ name: String) -> Violation? { violations.first { $0.invariant == name } }
}
