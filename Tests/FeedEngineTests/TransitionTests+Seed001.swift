import XCTest
@testable import FeedEngine
@testable import ReferenceEngine

/// Exhaustive transitions of the `seed001` preset (SPEC §5): no header, an auto
/// footer of 60 pt with prefetchRows 0 and an always-on spinner, the footer
/// spinner as first-load indicator, and no failure path: a failed request
/// leaves the spinner spinning with no request, for ever.
///
/// Geometry: viewport 375×667, rows 44 pt; 20 rows are C = 880, the footer is
/// part of the scroll range, so maxY = 880 + 60 − 667 = 273. Row 19 (the last
/// of page 1) has its top at 836 and shows when y + 667 > 836, i.e. y > 169.
final class Seed001TransitionTests: XCTestCase {
    let page1 = items(1...20, title: "新闻标题{n}")
    let page2 = items(21...40, title: "新闻标题{n}")

    func launchedStore(viewport: Viewport = .standard, locale: String? = nil,
                       file: StaticString = #filePath, line: UInt = #line) -> TestStore {
        let store = TestStore(preset: .seed001, locale: locale, viewport: viewport)
        store.send(.launch, effects: [start(1, .initial)], file: file, line: line) {
            $0.launched = true
            $0.requestsIssued = 1
            $0.request = req(1, .initial)
        }
        return store
    }

    func loadedStore(file: StaticString = #filePath, line: UInt = #line) -> TestStore {
        let store = launchedStore(file: file, line: line)
        store.tick(to: 2, file: file, line: line)
        store.send(success(1, page1), file: file, line: line) {
            $0.request = nil
            $0.setRows(self.page1)
            $0.pageIndex = 1
            $0.hasData = true
        }
        store.assertScreen(file: file, line: line) {
            $0.retryTitle = "重新加载"
            $0.footer = .idle
            $0.footerText = "点击或上拉加载更多"
            $0.spinner = true
            $0.footerTappable = true
            $0.rows = 0...15
        }
        return store
    }

    func testLaunchShowsTheFooterSpinnerAsFirstLoadIndicator() {
        let store = launchedStore()
        store.assertScreen {
            $0.retryTitle = "重新加载"
            $0.footer = .loading
            $0.footerText = "正在加载更多的数据..."
            $0.footerVisible = true
            $0.spinner = true
        }
        XCTAssertEqual(store.state.layout().footer.y, 0, "with no rows the footer sits at the top")
        XCTAssertEqual(store.state.maxOffset, 0)
    }

    func testFirstLoadSuccessTurnsTheFooterIdleWithItsSpinnerStillOn() {
        let store = loadedStore()
        XCTAssertEqual(store.state.layout().rows.first?.item.title, "新闻标题1")
        XCTAssertEqual(store.state.maxOffset, 273)
    }

    func testAutoFooterFiresExactlyWhenTheLastRowShows() {
        let store = loadedStore()
        store.send(.scroll(.offset(169))) { $0.contentOffset = 169 }
        store.assertScreen { $0.rows = 3...18 }
        store.send(.scroll(.by(1)), effects: [start(2, .more, page: 2)]) {
            $0.contentOffset = 170
            $0.requestsIssued = 2
            $0.request = req(2, .more, page: 2)
        }
        store.assertScreen {
            $0.footer = .loading
            $0.footerText = "正在加载更多的数据..."
            $0.footerTappable = false
            $0.rows = 3...19
        }
        // A loading footer is not tappable: nothing happens, nothing is suppressed.
        store.send(.scroll(.bottom)) { $0.contentOffset = 273 }
        store.send(.tapFooter)
        store.tick(to: 4)
        store.send(success(2, page2)) {
            $0.request = nil
            $0.appendRows(self.page2)
            $0.pageIndex = 2
        }
        store.assertScreen {
            $0.footer = .idle
            $0.footerText = "点击或上拉加载更多"
            $0.footerTappable = true
            $0.rows = 6...21
        }
    }

