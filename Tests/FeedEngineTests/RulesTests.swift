import XCTest
@testable import FeedEngine
import FeedScenario
@testable import ReferenceEngine

/// The rules of SPEC §3 one by one, each "precise reading" included, and the
/// rows of the §5 preset table, across presets and configurations.
final class RulesTests: XCTestCase {
    let page1 = items(1...20)
    let page2 = items(21...40)

    /// Launch and load page 1 (20 rows) with exhaustive checks; returns the store.
    func loaded(_ preset: Preset, locale: String? = nil, viewport: Viewport = .standard,
                file: StaticString = #filePath, line: UInt = #line,
                configure: (inout FeedConfig) -> Void = { _ in }) -> TestStore {
        let store = TestStore(preset: preset, locale: locale, viewport: viewport, configure: configure)
        let headerFirst = store.config.header != nil && store.config.firstLoadIndicator == .header
        let top = headerFirst ? -store.config.header!.height : 0
        store.send(.launch, effects: [start(1, .initial)], file: file, line: line) {
            $0.launched = true
            $0.requestsIssued = 1
            $0.request = req(1, .initial)
            $0.contentOffset = top
        }
        let rows = Array(items(1...store.config.pageSize))
        store.send(success(1, rows), file: file, line: line) {
            $0.request = nil
            $0.setRows(rows)
            $0.pageIndex = 1
            $0.hasData = true
            $0.contentOffset = 0
        }
        return store
    }

    // MARK: The last failure (issue 15)

    /// A failed reply's reason is kept, with its request, until a reply succeeds;
    /// a stale reply changes nothing; before any failure there is none to show.
    func testTheLastFailureIsKeptUntilASuccess() {
        var state = FeedState(config: Preset.standard.config()!)
        _ = state.reduce(.launch)
        XCTAssertFalse(state.layout().hasFailed, "no failure yet: frames leave the field out")
        _ = state.reduce(.replyArrived(Reply(requestID: 1, outcome: .failure("HTTP 500"))))
        XCTAssertEqual(state.layout().lastFailure, RequestFailure(request: 1, reason: "HTTP 500"))
        XCTAssertTrue(state.layout().hasFailed)
        _ = state.reduce(.tapRetry)
        XCTAssertEqual(state.request?.id, 2)
        _ = state.reduce(.replyArrived(Reply(requestID: 1, outcome: .failure("late"))))
        XCTAssertEqual(state.lastFailure?.reason, "HTTP 500", "a stale reply is dropped, reason and all")
        _ = state.reduce(.replyArrived(Reply(requestID: 2, outcome: .success(items(1...20)))))
        XCTAssertNil(state.layout().lastFailure, "a success clears it")
        XCTAssertTrue(state.layout().hasFailed, "and frames then say null")
    }

    // MARK: §5 preset table

