import FeedEngine
import FeedFramesXCTest
import XCTest

/// The inbox's view model, snapshotted as FeedFrames plays UIKit around it: the first page, load-more
/// from `willDisplay` of the last row, a failed page and its retry from the footer, a pull to refresh.
final class InboxSnapshotTests: XCTestCase {
    func testTheInboxPagesFailsAndRefreshes() {
        assertFrames(of: FramesScenario.preset(
            "standard",
            source: .init(total: 50, pageSize: 20, failures: [3]),
            events: ["launch", "wait 1", "scroll to bottom", "wait 1", "scroll to bottom", "wait 1", "tap footer", "wait 1",
                     "scroll to top", "drag by -70", "release", "wait 1"]).playing(InboxBehaviour()))
    }
}
