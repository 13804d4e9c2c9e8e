@_exported import FeedFramesTesting
import Testing

/// Records an issue in the current Swift Testing test when a scenario's
/// frames differ from the references beside the test file (see
/// `verifyFrames` for the parameters). Like `#expect`, the test goes on.
///
/// ```swift
/// import FeedFramesSwiftTesting
/// import Testing
///
/// @Test func myList() {
///     expectFrames(of: .preset("standard", source: .init(total: 30), events: ["launch", "wait 1", "scroll to bottom"]))
/// }
/// ```
public func expectFrames(of scenario: FramesScenario,
                         as strategies: [FrameStrategy] = [.text, .json],
                         named name: String? = nil,
                         record: RecordMode? = nil,
                         snapshotDirectory: String? = nil,
                         testName: String = #function,
                         sourceLocation: SourceLocation = #_sourceLocation) {
    if let failure = verifyFrames(of: scenario, as: strategies, named: name, record: record,
                                  snapshotDirectory: snapshotDirectory,
                                  testFile: sourceLocation.filePath, testName: testName) {
        Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation)
    }
}
