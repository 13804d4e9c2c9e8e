import XCTest
@testable import FeedEngine
@testable import ReferenceEngine

/// Exhaustive transitions of the `seed000` preset (SPEC §5): release footer
/// (100 pt, arms 60 pt past max(C, H)), header 100 pt arming at 60 pt, header
/// and footer hidden until first data, footer hidden when the rows fit, no
/// first-load indicator, retry button for a failed first load or refresh, toast
/// for a failed load-more, `ignore` while loading, seed000's own zh-Hans words.
///
/// Geometry used throughout: viewport 375×667, rows 44 pt, a page of 20 rows
/// is C = 880, so the resting maxY is 880 − 667 = 213, the release footer sits
/// at [880, 980) and arms at y ≥ 880 + 60 − 667 = 273; a started load-more
/// settles at y = 880 + 100 − 667 = 313.
///
/// These run seed000 with `holdWhileLoading: true`, the one parameter it does not
/// have (SPEC §8, "seed000 holds nothing open"): they test the release footer's and
/// header's held positions, which only seed000's footer mode has, under its other
/// parameters. seed000 as it is, settling back while a request runs, is tested in
/// `Seed000SettlesTests`.
final class Seed000TransitionTests: XCTestCase {
    static func held(_ config: inout FeedConfig) { config.holdWhileLoading = true }
    let page1 = items(1...20, title: "新闻{n}")
    let page2 = items(21...40, title: "新闻{n}")

    /// launch → page 1 (20 rows) arrives at t = 1.
    func loadedStore(file: StaticString = #filePath, line: UInt = #line) -> TestStore {
        let store = TestStore(preset: .seed000, configure: Self.held)
        store.assertScreen(file: file, line: line)
        store.send(.launch, effects: [start(1, .initial)], file: file, line: line) {
            $0.launched = true
            $0.requestsIssued = 1
            $0.request = req(1, .initial)
        }
        store.tick(to: 1, file: file, line: line)
        store.send(success(1, page1), file: file, line: line) {
            $0.request = nil
            $0.setRows(self.page1)
            $0.pageIndex = 1
            $0.hasData = true
        }
        store.assertScreen(file: file, line: line) {
            $0.header = .idle
            $0.headerText = "下拉刷新列表"
            $0.footer = .idle
            $0.footerText = "下拉加载更多"
            $0.rows = 0...15
        }
        return store
    }

    /// `loadedStore`, then a release load-more of page 2 (request 2) at t = 2.
    func twoPageStore(file: StaticString = #filePath, line: UInt = #line) -> TestStore {
        let store = loadedStore(file: file, line: line)
        store.send(.drag(.offset(273)), file: file, line: line) {
            $0.isDragging = true
            $0.contentOffset = 273
        }
        store.send(.release, effects: [start(2, .more, page: 2)], file: file, line: line) {
            $0.isDragging = false
            $0.contentOffset = 313
            $0.requestsIssued = 2
            $0.request = req(2, .more, page: 2)
        }
        store.tick(to: 2, file: file, line: line)
        store.send(success(2, page2), file: file, line: line) {
            $0.request = nil
            $0.appendRows(self.page2)
            $0.pageIndex = 2
        }
        return store
    }

    // MARK: launch and first load

    func testLaunchRequestsPage1AndShowsNoIndicator() {
        let store = TestStore(preset: .seed000, configure: Self.held)
        store.assertScreen { $0.retryTitle = "重新加载" }
        store.send(.launch, effects: [start(1, .initial)]) {
            $0.launched = true
            $0.requestsIssued = 1
            $0.request = req(1, .initial)
        }
        // First-load indicator `none`; header and footer hidden until first data.
        store.assertScreen()
        // `launch` happens once.
        store.send(.launch)
    }

    func testFirstLoadSuccessShowsRowsHeaderAndFooter() {
        let store = loadedStore()
        XCTAssertEqual(store.state.layout().rows.map(\.item.title).prefix(2), ["新闻1", "新闻2"])
        XCTAssertEqual(store.state.maxOffset, 213)
        XCTAssertEqual(store.state.footerTop, 880)
    }

