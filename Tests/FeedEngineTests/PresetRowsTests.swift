import XCTest
@testable import FeedEngine

/// The presets' rows hash in O(1) yet read every row: a fingerprint search tells states apart by their hash
/// alone, so rows that differ only in the middle must not hash alike.
final class PresetRowsTests: XCTestCase {
    private func rows(_ pages: [[String]]) -> PresetRows {
        var rows = PresetRows()
        for page in pages { rows.append(page.map { Item(id: $0, title: $0) }, rowHeight: 44, style: nil) }
        return rows
    }

    func testRowsThatDifferInTheMiddleHashApart() {
        let abc = rows([["a", "b", "c"]]), axc = rows([["a", "x", "c"]])
        XCTAssertNotEqual(abc, axc)
        XCTAssertEqual(abc.count, axc.count)
        XCTAssertEqual(abc.height, axc.height)
        XCTAssertNotEqual(abc.hashValue, axc.hashValue)
        // Order counts too.
        XCTAssertNotEqual(rows([["a", "b", "c", "d"]]).hashValue, rows([["a", "c", "b", "d"]]).hashValue)
    }

    func testEqualRowsHashAlikeHoweverTheyCame() {
        // The same rows from one page or two, and after a refresh that replaced others.
        var refreshed = rows([["x", "y"]])
        refreshed.removeAll()
        refreshed.append(["a", "b", "c"].map { Item(id: $0, title: $0) }, rowHeight: 44, style: nil)
        let whole = rows([["a", "b", "c"]]), paged = rows([["a", "b"], ["c"]])
        XCTAssertEqual(whole, paged)
        XCTAssertEqual(whole, refreshed)
        XCTAssertEqual(whole.hashValue, paged.hashValue)
        XCTAssertEqual(whole.hashValue, refreshed.hashValue)
        // A repeated id is dropped and counted, and the rows are those without it.
        let repeated = rows([["a", "b"], ["b", "c"]])
        XCTAssertEqual(repeated.items.map(\.id), ["a", "b", "c"])
        XCTAssertEqual(repeated.forgettingDrops, whole)
        XCTAssertEqual(repeated.forgettingDrops.hashValue, whole.hashValue)
    }
}
