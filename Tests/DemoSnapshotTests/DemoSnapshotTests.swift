import FeedFramesResources
import FeedFramesXCTest
import XCTest

/// Every built-in demo, frame by frame, against the text and JSON references
/// in `__Snapshots__/DemoSnapshotTests/testEveryDemo.<demo>/`: a change to a
/// rule or a template shows up here as the exact frames and lines it moved.
///
/// After an intended change: `FEEDFRAMES_RECORD=failed swift test --filter DemoSnapshotTests`,
/// review the changed references (`git diff`), commit them.
final class DemoSnapshotTests: XCTestCase {
    func testEveryDemo() {
        let names = Embedded.demos.keys.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 15)
        for file in names {
            let demo = String(file.dropLast(".json".count))
            assertFrames(of: .json(Embedded.demos[file] ?? "", file: "demos/\(file)", files: Embedded.demoFiles), named: demo)
        }
    }
}
