import XCTest
@testable import FeedEngine
@testable import ReferenceEngine

/// Exhaustive transitions of the `standard` preset (SPEC §5): header 54 pt arming
/// at 54, an auto footer of 44 pt prefetching 3 rows ahead, the header's
/// refreshing indicator for the first load, retry button for a failed first
/// load, toasts for a failed refresh and (with a `failed`, tappable footer) a
/// failed load-more, and a refresh that cancels a running load-more.
///
/// Geometry: viewport 375×667, rows 44 pt; 20 rows are C = 880, maxY = 880 + 44
/// − 667 = 257. Row 16 (= 20 − 1 − 3) has its top at 704 and shows when y > 37.
final class StandardTransitionTests: XCTestCase {
    let page1 = items(1...20)
    let page2 = items(21...40)

    func launchedStore(file: StaticString = #filePath, line: UInt = #line) -> TestStore {
        let store = TestStore(preset: .standard)
        store.send(.launch, effects: [start(1, .initial)], file: file, line: line) {
            $0.launched = true
            $0.requestsIssued = 1
            $0.request = req(1, .initial)
            $0.contentOffset = -54
        }
        return store
    }

    func loadedStore(file: StaticString = #filePath, line: UInt = #line) -> TestStore {
        let store = launchedStore(file: file, line: line)
        store.tick(to: 1, file: file, line: line)
        store.send(success(1, page1), file: file, line: line) {
            $0.request = nil
            $0.setRows(self.page1)
            $0.pageIndex = 1
            $0.hasData = true
            $0.contentOffset = 0
        }
        store.assertScreen(file: file, line: line) {
            $0.retryTitle = "Reload"
            $0.header = .idle
            $0.headerText = "Pull down to refresh"
            $0.footer = .idle
            $0.footerText = "Tap or pull up to load more"
            $0.footerTappable = true
            $0.rows = 0...15
        }
        return store
    }

    /// `loadedStore`, then page 2 loading (request 2) from y = 257.
    func loadingMoreStore(file: StaticString = #filePath, line: UInt = #line) -> TestStore {
        let store = loadedStore(file: file, line: line)
        store.send(.scroll(.bottom), effects: [start(2, .more, page: 2)], file: file, line: line) {
            $0.contentOffset = 257
            $0.requestsIssued = 2
            $0.request = req(2, .more, page: 2)
        }
        return store
    }

    func testLaunchShowsTheHeaderRefreshingAtMinus54() {
        let store = launchedStore()
        store.assertScreen {
            $0.retryTitle = "Reload"
            $0.header = .refreshing
            $0.headerText = "Loading..."
            $0.headerVisible = true
        }
        XCTAssertEqual(store.state.insetTop, 54)
        XCTAssertEqual(store.state.layout().header.y, 0)
    }

    func testFirstLoadSuccessBringsTheViewBackToZero() {
        let store = loadedStore()
        XCTAssertEqual(store.state.maxOffset, 257)
        XCTAssertEqual(store.state.layout().rows.first?.item.title, "Item 1")
    }

    func testFirstLoadFailureShowsRetryAndRetryShowsTheHeaderAgain() {
        let store = launchedStore()
        store.tick(to: 1)
        store.send(failure(1)) {
            $0.request = nil
            $0.retryKind = .initial
            $0.contentOffset = 0
        }
        // The footer is hidden beside the retry button; the header stays pullable.
        store.assertScreen {
            $0.retryTitle = "Reload"
            $0.retryVisible = true
            $0.separators = false
            $0.header = .idle
            $0.headerText = "Pull down to refresh"
        }
        store.send(.tapRetry, effects: [start(2, .initial)]) {
            $0.requestsIssued = 2
            $0.request = req(2, .initial)
            $0.contentOffset = -54
        }
        store.assertScreen {
            $0.retryVisible = false
            $0.separators = true
            $0.header = .refreshing
            $0.headerText = "Loading..."
            $0.headerVisible = true
        }
        store.send(success(2, page1)) {
            $0.request = nil
            $0.retryKind = nil
            $0.setRows(self.page1)
            $0.pageIndex = 1
            $0.hasData = true
            $0.contentOffset = 0
        }
    }