    func testFirstLoadFailureShowsRetryWithoutSeparatorsAndRetryRepeatsIt() {
        let store = TestStore(preset: .seed000, configure: Self.held)
        store.send(.launch, effects: [start(1, .initial)]) {
            $0.launched = true
            $0.requestsIssued = 1
            $0.request = req(1, .initial)
        }
        store.tick(to: 1)
        store.send(failure(1)) {
            $0.request = nil
            $0.retryKind = .initial
        }
        // Header and footer stay hidden (no data yet, no rows); no empty view beside the retry button.
        store.assertScreen {
            $0.retryTitle = "重新加载"
            $0.retryVisible = true
            $0.separators = false
        }
        // The hidden header cannot be pulled: a drag and release start nothing.
        store.send(.drag(.offset(-120))) {
            $0.isDragging = true
            $0.contentOffset = -120
        }
        store.assertScreen()
        store.send(.release) {
            $0.isDragging = false
            $0.contentOffset = 0
        }
        // Retry repeats the failed kind, `initial`, and hides while it runs.
        store.send(.tapRetry, effects: [start(2, .initial)]) {
            $0.requestsIssued = 2
            $0.request = req(2, .initial)
        }
        store.assertScreen {
            $0.retryVisible = false
            $0.separators = true
        }
        // A tap on the hidden button changes nothing (and is not a suppressed trigger).
        store.send(.tapRetry)
        store.tick(to: 2)
        store.send(failure(2)) {
            $0.request = nil
        }
        store.assertScreen {
            $0.retryVisible = true
            $0.separators = false
        }
        store.send(.tapRetry, effects: [start(3, .initial)]) {
            $0.requestsIssued = 3
            $0.request = req(3, .initial)
        }
        store.send(success(3, page1)) {
            $0.request = nil
            $0.retryKind = nil
            $0.setRows(self.page1)
            $0.pageIndex = 1
            $0.hasData = true
        }
        store.assertScreen {
            $0.retryVisible = false
            $0.separators = true
            $0.header = .idle
            $0.headerText = "下拉刷新列表"
            $0.footer = .idle
            $0.footerText = "下拉加载更多"
            $0.rows = 0...15
        }
    }

    func testEmptyFirstPageShowsEmptyViewAndNoFooter() {
        let store = TestStore(preset: .seed000, configure: Self.held)
        store.send(.launch, effects: [start(1, .initial)]) {
            $0.launched = true
            $0.requestsIssued = 1
            $0.request = req(1, .initial)
        }
        store.send(success(1, [])) {
            $0.request = nil
            $0.pageIndex = 1
            $0.hasData = true
            $0.exhausted = true
            $0.emptyShown = true
        }
        store.assertScreen {
            $0.retryTitle = "重新加载"
            $0.header = .idle
            $0.headerText = "下拉刷新列表"
            $0.emptyText = "暂无内容"
        }
        // A pull-to-refresh that brings rows removes the empty view and `exhausted`.
        store.send(.drag(.offset(-60))) {
            $0.isDragging = true
            $0.contentOffset = -60
        }
        store.send(.release, effects: [start(2, .refresh)]) {
            $0.isDragging = false
            $0.contentOffset = -100
            $0.requestsIssued = 2
            $0.request = req(2, .refresh)
        }
        store.assertScreen {
            $0.header = .refreshing
            $0.headerText = "下拉刷新列表"
            $0.headerVisible = true
        }
        store.send(success(2, page1)) {
            $0.request = nil
            $0.setRows(self.page1)
            $0.exhausted = false
            $0.emptyShown = false
            $0.contentOffset = 0
        }
        store.assertScreen {
            $0.header = .idle
            $0.headerText = "下拉刷新列表"
            $0.headerVisible = false
            $0.emptyText = nil
            $0.footer = .idle
            $0.footerText = "下拉加载更多"
            $0.rows = 0...15
        }
    }

    // MARK: header

