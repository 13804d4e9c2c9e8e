@testable import FeedEngine
import FeedExplorer
import FeedScenario
import JSONText
import XCTest
@testable import ReferenceEngine

/// The search finds what SPEC says it must: seed001's stuck spinner with the
/// shortest path to it, nothing in `standard` or `seed000`, and a rule broken
/// on purpose.
final class ExplorerTests: XCTestCase {
    func testSeed001StuckSpinnerHasAMinimalCounterexampleThatReplays() throws {
        let scenario = try ExplorerFixtures.preset("seed001")
        let exploration = ExplorerFixtures.explore(scenario, depth: 6)
        XCTAssertEqual(exploration.violations.map(\.invariant), ["way-forward"], "only the stuck spinner")
        let violation = try XCTUnwrap(exploration.violation("way-forward"))

        // The shortest: the first request fails, and seed001 has no way out of that.
        XCTAssertEqual(violation.path.count, 1)
        XCTAssertEqual(CounterexampleWriter.events(violation.path), ["launch", "wait 2"])
        XCTAssertEqual(CounterexampleWriter.replies(violation.path, issued: violation.state.feed.requestsIssued), [.fail])
        XCTAssertGreaterThan(violation.occurrences, 1, "every state after a failure is stuck, not just the first")

        // The file it writes replays, through the runner and the real engine, to the very state.
        let counterexample = CounterexampleWriter.scenario(path: violation.path, end: violation.state.feed, base: scenario,
                                                 source: ExplorerModel(scenario: scenario).source,
                                                 name: "counterexample-way-forward", description: violation.message)
        let (replayed, state) = try ExplorerFixtures.replay(ScenarioWriter.bytes(of: counterexample))
        XCTAssertEqual(replayed.steps.count, 2)
        XCTAssertEqual(state.layout(), violation.state.feed.layout())
        XCTAssertNil(state.request)
        XCTAssertTrue(state.stuck)
        XCTAssertEqual(state.footerState, .loading, "the spinner spins for ever")
        XCTAssertFalse(state.retryVisible)
    }

    func testSeed001StuckAfterAFailedLoadMoreAsInTheSeed() throws {
        // The seed's own story: rows on screen, the load-more fails, nothing loads again.
        // Deep enough that every state of the closed region after the failure is expanded.
        let exploration = ExplorerFixtures.explore(try ExplorerFixtures.preset("seed001"), depth: 8)
        let first = try XCTUnwrap(exploration.flagged.sorted().first { !exploration.graph.states[$0].feed.items.isEmpty })
        let path = exploration.graph.path(to: first)
        XCTAssertEqual(path.map(\.description), ["wait 2 (reply 1: full)", "scroll to bottom", "wait 2 (reply 2: fail)"])
        XCTAssertEqual(exploration.graph.states[first].feed.items.count, 20, "a failure loses nothing")
    }

    func testStandardIsCleanAtDepth8() throws {
        let exploration = ExplorerFixtures.explore(try ExplorerFixtures.preset("standard"), depth: 8)
        XCTAssertEqual(exploration.violations.map { "\($0.invariant): \($0.message)" }, [])
        XCTAssertGreaterThan(exploration.statistics.states, 500)
        XCTAssertEqual(exploration.statistics.depthReached, 8)
    }

    func testSeed000IsCleanAtDepth8() throws {
        let exploration = ExplorerFixtures.explore(try ExplorerFixtures.preset("seed000"), depth: 8)
        XCTAssertEqual(exploration.violations.map { "\($0.invariant): \($0.message)" }, [])
        XCTAssertGreaterThan(exploration.statistics.states, 500)
    }

    func testABrokenRuleIsCaughtWithItsShortestPath() throws {
        // A reducer that appends the page of a stale reply, as the complaint "a stale
        // page appended after a refresh" describes.
        let broken: ExplorerModel.Step = { state, event in
            if case .replyArrived(let reply) = event, state.request?.id != reply.requestID,
               case .success(let page) = reply.outcome {
                for item in page {
                    state.items.append(item)
                    state.offsets.append(item.height ?? state.config.rowHeight)
                }
            }
            return state.reduce(event)
        }
        let exploration = ExplorerFixtures.explore(try ExplorerFixtures.preset("standard"), depth: 5, step: broken)
        let violation = try XCTUnwrap(exploration.violation("no-row-lost-or-duplicated"))
        // Load page 1, scroll to the end (a load-more starts), pull to refresh (it is cancelled), wait.
        XCTAssertEqual(violation.path.map(\.move), [.wait, .scrollToBottom, .pullHeader, .wait])
        XCTAssertEqual(CounterexampleWriter.events(violation.path),
                       ["launch", "wait 1", "scroll to bottom", "drag to -55", "release", "wait 1"])
        XCTAssertTrue(violation.message.hasPrefix("stale reply 2 changed the rows"), violation.message)
        XCTAssertTrue(exploration.graph.edges.contains { $0.breaks })
    }

    func testSearchStatesDeduplicateAcrossCountersAndTime() throws {
        let scenario = try ExplorerFixtures.preset("standard")
        let model = ExplorerModel(scenario: scenario)
        let (start, _) = model.start(scenario.initialState)
        var later = start
        _ = later.feed.reduce(.clockAdvanced(to: 5))
        later.timeline = later.timeline.map(shiftedBy: 5) { request, payload in (request, payload) }
        later.feed.suppressed = 3
        XCTAssertEqual(model.key(start), model.key(later), "the same moment, five seconds on, with counters, is the same state")
        later.feed.contentOffset += 1
        XCTAssertNotEqual(model.key(start), model.key(later))
    }

    /// Issue 15: the default of 5,000,000 states needed about 23 GB; the default fits a
    /// 24 GB machine four times over.
    func testTheDefaultMaxStatesFitsWithRoomToSpare() throws {
        XCTAssertLessThanOrEqual(Double(Explorer.defaultMaxStates * Explorer.bytesPerState), 24e9 / 4)
        XCTAssertEqual(Explorer(model: ExplorerModel(scenario: try ExplorerFixtures.preset("standard"))).maxStates, Explorer.defaultMaxStates)
        XCTAssertEqual(Explorer.memory(forStates: Explorer.defaultMaxStates), "4.6 GB")
        XCTAssertEqual(Explorer.memory(forStates: 1_000), "5 MB")
    }

    func testStateKeyCoversEveryStoredFieldOfFeedState() {
        // A new stored field in FeedState must be added to StateKey, or listed here as not mattering.
        let fields = Mirror(reflecting: FeedState(config: Preset.standard.config()!)).children.compactMap(\.label)
        XCTAssertEqual(fields, [
            "configuration", "viewport",
            "insets", "style",  // the scenario's, constant like config
            "time", "items", "offsets",
            "sectionStarts",  // follows from the rows, like offsets
            "knownIDs", "pageIndex", "request", "requestsIssued",
            "contentOffset", "isDragging", "launched", "hasData", "exhausted", "footerFailed", "autoLoadBlocked",
            "stuck", "retryKind", "toast", "emptyShown", "suppressed", "staleReplies", "duplicatesDropped",
            "lastFailure", "hasFailed",  // what failed last: a record, like the counters; it changes nothing next
        ])
    }

    func testAClosedStuckRegionIsFoundEvenPastTheDepthLimitOnlyWhenClosed() throws {
        // At depth 1 the stuck state is found but not expanded: undecided, not reported.
        let exploration = ExplorerFixtures.explore(try ExplorerFixtures.preset("seed001"), depth: 1)
        XCTAssertNil(exploration.violation("way-forward"))
        XCTAssertGreaterThan(exploration.statistics.undecided, 0)
    }
}