    func testAPullAfterAFailedFirstLoadRefreshesAndRemovesTheRetryButton() {
        let store = launchedStore()
        store.send(failure(1)) {
            $0.request = nil
            $0.retryKind = .initial
            $0.contentOffset = 0
        }
        store.send(.drag(.offset(-54))) {
            $0.isDragging = true
            $0.contentOffset = -54
        }
        store.send(.release, effects: [start(2, .refresh)]) {
            $0.isDragging = false
            $0.requestsIssued = 2
            $0.request = req(2, .refresh)
        }
        XCTAssertFalse(store.state.retryVisible, "the retry button hides while a refresh runs")
        store.send(success(2, page1)) {
            $0.request = nil
            $0.retryKind = nil
            $0.setRows(self.page1)
            $0.pageIndex = 1
            $0.hasData = true
            $0.contentOffset = 0
        }
    }

    func testHeaderArmsExactlyAt54() {
        let store = loadedStore()
        store.send(.drag(.offset(-53.5))) {
            $0.isDragging = true
            $0.contentOffset = -53.5
        }
        store.assertScreen {
            $0.headerVisible = true
            $0.rows = 0...13
        }
        store.send(.drag(.by(-0.5))) { $0.contentOffset = -54 }
        store.assertScreen {
            $0.header = .armed
            $0.headerText = "Release to refresh"
        }
        store.send(.release, effects: [start(2, .refresh)]) {
            $0.isDragging = false
            $0.requestsIssued = 2
            $0.request = req(2, .refresh)
        }
        store.assertScreen {
            $0.header = .refreshing
            $0.headerText = "Loading..."
        }
        // A refresh cannot start a load-more: the footer stays idle while it runs.
        XCTAssertEqual(store.state.footerState, .idle)
    }

    func testPrefetchFiresWhenRow16ShowsNotBefore() {
        let store = loadedStore()
        store.send(.scroll(.offset(37))) { $0.contentOffset = 37 }
        store.assertScreen { $0.rows = 0...15 }
        store.send(.scroll(.offset(37.5)), effects: [start(2, .more, page: 2)]) {
            $0.contentOffset = 37.5
            $0.requestsIssued = 2
            $0.request = req(2, .more, page: 2)
        }
        store.assertScreen {
            $0.footer = .loading
            $0.footerText = "Loading..."
            $0.spinner = true
            $0.footerTappable = false
            $0.rows = 0...16
        }
        store.send(success(2, page2)) {
            $0.request = nil
            $0.appendRows(self.page2)
            $0.pageIndex = 2
        }
        store.assertScreen {
            $0.footer = .idle
            $0.footerText = "Tap or pull up to load more"
            $0.spinner = false
            $0.footerTappable = true
        }
    }

    func testAPrefetchCheckDuringADragAlsoFires() {
        let store = loadedStore()
        store.send(.drag(.offset(40)), effects: [start(2, .more, page: 2)]) {
            $0.isDragging = true
            $0.contentOffset = 40
            $0.requestsIssued = 2
            $0.request = req(2, .more, page: 2)
        }
    }