    func testHeaderArmsExactlyAtArmDistanceAndReleaseShowsWholeHeader() {
        let store = loadedStore()
        store.send(.drag(.offset(-59.5))) {
            $0.isDragging = true
            $0.contentOffset = -59.5
        }
        store.assertScreen {
            $0.headerVisible = true
            $0.rows = 0...13
        }
        store.send(.drag(.by(-0.5))) { $0.contentOffset = -60 }
        store.assertScreen {
            $0.header = .armed
            $0.headerText = "释放刷新"
        }
        // Back below the line disarms.
        store.send(.drag(.to(-59.75))) { $0.contentOffset = -59.75 }
        store.assertScreen {
            $0.header = .idle
            $0.headerText = "下拉刷新列表"
        }
        store.send(.drag(.offset(-90))) { $0.contentOffset = -90 }
        store.send(.release, effects: [start(2, .refresh)]) {
            $0.isDragging = false
            $0.contentOffset = -100
            $0.requestsIssued = 2
            $0.request = req(2, .refresh)
        }
        store.assertScreen {
            $0.header = .refreshing
            $0.headerText = "下拉刷新列表"
            $0.rows = 0...12
        }
        XCTAssertEqual(store.state.insetTop, 100)
        // The refresh replaces the rows, page 1 again, and the view clamps back to 0.
        let fresh = items(101...120, title: "新闻{n}")
        store.send(success(2, fresh)) {
            $0.request = nil
            $0.setRows(fresh)
            $0.contentOffset = 0
        }
        store.assertScreen {
            $0.header = .idle
            $0.headerText = "下拉刷新列表"
            $0.headerVisible = false
            $0.rows = 0...15
        }
    }

    func testReleaseBelowTheArmingLineSettlesBack() {
        let store = loadedStore()
        store.send(.drag(.offset(-59.5))) {
            $0.isDragging = true
            $0.contentOffset = -59.5
        }
        store.send(.release) {
            $0.isDragging = false
            $0.contentOffset = 0
        }
        store.assertScreen()
    }

    // MARK: release footer

    func testReleaseFooterArmsExactlyAtArmDistanceAndSettlesShowingIt() {
        let store = loadedStore()
        store.send(.drag(.offset(272.5))) {
            $0.isDragging = true
            $0.contentOffset = 272.5
        }
        store.assertScreen {
            $0.footerVisible = true
            $0.rows = 6...19
        }
        store.send(.drag(.by(0.5))) { $0.contentOffset = 273 }
        store.assertScreen {
            $0.footer = .armed
            $0.footerText = "释放加载"
        }
        store.send(.release, effects: [start(2, .more, page: 2)]) {
            $0.isDragging = false
            $0.contentOffset = 313
            $0.requestsIssued = 2
            $0.request = req(2, .more, page: 2)
        }
        store.assertScreen {
            $0.footer = .loading
            $0.footerText = "下拉加载更多"
            $0.spinner = true
            $0.rows = 7...19
        }
        XCTAssertEqual(store.state.layout().footer.y, 880 - 313)
        // A tap on a release footer that is not `failed` does nothing.
        store.send(.tapFooter)
        store.send(success(2, page2)) {
            $0.request = nil
            $0.appendRows(self.page2)
            $0.pageIndex = 2
        }
        store.assertScreen {
            $0.footer = .idle
            $0.footerText = "下拉加载更多"
            $0.footerVisible = false
            $0.spinner = false
            $0.rows = 7...22
        }
    }

    func testReleaseFooterBelowTheLineStartsNothing() {
        let store = loadedStore()
        store.send(.drag(.offset(272.75))) {
            $0.isDragging = true
            $0.contentOffset = 272.75
        }
        store.send(.release) {
            $0.isDragging = false
            $0.contentOffset = 213
        }
        store.assertScreen { $0.rows = 4...19 }
    }

