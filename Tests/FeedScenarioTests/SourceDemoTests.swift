import FeedEngine
import FeedFramesResources
import FeedScenario
import XCTest

/// The demos of issue 7: a feed that shifts under the reader (page numbers
/// repeat items, cursors do not) and seeded latencies that reorder replies.
final class SourceDemoTests: XCTestCase {
    func frames(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> [Frame] {
        let text = try XCTUnwrap(Embedded.demos["\(name).json"], "no demo \(name)", file: file, line: line)
        return try ScenarioReader.read(Array(text.utf8), file: "\(name).json").frames()
    }

    func ids(_ frame: Frame) -> [String] { frame.layout.rows.map(\.item.id) }

    func testOffsetPagingRepeatsTheItemsTheInsertPushedDown() throws {
        let frames = try frames("shifting-feed-offset")
        let page2 = try XCTUnwrap(frames.first { $0.cause == "wait 1 → reply 2: page 2, 20 items" })
        XCTAssertEqual(page2.time, 4)
        XCTAssertEqual(page2.layout.duplicatesDropped, 5, "items 16-20 came again and were dropped")
        XCTAssertEqual(page2.layout.itemCount, 35)
        XCTAssertEqual(ids(page2).suffix(3), ["19", "20", "21"], "after item 20 comes 21, not 16 again")
        let refreshed = try XCTUnwrap(frames.last)
        XCTAssertEqual(refreshed.cause, "wait 1 → reply 3: page 1, 20 items")
        XCTAssertEqual(Array(ids(refreshed).prefix(6)), ["new-5", "new-4", "new-3", "new-2", "new-1", "1"], "newest first")
        XCTAssertEqual(refreshed.layout.rows.first?.item.title, "Item new-5")
        XCTAssertEqual(refreshed.layout.duplicatesDropped, 5, "a count of the run, kept across the refresh")
    }

    func testCursorPagingContinuesAfterTheLastItemDelivered() throws {
        let frames = try frames("shifting-feed-cursor")
        let page2 = try XCTUnwrap(frames.first { $0.cause == "wait 1 → reply 2: page 2, 20 items" })
        XCTAssertEqual(page2.layout.duplicatesDropped, 0)
        XCTAssertEqual(page2.layout.itemCount, 40)
        XCTAssertEqual(ids(page2).suffix(3), ["19", "20", "21"])
        XCTAssertTrue(frames.allSatisfy { $0.layout.duplicatesDropped == 0 })
        XCTAssertEqual(Array(ids(try XCTUnwrap(frames.last)).prefix(6)), ["new-5", "new-4", "new-3", "new-2", "new-1", "1"])
    }

    func testBothShowTheSameFirstPageBeforeTheInsert() throws {
        let offset = try frames("shifting-feed-offset"), cursor = try frames("shifting-feed-cursor")
        XCTAssertEqual(offset.prefix(2).map(\.layout), cursor.prefix(2).map(\.layout))
    }

    func testSeededLatenciesLetTheRefreshOvertakeTheLoadMore() throws {
        let frames = try frames("replies-overtake")
        let more = try XCTUnwrap(frames.first { $0.layout.request?.kind == .more })
        XCTAssertEqual(more.cause, "scroll to bottom")
        let refresh = try XCTUnwrap(frames.first { $0.cause == "refresh" })
        XCTAssertEqual(refresh.layout.request?.kind, .refresh, "the refresh cancels the load-more")
        let replies = frames.filter { $0.cause.contains("reply") }.map(\.cause)
        XCTAssertEqual(replies, ["wait 2 → reply 1: page 1, 20 items", "wait 1 → reply 3: page 1, 20 items",
                                 "wait 2 → reply 2: stale, dropped"], "reply 3 overtakes reply 2")
        let stale = try XCTUnwrap(frames.last)
        XCTAssertEqual(stale.layout.staleReplies, 1)
        XCTAssertEqual(stale.layout.itemCount, 20, "the stale page is not appended")
        XCTAssertEqual(stale.time, 4.929)
    }
}
