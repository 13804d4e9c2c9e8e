import XCTest
@testable import FeedEngine
@testable import ReferenceEngine

/// seed000 as the seed's code runs it (SPEC §8, "seed000 holds nothing open"): it never
/// changes its content inset, so a release that starts a request settles back to rest
/// while the request runs, and its labels keep the seed's own texts. Other presets, and
/// seed000 told `holdWhileLoading: true`, still hold the header or footer in view.
///
/// Geometry: 375×667, 20 rows of 44 pt (C = 880), resting range [0, 213].
final class Seed000SettlesTests: XCTestCase {
    /// A preset launched with its first page in (20 rows), at rest.
    func loaded(_ preset: Preset, total rows: Int = 20, configure: (inout FeedConfig) -> Void = { _ in }) -> FeedState {
        var config = preset.config()!
        configure(&config)
        var state = FeedState(config: config)
        _ = state.reduce(.launch)
        _ = state.reduce(success(1, items(1...rows, title: preset.title)))
        XCTAssertNil(state.request)
        return state
    }

    /// Drags to `y` and releases; returns the request the release started.
    func pullAndRelease(_ state: inout FeedState, to y: Double) -> [Effect] {
        _ = state.reduce(.drag(.offset(y)))
        return state.reduce(.release)
    }

    func testAReleasedRefreshSettlesBackToRestWhileItRuns() {
        var state = loaded(.seed000)
        XCTAssertEqual(pullAndRelease(&state, to: -70), [start(2, .refresh)])
        XCTAssertEqual(state.contentOffset, 0, "no −100 inset: back at rest")
        XCTAssertEqual(state.insetTop, 0)
        let layout = state.layout()
        XCTAssertEqual(layout.header.state, .refreshing)
        XCTAssertFalse(layout.header.visible, "the header is out of view while the refresh runs")
        XCTAssertEqual(layout.header.text, "下拉刷新列表", "the seed has no refreshing text")
        // Pulled into view again while it runs, it says what the pull does, as the seed's
        // scrollViewDidScroll sets it: 下拉刷新列表, and 释放刷新 past the line.
        _ = state.reduce(.drag(.offset(-50)))
        XCTAssertTrue(state.layout().header.visible)
        XCTAssertEqual(state.layout().header.state, .refreshing)
        XCTAssertEqual(state.layout().header.text, "下拉刷新列表")
        _ = state.reduce(.drag(.offset(-70)))
        XCTAssertEqual(state.layout().header.state, .refreshing)
        XCTAssertEqual(state.layout().header.text, "释放刷新")
        XCTAssertEqual(state.reduce(.release), [], "a release while it runs starts nothing")
        _ = state.reduce(.release)
        XCTAssertEqual(state.contentOffset, 0)
        _ = state.reduce(success(2, items(1...20, title: "新闻{n}")))
        XCTAssertEqual(state.contentOffset, 0)
        XCTAssertEqual(state.headerState, .idle)
    }

    func testAReleasedLoadMoreSettlesBackToRestAndItsSpinnerSpinsWhereverTheFooterIs() {
        var state = loaded(.seed000)
        XCTAssertEqual(pullAndRelease(&state, to: 273), [start(2, .more, page: 2)])
        XCTAssertEqual(state.contentOffset, 213, "880 − 667: the footer is not held in view")
        XCTAssertEqual(state.insetBottom, 0)
        var layout = state.layout()
        XCTAssertEqual(layout.footer.state, .loading)
        XCTAssertFalse(layout.footer.visible)
        XCTAssertTrue(layout.footer.spinner)
        XCTAssertEqual(layout.footer.text, "下拉加载更多", "never 正在加载更多的数据...")
        // Pulled up again while it loads: the footer, right under the rows, spins, and its
        // label follows the pull (释放加载 past the line, 60 pt past the rows).
        _ = state.reduce(.drag(.offset(263)))
        layout = state.layout()
        XCTAssertTrue(layout.footer.visible)
        XCTAssertTrue(layout.footer.spinner)
        XCTAssertEqual(layout.footer.y, 880 - 263)
        XCTAssertEqual(layout.footer.text, "下拉加载更多")
        _ = state.reduce(.drag(.offset(313)))
        layout = state.layout()
        XCTAssertEqual(layout.footer.state, .loading)
        XCTAssertEqual(layout.footer.y, 880 - 313)
        XCTAssertEqual(layout.footer.text, "释放加载")
        _ = state.reduce(.release)
        XCTAssertEqual(state.contentOffset, 213)
        // A short last page: exhausted, and the label still says the seed's words.
        _ = state.reduce(success(2, items(21...25, title: "新闻{n}")))
        XCTAssertEqual(state.footerState, .exhausted)
        XCTAssertEqual(state.layout().footer.text, "下拉加载更多", "never 已经全部加载完毕")
        XCTAssertFalse(state.layout().footer.spinner)
    }

