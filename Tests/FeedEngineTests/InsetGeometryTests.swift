import TestSupport
import XCTest
@testable import FeedEngine
import FeedScenario
@testable import ReferenceEngine

/// SPEC §9's insets in SPEC §2's geometry, case by case: where the list rests, where the header
/// arms, where a refreshing header holds the list, where the footer sits, and what "all rows fit"
/// means, with a device's safe area, a content inset and a navigation bar (UIScrollView's
/// adjustedContentInset). Then the same rules against a naive twin on random insets and gestures.
final class InsetGeometryTests: XCTestCase {
    struct Case {
        var name: String
        var insets: ListInsets
        var viewport: Viewport
        /// Expected: the resting top, the offset at which a pull arms, the offset a refresh holds at,
        /// the visible height, and the resting bottom with 30 rows of 44 pt and the auto footer (44 pt).
        var rest, arms, holds, visible, bottom: Double
    }

    // The standard preset: header 54 pt (arms at 54), auto footer 44 pt; 30 rows of 44 pt = 1,320 pt.
    static let cases: [Case] = [
        Case(name: "none", insets: .none, viewport: Viewport(width: 375, height: 667),
             rest: 0, arms: -54, holds: -54, visible: 667, bottom: 1320 + 44 - 667),
        Case(name: "iPhone SE status bar", insets: ListInsets(safeTop: 20), viewport: Viewport(width: 375, height: 667),
             rest: -20, arms: -74, holds: -74, visible: 647, bottom: 1320 + 44 - 667),
        Case(name: "iPhone 15 safe area", insets: ListInsets(safeTop: 59, safeBottom: 34), viewport: Viewport(width: 393, height: 852),
             rest: -59, arms: -113, holds: -113, visible: 759, bottom: 1320 + 44 + 34 - 852),
        Case(name: "iPhone 15, inline bar", insets: ListInsets(safeTop: 59, safeBottom: 34, navigationBar: .inline), viewport: Viewport(width: 393, height: 852),
             rest: -103, arms: -157, holds: -157, visible: 715, bottom: 1320 + 44 + 34 - 852),
        Case(name: "iPhone 15, large title", insets: ListInsets(safeTop: 59, safeBottom: 34, navigationBar: .large), viewport: Viewport(width: 393, height: 852),
             rest: -155, arms: -209, holds: -209, visible: 663, bottom: 1320 + 44 + 34 - 852),
        Case(name: "content inset 20/30, inline bar", insets: ListInsets(safeTop: 20, contentTop: 20, contentBottom: 30, navigationBar: .inline),
             viewport: Viewport(width: 375, height: 667), rest: -84, arms: -138, holds: -138, visible: 553, bottom: 1320 + 44 + 30 - 667),
    ]

    func state(_ test: Case, rows: Int = 30) -> FeedState {
        var state = FeedState(config: Preset.standard.config()!, viewport: test.viewport, insets: test.insets)
        _ = state.reduce(.launch)
        let items = (0..<rows).map { Item(id: "\($0)", title: "Item \($0)") }
        _ = state.reduce(.replyArrived(Reply(requestID: 1, outcome: .success(items))))
        return state
    }

    func testTheTableOfRestingArmingAndHoldingPositions() {
        for test in Self.cases {
            var state = state(test)
            XCTAssertEqual(state.contentOffset, test.rest, "\(test.name): at rest after the first page")
            XCTAssertEqual(state.minOffset, test.rest, test.name)
            XCTAssertEqual(state.visibleHeight, test.visible, test.name)
            XCTAssertEqual(state.maxOffset, test.bottom, "\(test.name): the resting bottom")
            XCTAssertEqual(state.layout().adjustedInsetTop, test.insets.top, test.name)
            _ = state.reduce(.scroll(.bottom))
            XCTAssertEqual(state.contentOffset, test.bottom, test.name)
            // The footer's bottom edge meets the visible area's bottom, above the home indicator.
            XCTAssertEqual(state.footerTop + 44, state.contentOffset + test.viewport.height - test.insets.bottom, test.name)
            _ = state.reduce(.scroll(.top))
            // A pull one point short of the arming line does not arm; at the line it does.
            _ = state.reduce(.drag(.offset(test.arms + 1)))
            XCTAssertEqual(state.headerState, .idle, "\(test.name): short of the line")
            _ = state.reduce(.drag(.offset(test.arms)))
            XCTAssertEqual(state.headerState, .armed, "\(test.name): at the line")
            XCTAssertTrue(state.headerVisible, test.name)
            _ = state.reduce(.release)
            XCTAssertEqual(state.headerState, .refreshing, test.name)
            XCTAssertEqual(state.contentOffset, test.holds, "\(test.name): refreshing, the whole header shows below what covers the top")
            XCTAssertEqual(state.layout().adjustedInsetTop, test.insets.top + 54, "\(test.name): the held header is part of the inset")
        }
    }

