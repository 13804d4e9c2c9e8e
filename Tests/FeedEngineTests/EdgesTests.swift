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