    func testRefreshCancelsTheLoadMoreAndItsReplyIsDroppedAsStale() {
        let store = loadingMoreStore()
        store.send(.drag(.offset(-60))) {
            $0.isDragging = true
            $0.contentOffset = -60
        }
        store.assertScreen {
            $0.header = .armed
            $0.headerText = "Release to refresh"
            $0.headerVisible = true
            $0.footer = .loading
            $0.footerText = "Loading..."
            $0.spinner = true
            $0.footerTappable = false
            $0.rows = 0...13
        }
        store.send(.release, effects: [start(3, .refresh)]) {
            $0.isDragging = false
            $0.contentOffset = -54
            $0.requestsIssued = 3
            $0.request = req(3, .refresh)
        }
        store.assertScreen {
            $0.header = .refreshing
            $0.headerText = "Loading..."
            $0.footer = .idle
            $0.footerText = "Tap or pull up to load more"
            $0.spinner = false
            $0.footerTappable = true
        }
        XCTAssertEqual(store.state.suppressed, 0, "a cancelling refresh is not suppressed")
        // The cancelled load-more answers: dropped, counted, rows untouched.
        store.tick(to: 2)
        store.send(success(2, page2)) { $0.staleReplies = 1 }
        store.send(failure(2)) { $0.staleReplies = 2 }
        store.assertScreen()
        let fresh = items(1...20, title: "New {n}")
        store.send(success(3, fresh)) {
            $0.request = nil
            $0.setRows(fresh)
            $0.contentOffset = 0
        }
    }

    func testProgrammaticRefreshAlsoCancelsALoadMore() {
        let store = loadingMoreStore()
        store.send(.refresh, effects: [start(3, .refresh)]) {
            $0.requestsIssued = 3
            $0.request = req(3, .refresh)
            $0.contentOffset = -54
        }
        // A load-more does not cancel a refresh: the footer tap is suppressed.
        store.send(.scroll(.bottom)) { $0.contentOffset = 257 }
        store.send(.tapFooter) { $0.suppressed = 1 }
        store.send(.refresh) { $0.suppressed = 2 }
    }

    func testLoadMoreFailureShowsToastAndFailedFooterAndDoesNotRefire() {
        let store = loadingMoreStore()
        store.tick(to: 2)
        store.send(failure(2), effects: [.expireToast(until: 4)]) {
            $0.request = nil
            $0.toast = Toast(text: "Couldn't load. Try again", until: 4)
            $0.footerFailed = true
            $0.autoLoadBlocked = true
        }
        store.assertScreen {
            $0.footer = .failed
            $0.footerText = "Load failed. Tap to retry"
            $0.footerVisible = true
            $0.toast = Toast(text: "Couldn't load. Try again", until: 4)
            $0.rows = 5...19
        }
        XCTAssertEqual(store.state.items, page1)
        XCTAssertEqual(store.state.pageIndex, 1)
        // The last row is still on screen, yet nothing fires: not on scroll, resize or time.
        store.send(.scroll(.by(-10))) { $0.contentOffset = 247 }
        store.send(.scroll(.bottom)) { $0.contentOffset = 257 }
        store.send(.resize(Viewport(width: 375, height: 700))) {
            $0.viewport = Viewport(width: 375, height: 700)
            $0.contentOffset = 224
        }
        store.tick(to: 4)
        store.send(.toastExpired(until: 4)) { $0.toast = nil }
        // A tap on the failed footer retries the load-more.
        store.send(.tapFooter, effects: [start(3, .more, page: 2)]) {
            $0.requestsIssued = 3
            $0.request = req(3, .more, page: 2)
            $0.footerFailed = false
            $0.autoLoadBlocked = false
        }
        store.send(success(3, page2)) {
            $0.request = nil
            $0.appendRows(self.page2)
            $0.pageIndex = 2
        }
    }

    func testANewDragTurnsTheFailedFooterIdleAndLetsItFireAgain() {
        let store = loadingMoreStore()
        store.send(failure(2), effects: [.expireToast(until: 3)]) {
            $0.request = nil
            $0.toast = Toast(text: "Couldn't load. Try again", until: 3)
            $0.footerFailed = true
            $0.autoLoadBlocked = true
        }
        store.send(.drag(.by(-1)), effects: [start(3, .more, page: 2)]) {
            $0.isDragging = true
            $0.contentOffset = 256
            $0.footerFailed = false
            $0.autoLoadBlocked = false
            $0.requestsIssued = 3
            $0.request = req(3, .more, page: 2)
        }
        // The drag goes on: not a new drag, nothing more.
        store.send(.drag(.by(-1))) { $0.contentOffset = 255 }
        store.send(.release) { $0.isDragging = false }
    }

