import FeedEngine
import FeedExplorer
import FeedScenario
import XCTest
import ReferenceEngine

/// Scenarios for the explorer's tests, read as a user's file would be.
enum ExplorerFixtures {
    static func scenario(_ json: String, file: StaticString = #filePath, line: UInt = #line) throws -> Scenario {
        try ScenarioReader.read(Array(json.utf8), file: "test.json")
    }

    /// A preset's list with its defaults.
    static func preset(_ name: String) throws -> Scenario {
        try scenario("{ \"name\": \"\(name)\", \"preset\": \"\(name)\", \"events\": [\"launch\"] }")
    }

    static func explore(_ scenario: Scenario, depth: Int, step: @escaping ExplorerModel.Step = ExplorerModel.engineStep) -> Exploration {
        Explorer(model: ExplorerModel(scenario: scenario, step: step), maxDepth: depth).run(from: scenario.initialState)
    }

    /// Replays a written counterexample through `ScenarioRunner` (the real engine).
    static func replay(_ bytes: [UInt8]) throws -> (Scenario, FeedState) {
        let scenario = try ScenarioReader.read(bytes, file: "counterexample.json")
        var runner = ScenarioRunner(scenario)
        try runner.run(scenario.steps) { _ in }
        return (scenario, runner.state)
    }
}
