import FeedFramesProcess
import Foundation
import XCTest

/// `feedframes explore` says up front how many states it may hold and about
/// how much memory that takes (issue 15: the default of 5,000,000 needed about 23 GB).
final class ExploreCommandTests: XCTestCase {
    var cli: Subprocess!

    override func setUpWithError() throws {
        cli = try Subprocess()
        _ = try Subprocess.binary()
    }

    override func tearDown() { cli?.cleanUp() }

    func testTheDefaultFitsAndTheRunSaysWhatItMayUse() throws {
        let outcome = try cli.run("explore", "--preset", "seed001", "--depth", "2", "--out", "out")
        XCTAssertEqual(outcome.stdout.split(separator: "\n").first,
                       "explore seed001: at most 1,000,000 states, up to about 4.6 GB of memory (--max-states to change)")
        XCTAssertEqual(outcome.crashSigns, [])
    }

    func testMaxStatesAtItsLimitAndOnePast() throws {
        let atLimit = try cli.run("explore", "--preset", "standard", "--depth", "1", "--max-states", "100000000", "--out", "out")
        XCTAssertEqual(atLimit.status, 0, atLimit.stderr)
        XCTAssertEqual(atLimit.stdout.split(separator: "\n").first,
                       "explore standard: at most 100,000,000 states, up to about 460.0 GB of memory (--max-states to change)")
        let past = try cli.run("explore", "--preset", "standard", "--depth", "1", "--max-states", "100000001", "--out", "out")
        XCTAssertEqual(past.status, 64)
        XCTAssertEqual(past.stderrLines.first, "Error: bad --max-states '100000001' (expected a number from 1 to 100000000)")
    }
}
