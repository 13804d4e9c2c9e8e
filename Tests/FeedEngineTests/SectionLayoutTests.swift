import FeedScenario
import TestSupport
import XCTest
@testable import FeedEngine
@testable import ReferenceEngine

/// SPEC §9's sections: the layout's rows and section headers (natural and pinned) against a naive
/// O(n) twin that lays out every slot from the top, on random sections, styles, insets and offsets.
final class SectionLayoutTests: XCTestCase {
    /// Everything the twin needs: items with sections, laid out from row 0 by plain sums.
    struct Twin {
        var items: [Item]
        var style: ListStyle
        var rowHeight: Double

        func starts(_ i: Int) -> Bool {
            guard let section = items[i].fields["section"] else { return false }
            return i == 0 || items[i - 1].fields["section"] != section
        }

        /// Each row's top in content coordinates, and each section start's header top.
        func tops() -> (rows: [Double], headers: [Int: Double]) {
            var y = 0.0, rows: [Double] = [], headers: [Int: Double] = [:]
            for i in items.indices {
                if starts(i) {
                    y += i == 0 ? 0 : style.sectionSpacing
                    headers[i] = y
                    y += style.headerHeight
                }
                rows.append(y)
                y += items[i].height ?? rowHeight
            }
            return (rows, headers)
        }
    }

    func testRowsAndHeadersMatchANaiveTwin() throws {
        let seed = randomSeed(0x5EC7_1025)
        var random = SeededRandom(seed: seed)
        for run in 0..<400 {
            let style = ListStyle.allCases.randomElement(using: &random)!
            let insets = ListInsets(safeTop: [0, 20, 59].randomElement(using: &random)!, safeBottom: [0, 34].randomElement(using: &random)!,
                                    navigationBar: [nil, .inline].randomElement(using: &random)!)
            var items: [Item] = []
            var section = 0
            for index in 0..<Int.random(in: 1...120, using: &random) {
                if Int.random(in: 0..<6, using: &random) == 0 { section += 1 }
                var fields: [String: String] = [:]
                if Int.random(in: 0..<10, using: &random) > 0 { fields["section"] = "S\(section)" }
                items.append(Item(id: "\(index)", title: "\(index)", height: Double(Int.random(in: 1...3, using: &random) * 30), fields: fields))
            }
            var state = FeedState(config: Preset.standard.config()!, viewport: Viewport(width: 393, height: 852), insets: insets, style: style)
            _ = state.reduce(.launch)
            _ = state.reduce(.replyArrived(Reply(requestID: 1, outcome: .success(items))))
            let twin = Twin(items: items, style: style, rowHeight: 44)
            let (rowTops, headerTops) = twin.tops()
            XCTAssertEqual(state.contentHeight, (rowTops.last ?? 0) + (items.last?.height ?? 0), "seed \(seed) run \(run)")
            for _ in 0..<6 {
                _ = state.reduce(.scroll(.offset(Double(Int.random(in: -200...Int(state.contentHeight), using: &random)))))
                let layout = state.layout()
                let top = state.contentOffset, bottom = top + 852
                let expected = items.indices.filter { rowTops[$0] < bottom && rowTops[$0] + items[$0].height! > top }
                XCTAssertEqual(layout.rows.map(\.index), expected, "seed \(seed) run \(run) style \(style) offset \(top)")
                for row in layout.rows { XCTAssertEqual(row.y, rowTops[row.index] - top, accuracy: 1e-9) }

                // The pinned header: the section of the row at the visible area's top, once its header is above that line.
                let line = top + insets.top
                var pinned: Layout.SectionHeader?
                if style.pinsHeaders, line > 0, let first = items.indices.first(where: { rowTops[$0] + items[$0].height! > line && (headerTops[$0] ?? rowTops[$0]) <= line || rowTops[$0] > line }),
                   let title = items[first].fields["section"], !(headerTops[first].map { $0 >= line } ?? false) {
                    let next = items.indices.first { $0 > first && headerTops[$0] != nil }
                    let y = min(line, next.map { headerTops[$0]! - style.headerHeight } ?? line)
                    pinned = .init(title: title, y: y - top, height: style.headerHeight, pinned: true)
                }
                let start = pinned.flatMap { header in items.indices.last { $0 <= (items.indices.first { rowTops[$0] + items[$0].height! > line } ?? 0) && headerTops[$0] != nil && items[$0].fields["section"] == header.title } }
                let natural = headerTops.keys.sorted().filter { index in
                    let y = headerTops[index]!
                    return y < bottom && y + style.headerHeight > top && index != start
                }.map { Layout.SectionHeader(title: items[$0].fields["section"]!, y: headerTops[$0]! - top, height: style.headerHeight, pinned: false) }
                XCTAssertEqual(layout.sections, (pinned.map { [$0] } ?? []) + natural, "seed \(seed) run \(run) style \(style) offset \(top) line \(line)")
            }
        }
    }

    func testAPinnedHeaderIsPushedOffByTheNext() {
        // S1: a 28 pt header and three 44 pt rows, to 160; S2: its header [160, 188), then ten rows.
        let items = (0..<13).map { Item(id: "\($0)", title: "\($0)", fields: ["section": $0 < 3 ? "S1" : "S2"]) }
        var state = FeedState(config: Preset.standard.config()!, viewport: Viewport(width: 375, height: 300), style: .plain)
        _ = state.reduce(.launch)
        _ = state.reduce(.replyArrived(Reply(requestID: 1, outcome: .success(items))))
        func headers(at y: Double) -> [Layout.SectionHeader] {
            _ = state.reduce(.scroll(.offset(y)))
            return state.layout().sections
        }
        XCTAssertEqual(headers(at: 0), [.init(title: "S1", y: 0, height: 28, pinned: false), .init(title: "S2", y: 160, height: 28, pinned: false)])
        XCTAssertEqual(headers(at: 50), [.init(title: "S1", y: 0, height: 28, pinned: true), .init(title: "S2", y: 110, height: 28, pinned: false)])
        XCTAssertEqual(headers(at: 150).first, .init(title: "S1", y: -18, height: 28, pinned: true), "pushed up by S2 at 160 − 150 = 10")
        XCTAssertEqual(headers(at: 170), [.init(title: "S2", y: 0, height: 28, pinned: true)])
    }
}
