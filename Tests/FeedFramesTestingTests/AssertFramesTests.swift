import FeedFramesXCTest
import XCTest

/// The XCTest adapter, as a user's test would call it, against references
/// checked in under `__Snapshots__/AssertFramesTests/`.
final class AssertFramesTests: XCTestCase {
    func testAssertFramesMatchesItsReference() {
        assertFrames(of: .preset("standard", source: .init(total: 30, failures: [2]),
                                 events: ["launch", "wait 1", "scroll to bottom", "wait 1", "tap footer", "wait 1"]))
    }
}
