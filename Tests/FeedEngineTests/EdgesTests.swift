import FeedScenario
import TestSupport
import XCTest
@testable import FeedEngine

/// `ListScreen.Stack.edges(of:)`, read from the tops the stack notes as rows are stacked, against its naive twin,
/// `RowOffsets.top(of:)` plus the row's header space, bit for bit: rows of random heights (fractions among them,
/// whose sums in another order would differ in their last bits) and sections, across blocks of `RowOffsets`,
/// stacked at once or page by page.
final class EdgesTests: XCTestCase {
    func testEdgesAreTheOffsetsOwnBitForBit() {
        let seed = randomSeed(0xED6E_3A1C)
        var random = SeededRandom(seed: seed)
        for run in 0..<200 {
            let style = [nil, ListStyle.plain, .grouped, .insetGrouped].randomElement(using: &random)!
            var section = 0
            let items = (0..<Int.random(in: 1...300, using: &random)).map { index -> Item in
                if Int.random(in: 0..<7, using: &random) == 0 { section += 1 }
                let height: Double? = Bool.random(using: &random) ? nil : Double(Int.random(in: 1...900, using: &random)) / 7
                return Item(id: "\(index)", title: "\(index)", height: height, fields: ["section": "S\(section)"])
            }
            var stack = ListScreen.Stack(rows: Array(items.prefix(Int.random(in: 0...items.count, using: &random))), rowHeight: 44.1, style: style)
            while stack.heights.count < items.count {
                let end = min(items.count, stack.heights.count + Int.random(in: 1...90, using: &random))
                stack.append(Array(items.prefix(end)), from: stack.heights.count, rowHeight: 44.1, style: style)
            }
            let whole = ListScreen.Stack(rows: items, rowHeight: 44.1, style: style)
            for row in items.indices {
                let top = stack.offsets.top(of: row, heights: stack.heights) + stack.heights.headerSpace(row)
                let naive = (top: top, bottom: top + stack.heights.row(row))
                for (name, found) in [("paged", stack.edges(of: row)), ("whole", whole.edges(of: row))] {
                    XCTAssertEqual(found.top.bitPattern, naive.top.bitPattern, "seed \(seed) run \(run) row \(row) of \(items.count), \(name)")
                    XCTAssertEqual(found.bottom.bitPattern, naive.bottom.bitPattern, "seed \(seed) run \(run) row \(row) of \(items.count), \(name)")
                }
            }
        }
    }
}

extension EdgesTests {
    /// The visible rows found by a binary search of the rows' tops (where their sums are exact) against those found
    /// through `RowOffsets`, and both against a filter of every row's edges: whole and half heights, rows of no height
    /// (at the top too, above a negative offset), sections, windows anywhere.
    func testVisibleRowsBySearchingTopsAreTheOffsetsOwn() {
        let seed = randomSeed(0x71B5_0E2A)
        var random = SeededRandom(seed: seed)
        var searched = 0
        for run in 0..<200 {
            let style = [nil, ListStyle.plain, .grouped].randomElement(using: &random)!
            var section = 0
            let items = (0..<Int.random(in: 0...300, using: &random)).map { index -> Item in
                if Int.random(in: 0..<9, using: &random) == 0 { section += 1 }
                let height = [nil, 0, 0, 30, 88, 17.5].randomElement(using: &random)!
                return Item(id: "\(index)", title: "\(index)", height: height, fields: ["section": "S\(section)"])
            }
            // Stacked at once, or page by page (the tops noted as pages come).
            var stack = ListScreen.Stack(rows: Array(items.prefix(Int.random(in: 0...items.count, using: &random))), rowHeight: 44, style: style)
            while stack.heights.count < items.count {
                let end = min(items.count, stack.heights.count + Int.random(in: 1...90, using: &random))
                stack.append(Array(items.prefix(end)), from: stack.heights.count, rowHeight: 44, style: style)
            }
            XCTAssertTrue(stack.edgesRiseExactly)
            for _ in 0..<20 {
                let top = Double(Int.random(in: -400...(Int(stack.height) + 100), using: &random)) / [1, 2, 4].randomElement(using: &random)!
                let bottom = top + Double(Int.random(in: 0...900, using: &random))
                let walked = stack.visible(from: top, to: bottom, searchingTops: false)
                XCTAssertEqual(stack.visible(from: top, to: bottom, searchingTops: true), walked, "seed \(seed) run \(run) [\(top), \(bottom))")
                // Both the naive filter's of every row: the rows overlapping the window are one run. The window is
                // taken from the content's top at the highest (rows of no height at the very top show only once it is passed).
                let overlapping = (0..<stack.heights.count).filter { stack.edges(of: $0).top < bottom && stack.edges(of: $0).bottom > max(top, 0) }
                XCTAssertEqual(Array(walked), overlapping, "seed \(seed) run \(run) [\(top), \(bottom))")
                if !walked.isEmpty { searched += 1 }
            }
        }
        XCTAssertGreaterThan(searched, 2_000)
        // Fractions whose sums round take the walk.
        XCTAssertFalse(ListScreen.Stack(rows: [Item(id: "a", title: "a", height: 100.0 / 7)], rowHeight: 44, style: nil).edgesRiseExactly)
    }
}