    func testAutoFooterKeepsLoadingUntilTheContentFillsTheViewport() {
        let tall = Viewport(width: 375, height: 2000)
        let store = launchedStore(viewport: tall)
        // Page 1 (C = 880) leaves row 19 on screen: the same reply starts page 2.
        store.send(success(1, page1), effects: [start(2, .more, page: 2)]) {
            $0.setRows(self.page1)
            $0.pageIndex = 1
            $0.hasData = true
            $0.requestsIssued = 2
            $0.request = req(2, .more, page: 2)
        }
        store.send(success(2, page2), effects: [start(3, .more, page: 3)]) {
            $0.appendRows(self.page2)
            $0.pageIndex = 2
            $0.requestsIssued = 3
            $0.request = req(3, .more, page: 3)
        }
        // C = 2640 > 2000: the last visible row is 45 of 60; loading stops.
        let page3 = items(41...60, title: "新闻标题{n}")
        store.send(success(3, page3)) {
            $0.request = nil
            $0.appendRows(page3)
            $0.pageIndex = 3
        }
        store.assertScreen {
            $0.retryTitle = "重新加载"
            $0.footer = .idle
            $0.footerText = "点击或上拉加载更多"
            $0.spinner = true
            $0.footerTappable = true
            $0.rows = 0...45
        }
    }

    func testAutoFooterStopsAtTheEndOfTheSource() {
        let tall = Viewport(width: 375, height: 2000)
        let store = launchedStore(viewport: tall)
        store.send(success(1, page1), effects: [start(2, .more, page: 2)]) {
            $0.setRows(self.page1)
            $0.pageIndex = 1
            $0.hasData = true
            $0.requestsIssued = 2
            $0.request = req(2, .more, page: 2)
        }
        let short = items(21...25, title: "新闻标题{n}")
        store.send(success(2, short)) {
            $0.request = nil
            $0.appendRows(short)
            $0.pageIndex = 2
            $0.exhausted = true
        }
        store.assertScreen {
            $0.retryTitle = "重新加载"
            $0.footer = .exhausted
            $0.footerText = "已经全部加载完毕"
            $0.footerVisible = true
            $0.spinner = true
            $0.rows = 0...24
        }
    }

    func testFailedLoadMoreSpinsForeverWithNoRequestEverAgain() {
        let store = loadedStore()
        store.send(.scroll(.bottom), effects: [start(2, .more, page: 2)]) {
            $0.contentOffset = 273
            $0.requestsIssued = 2
            $0.request = req(2, .more, page: 2)
        }
        store.tick(to: 4)
        store.send(failure(2)) {
            $0.request = nil
            $0.stuck = true
        }
        store.assertScreen {
            $0.footer = .loading
            $0.footerText = "正在加载更多的数据..."
            $0.footerVisible = true
            $0.footerTappable = false
            $0.rows = 6...19
        }
        XCTAssertNil(store.state.layout().request)
        XCTAssertEqual(store.state.items, page1, "a failure loses no row")
        // Nothing brings a request back: tap footer, a new drag, refresh, retry, scroll, resize, time.
        store.send(.tapFooter)
        store.send(.tapRetry)
        store.send(.refresh)
        store.send(.drag(.by(-400))) {
            $0.isDragging = true
            $0.contentOffset = -127
        }
        store.send(.release) {
            $0.isDragging = false
            $0.contentOffset = 0
        }
        store.send(.drag(.by(400))) {
            $0.isDragging = true
            $0.contentOffset = 400
        }
        store.send(.release) {
            $0.isDragging = false
            $0.contentOffset = 273
        }
        store.send(.resize(Viewport(width: 375, height: 1000))) {
            $0.viewport = Viewport(width: 375, height: 1000)
            $0.contentOffset = 0
        }
        store.tick(to: 100)
        store.send(.scroll(.bottom))
        XCTAssertEqual(store.state.footerState, .loading)
        XCTAssertEqual(store.state.suppressed, 0, "taps on a stuck list are not suppressed triggers: nothing runs")
    }

