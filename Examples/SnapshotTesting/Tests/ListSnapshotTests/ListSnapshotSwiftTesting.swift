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

    /// A team's own paging logic played instead of the preset's rules, as text and as JSON frames.
    @Test func aTeamsOwnLogic() {
        let scenario = FramesScenario.preset("standard", source: .init(total: 30),
                                             events: ["launch", "wait 1", "scroll to bottom", "wait 1"]).playing(NextPagePager())
        assertSnapshot(of: scenario, as: .feedFrames(.text))
        assertSnapshot(of: scenario, as: .feedFrames(.json))
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
