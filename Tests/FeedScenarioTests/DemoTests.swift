import FeedEngine
import FeedFramesResources
import FeedScenario
import XCTest

/// Each built-in demo shows one behaviour; these tests pin that behaviour
/// down frame by frame, so a demo can never quietly stop showing it.
final class DemoTests: XCTestCase {
    /// Runs an embedded demo and returns its frames.
    func frames(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> [Frame] {
        let text = try XCTUnwrap(Embedded.demos["\(name).json"], "no demo \(name)", file: file, line: line)
        return try ScenarioReader.read(Array(text.utf8), file: "\(name).json").frames()
    }

    func frame(_ frames: [Frame], cause: String, occurrence: Int = 1,
               file: StaticString = #filePath, line: UInt = #line) throws -> Frame {
        try XCTUnwrap(frames.filter { $0.cause == cause }.dropFirst(occurrence - 1).first,
                      "no frame #\(occurrence) caused by \(cause)", file: file, line: line)
    }

    func testEveryDemoReadsAndRendersFrames() throws {
        XCTAssertGreaterThanOrEqual(Embedded.demos.count, 15)
        for name in Embedded.demos.keys.sorted() {
            // Demos reading a file need the command line's opener: DemoSnapshotTests renders them.
            let scenario = try ScenarioReader.read(Array((Embedded.demos[name] ?? "").utf8), file: name)
            if case .external = scenario.source { continue }
            let frames = try frames(String(name.dropLast(5)))
            XCTAssertGreaterThan(frames.count, 2, name)
            XCTAssertEqual(frames.map(\.number), Array(1...frames.count), name)
            for pair in zip(frames, frames.dropFirst()) {
                XCTAssertNotEqual(pair.0.layout, pair.1.layout, "\(name): frame \(pair.1.number) repeats the one before")
                XCTAssertLessThanOrEqual(pair.0.time, pair.1.time, name)
            }
        }
    }

    func testSeed000Story() throws {
        let frames = try frames("seed000-story")
        XCTAssertEqual(frames[0].layout.header.state, .hidden, "hidden until the first data")
        XCTAssertEqual(frames[0].layout.footer.state, .hidden)
        let armed = frames.first { $0.layout.footer.state == .armed }
        XCTAssertEqual(armed?.layout.footer.text, "释放加载")
        let loading = try XCTUnwrap(frames.first { $0.layout.footer.state == .loading })
        XCTAssertEqual(loading.cause, "release")
        XCTAssertEqual(loading.layout.contentOffset, 880 - 667, "seed000 holds nothing open: back at rest while it loads (SPEC §8)")
        XCTAssertEqual(loading.layout.footer.text, "下拉加载更多", "the seed's label keeps its text while loading")
        XCTAssertFalse(loading.layout.footer.visible)
        // A pull while loading arms the header, and its release is suppressed.
        let suppressed = try XCTUnwrap(frames.first { $0.layout.suppressed == 1 })
        XCTAssertEqual(suppressed.layout.request?.kind, .more)
        XCTAssertEqual(suppressed.layout.header.state, .idle)
        let toast = try XCTUnwrap(frames.first { $0.layout.toast != nil })
        XCTAssertEqual(toast.layout.toast?.text, "加载失败")
        XCTAssertEqual(toast.layout.footer.state, .idle, "seed000's footer goes back to idle")
        XCTAssertEqual(toast.layout.itemCount, 40, "a failure loses nothing")
        let retry = try XCTUnwrap(frames.first { $0.layout.retryVisible })
        XCTAssertEqual(retry.layout.retryTitle, "重新加载")
        XCTAssertFalse(retry.layout.separators)
        XCTAssertEqual(retry.layout.itemCount, 40, "rows kept on a failed refresh")
        XCTAssertEqual(frames.last?.layout.itemCount, 20, "the retried refresh replaces the rows")
        XCTAssertEqual(frames.last?.layout.pageIndex, 1)
    }

    func testSeed000FirstLoadFailureShowsOnlyTheReloadButton() throws {
        let frames = try frames("seed000-first-load-failure")
        let failed = frames[1]
        XCTAssertTrue(failed.layout.retryVisible)
        XCTAssertFalse(failed.layout.separators)
        XCTAssertEqual(failed.layout.header.state, .hidden)
        XCTAssertEqual(failed.layout.footer.state, .hidden)
        XCTAssertTrue(frames.allSatisfy { $0.layout.request?.kind != .refresh }, "no header to pull")
        let tapped = try frame(frames, cause: "tap retry")
        XCTAssertEqual(tapped.layout.request?.kind, .initial)
        XCTAssertFalse(tapped.layout.retryVisible, "the button hides while its request runs")
        XCTAssertEqual(frames.last?.layout.itemCount, 20)
    }

    func testSeed001LoadsWhenTheLastRowShowsOneRequestAtATime() throws {
        let frames = try frames("seed001-story")
        XCTAssertEqual(frames[0].layout.footer.state, .loading, "first load under the footer spinner")
        XCTAssertTrue(frames[0].layout.footer.visible)
        XCTAssertTrue(frames.allSatisfy { $0.layout.footer.spinner }, "the spinner always spins")
        for frame in frames where frame.layout.request?.kind == .more {
            let last = try XCTUnwrap(frame.layout.rows.last)
            XCTAssertEqual(last.index, frame.layout.itemCount - 1, "frame \(frame.number): loads only once the last row shows")
        }
        let requests = Set(frames.compactMap { $0.layout.request?.id })
        XCTAssertEqual(requests, [1, 2, 3], "one request per page, never two at once")
        XCTAssertEqual(frames.last?.layout.rows.first?.item.title, "新闻标题27")
    }

    func testSeed001StuckSpinnerAfterAFailure() throws {
        let frames = try frames("seed001-stuck-spinner")
        let failed = try frame(frames, cause: "wait 2 → reply 2: failed (scripted in source.failures)")
        XCTAssertNil(failed.layout.request)
        XCTAssertEqual(failed.layout.footer.state, .loading)
        XCTAssertTrue(failed.layout.footer.spinner)
        let after = frames.drop { $0.number <= failed.number }
        XCTAssertFalse(after.isEmpty)
        for frame in after {
            XCTAssertNil(frame.layout.request, "frame \(frame.number): nothing loads again")
            XCTAssertEqual(frame.layout.footer.state, .loading)
            XCTAssertEqual(frame.layout.itemCount, 20)
        }
    }

    func testSeed002InTraditionalChinese() throws {
        let frames = try frames("seed002-traditional")
        XCTAssertEqual(frames.last?.layout.rows.first?.item.title, "新聞標題7")
        XCTAssertEqual(frames.last?.layout.footer.text, "點一下或上拉載入更多", "Taiwan's wording")
    }

    func testStandardStory() throws {
        let frames = try frames("standard-story")
        XCTAssertEqual(frames[0].layout.header.state, .refreshing, "first load under the header")
        XCTAssertEqual(frames[0].layout.contentOffset, -54)
        let prefetch = try XCTUnwrap(frames.first { $0.layout.request?.kind == .more })
        XCTAssertEqual(prefetch.layout.rows.last?.index, 19)
        let failed = try XCTUnwrap(frames.first { $0.layout.footer.state == .failed })
        XCTAssertEqual(failed.layout.toast?.text, "Couldn't load. Try again")
        XCTAssertEqual(failed.layout.footer.text, "Load failed. Tap to retry")
        XCTAssertEqual(failed.layout.itemCount, 40)
        let expired = try frame(frames, cause: "wait 2 → toast expired")
        XCTAssertNil(expired.layout.toast)
        XCTAssertEqual(expired.time, failed.time + 2)
        let retried = try frame(frames, cause: "tap footer")
        XCTAssertEqual(retried.layout.request?.page, 3, "the retry asks for the page that failed")
        let exhausted = try XCTUnwrap(frames.first { $0.layout.footer.state == .exhausted })
        XCTAssertEqual(exhausted.layout.footer.text, "No more data")
        XCTAssertEqual(exhausted.layout.itemCount, 50)
        XCTAssertEqual(frames.last?.layout.footer.state, .idle, "a refresh clears 'no more data'")
    }

    func testLoadMoreFiresOnlyOnce() throws {
        let frames = try frames("load-more-fires-repeatedly")
        let moreRequests = Set(frames.compactMap { $0.layout.request }.filter { $0.kind == .more })
        XCTAssertEqual(moreRequests.map(\.page), [2], "one load-more for page 2, whatever the jiggling")
        XCTAssertEqual(frames.last?.layout.itemCount, 40)
    }

    func testAFailedLoadMoreDoesNotRetryByItself() throws {
        let frames = try frames("failure-retriggers-itself")
        let failed = try XCTUnwrap(frames.firstIndex { $0.layout.footer.state == .failed })
        let tap = try XCTUnwrap(frames.firstIndex { $0.cause == "tap footer" })
        for frame in frames[failed..<tap] {
            XCTAssertNil(frame.layout.request, "frame \(frame.number): no retry until the tap")
        }
        XCTAssertEqual(frames[tap].layout.request?.page, 2)
        XCTAssertEqual(frames.last?.layout.itemCount, 40)
    }

    func testRefreshOnShortContentDoesNotLoadMore() throws {
        let frames = try frames("refresh-short-content")
        XCTAssertTrue(frames.allSatisfy { $0.layout.request?.kind != .more })
        XCTAssertEqual(frames.last?.layout.footer.state, .exhausted)
        XCTAssertEqual(frames.last?.layout.itemCount, 5)
    }

    func testFooterHiddenWhenAllRowsFit() throws {
        let frames = try frames("footer-on-short-content")
        XCTAssertTrue(frames.allSatisfy { $0.layout.footer.state == .hidden })
        XCTAssertTrue(frames.allSatisfy { $0.layout.request?.kind != .more }, "load-more is off while all rows fit")
    }

    /// SPEC §8: seed000's footer is the table's footer view, right under short rows, and the
    /// list settles back while the load-more it released runs.
    func testSeed000FooterFollowsShortRowsAndSpinsWhileItLoads() throws {
        let frames = try frames("seed000-footer-follows-rows")
        let idle = try XCTUnwrap(frames.first { $0.layout.footer.state == .idle })
        XCTAssertTrue(idle.layout.footer.visible)
        XCTAssertEqual(idle.layout.footer.y, 132, "under the three rows")
        let loading = try XCTUnwrap(frames.first { $0.layout.footer.state == .loading })
        XCTAssertEqual(loading.cause, "release")
        XCTAssertEqual(loading.layout.contentOffset, 0, "settled back to rest")
        XCTAssertTrue(loading.layout.footer.visible && loading.layout.footer.spinner)
        XCTAssertEqual(loading.layout.footer.text, "下拉加载更多")
        XCTAssertEqual(frames.last?.layout.footer.state, .exhausted)
        XCTAssertEqual(frames.last?.layout.footer.text, "下拉加载更多", "the seed has no end-of-data text")
        XCTAssertEqual(frames.last?.layout.footer.y, 220)
    }

    func testShortContentKeepsLoadingUntilTheScreenIsFull() throws {
        let frames = try frames("short-content-loads-more")
        XCTAssertEqual(frames.compactMap { $0.layout.request?.page }.filter { $0 > 1 }, [2, 3, 4])
        let last = try XCTUnwrap(frames.last)
        XCTAssertNil(last.layout.request)
        XCTAssertGreaterThan(last.layout.contentHeight, last.layout.viewport.height)
    }

    func testNoMoreDataIsResetByARefresh() throws {
        let frames = try frames("no-more-data-after-refresh")
        let exhausted = try XCTUnwrap(frames.firstIndex { $0.layout.footer.state == .exhausted })
        let refreshing = try XCTUnwrap(frames.firstIndex { $0.layout.request?.kind == .refresh })
        XCTAssertLessThan(exhausted, refreshing)
        XCTAssertEqual(frames[refreshing].layout.footer.state, .exhausted, "cleared on success, not on start")
        XCTAssertEqual(frames[refreshing + 1].layout.footer.state, .idle)
        XCTAssertTrue(frames[(refreshing + 1)...].contains { $0.layout.request?.kind == .more }, "loads again")
    }

    func testRefreshCancelsTheRacingLoadMore() throws {
        let frames = try frames("refresh-races-load-more")
        let cancel = try frame(frames, cause: "release")
        XCTAssertEqual(cancel.layout.request?.kind, .refresh)
        let stale = try frame(frames, cause: "wait 2 → reply 2: stale, dropped")
        XCTAssertEqual(stale.layout.staleReplies, 1)
        XCTAssertEqual(stale.layout.itemCount, 20, "the stale page is not appended")
        XCTAssertEqual(stale.layout.pageIndex, 1)
    }

    func testPositionHoldsThroughReloads() throws {
        let frames = try frames("position-after-reload")
        for frame in frames where frame.cause.contains("reply") && frame.layout.pageIndex > 1 {
            let before = frames[frame.number - 2]
            XCTAssertEqual(frame.layout.contentOffset, before.layout.contentOffset, "frame \(frame.number): an appended page does not move the rows")
            XCTAssertEqual(frame.layout.rows.first?.index, before.layout.rows.first?.index)
        }
        let refreshed = try frame(frames, cause: "wait 1 → reply 4: page 1, 20 items")
        XCTAssertEqual(refreshed.layout.contentOffset, 0)
        let rotated = try frame(frames, cause: "resize 667x375")
        XCTAssertLessThanOrEqual(rotated.layout.contentOffset, rotated.layout.contentHeight + 44 - 375)
    }

    func testEmptyFeed() throws {
        let frames = try frames("empty-feed")
        XCTAssertEqual(frames[1].layout.emptyText, "No content")
        XCTAssertEqual(frames[1].layout.footer.state, .hidden)
        XCTAssertTrue(frames.contains { $0.layout.request?.kind == .refresh }, "pull to refresh works on an empty list")
    }
}
