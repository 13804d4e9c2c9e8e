import FeedEngine
import FeedExplorer
import FeedScenario
import PlantedBehaviours
import XCTest

/// SPEC §10: `explore` on a team's own logic. The standard rules read only the screen and FeedFrames'
/// request log; each planted bug is found with its shortest counterexample, which replays.
final class BehaviourExplorerTests: XCTestCase {
    /// 60 items in pages of 20, a second a reply: three pages, then the end.
    func list() throws -> Scenario {
        try ExplorerFixtures.scenario(#"{ "name": "pager", "preset": "standard", "source": { "total": 60, "pageSize": 20, "latency": 1 }, "events": ["launch"] }"#)
    }

    func explore(_ bug: PlantedPager.Bug?, depth: Int = 6,
                 invariants: [BehaviourInvariant<PlantedPager.State>] = BehaviourInvariant.standard) throws -> BehaviourExploration<PlantedPager> {
        BehaviourExplorer(PlantedPager(bug: bug), scenario: try list(), invariants: invariants, key: PlantedPager.key, maxDepth: depth).run()
    }

    func testTheLogicWithoutABugKeepsEveryRule() throws {
        let found = try explore(nil)
        XCTAssertEqual(found.violations.map(\.invariant), [])
        XCTAssertGreaterThan(found.statistics.states, 50, "the search went somewhere")
        XCTAssertEqual(found.invariants.map(\.name), ["one-request-in-flight", "no-row-lost-or-duplicated", "page-index-moves-only-on-success",
                                                      "spinner-has-a-request", "header-and-footer-not-both-loading", "way-forward"])
    }

    /// Each planted bug breaks the rule that names it, by the shortest path (breadth-first: no shorter one exists).
    func testEachPlantedBugIsFoundWithItsShortestCounterexample() throws {
        let expected: [(PlantedPager.Bug, String, [String])] = [
            // A pull starts a refresh; the last row shows and loads more without checking: two in flight.
            (.requestWhileInFlight, "one-request-in-flight", ["wait 1 (reply 1: full)", "drag to -55, release", "scroll to bottom"]),
            // The load-more fails: the footer keeps its spinner with nothing in flight.
            (.spinnerNeverStops, "spinner-has-a-request", ["wait 1 (reply 1: full)", "scroll to bottom", "wait 1 (reply 2: fail)"]),
            // A pull while page 1 loads: the refresh does not cancel it, and its out-of-date page lands.
            (.stalePageAfterRefresh, "no-row-lost-or-duplicated", ["drag to -55, release", "wait 1 (reply 1: full; reply 2: full)"]),
            // Page 2 fails; the footer's retry asks for page 3.
            (.pageIndexMovesOnFailure, "page-index-moves-only-on-success",
             ["wait 1 (reply 1: full)", "scroll to bottom", "wait 1 (reply 2: fail)", "tap footer"]),
        ]
        for (bug, rule, path) in expected {
            let found = try explore(bug)
            let violation = try XCTUnwrap(found.violation(rule), "\(bug): \(rule) not found; found \(found.violations.map(\.invariant))")
            XCTAssertEqual(violation.path.map(\.description), path, "\(bug): \(violation.message)")
            XCTAssertGreaterThan(violation.occurrences, 0)
        }
    }

    /// A spinner counts where the user sees it: seed001's footer view spins for ever (the seed never stops
    /// it), but below a full page it is out of view; the shortest breach is the short page, whose ten rows
    /// leave the spinning footer on screen.
    func testASpinnerOutOfViewIsNotReported() throws {
        let scenario = try ExplorerFixtures.scenario(#"{ "name": "seed001", "preset": "seed001", "events": ["launch"] }"#)
        let found = BehaviourExplorer(try XCTUnwrap(scenario.behaviour as? Seed001Behaviour), scenario: scenario,
                                      invariants: [.spinnerHasARequest], maxDepth: 2).run()
        let violation = try XCTUnwrap(found.violation("spinner-has-a-request"))
        XCTAssertEqual(violation.path.map(\.description), ["wait 2 (reply 1: short)"])
        let full = try XCTUnwrap(found.graph.states.first { $0.pageIndex == 1 && $0.screen.rows.count == 20 && $0.inFlight.isEmpty })
        XCTAssertTrue(full.screen.footerPart.spinner)
        XCTAssertFalse(full.viewsInView.footer, "a full page pushes the footer below the screen")
        XCTAssertNil(BehaviourInvariant<Seed001Behaviour.State>.spinnerHasARequest.state?(full.state, full.screen, full.facts))
    }

    /// A counterexample is a scenario file: written, read back and played with the same logic, it
    /// breaks the same rule at its end — the rule read from the replay's own journal and screen.
    func testEveryCounterexampleReplaysFromItsFile() throws {
        for bug in PlantedPager.Bug.allCases {
            let found = try explore(bug)
            XCTAssertFalse(found.violations.isEmpty, "\(bug)")
            for violation in found.violations where violation.invariant != "way-forward" {
                let bytes = ScenarioWriter.bytes(of: violation.counterexample)
                let replay = try ScenarioReader.read(bytes, file: "\(violation.invariant).json")
                XCTAssertEqual(replay.steps.count, 1 + violation.path.flatMap(\.steps).count)
                var runner = BehaviourRunner(PlantedPager(bug: bug), scenario: replay)
                runner.journal = []
                runner.run(replay.steps) { (_: Frame) throws(Never) in }
                let rule = try XCTUnwrap(BehaviourInvariant<PlantedPager.State>.standard.first { $0.name == violation.invariant })
                let seen = (runner.journal ?? []).lazy.compactMap { rule.callback?($0) }.first
                    ?? rule.state?(runner.state, runner.screen, runner.facts)
                XCTAssertEqual(seen, violation.message, "\(bug): the replay of \(violation.invariant) ends as the search saw it")
                XCTAssertEqual(replay.frames(playing: PlantedPager(bug: bug)).last?.layout.rows.map(\.item.id),
                               runner.layout.rows.map(\.item.id), "render plays the same")
            }
        }
    }

    /// A team adds its own rule: a named predicate over its state and what the list shows.
    func testATeamsOwnInvariantIsCheckedAndReportedByName() throws {
        let atMostTwoPages = BehaviourInvariant<PlantedPager.State>(name: "at-most-two-pages", summary: "The list never holds more than 40 rows.") { state, screen in
            screen.rows.count > 40 ? "\(screen.rows.count) rows after \(state.page) pages" : nil
        }
        let holds = BehaviourInvariant<PlantedPager.State>(name: "footer-failed-only-after-a-failure", summary: "") { state, screen in
            screen.footer == .failed && !state.failed ? "failed footer without a failure" : nil
        }
        let found = try explore(nil, depth: 6, invariants: BehaviourInvariant.standard + [atMostTwoPages, holds])
        XCTAssertEqual(found.violations.map(\.invariant), ["at-most-two-pages"])
        let violation = try XCTUnwrap(found.violation("at-most-two-pages"))
        XCTAssertEqual(violation.message, "60 rows after 3 pages")
        XCTAssertEqual(violation.path.map(\.description), ["wait 1 (reply 1: full)", "scroll to bottom", "wait 1 (reply 2: full)",
                                                           "scroll to bottom", "wait 1 (reply 3: full)"])
        XCTAssertEqual(found.invariants.last?.name, "footer-failed-only-after-a-failure", "a rule that holds is listed too")
    }

    /// The key abstracts what need not be told apart: with request numbers relative, the search closes
    /// where the whole state (its request counter growing forever) never would.
    func testTheKeyLetsTheSearchClose() throws {
        let list = try ExplorerFixtures.scenario(#"{ "name": "short", "preset": "standard", "source": { "total": 5, "pageSize": 20, "latency": 1 }, "events": ["launch"] }"#)
        let outcomes: [ScriptedReply] = [.short, .fail]
        let keyed = BehaviourExplorer(PlantedPager(), scenario: list, key: PlantedPager.key, outcomes: outcomes, maxDepth: 40).run()
        let whole = BehaviourExplorer(PlantedPager(), scenario: list, outcomes: outcomes, maxDepth: 10).run()
        XCTAssertTrue(keyed.statistics.complete, "\(keyed.statistics)")
        XCTAssertLessThan(keyed.statistics.depthReached, 40)
        XCTAssertEqual(keyed.violations.map(\.invariant), [])
        XCTAssertFalse(whole.statistics.complete)
        XCTAssertGreaterThan(whole.statistics.states, keyed.statistics.states)
    }
}