    func testANewDragFarFromTheEndOnlyResetsTheFooter() {
        let store = loadingMoreStore()
        store.send(failure(2), effects: [.expireToast(until: 3)]) {
            $0.request = nil
            $0.toast = Toast(text: "Couldn't load. Try again", until: 3)
            $0.footerFailed = true
            $0.autoLoadBlocked = true
        }
        store.send(.scroll(.top)) { $0.contentOffset = 0 }
        store.send(.drag(.by(-10))) {
            $0.isDragging = true
            $0.contentOffset = -10
            $0.footerFailed = false
            $0.autoLoadBlocked = false
        }
        store.send(.release) {
            $0.isDragging = false
            $0.contentOffset = 0
        }
        XCTAssertEqual(store.state.footerState, .idle)
    }

    func testRefreshFailureShowsAToastAndKeepsRows() {
        let store = loadedStore()
        store.tick(to: 5)
        store.send(.refresh, effects: [start(2, .refresh)]) {
            $0.requestsIssued = 2
            $0.request = req(2, .refresh)
            $0.contentOffset = -54
        }
        store.send(failure(2), effects: [.expireToast(until: 7)]) {
            $0.request = nil
            $0.toast = Toast(text: "Couldn't load. Try again", until: 7)
            $0.contentOffset = 0
        }
        store.assertScreen {
            $0.toast = Toast(text: "Couldn't load. Try again", until: 7)
        }
        XCTAssertEqual(store.state.items, page1)
        XCTAssertFalse(store.state.retryVisible)
    }

    func testAToastExpiryOnlyRemovesItsOwnToast() {
        let store = loadedStore()
        store.send(.refresh, effects: [start(2, .refresh)]) {
            $0.requestsIssued = 2
            $0.request = req(2, .refresh)
            $0.contentOffset = -54
        }
        store.send(failure(2), effects: [.expireToast(until: 3)]) {
            $0.request = nil
            $0.toast = Toast(text: "Couldn't load. Try again", until: 3)
            $0.contentOffset = 0
        }
        store.tick(to: 2)
        store.send(.refresh, effects: [start(3, .refresh)]) {
            $0.requestsIssued = 3
            $0.request = req(3, .refresh)
            $0.contentOffset = -54
        }
        store.send(failure(3), effects: [.expireToast(until: 4)]) {
            $0.request = nil
            $0.toast = Toast(text: "Couldn't load. Try again", until: 4)
            $0.contentOffset = 0
        }
        store.tick(to: 3)
        store.send(.toastExpired(until: 3))
        store.tick(to: 4)
        store.send(.toastExpired(until: 4)) { $0.toast = nil }
    }

    func testFailedFooterStaysThroughAFailedRefreshAndClearsOnASuccessfulOne() {
        let store = loadingMoreStore()
        store.send(failure(2), effects: [.expireToast(until: 3)]) {
            $0.request = nil
            $0.toast = Toast(text: "Couldn't load. Try again", until: 3)
            $0.footerFailed = true
            $0.autoLoadBlocked = true
        }
        store.send(.refresh, effects: [start(3, .refresh)]) {
            $0.requestsIssued = 3
            $0.request = req(3, .refresh)
            $0.contentOffset = -54
        }
        XCTAssertEqual(store.state.footerState, .failed)
        store.send(failure(3), effects: [.expireToast(until: 3)]) {
            $0.request = nil
            $0.contentOffset = 0
        }
        XCTAssertEqual(store.state.footerState, .failed)
        store.send(.refresh, effects: [start(4, .refresh)]) {
            $0.requestsIssued = 4
            $0.request = req(4, .refresh)
            $0.contentOffset = -54
        }
        store.send(success(4, page1)) {
            $0.request = nil
            $0.setRows(self.page1)
            $0.footerFailed = false
            $0.autoLoadBlocked = false
            $0.contentOffset = 0
        }
        XCTAssertEqual(store.state.footerState, .idle)
    }