    func testLoadMoreFailureShowsToastAndFooterGoesBackToIdle() {
        let store = loadedStore()
        store.send(.drag(.offset(300))) {
            $0.isDragging = true
            $0.contentOffset = 300
        }
        store.send(.release, effects: [start(2, .more, page: 2)]) {
            $0.isDragging = false
            $0.contentOffset = 313
            $0.requestsIssued = 2
            $0.request = req(2, .more, page: 2)
        }
        store.tick(to: 2)
        store.send(failure(2), effects: [.expireToast(until: 4)]) {
            $0.request = nil
            $0.toast = Toast(text: "加载失败", until: 4)
            $0.autoLoadBlocked = true
            // The loading inset goes away: the offset clamps into the resting range.
            $0.contentOffset = 213
        }
        store.assertScreen {
            $0.footerVisible = false
            $0.toast = Toast(text: "加载失败", until: 4)
            $0.rows = 4...19
        }
        XCTAssertEqual(store.state.items, page1, "a failure loses no row")
        XCTAssertEqual(store.state.pageIndex, 1)
        // The toast goes only at its own time.
        store.send(.toastExpired(until: 3.5))
        store.tick(to: 4)
        store.send(.toastExpired(until: 4)) { $0.toast = nil }
        store.assertScreen { $0.toast = nil }
        // A new drag arms again and the load-more asks for page 2 again.
        store.send(.drag(.offset(273))) {
            $0.isDragging = true
            $0.autoLoadBlocked = false
            $0.contentOffset = 273
        }
        store.send(.release, effects: [start(3, .more, page: 2)]) {
            $0.isDragging = false
            $0.contentOffset = 313
            $0.requestsIssued = 3
            $0.request = req(3, .more, page: 2)
        }
    }

    // MARK: suppressed triggers (refreshWhileLoading: ignore)

    func testTriggersWhileLoadingAreSuppressedButArmingStillShows() {
        let store = loadedStore()
        store.send(.drag(.offset(273))) {
            $0.isDragging = true
            $0.contentOffset = 273
        }
        store.send(.release, effects: [start(2, .more, page: 2)]) {
            $0.isDragging = false
            $0.contentOffset = 313
            $0.requestsIssued = 2
            $0.request = req(2, .more, page: 2)
        }
        // The header arms while the load-more runs; its release is suppressed.
        store.send(.drag(.offset(-60))) {
            $0.isDragging = true
            $0.contentOffset = -60
        }
        store.assertScreen {
            $0.header = .armed
            $0.headerText = "释放刷新"
            $0.headerVisible = true
            $0.footer = .loading
            $0.footerText = "下拉加载更多"
            $0.spinner = true
            $0.rows = 0...13
        }
        store.send(.release) {
            $0.isDragging = false
            $0.suppressed = 1
            $0.contentOffset = 0
        }
        // A programmatic refresh is suppressed too.
        store.send(.refresh) { $0.suppressed = 2 }
        store.send(success(2, page2)) {
            $0.request = nil
            $0.appendRows(self.page2)
            $0.pageIndex = 2
        }
        // Now a refresh runs; the release footer arms (C = 1760: at y ≥ 1153) and its release is suppressed.
        store.send(.refresh, effects: [start(3, .refresh)]) {
            $0.requestsIssued = 3
            $0.request = req(3, .refresh)
            $0.contentOffset = -100
        }
        store.send(.drag(.offset(1153))) {
            $0.isDragging = true
            $0.contentOffset = 1153
        }
        store.assertScreen {
            $0.header = .refreshing
            $0.headerText = "下拉刷新列表"
            $0.headerVisible = false
            $0.footer = .armed
            $0.footerText = "释放加载"
            $0.footerVisible = true
            $0.spinner = false
            $0.rows = 26...39
        }
        store.send(.release) {
            $0.isDragging = false
            $0.suppressed = 3
            $0.contentOffset = 1093
        }
        // A refresh while refreshing: suppressed.
        store.send(.refresh) { $0.suppressed = 4 }
    }

    // MARK: refresh

