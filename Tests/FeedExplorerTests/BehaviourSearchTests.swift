import FeedEngine
import FeedExplorer
import FeedScenario
import PlantedBehaviours
import XCTest

/// Issue 23 for a team's logic: the fingerprint search of a behaviour (`search`) against its naive twin,
/// the search that keeps every state (`run`): the same counts, the same broken rules with the same
/// shortest counterexamples, on the planted bugs and on the presets' own behaviours.
final class BehaviourSearchTests: XCTestCase {
    func scenario(_ preset: String = "standard", total: Int = 60) throws -> Scenario {
        try ExplorerFixtures.scenario(#"{ "name": "pager", "preset": "\#(preset)", "source": { "total": \#(total), "pageSize": 20, "latency": 1 }, "events": ["launch"] }"#)
    }

    /// `search` on one thread and on three (parents expanded in parallel, merged in order) against `run`.
    func assertSame<Logic: PagingBehaviour>(_ explorer: BehaviourExplorer<Logic>, _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        let whole = explorer.run()
        for jobs in [1, 3] {
            assertSame(whole, explorer.search(jobs: jobs), "\(label), \(jobs) job\(jobs == 1 ? "" : "s")", file: file, line: line)
        }
    }

    func assertSame<Logic: PagingBehaviour>(_ whole: BehaviourExploration<Logic>, _ printed: BehaviourSearch, _ label: String,
                                            file: StaticString, line: UInt) {
        let (a, b) = (whole.statistics, printed.statistics)
        XCTAssertEqual([a.states, a.transitions, a.expanded, a.depthReached], [b.states, b.transitions, b.expanded, b.depthReached], label, file: file, line: line)
        XCTAssertEqual(a.complete, b.complete, label, file: file, line: line)
        let expected = whole.violations.filter { $0.invariant != "way-forward" }
        XCTAssertEqual(printed.violations.map(\.invariant), expected.map(\.invariant), label, file: file, line: line)
        for (found, reference) in zip(printed.violations, expected) {
            XCTAssertEqual(found.path.map(\.description), reference.path.map(\.description), "\(label): \(found.invariant)", file: file, line: line)
            XCTAssertEqual(found.message, reference.message, "\(label): \(found.invariant)", file: file, line: line)
            XCTAssertEqual(found.occurrences, reference.occurrences, "\(label): \(found.invariant)", file: file, line: line)
            XCTAssertEqual(ScenarioWriter.bytes(of: found.counterexample), ScenarioWriter.bytes(of: reference.counterexample),
                           "\(label): \(found.invariant)", file: file, line: line)
        }
        XCTAssertEqual(printed.skipped, ["way-forward"], label, file: file, line: line)
    }

    func testThePlantedBugsAreFoundAsTheSearchOfWholeStatesFindsThem() throws {
        for bug in [nil] + PlantedPager.Bug.allCases {
            let explorer = BehaviourExplorer(PlantedPager(bug: bug), scenario: try scenario(), key: PlantedPager.key, maxDepth: 6)
            assertSame(explorer, "\(bug.map { "\($0)" } ?? "no bug")")
            XCTAssertEqual(explorer.search().violations.isEmpty, bug == nil)
        }
    }

    func testThePresetsBehavioursSearchAsWholeStates() throws {
        for preset in ["seed000", "seed001", "standard"] {
            let list = try scenario(preset, total: 45)
            let behaviour = try XCTUnwrap(list.presetBehaviour)
            func check<Logic: PagingBehaviour>(_ logic: Logic) {
                assertSame(BehaviourExplorer(logic, scenario: list, maxDepth: 5), preset)
            }
            check(behaviour)
        }
    }

    /// A cap on the states ends the search with the counts so far, as `run` ends.
    func testACapEndsBothSearchesAlike() throws {
        var explorer = BehaviourExplorer(RulesBehaviour(config: try scenario().config), scenario: try scenario(),
                                         maxDepth: 12, maxStates: 300)
        assertSame(explorer, "capped")
        XCTAssertTrue(explorer.search().statistics.capped)
        explorer.maxStates = 1
        XCTAssertEqual(explorer.search().statistics.states, explorer.run().statistics.states)
    }
}
