@_exported import FeedFramesTesting
import XCTest

/// Fails the current XCTest test when a scenario's frames differ from the
/// references beside the test file (see `verifyFrames` for the parameters).
///
/// ```swift
/// import FeedFramesXCTest
///
/// func testMyList() {
///     assertFrames(of: .preset("standard", source: .init(total: 30), events: ["launch", "wait 1", "scroll to bottom"]))
/// }
/// ```
public func assertFrames(of scenario: FramesScenario,
                         as strategies: [FrameStrategy] = [.text, .json],
                         named name: String? = nil,
                         record: RecordMode? = nil,
                         snapshotDirectory: String? = nil,
                         file: StaticString = #filePath,
                         testName: String = #function,
                         line: UInt = #line) {
    if let failure = verifyFrames(of: scenario, as: strategies, named: name, record: record,
                                  snapshotDirectory: snapshotDirectory,
                                  testFile: String(describing: file), testName: testName) {
        XCTFail(failure.message, file: file, line: line)
    }
}