    func testRefreshFailureKeepsRowsAndShowsRetryWhichRetriesAsRefresh() {
        let store = twoPageStore()
        store.send(.drag(.offset(-61))) {
            $0.isDragging = true
            $0.contentOffset = -61
        }
        store.send(.release, effects: [start(3, .refresh)]) {
            $0.isDragging = false
            $0.contentOffset = -100
            $0.requestsIssued = 3
            $0.request = req(3, .refresh)
        }
        store.tick(to: 3)
        store.send(failure(3)) {
            $0.request = nil
            $0.retryKind = .refresh
            $0.contentOffset = 0
        }
        store.assertScreen {
            $0.retryVisible = true
            $0.separators = false
            $0.rows = 0...15
        }
        XCTAssertEqual(store.state.items, page1 + page2, "rows kept")
        XCTAssertEqual(store.state.pageIndex, 2, "pageIndex kept")
        store.send(.tapRetry, effects: [start(4, .refresh)]) {
            $0.requestsIssued = 4
            $0.request = req(4, .refresh)
            $0.contentOffset = -100
        }
        store.assertScreen {
            $0.retryVisible = false
            $0.separators = true
            $0.header = .refreshing
            $0.headerText = "下拉刷新列表"
            $0.headerVisible = true
            $0.rows = 0...12
        }
        store.send(failure(4)) {
            $0.request = nil
            $0.contentOffset = 0
        }
        store.send(.tapRetry, effects: [start(5, .refresh)]) {
            $0.requestsIssued = 5
            $0.request = req(5, .refresh)
            $0.contentOffset = -100
        }
        store.send(success(5, page1)) {
            $0.request = nil
            $0.retryKind = nil
            $0.setRows(self.page1)
            $0.pageIndex = 1
            $0.contentOffset = 0
        }
        store.assertScreen {
            $0.header = .idle
            $0.headerText = "下拉刷新列表"
            $0.headerVisible = false
            $0.rows = 0...15
        }
    }

    func testRetryForARefreshStaysUpWhileALoadMoreRunsAndItsTapIsSuppressed() {
        let store = loadedStore()
        store.send(.refresh, effects: [start(2, .refresh)]) {
            $0.requestsIssued = 2
            $0.request = req(2, .refresh)
            $0.contentOffset = -100
        }
        store.send(failure(2)) {
            $0.request = nil
            $0.retryKind = .refresh
            $0.contentOffset = 0
        }
        store.send(.drag(.offset(273))) {
            $0.isDragging = true
            $0.contentOffset = 273
        }
        store.send(.release, effects: [start(3, .more, page: 2)]) {
            $0.isDragging = false
            $0.contentOffset = 313
            $0.requestsIssued = 3
            $0.request = req(3, .more, page: 2)
        }
        XCTAssertTrue(store.state.retryVisible)
        store.send(.tapRetry) { $0.suppressed = 1 }
    }

    func testShortPageEndsTheFeedAndOnlyASuccessfulRefreshClearsIt() {
        let store = loadedStore()
        store.send(.drag(.offset(273))) {
            $0.isDragging = true
            $0.contentOffset = 273
        }
        store.send(.release, effects: [start(2, .more, page: 2)]) {
            $0.isDragging = false
            $0.contentOffset = 313
            $0.requestsIssued = 2
            $0.request = req(2, .more, page: 2)
        }
        let short = items(21...25, title: "新闻{n}")
        store.send(success(2, short)) {
            $0.request = nil
            $0.appendRows(short)
            $0.pageIndex = 2
            $0.exhausted = true
        }
        store.assertScreen {
            $0.footer = .exhausted
            $0.footerText = "下拉加载更多"
            $0.rows = 7...22
        }
        // C = 1100: pulled 60 past the footer's top, an exhausted footer does not arm.
        store.send(.drag(.offset(493))) {
            $0.isDragging = true
            $0.contentOffset = 493
        }
        store.assertScreen {
            $0.footerVisible = true
            $0.rows = 11...24
        }
        store.send(.release) {
            $0.isDragging = false
            $0.contentOffset = 433
        }
        // A failed refresh keeps `exhausted`.
        store.send(.refresh, effects: [start(3, .refresh)]) {
            $0.requestsIssued = 3
            $0.request = req(3, .refresh)
            $0.contentOffset = -100
        }
        XCTAssertEqual(store.state.footerState, .exhausted, "a refresh clears exhausted when it succeeds, not when it starts")
        store.send(failure(3)) {
            $0.request = nil
            $0.retryKind = .refresh
            $0.contentOffset = 0
        }
        store.send(.tapRetry, effects: [start(4, .refresh)]) {
            $0.requestsIssued = 4
            $0.request = req(4, .refresh)
            $0.contentOffset = -100
        }
        store.send(success(4, page1)) {
            $0.request = nil
            $0.retryKind = nil
            $0.setRows(self.page1)
            $0.pageIndex = 1
            $0.exhausted = false
            $0.contentOffset = 0
        }
        XCTAssertEqual(store.state.footerState, .idle)
    }