    func testEmptyLoadMorePageEndsTheFeedAndCountsAsAPage() {
        let store = loadingMoreStore()
        store.send(success(2, [])) {
            $0.request = nil
            $0.pageIndex = 2
            $0.exhausted = true
        }
        store.assertScreen {
            $0.footer = .exhausted
            $0.footerText = "No more data"
            $0.footerVisible = true
            $0.footerTappable = false
            $0.rows = 5...19
        }
        // An exhausted footer neither fires nor takes taps.
        store.send(.tapFooter)
        store.send(.drag(.by(100))) {
            $0.isDragging = true
            $0.contentOffset = 357
        }
        store.send(.release) {
            $0.isDragging = false
            $0.contentOffset = 257
        }
    }

    func testTapsOnInvisibleThingsChangeNothing() {
        let store = loadedStore()
        // Footer idle and tappable but below the screen; no retry button.
        store.send(.tapFooter)
        store.send(.tapRetry)
        XCTAssertEqual(store.state.suppressed, 0)
    }

    func testTapFooterWhileARefreshRunsIsSuppressed() {
        let store = loadedStore()
        store.send(.resize(Viewport(width: 375, height: 300))) {
            $0.viewport = Viewport(width: 375, height: 300)
        }
        store.send(.refresh, effects: [start(2, .refresh)]) {
            $0.requestsIssued = 2
            $0.request = req(2, .refresh)
            $0.contentOffset = -54
        }
        store.send(.scroll(.bottom)) { $0.contentOffset = 624 }
        XCTAssertTrue(store.state.footerVisible)
        store.send(.tapFooter) { $0.suppressed = 1 }
    }

    func testTapFooterOnAVisibleIdleFooterLoadsMore() {
        // Auto footer after a failure in `toast` mode: idle, visible, blocked from firing by itself.
        let store = TestStore(preset: .standard) { $0.loadMoreFailure = .toast }
        store.send(.launch, effects: [start(1, .initial)]) {
            $0.launched = true
            $0.requestsIssued = 1
            $0.request = req(1, .initial)
            $0.contentOffset = -54
        }
        store.send(success(1, page1)) {
            $0.request = nil
            $0.setRows(self.page1)
            $0.pageIndex = 1
            $0.hasData = true
            $0.contentOffset = 0
        }
        store.send(.scroll(.bottom), effects: [start(2, .more, page: 2)]) {
            $0.contentOffset = 257
            $0.requestsIssued = 2
            $0.request = req(2, .more, page: 2)
        }
        store.send(failure(2), effects: [.expireToast(until: 2)]) {
            $0.request = nil
            $0.toast = Toast(text: "Couldn't load. Try again", until: 2)
            $0.autoLoadBlocked = true
        }
        XCTAssertEqual(store.state.footerState, .idle)
        XCTAssertTrue(store.state.footerVisible)
        store.send(.tapFooter, effects: [start(3, .more, page: 2)]) {
            $0.requestsIssued = 3
            $0.request = req(3, .more, page: 2)
            $0.autoLoadBlocked = false
        }
    }

    func testResizeClampsAndCanStartAPrefetch() {
        let store = launchedStore()
        let short = items(1...18)
        store.send(success(1, short)) {
            $0.request = nil
            $0.setRows(short)
            $0.pageIndex = 1
            $0.hasData = true
            $0.exhausted = true
            $0.contentOffset = 0
        }
        // C = 792: maxY = 792 + 44 − 667 = 169.
        store.send(.scroll(.bottom)) { $0.contentOffset = 169 }
        store.send(.resize(Viewport(width: 375, height: 800))) {
            $0.viewport = Viewport(width: 375, height: 800)
            $0.contentOffset = 36
        }
        store.send(.resize(Viewport(width: 375, height: 1000))) {
            $0.viewport = Viewport(width: 375, height: 1000)
            $0.contentOffset = 0
        }
        // Not exhausted: a rotation that reveals row 16 starts a prefetch.
        let store2 = loadedStore()
        store2.send(.resize(Viewport(width: 375, height: 705)), effects: [start(2, .more, page: 2)]) {
            $0.viewport = Viewport(width: 375, height: 705)
            $0.requestsIssued = 2
            $0.request = req(2, .more, page: 2)
        }
    }

