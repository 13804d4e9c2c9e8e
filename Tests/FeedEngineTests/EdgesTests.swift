import FeedScenario
import TestSupport
import XCTest
@testable import FeedEngine

/// `ListScreen.Stack.EdgeWalk` against its naive twin, `Stack.edges(of:)`, bit for bit: rows of random
/// heights and sections, across blocks of `RowOffsets`, asked in increasing order (as a scroll's crossings
/// are) and now and then out of order.
final class EdgeWalkTests: XCTestCase {
    func testEdgesMatchTheStacksOwnBitForBit() {
        let seed = randomSeed(0xED6E_3A1C)
        var random = SeededRandom(seed: seed)
        for run in 0..<200 {
            let style = [nil, ListStyle.plain, .grouped, .insetGrouped].randomElement(using: &random)!
            var section = 0
            let items = (0..<Int.random(in: 1...300, using: &random)).map { index -> Item in
                if Int.random(in: 0..<7, using: &random) == 0 { section += 1 }
                // Heights with fractions, so that a sum in another order would differ in its last bits.
                let height: Double? = Bool.random(using: &random) ? nil : Double(Int.random(in: 1...900, using: &random)) / 7
                return Item(id: "\(index)", title: "\(index)", height: height, fields: ["section": "S\(section)"])
            }
            let stack = ListScreen.Stack(rows: items, rowHeight: 44.1, style: style)
            var walk = ListScreen.Stack.EdgeWalk(stack)
            var row = 0
            for _ in 0..<40 {
                // Mostly forward by a few rows, sometimes far, sometimes back, sometimes past the end.
                switch Int.random(in: 0..<10, using: &random) {
                case 0: row = Int.random(in: 0..<items.count, using: &random)
                case 1: row += Int.random(in: 60...200, using: &random)
                default: row += Int.random(in: 0...3, using: &random)
                }
                let expected = row < items.count ? stack.edges(of: row) : (top: 0, bottom: 0)
                let found = walk.edges(of: row)
                XCTAssertEqual(found.top.bitPattern, expected.top.bitPattern, "seed \(seed) run \(run) row \(row) of \(items.count)")
                XCTAssertEqual(found.bottom.bitPattern, expected.bottom.bitPattern, "seed \(seed) run \(run) row \(row) of \(items.count)")
                if row >= items.count { row = 0 }
            }
        }
    }
}