    func testPresetTableParameters() {
        let s0 = Preset.seed000.config()!, s1 = Preset.seed001.config()!, st = Preset.standard.config()!
        for c in [s0, s1, st] {
            XCTAssertEqual(c.rowHeight, 44)
            XCTAssertEqual(c.pageSize, 20)
            XCTAssertEqual(c.toastDuration, 2)
        }
        XCTAssertEqual([Preset.seed000.latency, Preset.seed001.latency, Preset.standard.latency], [1, 2, 1])
        XCTAssertEqual(s0.header, .init(height: 100, armDistance: 60))
        XCTAssertNil(s1.header)
        XCTAssertEqual(st.header, .init(height: 54, armDistance: 54))
        XCTAssertEqual([s0.footer.mode, s1.footer.mode, st.footer.mode], [.release, .auto, .auto])
        XCTAssertEqual([s0.footer.height, s1.footer.height, st.footer.height], [100, 60, 44])
        XCTAssertEqual(s0.footer.armDistance, 60)
        XCTAssertEqual([s1.footer.prefetchRows, st.footer.prefetchRows], [0, 3])
        XCTAssertEqual(s1.footer.spinner, .always)
        XCTAssertEqual(st.footer.spinner, .loading)
        XCTAssertEqual([s0.hideUntilFirstData, s1.hideUntilFirstData, st.hideUntilFirstData], [true, false, false])
        XCTAssertEqual([s0.hideFooterWhenFits, s1.hideFooterWhenFits, st.hideFooterWhenFits], [true, false, false])
        XCTAssertEqual([s0.firstLoadIndicator, s1.firstLoadIndicator, st.firstLoadIndicator], [.none, .footer, .header])
        XCTAssertEqual([s0.firstLoadFailure, s1.firstLoadFailure, st.firstLoadFailure], [.retry, .stuck, .retry])
        XCTAssertEqual([s0.refreshFailure, st.refreshFailure], [.retry, .toast])
        XCTAssertEqual([s0.loadMoreFailure, s1.loadMoreFailure, st.loadMoreFailure], [.toast, .stuck, .toastAndFailedFooter])
        XCTAssertEqual([s0.refreshWhileLoading, s1.refreshWhileLoading, st.refreshWhileLoading], [.ignore, .ignore, .cancel])
        XCTAssertEqual([Preset.seed000.defaultLocale, Preset.seed001.defaultLocale, Preset.standard.defaultLocale],
                       ["zh-Hans", "zh-Hans", "en"])
        XCTAssertEqual([Preset.seed000.title, Preset.seed001.title, Preset.standard.title], ["新闻{n}", "新闻标题{n}", "Item {n}"])
        // Under zh-Hant the seeds' titles are in traditional characters (seed 002's 新聞標題N).
        XCTAssertEqual(["seed000", "seed001", "standard"].map { Preset.named($0)!.title(locale: "zh-Hant") },
                       ["新聞{n}", "新聞標題{n}", "Item {n}"])
        // Colours: the seeds' UIKit colours (lightGrayColor, orangeColor), a system grey.
        XCTAssertEqual([s0.footer.colour, s1.footer.colour, st.footer.colour], ["#aaaaaa", "#ff8000", "#f2f2f7"])
        // Only seed000 holds nothing open, and only its retry button scrolls with the content (SPEC §8).
        XCTAssertEqual([s0.holdWhileLoading, s1.holdWhileLoading, st.holdWhileLoading], [false, true, true])
        XCTAssertEqual([s0.retryPlacement, s1.retryPlacement, st.retryPlacement], [.content, .screen, .screen])
        XCTAssertEqual(Preset.all.map(\.name), ["seed000", "seed001", "standard"])
        XCTAssertEqual(Preset.named("seed001"), .seed001)
        XCTAssertNil(Preset.named("seed003"))
    }

    func testFooterArmDistanceDefaultsToItsHeight() {
        XCTAssertEqual(FeedConfig.Footer(mode: .release, height: 80, colour: "x").armDistance, 80)
        XCTAssertEqual(FeedConfig.Footer(mode: .release, height: 80, armDistance: 30, colour: "x").armDistance, 30)
    }

    func testToastDurationIsConfigurable() {
        let store = loaded(.standard) { $0.toastDuration = 5 }
        store.tick(to: 10)
        store.send(.refresh, effects: [start(2, .refresh)]) {
            $0.requestsIssued = 2
            $0.request = req(2, .refresh)
            $0.contentOffset = -54
        }
        store.send(failure(2), effects: [.expireToast(until: 15)]) {
            $0.request = nil
            $0.toast = Toast(text: "Couldn't load. Try again", until: 15)
            $0.contentOffset = 0
        }
    }

    // MARK: one request in flight; suppressed triggers