    func testEnglishTexts() {
        let t = FeedTexts.forLocale("en")!
        XCTAssertEqual([t.headerIdle, t.headerArmed, t.headerRefreshing],
                       ["Pull down to refresh", "Release to refresh", "Loading..."])
        XCTAssertEqual([t.footerIdleAuto, t.footerIdleRelease], ["Tap or pull up to load more", "Pull up to load more"])
        XCTAssertEqual([t.footerArmed, t.footerLoading, t.footerExhausted],
                       ["Release to load more", "Loading...", "No more data"])
        XCTAssertEqual([t.footerFailed, t.toast, t.retry, t.empty],
                       ["Load failed. Tap to retry", "Couldn't load. Try again", "Reload", "No content"])
        XCTAssertEqual(Preset.standard.config()!.texts, t)
    }

    func testSimplifiedChineseTexts() {
        let t = FeedTexts.forLocale("zh-Hans")!
        XCTAssertEqual([t.headerIdle, t.headerArmed, t.headerRefreshing], ["下拉可以刷新", "松开立即刷新", "正在刷新数据中..."])
        XCTAssertEqual([t.footerIdleAuto, t.footerIdleRelease], ["点击或上拉加载更多", "上拉可以加载更多"])
        XCTAssertEqual([t.footerArmed, t.footerLoading, t.footerExhausted], ["松开立即加载更多", "正在加载更多的数据...", "已经全部加载完毕"])
        XCTAssertEqual([t.footerFailed, t.toast, t.retry, t.empty], ["加载失败，点击重试", "加载失败", "重新加载", "暂无内容"])
        XCTAssertEqual(Preset.standard.config(locale: "zh-Hans")!.texts, t, "only seed000 has its own words")
        XCTAssertEqual(Preset.seed001.config()!.texts, t)
    }

    func testTraditionalChineseTexts() {
        let t = FeedTexts.forLocale("zh-Hant")!
        XCTAssertEqual([t.headerIdle, t.headerArmed, t.headerRefreshing], ["下拉即可重新整理", "放開立即重新整理", "正在重新整理資料..."])
        XCTAssertEqual([t.footerIdleAuto, t.footerIdleRelease], ["點一下或上拉載入更多", "上拉即可載入更多"])
        XCTAssertEqual([t.footerArmed, t.footerLoading, t.footerExhausted], ["放開立即載入更多", "正在載入更多資料...", "已全部載入完畢"])
        XCTAssertEqual([t.footerFailed, t.toast, t.retry, t.empty], ["載入失敗，點一下重試", "載入失敗", "重新載入", "目前沒有內容"])
        // One wording, Taiwan's (as seed 002 writes it): none of the mainland terms.
        for text in [t.headerIdle, t.headerArmed, t.headerRefreshing, t.footerIdleAuto, t.footerIdleRelease, t.footerArmed,
                     t.footerLoading, t.footerExhausted, t.footerFailed, t.toast, t.retry, t.empty] {
            for mainland in ["加載", "數據", "刷新", "點擊"] { XCTAssertFalse(text.contains(mainland), "\(text) says \(mainland)") }
        }
        XCTAssertEqual(FeedTexts.locales, ["en", "zh-Hans", "zh-Hant", "ja", "ko", "ar"])
        XCTAssertNil(FeedTexts.forLocale("de"))
    }

    func testStandardScreenTextsInEachState() {
        let store = loadingMoreStore()
        store.send(.drag(.offset(-54))) {
            $0.isDragging = true
            $0.contentOffset = -54
        }
        let layout = store.state.layout()
        XCTAssertEqual(layout.header.text, "Release to refresh")
        XCTAssertEqual(layout.footer.text, "Loading...")
        XCTAssertTrue(layout.footer.spinner)
        XCTAssertEqual(layout.retryTitle, "Reload")
    }
}
