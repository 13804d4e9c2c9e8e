/// How big the search was and how fast it went.
public struct ExplorationStatistics: Hashable, Sendable {
    public var states: Int
    /// Edges between distinct states (moves that change nothing are not counted).
    public var transitions: Int
    public var expanded: Int
    public var depthReached: Int
    public var seconds: Double
    /// Every reachable state was found before the depth limit.
    public var complete: Bool
    /// The state cap stopped the search.
    public var capped: Bool
    /// States whose way forward could not be decided (they reach only states at the depth limit).
    public var undecided = 0
    /// The time the search's threads spent working (expanding states, merging them), added up over the threads, in this
    /// run (from its resume): set by a fingerprint search (`BehaviourExplorer.search(jobs:)`), else 0. Over `jobs` ×
    /// `seconds`, the share of the threads' time not spent waiting for work (a thread waiting for a core, with more
    /// jobs than cores, counts as working); over a one-job search's, how much slower the same work went on several
    /// threads.
    public var busySeconds = 0.0

    public var statesPerSecond: Double { seconds > 0 ? Double(states) / seconds : 0 }

    package init(states: Int, transitions: Int, expanded: Int, depthReached: Int, seconds: Double, complete: Bool, capped: Bool, undecided: Int = 0) {
        self.states = states
        self.transitions = transitions
        self.expanded = expanded
        self.depthReached = depthReached
        self.seconds = seconds
        self.complete = complete
        self.capped = capped
        self.undecided = undecided
    }
}