    func testEmptyLastPageStillCountsAsAPage() {
        let store = loadedStore()
        store.send(.drag(.offset(280))) {
            $0.isDragging = true
            $0.contentOffset = 280
        }
        store.send(.release, effects: [start(2, .more, page: 2)]) {
            $0.isDragging = false
            $0.contentOffset = 313
            $0.requestsIssued = 2
            $0.request = req(2, .more, page: 2)
        }
        store.send(success(2, [])) {
            $0.request = nil
            $0.pageIndex = 2
            $0.exhausted = true
            $0.contentOffset = 213
        }
        store.assertScreen {
            $0.footer = .exhausted
            $0.footerText = "下拉加载更多"
            $0.rows = 4...19
        }
    }

    // MARK: hide footer when all rows fit (C ≤ H)

    func testFooterHiddenWhenRowsFitExactlyAndShownOneHalfPointShort() {
        let store = loadedStore()
        store.send(.resize(Viewport(width: 375, height: 880))) {
            $0.viewport = Viewport(width: 375, height: 880)
        }
        store.assertScreen {
            $0.footer = .hidden
            $0.footerText = ""
            $0.rows = 0...19
        }
        // Pulled 60 up: a hidden footer neither arms nor loads.
        store.send(.drag(.offset(60))) {
            $0.isDragging = true
            $0.contentOffset = 60
        }
        store.assertScreen { $0.rows = 1...19 }
        store.send(.release) {
            $0.isDragging = false
            $0.contentOffset = 0
        }
        store.send(.tapFooter)
        // H = 879.5 < C: the footer is back and arms at (y + H) − C ≥ 60.
        store.send(.resize(Viewport(width: 375, height: 879.5))) {
            $0.viewport = Viewport(width: 375, height: 879.5)
        }
        store.assertScreen {
            $0.footer = .idle
            $0.footerText = "下拉加载更多"
            $0.rows = 0...19
        }
        store.send(.drag(.offset(60.5))) {
            $0.isDragging = true
            $0.contentOffset = 60.5
        }
        store.assertScreen {
            $0.footer = .armed
            $0.footerText = "释放加载"
            $0.footerVisible = true
            $0.rows = 1...19
        }
    }

    func testShortFirstPageFitsSoFooterStaysHidden() {
        let store = TestStore(preset: .seed000, configure: Self.held)
        store.send(.launch, effects: [start(1, .initial)]) {
            $0.launched = true
            $0.requestsIssued = 1
            $0.request = req(1, .initial)
        }
        let few = items(1...10, title: "新闻{n}")
        store.send(success(1, few)) {
            $0.request = nil
            $0.setRows(few)
            $0.pageIndex = 1
            $0.hasData = true
            $0.exhausted = true
        }
        store.assertScreen {
            $0.retryTitle = "重新加载"
            $0.header = .idle
            $0.headerText = "下拉刷新列表"
            $0.rows = 0...9
        }
    }

    // MARK: scroll and resize

    func testScrollClampsToTheRestingRangeAndDragDoesNot() {
        let store = loadedStore()
        store.send(.scroll(.offset(1000))) { $0.contentOffset = 213 }
        store.send(.scroll(.by(-300))) { $0.contentOffset = 0 }
        store.send(.scroll(.bottom)) { $0.contentOffset = 213 }
        store.send(.scroll(.top)) { $0.contentOffset = 0 }
        store.send(.scroll(.offset(-50))) { $0.contentOffset = 0 }
        store.send(.drag(.offset(-500))) {
            $0.isDragging = true
            $0.contentOffset = -500
        }
        // Just below the release footer's arming line (273), so the release only settles.
        store.send(.drag(.by(772.5))) { $0.contentOffset = 272.5 }
        store.send(.release) {
            $0.isDragging = false
            $0.contentOffset = 213
        }
    }

