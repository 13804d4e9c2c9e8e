import FeedEngine
import FeedFramesTesting
import Foundation
import XCTest

/// What a reviewer sees when the view model changes: in a scratch folder (the committed references
/// stay untouched), the frames record, match, and then fail readably after a change — the page size
/// raised from 20 to 25, so a page of 20 now reads as the last and the footer says so.
final class InboxChangeTests: XCTestCase {
    func testAChangedViewModelFailsWithADiffAReviewerCanRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inbox-change-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = FramesScenario.preset("standard", source: .init(total: 50, pageSize: 20),
                                         events: ["launch", "wait 1", "scroll to bottom", "wait 1"])
        func verify(_ logic: InboxBehaviour) -> FramesFailure? {
            verifyFrames(of: list.playing(logic), snapshotDirectory: folder.path, environment: [:],
                         testFile: #filePath, testName: "inbox")
        }
        XCTAssertEqual(verify(InboxBehaviour())?.kind, .missingReference(recorded: true), "the first run records")
        XCTAssertNil(verify(InboxBehaviour()), "the same view model matches")
        let changed = try XCTUnwrap(verify(InboxBehaviour(pageSize: 25)), "a changed view model must fail")
        XCTAssertEqual(changed.kind, .mismatch)
        // The message names the frames that changed and how, and where to look.
        XCTAssertTrue(changed.message.contains("No more data"), changed.message)
        XCTAssertTrue(changed.message.contains("feedframes diff"), changed.message)
    }
}