    /// Each kind of suppressed trigger counts once; auto-footer checks never count.
    func testEachKindOfSuppressedTriggerCountsOnce() {
        // 1. `refresh` while a refresh runs.
        let a = loaded(.standard)
        a.send(.refresh, effects: [start(2, .refresh)]) {
            $0.requestsIssued = 2
            $0.request = req(2, .refresh)
            $0.contentOffset = -54
        }
        a.send(.refresh) { $0.suppressed = 1 }

        // 2. Releasing an armed (release) footer while a refresh runs.
        // (seed000 holds nothing open: the list stays at rest while the refresh runs.)
        let b = loaded(.seed000)
        b.send(.refresh, effects: [start(2, .refresh)]) {
            $0.requestsIssued = 2
            $0.request = req(2, .refresh)
        }
        b.send(.drag(.offset(273))) {
            $0.isDragging = true
            $0.contentOffset = 273
        }
        XCTAssertEqual(b.state.footerState, .armed, "arming ignores requests in flight")
        b.send(.release) {
            $0.isDragging = false
            $0.suppressed = 1
            $0.contentOffset = 213
        }

        // 3. Releasing an armed header while a load-more runs (`ignore`).
        let c = loaded(.standard) { $0.refreshWhileLoading = .ignore }
        c.send(.scroll(.bottom), effects: [start(2, .more, page: 2)]) {
            $0.contentOffset = 257
            $0.requestsIssued = 2
            $0.request = req(2, .more, page: 2)
        }
        c.send(.drag(.offset(-54))) {
            $0.isDragging = true
            $0.contentOffset = -54
        }
        XCTAssertEqual(c.state.headerState, .armed, "arming ignores requests in flight")
        c.send(.release) {
            $0.isDragging = false
            $0.suppressed = 1
            $0.contentOffset = 0
        }

        // 4. `tap footer` on a visible, tappable footer while a refresh runs.
        let d = loaded(.standard, viewport: Viewport(width: 375, height: 300))
        d.send(.refresh, effects: [start(2, .refresh)]) {
            $0.requestsIssued = 2
            $0.request = req(2, .refresh)
            $0.contentOffset = -54
        }
        d.send(.scroll(.bottom)) { $0.contentOffset = 624 }
        XCTAssertTrue(d.state.footerVisible && d.state.footerTappable)
        d.send(.tapFooter) { $0.suppressed = 1 }

        // 5. `tap retry` (offered for a failed refresh) while a load-more runs (`ignore`).
        let e = loaded(.standard) {
            $0.refreshWhileLoading = .ignore
            $0.refreshFailure = .retry
        }
        e.send(.refresh, effects: [start(2, .refresh)]) {
            $0.requestsIssued = 2
            $0.request = req(2, .refresh)
            $0.contentOffset = -54
        }
        e.send(failure(2)) {
            $0.request = nil
            $0.retryKind = .refresh
            $0.contentOffset = 0
        }
        e.send(.scroll(.bottom), effects: [start(3, .more, page: 2)]) {
            $0.contentOffset = 257
            $0.requestsIssued = 3
            $0.request = req(3, .more, page: 2)
        }
        XCTAssertTrue(e.state.retryVisible)
        e.send(.tapRetry) { $0.suppressed = 1 }
    }
    func testAutoFooterChecksNeverCountAsSuppressed() {
        let store = loaded(.standard)
        store.send(.refresh, effects: [start(2, .refresh)]) {
            $0.requestsIssued = 2
            $0.request = req(2, .refresh)
            $0.contentOffset = -54
        }
        // The last row shows while the refresh runs: no load-more, no count.
        store.send(.scroll(.bottom)) { $0.contentOffset = 257 }
        store.send(.scroll(.by(-1))) { $0.contentOffset = 256 }
        store.send(.drag(.by(5))) {
            $0.isDragging = true
            $0.contentOffset = 261
        }
        store.send(.release) {
            $0.isDragging = false
            $0.contentOffset = 257
        }
        XCTAssertEqual(store.state.suppressed, 0)
        // When the refresh ends with the last row still on screen, the auto footer fires at once.
        store.send(success(2, page1), effects: [start(3, .more, page: 2)]) {
            $0.setRows(self.page1)
            $0.requestsIssued = 3
            $0.request = req(3, .more, page: 2)
        }
    }

    /// SPEC: "with `refreshWhileLoading: ignore`" a refresh over a load-more is suppressed.
    func testIgnoreSuppressesARefreshOverALoadMore() {
        let store = loaded(.standard) { $0.refreshWhileLoading = .ignore }
        store.send(.scroll(.bottom), effects: [start(2, .more, page: 2)]) {
            $0.contentOffset = 257
            $0.requestsIssued = 2
            $0.request = req(2, .more, page: 2)
        }
        store.send(.refresh) { $0.suppressed = 1 }
        store.send(success(2, page2)) {
            $0.request = nil
            $0.appendRows(self.page2)
            $0.pageIndex = 2
        }
        XCTAssertEqual(store.state.staleReplies, 0)
    }

    /// `cancel` lets a refresh replace a load-more, never the other way round,
    /// and never a refresh over a first load.
    func testCancelOnlyReplacesALoadMore() {
        let store = TestStore(preset: .standard)
        store.send(.launch, effects: [start(1, .initial)]) {
            $0.launched = true
            $0.requestsIssued = 1
            $0.request = req(1, .initial)
            $0.contentOffset = -54
        }
        store.send(.refresh) { $0.suppressed = 1 }
        store.send(success(1, page1)) {
            $0.request = nil
            $0.setRows(self.page1)
            $0.pageIndex = 1
            $0.hasData = true
            $0.contentOffset = 0
        }
        store.send(.refresh, effects: [start(2, .refresh)]) {
            $0.requestsIssued = 2
            $0.request = req(2, .refresh)
            $0.contentOffset = -54
        }
        // Not a refresh over a refresh, nor a load-more over a refresh.
        store.send(.refresh) { $0.suppressed = 2 }
        store.send(.scroll(.bottom)) { $0.contentOffset = 257 }
        XCTAssertTrue(store.state.footerVisible && store.state.footerTappable)
        store.send(.tapFooter) { $0.suppressed = 3 }
        XCTAssertEqual(store.state.request, req(2, .refresh))
    }

