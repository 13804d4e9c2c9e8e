import FeedEngine
import FeedExplorer
import FeedScenario
import FrameFolder
import FrameRendering

/// What a search of a behaviour found (`BehaviourExplorer`: a preset's or a team's own logic), as the
/// report shows it; the report, gallery, graph and counterexample pages are written from it alone.
public struct ExploreFindings {
    /// A broken rule with its shortest path and that path as a scenario.
    public struct Finding {
        public var invariant: String
        public var message: String
        public var occurrences: Int
        public var path: [Transition]
        /// Requests the path made (for the replies line).
        public var issued: Int
        public var counterexample: Scenario
    }

    /// What played the app: the behaviour's type.
    public var logic: String
    public var statistics: ExplorationStatistics
    public var invariants: [(name: String, summary: String)]
    public var violations: [Finding]
    /// At most N distinct screens as frames (the cause of each its shortest path), and how many there are.
    var gallery: (Int) -> (frames: [Frame], total: Int)
    /// The state graph in DOT, titled.
    var dot: (String) -> String
    /// Renders a counterexample's frames into a folder, with the same logic playing.
    var render: (ScenarioRenderer, Scenario, FrameWriter, String) throws(RenderError) -> Void

    public func violation(_ name: String) -> Finding? { violations.first { $0.invariant == name } }
}

extension ExploreFindings {
    /// A search's findings: frames from FeedFrames playing the behaviour, counterexamples replayed with it playing.
    public init<Behaviour: PagingBehaviour>(_ exploration: BehaviourExploration<Behaviour>, playing behaviour: Behaviour) {
        logic = String(describing: Behaviour.self)
        statistics = exploration.statistics
        invariants = exploration.invariants
        violations = exploration.violations.map { violation in
            Finding(invariant: violation.invariant, message: violation.message, occurrences: violation.occurrences,
                    path: violation.path, issued: violation.requestsIssued,
                    counterexample: violation.counterexample)
        }
        gallery = { limit in exploration.distinctScreens(limit: limit) }
        dot = { title in exploration.dot(title: title) }
        render = { (renderer, replay, folder, display) throws(RenderError) in
            _ = try renderer.render(replay, playing: behaviour, into: folder, displayFolder: display)
        }
    }
}
