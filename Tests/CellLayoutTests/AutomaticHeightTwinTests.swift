import CellLayout
import FeedEngine
import FeedScenario
import TestSupport
import TextLayout
import XCTest
import ReferenceEngine

/// With automatic heights, the engine's O(log n + visible rows) layout shows exactly the rows a
/// naive O(n) scan over every item's measured height finds, on random items, cells and gestures;
/// and every row's height is its cell's, measured once when its page arrived.
final class AutomaticHeightTwinTests: XCTestCase {
    /// Pages of random items: titles and subtitles of random lengths and scripts, some images,
    /// accessories and other cell kinds.
    struct RandomItems: FeedSource {
        var items: [Item]
        let pageSize: Int

        mutating func respond(to request: Request, at time: Double) -> (latency: Double, outcome: Reply.Outcome) {
            let start = request.kind.replacesRows ? 0 : (request.page - 1) * pageSize
            return (0.5, .success(Array(items.dropFirst(start).prefix(pageSize))))
        }
    }

    static func randomItems(_ count: Int, _ random: inout SeededRandom) -> [Item] {
        let words = ["pull", "refresh", "Load", "more", "navigation", "bar", "inset", "上拉加载更多", "新闻标题", "مرحبا", "بالعالم",
                     "office", "affine", "—", "iOS 17.5", "FeedTests.testLoadMoreFiresOnce", "「下拉」", "。", "naïve", "🙂"]
        func text(_ most: Int) -> String {
            (0..<Int.random(in: 1...most, using: &random)).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
        }
        return (0..<count).map { index in
            var fields: [String: String] = ["subtitle": text(24)]
            if Bool.random(using: &random) { fields["detail"] = text(3) }
            if Int.random(in: 0..<5, using: &random) == 0 { fields["image"] = "\(Int.random(in: 20...80, using: &random))x\(Int.random(in: 20...80, using: &random))" }
            if Int.random(in: 0..<4, using: &random) == 0 { fields["accessory"] = ["disclosure", "checkmark", "none"].randomElement(using: &random)! }
            if Int.random(in: 0..<4, using: &random) == 0 { fields["cell"] = CellStyle.allCases.randomElement(using: &random)!.rawValue }
            return Item(id: "\(index)", title: text(12), fields: fields)
        }
    }

    func testTheLayoutShowsWhatANaiveScanOfMeasuredHeightsShows() throws {
        let layouter: TextLayouter
        do { layouter = try TextLayouter() } catch { throw missingInput("the frames' fonts: \(error)") }
        let seed = randomSeed(0xCE11_5EED)
        var random = SeededRandom(seed: seed)
        for run in 0..<12 {
            let locale = ["en", "zh-Hans", "ar"].randomElement(using: &random)!
            let size = ContentSize.allCases.randomElement(using: &random)!
            let width = [320.0, 375, 430].randomElement(using: &random)!
            let cells = ListCells(automaticHeights: true, cell: "subtitle")
            let measurer = CellMeasurer(layouter: layouter, catalog: CellCatalog(), cells: cells, width: width, contentSize: size, locale: locale)
            let items = Self.randomItems(Int.random(in: 5...60, using: &random), &random)
            guard var config = Preset.standard.config(locale: "en") else { return XCTFail("no standard preset") }
            config.pageSize = 10
            let state = FeedState(config: config, viewport: Viewport(width: width, height: 667))
            var runner = ScenarioRunner(state: state, source: RandomItems(items: items, pageSize: 10), sizer: CellSizer(measurer))
            var steps = ["launch", "wait 1"]
            for _ in 0..<20 {
                switch Int.random(in: 0..<5, using: &random) {
                case 0: steps.append("scroll to bottom")
                case 1: steps.append("scroll to \(Int.random(in: 0...4000, using: &random))")
                case 2: steps += ["drag by \(Int.random(in: -300...300, using: &random))", "release"]
                case 3: steps.append("wait 1")
                default: steps.append("scroll by \(Int.random(in: -500...500, using: &random))")
                }
            }
            for text in steps {
                let step = try ScriptStep.parse(text).get()
                do throws(RunFailure<Never>) { try runner.perform(step) { (_: Frame) throws(Never) in } } catch {
                    return XCTFail("seed \(seed) run \(run): \(error)")
                }
                let now = runner.state, layout = now.layout()
                // The naive twin: every row's top by summing the heights above it.
                var top = 0.0
                var expected: [(Int, Double, Double)] = []
                for (index, item) in now.items.enumerated() {
                    let height = try XCTUnwrap(item.height, "seed \(seed) run \(run): item \(item.id) was not measured")
                    if top < now.contentOffset + now.viewport.height && top + height > now.contentOffset && top + height > 0 {
                        expected.append((index, top - now.contentOffset, height))
                    }
                    top += height
                }
                XCTAssertEqual(layout.contentHeight, top, accuracy: 1e-6, "seed \(seed) run \(run) after \(text)")
                XCTAssertEqual(layout.rows.map(\.index), expected.map(\.0), "seed \(seed) run \(run) after \(text): \(locale) \(size) \(width)")
                for (row, want) in zip(layout.rows, expected) {
                    XCTAssertEqual(row.y, want.1, accuracy: 1e-6)
                    XCTAssertEqual(row.height, want.2)
                    // Measured once, as its page arrived: the height is its cell's, at least 44 pt.
                    let box = try XCTUnwrap(try measurer.box(row.item))
                    XCTAssertEqual(row.height, box.height, "item \(row.item.id)")
                    XCTAssertGreaterThanOrEqual(row.height, 44)
                }
            }
        }
    }
}