    func testResizeClampsOnlyWhenNotDragging() {
        let store = loadedStore()
        store.send(.scroll(.bottom)) { $0.contentOffset = 213 }
        store.send(.resize(Viewport(width: 667, height: 375))) {
            $0.viewport = Viewport(width: 667, height: 375)
        }
        store.send(.scroll(.bottom)) { $0.contentOffset = 505 }
        store.send(.drag(.by(10))) {
            $0.isDragging = true
            $0.contentOffset = 515
        }
        // maxY becomes 880 − 400 = 480, but a drag is not clamped (and 515 + 400 − 880 < 60 does not arm).
        store.send(.resize(Viewport(width: 375, height: 400))) { $0.viewport = Viewport(width: 375, height: 400) }
        store.send(.release) {
            $0.isDragging = false
            $0.contentOffset = 480
        }
        store.send(.scroll(.bottom))
        store.send(.resize(Viewport(width: 375, height: 800))) {
            $0.viewport = Viewport(width: 375, height: 800)
            $0.contentOffset = 80
        }
    }

    // MARK: texts

    func testSeed000OwnWordsReplaceTheSimplifiedChineseTable() {
        let texts = Preset.seed000.config()!.texts
        XCTAssertEqual(texts.headerIdle, "下拉刷新列表")
        XCTAssertEqual(texts.headerArmed, "释放刷新")
        XCTAssertEqual(texts.footerIdleRelease, "下拉加载更多")
        XCTAssertEqual(texts.footerArmed, "释放加载")
        XCTAssertEqual(texts.retry, "重新加载")
        // The seed has no refreshing, loading or end-of-data text: its labels keep the idle ones (SPEC §8).
        XCTAssertEqual(texts.headerRefreshing, "下拉刷新列表")
        XCTAssertEqual(texts.footerLoading, "下拉加载更多")
        XCTAssertEqual(texts.footerExhausted, "下拉加载更多")
        // Words for what the seed never shows come from the zh-Hans table.
        XCTAssertEqual(texts.footerFailed, "加载失败，点击重试")
        XCTAssertEqual(texts.toast, "加载失败")
        XCTAssertEqual(texts.empty, "暂无内容")
    }

    func testSeed000InOtherLocalesUsesTheTable() {
        XCTAssertEqual(Preset.seed000.config(locale: "en")!.texts, .english)
        XCTAssertEqual(Preset.seed000.config(locale: "zh-Hant")!.texts, .traditionalChinese)
        XCTAssertEqual(Preset.seed000.config(locale: "fr")!.texts, .english, "a locale without texts falls back to English")
        XCTAssertNil(Preset.seed000.config(locale: "fr_FR"), "not a BCP 47 tag")

        let store = TestStore(preset: .seed000, locale: "en", configure: Self.held)
        store.send(.launch, effects: [start(1, .initial)]) {
            $0.launched = true
            $0.requestsIssued = 1
            $0.request = req(1, .initial)
        }
        store.send(success(1, page1)) {
            $0.request = nil
            $0.setRows(self.page1)
            $0.pageIndex = 1
            $0.hasData = true
        }
        store.assertScreen {
            $0.retryTitle = "Reload"
            $0.header = .idle
            $0.headerText = "Pull down to refresh"
            $0.footer = .idle
            $0.footerText = "Pull up to load more"
            $0.rows = 0...15
        }
        store.send(.drag(.offset(273))) {
            $0.isDragging = true
            $0.contentOffset = 273
        }
        store.assertScreen {
            $0.footer = .armed
            $0.footerText = "Release to load more"
            $0.footerVisible = true
            $0.rows = 6...19
        }
    }
}

private extension FeedEvent.DragTarget {
    static func to(_ y: Double) -> Self { .offset(y) }
}
