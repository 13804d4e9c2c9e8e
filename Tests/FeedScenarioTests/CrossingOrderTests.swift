import FeedEngine
@testable import FeedScenario
import XCTest

/// The order rows cross the visible area's edges, as `BehaviourRunner` calls `willDisplay` and
/// `didEndDisplaying`: the merge of the two lists against its naive twin, a sort of both together.
final class CrossingOrderTests: XCTestCase {
    private typealias Crossings = BehaviourRunner<BehaviourRunnerTests.Recorder>.Crossings

    private func merged(_ leaving: Crossings, _ entering: Crossings) -> [String] {
        BehaviourRunner<BehaviourRunnerTests.Recorder>.inCrossingOrder(leaving, entering).map { "\($0.enters ? "+" : "-")\($0.row)" }
    }

    private func naive(_ leaving: Crossings, _ entering: Crossings) -> [String] {
        (leaving.map { ($0.distance, 0, $0.row) } + entering.map { ($0.distance, 1, $0.row) })
            .sorted { $0 < $1 }
            .map { "\($0.1 == 1 ? "+" : "-")\($0.2)" }
    }

    func testRowsCrossInDistanceOrderLeavingFirstThenByRow() {
        // Scrolling down: rows 0–2 leave as their bottoms pass, rows 10–12 enter as their tops do.
        XCTAssertEqual(merged([(10, 0), (54, 1), (98, 2)], [(5, 10), (49, 11), (93, 12)]),
                       ["+10", "-0", "+11", "-1", "+12", "-2"])
        // Scrolling up, the lists come in reverse; at the same distance a row leaves before one enters.
        XCTAssertEqual(merged([(98, 10), (54, 11), (10, 12)], [(93, 0), (54, 1), (5, 2)]),
                       ["+2", "-12", "-11", "+1", "+0", "-10"])
        // Rows of no height cross together: by row.
        XCTAssertEqual(merged([], [(20, 3), (20, 4), (20, 5)]), ["+3", "+4", "+5"])
        XCTAssertEqual(merged([(20, 3), (20, 4), (7, 5)], []), ["-5", "-3", "-4"])
    }

    func testTheMergeIsTheNaiveSort() {
        var random = SeededRandom(seed: 11)
        for round in 0..<2_000 {
            func list(_ rows: Range<Int>) -> Crossings {
                // In row order; monotone one way or the other (as edges are), with ties, or in no order at all
                // (a row past the rows' end counts as at 0).
                let shape = Int.random(in: 0..<4, using: &random)
                var distance = Double(Int.random(in: -50...50, using: &random))
                return rows.map { row in
                    switch shape {
                    case 0: distance += Double(Int.random(in: 0...30, using: &random))
                    case 1: distance -= Double(Int.random(in: 0...30, using: &random))
                    case 2: distance += Double(Int.random(in: 0...1, using: &random)) * 44
                    default: distance = Double(Int.random(in: -40...40, using: &random))
                    }
                    return (distance, row)
                }
            }
            let first = Int.random(in: 0...20, using: &random)
            let leaving = list(first..<(first + Int.random(in: 0...12, using: &random)))
            let entering = list((first + 20)..<(first + 20 + Int.random(in: 0...12, using: &random)))
            XCTAssertEqual(merged(leaving, entering), naive(leaving, entering), "round \(round): \(leaving) \(entering)")
        }
    }

    /// The first row to cross, found with no list made (`firstCrossing`, what a search that stops at the first
    /// quiet row callback asks), against the first of the whole order: visible rows before and after, a list of
    /// rows of several heights (none among them), in sections or not, scrolls down and up and rows arriving
    /// without a move. Whole heights take the way that measures only the ends of the rows crossing; a fraction
    /// such as 100/7 (whose sums round), the way that measures every row.
    func testTheFirstCrossingIsTheFirstOfTheOrder() {
        typealias Runner = BehaviourRunner<BehaviourRunnerTests.Recorder>
        var random = SeededRandom(seed: 5)
        var found = 0, atTheEnds = 0
        for round in 0..<4_000 {
            let fraction = Int.random(in: 0..<4, using: &random) == 0
            var section = 0
            // Most lists within a block of `RowOffsets`; one in four across several (tops from the blocks' sums).
            let long = Int.random(in: 0..<4, using: &random) == 0
            let items = (0..<Int.random(in: 0...(long ? 300 : 30), using: &random)).map { index -> Item in
                if Int.random(in: 0..<6, using: &random) == 0 { section += 1 }
                let height = [nil, nil, 0, 30, 88, fraction ? 100.0 / 7 : 17.5].randomElement(using: &random)!
                return Item(id: "\(index)", title: "", height: height, fields: ["section": "S\(section)"])
            }
            let stack = ListScreen.Stack(rows: items, rowHeight: 44, style: Bool.random(using: &random) ? .grouped : nil)
            XCTAssertEqual(stack.edgesRiseExactly, !(fraction && items.contains { $0.height == 100.0 / 7 }))
            func visible() -> Range<Int> {
                let first = Int.random(in: 0...(long ? items.count : 32), using: &random)
                let rows = first..<(first + Int.random(in: 0...12, using: &random))
                // Most often within the rows, as UIKit's visible rows are; now and then past their end (rows replaced).
                return Int.random(in: 0..<4, using: &random) == 0 ? rows : rows.clamped(to: 0..<max(first, items.count))
            }
            let (old, new) = (visible(), visible())
            // On a grid of 44 pt half the time, so that rows leaving and entering tie.
            let grid = Bool.random(using: &random)
            // Offsets anywhere in the list, in thirds of a point now and then (distances that round).
            let scale = long ? 10.0 : 1, third = Bool.random(using: &random) ? 3.0 : 1
            let moved: Runner.Movement = (start: grid ? 44 * Double(Int.random(in: -2...Int(20 * scale), using: &random))
                                                 : Double(Int.random(in: -100...Int(900 * scale), using: &random)) / third,
                                          down: Bool.random(using: &random),
                                          height: grid ? 44 * Double(Int.random(in: 2...15, using: &random)) : Double(Int.random(in: 100...700, using: &random)),
                                          arrived: Bool.random(using: &random))
            let first = Runner.firstCrossing(from: old, to: new, stack: stack, moved)
            let order = Runner.crossingOrder(from: old, to: new, stack: stack, moved)
            XCTAssertEqual(first.map { "\($0.enters ? "+" : "-")\($0.row)" }, order.first.map { "\($0.enters ? "+" : "-")\($0.row)" },
                           "round \(round): \(old) → \(new), \(moved)")
            if first != nil { found += 1 }
            if stack.edgesRiseExactly && max(old.last ?? -1, new.last ?? -1) < items.count { atTheEnds += 1 }
        }
        XCTAssertGreaterThan(found, 2_500)
        XCTAssertTrue(atTheEnds > 1_000 && atTheEnds < 3_000, "both ways are taken (\(atTheEnds) at the ends)")
    }
}