    func testEventsBeforeLaunchStartNothing() {
        // Engine fix: a refresh before `launch` used to start a request, and `launch` then a second one.
        let store = TestStore(preset: .standard)
        store.send(.refresh)
        store.send(.drag(.offset(-80))) {
            $0.isDragging = true
            $0.contentOffset = -80
        }
        store.send(.release) {
            $0.isDragging = false
            $0.contentOffset = 0
        }
        store.send(.tapFooter)
        store.send(.tapRetry)
        store.send(.launch, effects: [start(1, .initial)]) {
            $0.launched = true
            $0.requestsIssued = 1
            $0.request = req(1, .initial)
            $0.contentOffset = -54
        }
    }

    // MARK: release with no drag; taps on invisible things

    func testReleaseWithNoDragChangesNothing() {
        for preset in Preset.all {
            let store = loaded(preset)
            store.send(.release)
            store.send(.scroll(.offset(30))) { $0.contentOffset = 30 }
            store.send(.release)
            // After a drag's release, a second release is again "no drag".
            var state = store.state
            _ = state.reduce(.drag(.by(-300)))
            _ = state.reduce(.release)
            let settled = state
            XCTAssertEqual(state.reduce(.release), [], preset.name)
            XCTAssertEqual(state, settled, preset.name)
        }
    }
    func testTapsOnInvisibleOrUntappableThingsChangeNothing() {
        // seed000: an idle release footer, even in view, is not tappable; no retry button.
        let s0 = loaded(.seed000)
        s0.send(.scroll(.bottom)) { $0.contentOffset = 213 }
        s0.send(.drag(.by(20))) {
            $0.isDragging = true
            $0.contentOffset = 233
        }
        XCTAssertTrue(s0.state.footerVisible)
        s0.send(.tapFooter)
        s0.send(.tapRetry)
        // standard: a failed footer is tappable only while it overlaps the viewport.
        let st = loaded(.standard)
        st.send(.scroll(.bottom), effects: [start(2, .more, page: 2)]) {
            $0.contentOffset = 257
            $0.requestsIssued = 2
            $0.request = req(2, .more, page: 2)
        }
        st.send(failure(2), effects: [.expireToast(until: 2)]) {
            $0.request = nil
            $0.toast = Toast(text: "Couldn't load. Try again", until: 2)
            $0.footerFailed = true
            $0.autoLoadBlocked = true
        }
        // Footer [880, 924) vs viewport [213, 880): touching, not overlapping.
        st.send(.scroll(.offset(213))) { $0.contentOffset = 213 }
        XCTAssertTrue(st.state.footerTappable)
        XCTAssertFalse(st.state.footerVisible)
        st.send(.tapFooter)
        st.send(.scroll(.offset(213.5))) { $0.contentOffset = 213.5 }
        XCTAssertTrue(st.state.footerVisible)
        st.send(.tapFooter, effects: [start(3, .more, page: 2)]) {
            $0.requestsIssued = 3
            $0.request = req(3, .more, page: 2)
            $0.footerFailed = false
            $0.autoLoadBlocked = false
        }
    }

    // MARK: tappable footers

