import FeedEngine
import FeedExplorer
import FeedScenario
import JSONText
import XCTest
import ReferenceEngine

/// Counterexample files, the gallery's screens and the DOT graph.
final class OutputTests: XCTestCase {
    func testCounterexampleKeepsTheScenariosConfigurationAndShapes() throws {
        let scenario = try ExplorerFixtures.scenario("""
            { "name": "x", "preset": "standard", "viewport": { "width": 320, "height": 480 },
              "config": { "footer": { "prefetchRows": 0 }, "toastDuration": 3 },
              "source": { "pageSize": 5, "latency": 2, "rowHeights": [44, 88], "title": "Row {n}" },
              "events": ["launch"] }
            """)
        let exploration = ExplorerFixtures.explore(scenario, depth: 3)
        let node = exploration.graph.count - 1
        let path = exploration.graph.path(to: node)
        let end = exploration.graph.states[node].feed
        let counterexample = CounterexampleWriter.scenario(path: path, end: end, base: scenario,
                                                 source: ExplorerModel(scenario: scenario).source, name: "replay", description: "")
        let (replayed, state) = try ExplorerFixtures.replay(ScenarioWriter.bytes(of: counterexample))
        XCTAssertEqual(replayed.config, scenario.config)
        XCTAssertEqual(replayed.viewport, scenario.viewport)
        XCTAssertEqual(state.layout(), end.layout(), "replays to the explored state: \(path)")
        let json = ScenarioWriter.value(of: counterexample)
        XCTAssertEqual(json["config"]?["toastDuration"], 3)
        XCTAssertNil(json["config"]?["rowHeight"], "only what differs from the preset")
    }

    func testEveryExploredStateReplaysFromItsPath() throws {
        // The explorer mirrors the runner: any state's path, written out, reaches that state.
        let scenario = try ExplorerFixtures.preset("seed000")
        let exploration = ExplorerFixtures.explore(scenario, depth: 4)
        let source = ExplorerModel(scenario: scenario).source
        for node in stride(from: 0, to: exploration.graph.count, by: max(1, exploration.graph.count / 40)) {
            let end = exploration.graph.states[node].feed
            let path = exploration.graph.path(to: node)
            let counterexample = CounterexampleWriter.scenario(path: path, end: end, base: scenario, source: source, name: "n", description: "")
            let (_, state) = try ExplorerFixtures.replay(ScenarioWriter.bytes(of: counterexample))
            XCTAssertEqual(state, end, "state \(node): \(path)")
        }
    }

    func testGalleryHasOneStatePerDistinctScreen() throws {
        let exploration = ExplorerFixtures.explore(try ExplorerFixtures.preset("standard"), depth: 4)
        let (states, total) = DistinctScreens.find(in: exploration.graph, limit: 10_000)
        XCTAssertEqual(states.count, total)
        XCTAssertEqual(states.first, 0, "the start is the first screen")
        let screens = states.map { DistinctScreens.screen(exploration.graph.states[$0].feed.layout()) }
        XCTAssertEqual(Set(screens).count, screens.count)
        XCTAssertLessThan(total, exploration.graph.count, "states that look alike share a screen")
        XCTAssertEqual(DistinctScreens.find(in: exploration.graph, limit: 3).states, Array(states.prefix(3)))
    }

    func testDotDrawsSmallGraphsWholeAndCollapsesLargeOnes() throws {
        let exploration = ExplorerFixtures.explore(try ExplorerFixtures.preset("seed001"), depth: 3)
        let whole = DotWriter(maxNodes: 10_000).dot(exploration, title: "seed001")
        XCTAssertTrue(whole.hasPrefix("digraph explored {"))
        XCTAssertTrue(whole.contains("s0 [label="))
        XCTAssertTrue(whole.contains("color=red"), "the stuck states are red")
        XCTAssertTrue(whole.contains("wait: fail"))
        let collapsed = DotWriter(maxNodes: 5).dot(exploration, title: "seed001")
        XCTAssertTrue(collapsed.contains("collapsed into"))
        XCTAssertFalse(collapsed.contains("s0 [label="))
        XCTAssertTrue(collapsed.contains("c0 [label="))
        XCTAssertTrue(collapsed.contains("color=red"))
    }

    func testScriptedSourceReadsAndRejectsWhatItCannotUse() throws {
        let scenario = try ExplorerFixtures.scenario("""
            { "preset": "standard", "source": { "kind": "scripted", "pageSize": 4, "replies": ["full", "short", "empty", "fail"] },
              "events": ["launch"] }
            """)
        guard case .scripted(let source) = scenario.source else { return XCTFail("expected a scripted source") }
        XCTAssertEqual(source.replies, [.full, .short, .empty, .fail])
        XCTAssertEqual(source.page(2, .full).map(\.id), ["5", "6", "7", "8"])
        XCTAssertEqual(source.page(2, .short).map(\.id), ["5", "6"])
        XCTAssertEqual(source.reply(forRequest: 9), .full, "past the list: full")

        func problems(_ json: String) -> [String] {
            do {
                _ = try ScenarioReader.read(Array(json.utf8), file: "bad.json")
                return []
            } catch {
                return error.problems.map(\.description)
            }
        }
        XCTAssertEqual(problems(#"{ "preset": "standard", "source": { "kind": "scripted", "replies": ["full", "half"] }, "events": ["launch"] }"#),
                       [#"bad.json:1:77: source.replies[1]: expected one of "full", "short", "empty", "fail", found "half""#])
        XCTAssertEqual(problems(#"{ "preset": "standard", "source": { "replies": ["full"] }, "events": ["launch"] }"#).count, 1)
        XCTAssertEqual(problems(#"{ "preset": "standard", "source": { "kind": "scripted", "total": 5, "replies": [] }, "events": ["launch"] }"#).count, 1)
        XCTAssertEqual(problems(#"{ "preset": "standard", "source": { "kind": "scripted" }, "events": ["launch"] }"#),
                       [#"bad.json: source.replies: missing (expected a list of "full", "short", "empty" or "fail", one per request)"#])
    }
}
