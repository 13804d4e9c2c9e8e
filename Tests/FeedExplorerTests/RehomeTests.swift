@testable import FeedEngine
@testable import FeedExplorer
import FeedScenario
import XCTest

/// A search thread gives a state another thread made rows of its own (`BehaviourRunner.detach`, `PresetRows.rehome`):
/// the run is the same run — state, screen, key and successors — in other storage, the same storage again for the same
/// rows (while the memo keeps them).
final class RehomeTests: XCTestCase {
    func testADetachedRunIsTheSameRunInRowsOfTheThreadsOwn() throws {
        for preset in ["seed000", "seed001", "standard"] {
            let list = try ExplorerFixtures.scenario(#"{ "name": "pager", "preset": "\#(preset)", "source": { "total": 45, "pageSize": 20, "latency": 1 }, "events": ["launch"] }"#)
            func check<Logic: PagingBehaviour>(_ explorer: BehaviourExplorer<Logic>) {
                let memo = SearchMemo(slots: 64)
                let states = explorer.run().graph.states
                var rehomed = 0
                for runner in states {
                    var moved = runner
                    SearchMemo.bind(memo) { moved.detach() }
                    XCTAssertEqual(moved.state, runner.state, preset)
                    XCTAssertEqual(moved.screen, runner.screen, preset)
                    XCTAssertEqual(moved.searchKey(explorer.key, latencyPhase: explorer.latencyPhase(moved)),
                                   runner.searchKey(explorer.key, latencyPhase: explorer.latencyPhase(runner)), preset)
                    guard !runner.screen.rows.isEmpty else { continue }
                    let before = StorageKey(runner.screen.rows), after = StorageKey(moved.screen.rows)
                    XCTAssertNotEqual(after, before, "\(preset): rows in storage of their own")
                    var again = runner
                    SearchMemo.bind(memo) { again.detach() }
                    XCTAssertEqual(StorageKey(again.screen.rows), after, "\(preset): the same home for the same rows")
                    rehomed += 1
                    // Its successors are the original's.
                    let keys = { (runner: BehaviourRunner<Logic>) in
                        explorer.successors(of: runner, source: explorer.source).map { _, reached in
                            var reached = reached
                            _ = explorer.callbackBreaches(&reached)
                            return reached.searchKey(explorer.key, latencyPhase: explorer.latencyPhase(reached))
                        }
                    }
                    XCTAssertEqual(SearchMemo.bind(memo) { keys(moved) }, keys(runner), preset)
                }
                XCTAssertGreaterThan(rehomed, 20, preset)
                // Without a memo bound (a render), detaching leaves the rows where they are.
                if let runner = states.last(where: { !$0.screen.rows.isEmpty }) {
                    var moved = runner
                    moved.detach()
                    XCTAssertEqual(StorageKey(moved.screen.rows), StorageKey(runner.screen.rows), preset)
                }
            }
            func explore<Logic: PagingBehaviour>(_ logic: Logic) { check(BehaviourExplorer(logic, scenario: list, maxDepth: 6)) }
            let behaviour = try XCTUnwrap(list.presetBehaviour)
            explore(behaviour)
        }
    }
}
