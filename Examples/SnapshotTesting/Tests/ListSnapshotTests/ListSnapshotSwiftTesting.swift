import FeedFramesSnapshotTesting
import FeedFramesTesting
import Foundation
import SnapshotTesting
import Testing

/// The same strategies under Swift Testing: `assertSnapshot` records an `Issue`
/// in a `@Test`, and `withSnapshotTesting(record:)` sets the record mode.
@Suite struct ListSnapshotSwiftTesting {
    @Test func refreshAsText() {
        assertSnapshot(of: .preset("standard", source: .init(total: 30),
                                   events: ["launch", "wait 1", "drag to -80", "release", "wait 1"]),
                       as: .feedFrames(.text))
    }

    @Test func aChangedListIsAnIssue() {
        // Its reference is refreshAsText's, copied: the 30-item refresh. Never recorded over.
        withKnownIssue("12 items instead of 30 differ from the recorded refresh") {
            withSnapshotTesting(record: .never) {
                assertSnapshot(of: .preset("standard", source: .init(total: 12),
                                           events: ["launch", "wait 1", "drag to -80", "release", "wait 1"]),
                               as: .feedFrames(.text))
            }
        } matching: { issue in
            // A line diff against the reference, not a missing one.
            String(describing: issue).contains("@@ ")
        }
    }
}