    func testReleaseFooterIsTappableOnlyWhenFailed() {
        // A release footer lies outside the resting range, so it is in view only
        // during a drag; a failure that lands mid-drag leaves it `failed` in view.
        let store = loaded(.seed000) {
            $0.loadMoreFailure = .toastAndFailedFooter
            $0.holdWhileLoading = true
        }
        store.send(.drag(.offset(273))) {
            $0.isDragging = true
            $0.contentOffset = 273
        }
        store.send(.release, effects: [start(2, .more, page: 2)]) {
            $0.isDragging = false
            $0.requestsIssued = 2
            $0.request = req(2, .more, page: 2)
            $0.contentOffset = 313
        }
        store.send(.drag(.by(0))) { $0.isDragging = true }
        store.send(failure(2), effects: [.expireToast(until: 2)]) {
            $0.request = nil
            $0.toast = Toast(text: "加载失败", until: 2)
            $0.footerFailed = true
            $0.autoLoadBlocked = true
        }
        XCTAssertEqual(store.state.footerState, .failed)
        XCTAssertEqual(store.state.layout().footer.text, "加载失败，点击重试")
        // Pulled far past the line, a failed footer does not arm.
        store.send(.drag(.offset(400))) { $0.contentOffset = 400 }
        XCTAssertEqual(store.state.footerState, .failed)
        XCTAssertTrue(store.state.footerVisible && store.state.footerTappable)
        store.send(.tapFooter, effects: [start(3, .more, page: 2)]) {
            $0.requestsIssued = 3
            $0.request = req(3, .more, page: 2)
            $0.footerFailed = false
            $0.autoLoadBlocked = false
        }
        store.send(.release) {
            $0.isDragging = false
            $0.contentOffset = 313
        }
        // Failed again, at rest: out of view, the tap does nothing; a new drag turns it idle.
        store.send(failure(3), effects: [.expireToast(until: 2)]) {
            $0.request = nil
            $0.footerFailed = true
            $0.autoLoadBlocked = true
            $0.contentOffset = 213
        }
        store.send(.tapFooter)
        store.send(.drag(.by(0))) {
            $0.isDragging = true
            $0.footerFailed = false
            $0.autoLoadBlocked = false
        }
        XCTAssertEqual(store.state.footerState, .idle)
        XCTAssertFalse(store.state.footerTappable, "an idle release footer is not tappable")
    }

    // MARK: where the view settles

    func testReleaseFooterOnShortContentSettlesBelowTheScreen() {
        // A release footer with rows that fit (C = 440 < H) sits at H = 667 and arms at y ≥ 44.
        let store = loaded(.standard) {
            $0.pageSize = 10
            $0.footer.mode = .release
        }
        XCTAssertEqual(store.state.footerTop, 667)
        store.send(.drag(.offset(43.5))) {
            $0.isDragging = true
            $0.contentOffset = 43.5
        }
        XCTAssertEqual(store.state.footerState, .idle)
        store.send(.drag(.offset(44))) { $0.contentOffset = 44 }
        XCTAssertEqual(store.state.footerState, .armed)
        store.send(.release, effects: [start(2, .more, page: 2)]) {
            $0.isDragging = false
            $0.requestsIssued = 2
            $0.request = req(2, .more, page: 2)
            $0.contentOffset = 44  // max(C, H) + fh − H
        }
        XCTAssertEqual(store.state.maxOffset, 44)
        XCTAssertEqual(store.state.layout().footer.y, 667 - 44)
        // The reply appends and the view clamps into the new range (C = 880: [0, 213]).
        let more = items(11...20)
        store.send(success(2, more)) {
            $0.request = nil
            $0.appendRows(more)
            $0.pageIndex = 2
        }
    }

    func testTheEndOfARequestKeepsTheOffsetWhileDragging() {
        let store = loaded(.standard)
        store.send(.refresh, effects: [start(2, .refresh)]) {
            $0.requestsIssued = 2
            $0.request = req(2, .refresh)
            $0.contentOffset = -54
        }
        store.send(.drag(.by(-30))) {
            $0.isDragging = true
            $0.contentOffset = -84
        }
        store.send(success(2, page1)) {
            $0.request = nil
        }
        XCTAssertEqual(store.state.headerState, .armed, "header arms again once the refresh ended")
        store.send(.release, effects: [start(3, .refresh)]) {
            $0.isDragging = false
            $0.requestsIssued = 3
            $0.request = req(3, .refresh)
            $0.contentOffset = -54
        }
    }

    // MARK: with no rows; loading and refreshing indicators

