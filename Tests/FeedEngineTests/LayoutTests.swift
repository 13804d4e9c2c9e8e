import TestSupport
import Foundation
import XCTest
@testable import FeedEngine
@testable import ReferenceEngine

/// `FeedState.layout()` against the naive O(n) reading of SPEC §2: a row is
/// visible when `top < y + H && top + height > y`; header and footer are
/// visible when not hidden and overlapping the viewport.
///
/// Heights, offsets and viewport sizes are multiples of 0.25 so that every
/// sum is exact and positions can be compared with `==`.
final class LayoutTests: XCTestCase {
    /// A state holding `heights.count` rows (item n has id "n"), scrolled to `offset`.
    func state(config: FeedConfig, heights: [Double?], offset: Double, viewport: Viewport) -> FeedState {
        var state = FeedState(config: config, viewport: viewport)
        let rows = heights.enumerated().map { Item(id: String($0.offset + 1), title: "Row \($0.offset + 1)", height: $0.element) }
        state.setRows(rows)
        state.launched = true
        state.hasData = true
        state.pageIndex = 1
        state.contentOffset = offset
        return state
    }

    func randomHeights(_ rng: inout SplitMix64) -> [Double?] {
        let n = [0, 1, 2, 5, 20, 37, 64, 150, 400][Int.random(in: 0..<9, using: &rng)]
        let palette: [Double?] = [nil, 44, 88, 0.25, 1, 17.75, 120, 600]
        let mode = Int.random(in: 0..<3, using: &rng)
        return (0..<n).map { _ in
            switch mode {
            case 0: return nil  // all the configured rowHeight
            case 1: return palette.randomElement(using: &rng)!
            default: return rng.grid(0.25...300, step: 0.25)
            }
        }
    }

    /// Offsets worth probing: negative, on row boundaries (and ±0.25), past the end, random.
    func randomOffset(heights: [Double], viewportHeight: Double, rng: inout SplitMix64) -> Double {
        var tops = [0.0]
        for h in heights { tops.append(tops.last! + h) }
        let total = tops.last!
        switch Int.random(in: 0..<7, using: &rng) {
        case 0: return -rng.grid(0...800, step: 0.25)
        case 1: return tops.randomElement(using: &rng)!
        case 2: return tops.randomElement(using: &rng)! - viewportHeight  // bottom edge on a boundary
        case 3: return tops.randomElement(using: &rng)! + (Bool.random(using: &rng) ? 0.25 : -0.25)
        case 4: return total + rng.grid(0...800, step: 0.25)
        case 5: return total - viewportHeight + rng.grid(-2...2, step: 0.25)
        default: return rng.grid(-100...(total + 100), step: 0.25)
        }
    }

    func randomConfig(_ rng: inout SplitMix64) -> FeedConfig {
        var config = Preset.all.randomElement(using: &rng)!.config()!
        config.rowHeight = [44, 30.5, 1, 100][Int.random(in: 0..<4, using: &rng)]
        if Bool.random(using: &rng) { config.footer.mode = .release }
        if Bool.random(using: &rng) { config.hideFooterWhenFits.toggle() }
        if Bool.random(using: &rng) { config.holdWhileLoading.toggle() }
        return config
    }

    func testVisibleRowsMatchANaiveScanOnRandomHeightsAndOffsets() {
        let seed = randomSeed(0x1A70)
        var rng = SplitMix64(seed: seed)
        for run in 0..<3_000 {
            let config = randomConfig(&rng)
            let heights = randomHeights(&rng)
            let resolved = heights.map { $0 ?? config.rowHeight }
            let viewport = Viewport(width: 375, height: rng.grid(0.25...1500, step: 0.25))
            let offset = randomOffset(heights: resolved, viewportHeight: viewport.height, rng: &rng)
            let state = state(config: config, heights: heights, offset: offset, viewport: viewport)
            let layout = state.layout()
            let naive = naiveVisibleRows(heights: resolved, offset: offset, viewportHeight: viewport.height)
            let context = "seed \(seed) run \(run): n \(heights.count), H \(viewport.height), y \(offset)"
            XCTAssertEqual(layout.rows.map(\.index), naive.map(\.index), context)
            XCTAssertEqual(layout.rows.map(\.y), naive.map { $0.top - offset }, context)
            XCTAssertEqual(layout.rows.map(\.height), naive.map { resolved[$0.index] }, context)
            XCTAssertEqual(layout.rows.map(\.item.id), naive.map { String($0.index + 1) }, context)
            XCTAssertEqual(state.lastVisibleRow, naive.last?.index, context)
            XCTAssertEqual(layout.contentHeight, resolved.reduce(0, +), context)
            XCTAssertEqual(layout.itemCount, heights.count, context)
        }
    }