    func testWithHideFooterWhenFitsOffTheFooterSitsRightUnderShortContent() {
        // Pages of three, so the first does not end the feed.
        var state = loaded(.seed000, total: 3) {
            $0.hideFooterWhenFits = false
            $0.pageSize = 3
        }
        let layout = state.layout()
        XCTAssertEqual(layout.footer.state, .idle)
        XCTAssertTrue(layout.footer.visible, "the seed's author: the footer follows the cells")
        XCTAssertEqual(layout.footer.y, 3 * 44, "under the three rows, not below the screen")
        // It still arms by SPEC §3's rule (60 pt past max(C, H)), and settles back when released.
        XCTAssertEqual(pullAndRelease(&state, to: 60), [start(2, .more, page: 2)])
        XCTAssertEqual(state.contentOffset, 0)
        XCTAssertEqual(state.layout().footer.y, 132)
        XCTAssertTrue(state.layout().footer.visible && state.layout().footer.spinner)
    }

    /// Only seed000's own words follow the pull; the table's texts name the state.
    func testOnlySeed000sOwnWordsFollowThePull() {
        var english = FeedState(config: Preset.seed000.config(locale: "en")!)
        _ = english.reduce(.launch)
        _ = english.reduce(success(1, items(1...20)))
        _ = pullAndRelease(&english, to: 273)
        _ = english.reduce(.drag(.offset(313)))
        XCTAssertEqual(english.layout().footer.text, "Loading...")
        XCTAssertFalse(Preset.seed000.config(locale: "en")!.texts.labelsFollowThePull)
        XCTAssertTrue(Preset.seed000.config()!.texts.labelsFollowThePull)
        XCTAssertFalse(Preset.standard.config(locale: "zh-Hans")!.texts.labelsFollowThePull)
    }

    func testOtherPresetsAndAHoldingSeed000StillHold() {
        var standard = loaded(.standard)
        XCTAssertEqual(pullAndRelease(&standard, to: -60), [start(2, .refresh)])
        XCTAssertEqual(standard.contentOffset, -54, "standard holds its header")

        var held = loaded(.seed000) { $0.holdWhileLoading = true }
        XCTAssertEqual(pullAndRelease(&held, to: -70), [start(2, .refresh)])
        XCTAssertEqual(held.contentOffset, -100)
        _ = held.reduce(success(2, items(1...20, title: "新闻{n}")))
        XCTAssertEqual(pullAndRelease(&held, to: 273), [start(3, .more, page: 2)])
        XCTAssertEqual(held.contentOffset, 313, "the whole release footer held in view")
        XCTAssertEqual(held.layout().footer.y, 880 - 313)

        let seed001 = Preset.seed001.config()!
        XCTAssertTrue(seed001.holdWhileLoading)
        XCTAssertTrue(Preset.standard.config()!.holdWhileLoading)
        XCTAssertFalse(Preset.seed000.config()!.holdWhileLoading)
    }

    /// `btnRetry.center = self.center`: at the table's centre in content coordinates, 100 pt
    /// (the hidden header view) above the screen's centre at rest, scrolling with the rows.
    func testSeed000sRetryButtonScrollsWithTheContent() {
        var state = FeedState(config: Preset.seed000.config()!)
        _ = state.reduce(.launch)
        _ = state.reduce(failure(1))
        XCTAssertEqual(state.layout().retryY, 667 / 2 - 100 - 25)
        _ = state.reduce(.tapRetry)
        XCTAssertNil(state.layout().retryY, "hidden while the retry runs")
        _ = state.reduce(success(2, items(1...20, title: "新闻{n}")))
        _ = pullAndRelease(&state, to: -70)
        _ = state.reduce(failure(3))
        XCTAssertTrue(state.retryVisible)
        _ = state.reduce(.scroll(.offset(100)))
        XCTAssertEqual(state.layout().retryY, 667 / 2 - 100 - 25 - 100)

        var standard = FeedState(config: Preset.standard.config()!)
        _ = standard.reduce(.launch)
        _ = standard.reduce(failure(1))
        XCTAssertTrue(standard.retryVisible)
        XCTAssertNil(standard.layout().retryY, "standard's button is centred on the screen")
    }
}