    func testWithNoRowsTheFooterIsHiddenExceptAsSeed001FirstLoadIndicator() {
        for preset in Preset.all {
            for mode in FeedConfig.Footer.Mode.allCases {
                var config = preset.config()!
                config.footer.mode = mode
                // During the first load.
                var state = FeedState(config: config)
                _ = state.reduce(.launch)
                let expected: FooterState = config.firstLoadIndicator == .footer ? .loading : .hidden
                XCTAssertEqual(state.footerState, expected, "\(preset.name) \(mode) first load")
                // Beside the empty view.
                var empty = state
                _ = empty.reduce(success(1, []))
                XCTAssertTrue(empty.emptyVisible)
                XCTAssertEqual(empty.footerState, .hidden, "\(preset.name) \(mode) empty")
                XCTAssertEqual(empty.insetBottom, 0)
                // Beside the retry button (when the preset has one).
                var failed = state
                _ = failed.reduce(failure(1))
                if config.firstLoadFailure == .retry {
                    XCTAssertTrue(failed.retryVisible)
                    XCTAssertFalse(failed.emptyVisible)
                    XCTAssertEqual(failed.footerState, .hidden, "\(preset.name) \(mode) retry")
                } else {
                    XCTAssertEqual(failed.footerState, .loading, "\(preset.name) \(mode) stuck")
                }
            }
        }
    }

    func testFooterLoadingExactlyWhileAMoreRunsAndHeaderRefreshingWhileARefreshRuns() {
        let store = loaded(.standard)
        XCTAssertEqual(store.state.footerState, .idle)
        store.send(.scroll(.bottom), effects: [start(2, .more, page: 2)]) {
            $0.contentOffset = 257
            $0.requestsIssued = 2
            $0.request = req(2, .more, page: 2)
        }
        XCTAssertEqual(store.state.footerState, .loading)
        XCTAssertEqual(store.state.headerState, .idle)
        store.send(.refresh, effects: [start(3, .refresh)]) {
            $0.requestsIssued = 3
            $0.request = req(3, .refresh)
            $0.contentOffset = -54
        }
        XCTAssertEqual(store.state.footerState, .idle)
        XCTAssertEqual(store.state.headerState, .refreshing)
        // seed000's first load does not show the header refreshing (indicator `none`).
        var s0 = FeedState(config: Preset.seed000.config()!)
        _ = s0.reduce(.launch)
        XCTAssertEqual(s0.headerState, .hidden)
        // A header-less config with a header first-load indicator shows nothing.
        var config = Preset.standard.config()!
        config.header = nil
        var noHeader = FeedState(config: config)
        _ = noHeader.reduce(.launch)
        XCTAssertEqual(noHeader.headerState, .hidden)
        XCTAssertEqual(noHeader.contentOffset, 0)
        XCTAssertEqual(noHeader.footerState, .hidden)
    }

    func testAPresetWithoutHeaderIgnoresRefresh() {
        let store = loaded(.standard) { $0.header = nil }
        XCTAssertEqual(store.state.headerState, .hidden)
        store.send(.refresh)
        store.send(.drag(.offset(-200))) {
            $0.isDragging = true
            $0.contentOffset = -200
        }
        store.send(.release) {
            $0.isDragging = false
            $0.contentOffset = 0
        }
    }

    /// SPEC is silent on `refresh` while seed000's header is hidden before
    /// first data; the engine reads "header hidden" as "no header": it does
    /// nothing and is not counted as suppressed.
    func testRefreshWhileTheHeaderIsHiddenUntilFirstDataDoesNothing() {
        let store = TestStore(preset: .seed000)
        store.send(.launch, effects: [start(1, .initial)]) {
            $0.launched = true
            $0.requestsIssued = 1
            $0.request = req(1, .initial)
        }
        store.send(.refresh)
        store.send(failure(1)) {
            $0.request = nil
            $0.retryKind = .initial
        }
        store.send(.refresh)
    }

    // MARK: retry

    func testRetryRepeatsAFailedRefreshAsARefresh() {
        let store = loaded(.standard) { $0.refreshFailure = .retry }
        store.send(.refresh, effects: [start(2, .refresh)]) {
            $0.requestsIssued = 2
            $0.request = req(2, .refresh)
            $0.contentOffset = -54
        }
        store.send(failure(2)) {
            $0.request = nil
            $0.retryKind = .refresh
            $0.contentOffset = 0
        }
        XCTAssertTrue(store.state.retryVisible)
        XCTAssertFalse(store.state.emptyVisible)
        store.send(.tapRetry, effects: [start(3, .refresh)]) {
            $0.requestsIssued = 3
            $0.request = req(3, .refresh)
            $0.contentOffset = -54
        }
        XCTAssertFalse(store.state.retryVisible)
        XCTAssertEqual(store.state.headerState, .refreshing)
    }

