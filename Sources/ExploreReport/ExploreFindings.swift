import FeedEngine
import FeedExplorer
import FeedScenario
import FrameFolder
import FrameRendering

/// What a search found, as the report shows it, whichever logic was searched: the presets' engine
/// (`Explorer`) or a team's own (`BehaviourExplorer`). Each search fills it its own way; the report,
/// gallery, graph and counterexample pages are written from it alone.
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

    /// What played the app: the preset's name, or the behaviour's type.
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
    /// A preset's search: frames from the engine's states, counterexamples replayed by the engine.
    init(scenario: Scenario, exploration: Exploration, model: ExplorerModel) {
        logic = scenario.preset.name
        statistics = exploration.statistics
        invariants = exploration.invariants
        violations = exploration.violations.map { violation in
            Finding(invariant: violation.invariant, message: violation.message, occurrences: violation.occurrences,
                    path: violation.path, issued: violation.state.feed.requestsIssued,
                    counterexample: CounterexampleWriter.scenario(
                        path: violation.path, end: violation.state.feed, base: scenario, source: model.source,
                        name: "counterexample-\(violation.invariant)",
                        description: "\(violation.invariant): \(violation.message) (found by feedframes explore, \(violation.path.count) move\(violation.path.count == 1 ? "" : "s") after launch)"))
        }
        gallery = { limit in
            let (nodes, total) = DistinctScreens.find(in: exploration.graph, limit: limit)
            let frames = nodes.enumerated().map { number, node in
                let feed = exploration.graph.states[node].feed
                return Frame(number: number + 1, time: feed.time, cause: Transition.cause(of: exploration.graph.path(to: node)), layout: feed.layout())
            }
            return (frames, total)
        }
        dot = { title in DotWriter().dot(exploration, title: title) }
        render = { (renderer, replay, folder, display) throws(RenderError) in
            _ = try renderer.render(replay, into: folder, displayFolder: display)
        }
    }

    /// A team's logic's search: frames from FeedFrames playing it, counterexamples replayed with it playing.
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
