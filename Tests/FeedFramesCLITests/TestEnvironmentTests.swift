import TestSupport
import XCTest

/// The rules every suite follows (Tests/Support/TestEnvironment.swift): a missing
/// input skips, and says what, except on CI, where it fails; random tests take
/// their seed from FEEDFRAMES_SEED when it is set.
final class TestEnvironmentTests: XCTestCase {
    func testCIIsReadAsRecordModeReadsIt() {
        for value in ["true", "1", "yes", "TRUE"] { XCTAssertTrue(isCI(["CI": value]), value) }
        for value in ["", "false", "False", "0"] { XCTAssertFalse(isCI(["CI": value]), value) }
        XCTAssertFalse(isCI([:]))
    }

    func testAMissingInputSkipsOutsideCIAndFailsOnCI() {
        let local = missingInput("spec not found", environment: [:])
        XCTAssertTrue(local is XCTSkip, "\(type(of: local))")
        XCTAssertTrue("\(local)".contains("spec not found"), "the skip says what was skipped: \(local)")

        let onCI = missingInput("spec not found", environment: ["CI": "true"])
        XCTAssertFalse(onCI is XCTSkip, "on CI a missing input is a failure, not a skip")
        XCTAssertEqual("\(onCI)", "spec not found (CI is set: a missing input fails instead of skipping)")
    }

    func testSeedsAreFixedUnlessTheEnvironmentSaysOtherwise() {
        XCTAssertEqual(randomSeed(42, environment: [:]), 42)
        XCTAssertEqual(randomSeed(42, environment: ["FEEDFRAMES_SEED": ""]), 42)
        XCTAssertEqual(randomSeed(42, environment: ["FEEDFRAMES_SEED": "7"]), 7)
        XCTAssertEqual(randomSeed(42, environment: ["FEEDFRAMES_SEED": "0x5EED"]), 0x5EED)
        XCTAssertEqual(randomSeed(42, environment: ["FEEDFRAMES_SEED": "18446744073709551615"]), .max)
    }

    func testOnlyWholeNumbersAreSeeds() {
        XCTAssertEqual(parseSeed("0X1f"), 31)
        for text in ["x", "-1", "1.5", "0x", "18446744073709551616"] { XCTAssertNil(parseSeed(text), text) }
    }
}