    func testAllRowsFitMeansTheVisibleArea() {
        // seed000 hides its footer when all rows fit: 10 rows of 105 pt fit 1,100 pt, but not the 1,012 pt below a bar and above the home indicator.
        var config = Preset.seed000.config()!
        config.rowHeight = 105
        let tall = Viewport(width: 820, height: 1100)
        for (insets, fits) in [(ListInsets.none, true), (ListInsets(safeTop: 24, safeBottom: 20, navigationBar: .inline), false)] {
            var state = FeedState(config: config, viewport: tall, insets: insets)
            _ = state.reduce(.launch)
            _ = state.reduce(.replyArrived(Reply(requestID: 1, outcome: .success((0..<10).map { Item(id: "\($0)", title: "\($0)") }))))
            XCTAssertEqual(state.footerState == .hidden, fits, "insets \(insets)")
        }
    }

    func testALargeTitleCollapsesAsTheListScrollsAndStaysWholeWhilePulled() {
        let insets = ListInsets(safeTop: 59, safeBottom: 34, navigationBar: .large)
        XCTAssertEqual(insets.navigationBarHeight(at: -155), 96)
        XCTAssertEqual(insets.navigationBarHeight(at: -125), 66)
        XCTAssertEqual(insets.navigationBarHeight(at: -100), 44)
        XCTAssertEqual(insets.navigationBarHeight(at: 500), 44)
        XCTAssertEqual(insets.navigationBarHeight(at: -300), 96)
        XCTAssertEqual(ListInsets(navigationBar: .inline).navigationBarHeight(at: 300), 44)
        XCTAssertNil(ListInsets.none.navigationBarHeight(at: 0))
    }

    /// The naive twin: every rule of the geometry written again from SPEC §2 and §9 as plain sums.
    func testTheGeometryAgainstANaiveTwinOnRandomInsetsAndGestures() {
        let seed = randomSeed(0x1115_E75)
        var random = SeededRandom(seed: seed)
        for run in 0..<300 {
            let insets = ListInsets(safeTop: [0, 20, 24, 59].randomElement(using: &random)!, safeBottom: [0, 20, 34].randomElement(using: &random)!,
                                    contentTop: Double(Int.random(in: 0...3, using: &random) * 10), contentBottom: Double(Int.random(in: 0...3, using: &random) * 10),
                                    navigationBar: [nil, .inline, .large].randomElement(using: &random)!)
            let viewport = [Viewport(width: 375, height: 667), Viewport(width: 393, height: 852), Viewport(width: 820, height: 1180)].randomElement(using: &random)!
            let preset = [Preset.standard, .seed000, .seed001].randomElement(using: &random)!
            let rows = Int.random(in: 1...40, using: &random)
            var state = FeedState(config: preset.config()!, viewport: viewport, insets: insets)
            _ = state.reduce(.launch)
            _ = state.reduce(.replyArrived(Reply(requestID: 1, outcome: .success((0..<rows).map { Item(id: "\($0)", title: "\($0)", height: Double(Int.random(in: 1...4, using: &random) * 22)) }))))
            for _ in 0..<8 {
                let y = Double(Int.random(in: -400...2000, using: &random))
                switch Int.random(in: 0..<3, using: &random) {
                case 0: _ = state.reduce(.drag(.offset(y)))
                case 1: _ = state.reduce(.scroll(.offset(y)))
                default: _ = state.reduce(.release)
                }
                let c = state.contentHeight, h = viewport.height
                let visible = max(0, h - insets.top - insets.bottom)
                let top = insets.top + (state.headerState == .refreshing && state.config.holdWhileLoading ? state.config.header!.height : 0)
                XCTAssertEqual(state.visibleHeight, visible, "seed \(seed) run \(run)")
                XCTAssertEqual(state.minOffset, -top, "seed \(seed) run \(run)")
                XCTAssertGreaterThanOrEqual(state.maxOffset, state.minOffset, "seed \(seed) run \(run)")
                if !state.isDragging {
                    XCTAssertTrue(state.contentOffset >= state.minOffset && state.contentOffset <= state.maxOffset,
                                  "seed \(seed) run \(run): at rest in range, \(state.contentOffset) in \(state.minOffset)…\(state.maxOffset)")
                }
                if let header = state.config.header, state.isDragging, state.headerState != .refreshing, state.headerState != .hidden {
                    XCTAssertEqual(state.headerState == .armed, -state.contentOffset - insets.top >= header.armDistance, "seed \(seed) run \(run): arming")
                }
                // Header and footer are visible where they overlap the area nothing covers.
                let areaTop = state.contentOffset + insets.top, areaBottom = state.contentOffset + h - insets.bottom
                let hh = state.config.header?.height ?? 0
                XCTAssertEqual(state.headerVisible, state.headerState != .hidden && -hh < areaBottom && 0 > areaTop, "seed \(seed) run \(run): header")
                let fh = state.config.footer.height
                XCTAssertEqual(state.footerVisible, state.footerState != .hidden && state.footerTop < areaBottom && state.footerTop + fh > areaTop,
                               "seed \(seed) run \(run): footer")
                if state.config.hideFooterWhenFits && state.request == nil && state.hasData { XCTAssertEqual(state.footerState == .hidden, c <= visible, "seed \(seed) run \(run)") }
            }
        }
    }
}