    func testHeaderAndFooterVisibilityMatchTheirOverlap() {
        let seed = randomSeed(0x4EAD)
        var rng = SplitMix64(seed: seed)
        for run in 0..<2_000 {
            let config = randomConfig(&rng)
            let heights = randomHeights(&rng)
            let resolved = heights.map { $0 ?? config.rowHeight }
            let viewport = Viewport(width: 375, height: rng.grid(50...1500, step: 0.25))
            let offset = randomOffset(heights: resolved, viewportHeight: viewport.height, rng: &rng)
            var state = state(config: config, heights: heights, offset: offset, viewport: viewport)
            state.isDragging = Bool.random(using: &rng)
            let layout = state.layout()
            let y = offset, h = viewport.height
            let c = resolved.reduce(0, +)
            let context = "seed \(seed) run \(run): \(config.footer.mode) n \(heights.count) C \(c) H \(h) y \(y)"

            // Header [−hh, 0).
            let hh = config.header?.height ?? 0
            XCTAssertEqual(layout.header.visible, layout.header.state != .hidden && -hh < y + h && 0 > y, context)
            XCTAssertEqual(layout.header.y, -hh - y, context)
            // Footer [C, C + fh) (auto) or [max(C, H), … + fh) (release).
            let fh = config.footer.height
            let footerTop = config.footer.mode == .auto || !config.holdWhileLoading ? c : max(c, h)
            XCTAssertEqual(layout.footer.y, footerTop - y, context)
            XCTAssertEqual(layout.footer.visible,
                           layout.footer.state != .hidden && footerTop < y + h && footerTop + fh > y, context)
            // Hidden when all rows fit (C ≤ H) if the config says so, and with no rows.
            if heights.isEmpty || (config.hideFooterWhenFits && c <= h) {
                XCTAssertEqual(layout.footer.state, .hidden, context)
            } else {
                XCTAssertNotEqual(layout.footer.state, .hidden, context)
            }
            // A hidden header or footer has no text.
            if layout.header.state == .hidden { XCTAssertEqual(layout.header.text, "", context) }
            if layout.footer.state == .hidden { XCTAssertEqual(layout.footer.text, "", context) }
        }
    }

    func testRowsAreConsecutive() {
        let seed = randomSeed(0xC0)
        var rng = SplitMix64(seed: seed)
        for run in 0..<500 {
            let config = randomConfig(&rng)
            let heights = randomHeights(&rng)
            let resolved = heights.map { $0 ?? config.rowHeight }
            let viewport = Viewport(width: 375, height: rng.grid(1...1500, step: 0.25))
            let offset = randomOffset(heights: resolved, viewportHeight: viewport.height, rng: &rng)
            let rows = state(config: config, heights: heights, offset: offset, viewport: viewport).layout().rows
            let context = "seed \(seed) run \(run)"
            for (a, b) in zip(rows, rows.dropFirst()) {
                XCTAssertEqual(b.index, a.index + 1, context)
                XCTAssertEqual(b.y, a.y + a.height, context)
            }
            if let first = rows.first { XCTAssertLessThan(first.y, viewport.height, context) }
            if let last = rows.last { XCTAssertGreaterThan(last.y + last.height, 0, context) }
        }
    }

    func testHandComputedStandardFrame() {
        // SPEC §6's example: standard, 20 rows of 44 pt scrolled to the bottom (y = 257).
        let config = Preset.standard.config()!
        let s = state(config: config, heights: Array(repeating: nil, count: 20), offset: 257, viewport: .standard)
        let layout = s.layout()
        XCTAssertEqual(layout.rows.first?.index, 5)
        XCTAssertEqual(layout.rows.first?.y, -37)
        XCTAssertEqual(layout.rows.dropFirst().first?.y, 7)
        XCTAssertEqual(layout.rows.last?.index, 19)
        XCTAssertEqual(layout.contentHeight, 880)
        XCTAssertEqual(s.maxOffset, 257)
        XCTAssertTrue(layout.footer.visible)
        XCTAssertEqual(layout.footer.y, 880 - 257)
    }

    func testEdgesOnRowBoundaries() {
        let config = Preset.standard.config()!
        // The viewport's top on a boundary: the row above (ending there) is not visible.
        var s = state(config: config, heights: Array(repeating: nil, count: 20), offset: 88, viewport: .standard)
        XCTAssertEqual(s.layout().rows.first?.index, 2)
        // The viewport's bottom on a boundary: the row starting there is not visible.
        s.viewport = Viewport(width: 375, height: 440)
        s.contentOffset = 0
        XCTAssertEqual(s.layout().rows.last?.index, 9)
        XCTAssertEqual(s.lastVisibleRow, 9)
        // Entirely above the content, or entirely below it: no rows.
        s.contentOffset = -440
        XCTAssertEqual(s.layout().rows.count, 0)
        XCTAssertNil(s.lastVisibleRow)
        s.contentOffset = 880
        XCTAssertEqual(s.layout().rows.count, 0)
        XCTAssertNil(s.lastVisibleRow)
        s.contentOffset = 879.75
        XCTAssertEqual(s.layout().rows.map(\.index), [19])
    }

    // The cost of a layout (O(log n + visible rows)) is measured by the benchmark
    // (`feedframes-bench`, figure 1), not timed here: unit tests assert behaviour.
}