    func testFailedFirstLoadSpinsForeverWithoutRetryButton() {
        let store = launchedStore()
        store.tick(to: 2)
        store.send(failure(1)) {
            $0.request = nil
            $0.stuck = true
        }
        store.assertScreen {
            $0.retryTitle = "重新加载"
            $0.footer = .loading
            $0.footerText = "正在加载更多的数据..."
            $0.footerVisible = true
            $0.spinner = true
        }
        store.send(.tapRetry)
        store.send(.tapFooter)
        store.send(.refresh)
        store.send(.launch)
        store.send(.drag(.offset(-80))) {
            $0.isDragging = true
            $0.contentOffset = -80
        }
        store.send(.release) {
            $0.isDragging = false
            $0.contentOffset = 0
        }
        store.assertScreen()
    }

    func testEmptyFirstPageShowsEmptyViewAndHidesTheFooter() {
        let store = launchedStore()
        store.send(success(1, [])) {
            $0.request = nil
            $0.pageIndex = 1
            $0.hasData = true
            $0.exhausted = true
            $0.emptyShown = true
        }
        store.assertScreen {
            $0.retryTitle = "重新加载"
            $0.emptyText = "暂无内容"
        }
    }

    func testWithoutHeaderRefreshDoesNothingAndPullingArmsNothing() {
        let store = loadedStore()
        store.send(.refresh)
        store.send(.drag(.offset(-200))) {
            $0.isDragging = true
            $0.contentOffset = -200
        }
        store.assertScreen { $0.rows = 0...10 }
        XCTAssertEqual(store.state.headerState, .hidden)
        store.send(.release) {
            $0.isDragging = false
            $0.contentOffset = 0
        }
    }

    func testTapFooterWhenItIsNotVisibleDoesNothing() {
        let store = loadedStore()
        XCTAssertTrue(store.state.footerTappable)
        XCTAssertFalse(store.state.footerVisible)
        store.send(.tapFooter)
    }

    func testDuplicateIdsAreDroppedAndCounted() {
        let store = loadedStore()
        store.send(.scroll(.bottom), effects: [start(2, .more, page: 2)]) {
            $0.contentOffset = 273
            $0.requestsIssued = 2
            $0.request = req(2, .more, page: 2)
        }
        // A source that shifted: the page repeats ids 19 and 20 (and 21 twice).
        let shifted = items(19...21, title: "新闻标题{n}") + items(21...37, title: "新闻标题{n}")
        XCTAssertEqual(shifted.count, 20)
        store.send(success(2, shifted)) {
            $0.request = nil
            $0.appendRows(items(21...37, title: "新闻标题{n}"))
            $0.pageIndex = 2
            $0.duplicatesDropped = 3
        }
        XCTAssertEqual(Set(store.state.items.map(\.id)).count, store.state.items.count)
        XCTAssertEqual(store.state.layout().duplicatesDropped, 3)
    }

    func testStaleReplyForARequestNeverInFlightIsDroppedAndCounted() {
        let store = loadedStore()
        store.send(success(9, page2)) { $0.staleReplies = 1 }
        store.send(failure(1)) { $0.staleReplies = 2 }
        store.assertScreen()
    }

    func testSeed002TraditionalChineseTexts() {
        let store = launchedStore(locale: "zh-Hant")
        store.assertScreen {
            $0.retryTitle = "重新載入"
            $0.footer = .loading
            $0.footerText = "正在載入更多資料..."
            $0.footerVisible = true
            $0.spinner = true
        }
        let page = items(1...20, title: "新聞標題{n}")
        store.send(success(1, page)) {
            $0.request = nil
            $0.setRows(page)
            $0.pageIndex = 1
            $0.hasData = true
        }
        store.assertScreen {
            $0.footer = .idle
            $0.footerText = "點一下或上拉載入更多"
            $0.footerVisible = false
            $0.footerTappable = true
            $0.rows = 0...15
        }
        XCTAssertEqual(store.state.layout().rows.first?.item.title, "新聞標題1")
    }
}