    func testRetryOfARefreshCancelsALoadMoreWithCancel() {
        let store = loaded(.standard) { $0.refreshFailure = .retry }
        store.send(.refresh, effects: [start(2, .refresh)]) {
            $0.requestsIssued = 2
            $0.request = req(2, .refresh)
            $0.contentOffset = -54
        }
        store.send(failure(2)) {
            $0.request = nil
            $0.retryKind = .refresh
            $0.contentOffset = 0
        }
        store.send(.scroll(.bottom), effects: [start(3, .more, page: 2)]) {
            $0.contentOffset = 257
            $0.requestsIssued = 3
            $0.request = req(3, .more, page: 2)
        }
        XCTAssertTrue(store.state.retryVisible, "the button hides only while its own kind runs")
        store.send(.tapRetry, effects: [start(4, .refresh)]) {
            $0.requestsIssued = 4
            $0.request = req(4, .refresh)
            $0.contentOffset = -54
        }
        store.send(success(3, page2)) { $0.staleReplies = 1 }
    }

    /// SPEC does not say what a successful load-more does to a retry button
    /// offered for a failed refresh (seed000). The engine reads any success as
    /// "the source answers again" and takes the button down; rows are appended
    /// as usual and pageIndex counts on.
    func testASuccessfulLoadMoreTakesDownARetryOfferedForARefresh() {
        // seed000 holds nothing open: the offset stays at rest while each request runs.
        let store = loaded(.seed000)
        store.send(.refresh, effects: [start(2, .refresh)]) {
            $0.requestsIssued = 2
            $0.request = req(2, .refresh)
        }
        store.send(failure(2)) {
            $0.request = nil
            $0.retryKind = .refresh
        }
        store.send(.drag(.offset(273))) {
            $0.isDragging = true
            $0.contentOffset = 273
        }
        store.send(.release, effects: [start(3, .more, page: 2)]) {
            $0.isDragging = false
            $0.requestsIssued = 3
            $0.request = req(3, .more, page: 2)
            $0.contentOffset = 213
        }
        store.send(success(3, page2)) {
            $0.request = nil
            $0.appendRows(self.page2)
            $0.pageIndex = 2
            $0.retryKind = nil
        }
        XCTAssertFalse(store.state.retryVisible)
        XCTAssertTrue(store.state.layout().separators)
    }

    func testHideUntilFirstDataOnAnAutoList() {
        let store = TestStore(preset: .standard) {
            $0.hideUntilFirstData = true
            $0.firstLoadIndicator = .none
        }
        store.send(.launch, effects: [start(1, .initial)]) {
            $0.launched = true
            $0.requestsIssued = 1
            $0.request = req(1, .initial)
        }
        store.send(failure(1)) {
            $0.request = nil
            $0.retryKind = .initial
        }
        // No data yet: header and footer hidden, the pull arms nothing.
        store.send(.drag(.offset(-100))) {
            $0.isDragging = true
            $0.contentOffset = -100
        }
        store.assertScreen {
            $0.retryTitle = "Reload"
            $0.retryVisible = true
            $0.separators = false
        }
        store.send(.release) {
            $0.isDragging = false
            $0.contentOffset = 0
        }
        store.send(.tapRetry, effects: [start(2, .initial)]) {
            $0.requestsIssued = 2
            $0.request = req(2, .initial)
        }
        store.send(success(2, page1)) {
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
            $0.headerText = "Pull down to refresh"
            $0.footer = .idle
            $0.footerText = "Tap or pull up to load more"
            $0.footerTappable = true
            $0.rows = 0...15
        }
    }

    // MARK: success, pageIndex, duplicates

