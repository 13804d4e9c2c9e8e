import FeedEngine
import FeedExplorer
import FeedScenario
import PlantedBehaviours
import XCTest

/// Sweeps run a scenario over a grid and mark where behaviour flips.
final class SweepTests: XCTestCase {
    func testViewportHeightFlipsWhereTheFirstPageNoLongerFillsTheScreen() throws {
        // standard: 20 rows of 44 pt; prefetch 3 fires when row 16 (top 704) shows.
        let scenario = try ExplorerFixtures.scenario(#"{ "name": "tall", "preset": "standard", "events": ["launch", "wait 1"] }"#)
        let table = try Sweep.run(scenario, parameters: [try SweepParameter.parse("viewport.height=600..800:10").get()])
        XCTAssertEqual(table.rows.count, 21)
        XCTAssertEqual(table.flips.map(\.values), [[710]])
        XCTAssertEqual(table.flips.first?.changed, ["load-more", "final"])
        XCTAssertEqual(table.rows.first { $0.values == [700] }?.outcome.loadMores, [])
        XCTAssertEqual(table.rows.first { $0.values == [710] }?.outcome.loadMores, [1])
        XCTAssertTrue(table.text.contains("* load-more, final"))
    }

    /// SPEC §10: a sweep with a team's logic playing reads FeedFrames' own log: requests as they started,
    /// stale replies delivered; what the logic suppressed is unknown ("n/a").
    func testASweepOfATeamsLogicReadsFeedFramesLog() throws {
        let scenario = try ExplorerFixtures.scenario(#"{ "name": "pull", "preset": "standard", "source": { "total": 100, "latency": 1 }, "events": ["launch", "wait 1", "scroll to bottom", "refresh", "wait 1"] }"#)
        let grid = [try SweepParameter.parse("source.pageSize=20..40:10").get()]
        let stale = try Sweep.run(scenario, parameters: grid, playing: PlantedPager(bug: .stalePageAfterRefresh, pageSize: 20))
        let fixed = try Sweep.run(scenario, parameters: grid, playing: PlantedPager(pageSize: 20))
        XCTAssertEqual(stale.rows.map(\.outcome.staleReplies), [1, 1, 1], "the load-more's reply lands after the refresh began")
        XCTAssertEqual(fixed.rows.map(\.outcome.staleReplies), [0, 0, 0], "cancelled: its reply never arrives")
        XCTAssertEqual(fixed.rows.map(\.outcome.loadMores), [[1], [1], [1]])
        XCTAssertEqual(fixed.rows.map(\.outcome.refreshes), [[1], [1], [1]])
        XCTAssertEqual(fixed.rows.map(\.outcome.rows), [20, 30, 40], "the refresh's page")
        XCTAssertNil(fixed.rows[0].outcome.suppressed)
        XCTAssertTrue(fixed.text.contains("n/a"), fixed.text)
    }

    func testTwoParametersFlipOnlyWithinABlock() throws {
        let scenario = try ExplorerFixtures.scenario(#"{ "preset": "standard", "events": ["launch", "wait 1"] }"#)
        let table = try Sweep.run(scenario, parameters: [
            try SweepParameter.parse("footer.prefetchRows=0..3").get(),
            try SweepParameter.parse("viewport.height=660..720:20").get(),
        ])
        XCTAssertEqual(table.rows.count, 16)
        XCTAssertFalse(table.rows.enumerated().contains { $0.offset % 4 == 0 && $0.element.flips }, "a block's first row is not compared")
        XCTAssertFalse(table.flips.isEmpty)
    }

    func testBadParametersSayWhatWasExpected() {
        func message(_ text: String) -> String? {
            if case .failure(let error) = SweepParameter.parse(text) { return error.message }
            return nil
        }
        XCTAssertEqual(message("viewport.height"), "'viewport.height': expected NAME=FROM..TO[:STEP], e.g. viewport.height=600..800:10")
        XCTAssertTrue(message("viewport.depth=1..2")?.hasPrefix("'viewport.depth': unknown parameter (expected one of footer.prefetchRows") ?? false)
        XCTAssertEqual(message("source.pageSize=1..2:0.5"), "'source.pageSize=1..2:0.5': source.pageSize takes whole numbers, not 1.5")
        XCTAssertEqual(message("rowHeight=5..1"), "'rowHeight=5..1': FROM must not be above TO")
        XCTAssertNotNil(message("rowHeight=0..10"))
        XCTAssertNil(message("source.latency=0..2:0.5"))
    }

    /// Issue 15: these died with SIGILL (a Double too large for Int, before the 10,000 cap).
    func testHugeValueCountsAreRefusedNotTrapped() {
        func message(_ text: String) -> String? {
            if case .failure(let error) = SweepParameter.parse(text) { return error.message }
            return nil
        }
        XCTAssertEqual(message("viewport.height=600..800:1e-18"),
                       "'viewport.height=600..800:1e-18': about 2e+20 values (expected at most 10000; use a larger STEP)")
        XCTAssertEqual(message("viewport.height=0..1e300"),
                       "'viewport.height=0..1e300': about 1e+300 values (expected at most 10000; use a larger STEP)")
        XCTAssertEqual(message("viewport.height=-1e308..1e308"),
                       "'viewport.height=-1e308..1e308': too many values (expected at most 10000; use a larger STEP)")
        XCTAssertEqual(message("viewport.height=1..1e300:1e-300"),
                       "'viewport.height=1..1e300:1e-300': too many values (expected at most 10000; use a larger STEP)")
        XCTAssertEqual(message("source.total=0..10000"), "'source.total=0..10000': 10001 values (expected at most 10000; use a larger STEP)")
        XCTAssertEqual(try? SweepParameter.parse("source.total=1..10000").get().values.count, 10_000, "the cap itself")
        // Found by the sweep fuzzer: a value of ":" alone indexed an empty list.
        XCTAssertEqual(message("source.latency=:"), "'source.latency=:': expected NAME=FROM..TO[:STEP], e.g. viewport.height=600..800:10")
        XCTAssertEqual(message("rowHeight=1..2:"), "'rowHeight=1..2:': STEP must be a number above 0")
    }

    /// The grid's own checks, which the command runs on its command line (exit 64) before it reads the scenario.
    func testAGridTooLargeOrWithAParameterTwiceIsRefused() throws {
        let height = try SweepParameter.parse("viewport.height=1..10000").get(), width = try SweepParameter.parse("viewport.width=1..2").get()
        func message(_ parameters: [SweepParameter]) -> String? {
            do throws(SweepError) { try Sweep.checkGrid(parameters) } catch { return error.message }
            return nil
        }
        XCTAssertEqual(message([height, width]), "20000 runs (expected at most 10000; use larger steps or fewer parameters)")
        XCTAssertEqual(message([width, width]), "viewport.width is given twice (expected each parameter once)")
        XCTAssertEqual(message([]), "no --param given (expected at least one NAME=FROM..TO[:STEP])")
        XCTAssertNil(message([height]))
    }

    func testAParameterTheListLacksIsAnError() throws {
        let scenario = try ExplorerFixtures.preset("seed001")
        XCTAssertThrowsError(try Sweep.run(scenario, parameters: [try SweepParameter.parse("header.armDistance=50..60").get()])) { error in
            XCTAssertEqual((error as? SweepError)?.message, "header.armDistance: the scenario's list has no header (preset seed001)")
        }
    }
}
