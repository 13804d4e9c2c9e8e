import FeedEngine
import FeedFramesXCTest
import XCTest

/// The shipped reducer's stale page, as FeedFrames plays UIKit around it: the counterexample explore
/// found (`Scenarios/stale-page.json`), snapshotted frame by frame; the references are in `__Snapshots__`.
final class SnapshotTests: XCTestCase {
    func testTheStalePageLandsAfterTheRefresh() {
        assertFrames(of: FramesScenario.file("Scenarios/stale-page.json").playing(FeedBehaviour()))
    }
}