    func testPageIndexCountsSuccessfulPagesAndResetsOnReplace() {
        // A 5000 pt viewport: the auto footer keeps loading until the empty fourth page.
        var state = FeedState(config: Preset.standard.config()!, viewport: Viewport(width: 375, height: 5000))
        var effects = state.reduce(.launch)
        var page = 1
        while case .startRequest(let r)? = effects.first {
            XCTAssertEqual(r.page, page)
            XCTAssertEqual(state.pageIndex, page - 1)
            effects = state.reduce(success(r.id, page < 4 ? items((page - 1) * 20 + 1...page * 20) : []))
            XCTAssertEqual(state.pageIndex, page)
            page += 1
        }
        XCTAssertEqual(state.pageIndex, 4, "the empty fourth page counts")
        XCTAssertTrue(state.exhausted)
        XCTAssertEqual(state.items.count, 60)
        effects = state.reduce(.refresh)
        XCTAssertEqual(effects, [start(5, .refresh)])
        _ = state.reduce(success(5, items(1...20)))
        XCTAssertEqual(state.pageIndex, 1)
        XCTAssertFalse(state.exhausted)
    }
    func testDuplicateIdsWithinAReplacingPageAreDroppedAndCounted() {
        let store = TestStore(preset: .standard)
        store.send(.launch, effects: [start(1, .initial)]) {
            $0.launched = true
            $0.requestsIssued = 1
            $0.request = req(1, .initial)
            $0.contentOffset = -54
        }
        let page = items(1...10) + items(5...14)
        store.send(success(1, page), effects: [start(2, .more, page: 2)]) {
            $0.setRows(items(1...14))
            $0.pageIndex = 1
            $0.hasData = true
            $0.duplicatesDropped = 6
            $0.contentOffset = 0
            $0.requestsIssued = 2
            $0.request = req(2, .more, page: 2)
        }
        // A refresh starts the id set afresh: the same ids are not duplicates of the old rows.
        store.send(.refresh, effects: [start(3, .refresh)]) {
            $0.requestsIssued = 3
            $0.request = req(3, .refresh)
            $0.contentOffset = -54
        }
        store.send(success(3, items(1...20))) {
            $0.request = nil
            $0.setRows(items(1...20))
            $0.contentOffset = 0
        }
    }

    /// Reading: "a page with fewer than pageSize items ends the feed" counts the
    /// items the source sent, before duplicates are dropped.
    func testExhaustionCountsThePageBeforeDuplicatesAreDropped() {
        var state = FeedState(config: Preset.standard.config()!)
        _ = state.reduce(.launch)
        _ = state.reduce(success(1, items(1...20)))
        _ = state.reduce(.scroll(.bottom))
        _ = state.reduce(success(2, items(11...30)))
        XCTAssertEqual(state.items.count, 30)
        XCTAssertEqual(state.duplicatesDropped, 10)
        XCTAssertFalse(state.exhausted)
    }

    // MARK: failure loses nothing

    func testFailureOfEachKindLosesNothing() {
        for preset in Preset.all {
            for kind in [RequestKind.refresh, .more] where !(kind == .refresh && preset.config()!.header == nil) {
                var state = FeedState(config: preset.config()!)
                _ = state.reduce(.launch)
                _ = state.reduce(success(1, items(1...20)))
                let effects: [Effect]
                if kind == .refresh {
                    effects = state.reduce(.refresh)
                } else {
                    // A release footer arms and starts on release; an auto one fires during the drag.
                    effects = state.reduce(.drag(.offset(400))) + state.reduce(.release)
                }
                guard case .startRequest(let r)? = effects.first else {
                    XCTFail("\(preset.name) \(kind): no request")
                    continue
                }
                XCTAssertEqual(r.kind, kind)
                let rows = state.items, page = state.pageIndex
                _ = state.reduce(failure(r.id))
                XCTAssertEqual(state.items, rows, "\(preset.name) \(kind)")
                XCTAssertEqual(state.pageIndex, page, "\(preset.name) \(kind)")
                XCTAssertNil(state.request)
                XCTAssertEqual(state.contentOffset, state.clamped(state.contentOffset))
            }
        }
    }

    // MARK: same-time events (the runner's clock)

    func testSameTimeEventsHappenInDueOrderThenScheduleOrderWithinTheWait() throws {
        let source = SyntheticSource(total: nil, pageSize: 20, latency: .perRequest([1, 1, 2]),
                                     title: "Item {n}", failures: [2])
        var runner = ScenarioRunner(state: FeedState(config: Preset.standard.config()!), source: source)
        var causes: [String] = []
        let script = ["launch", "wait 1", "scroll to bottom", "wait 1", "refresh", "wait 2"]
        for text in script {
            try runner.perform(ScriptStep.parse(text).get()) { causes.append($0.cause) }
        }
        // At t = 2 the load-more fails: toast until 4 (scheduled first); the refresh
        // (latency 2) is due at 4 too (scheduled second). `wait 2` ends exactly at 4.
        XCTAssertEqual(Array(causes.suffix(3)), ["refresh", "wait 2 → toast expired", "wait 2 → reply 3: page 1, 20 items"])
        XCTAssertEqual(runner.state.time, 4)
        XCTAssertNil(runner.state.toast)
        XCTAssertNil(runner.state.request)
    }
}
