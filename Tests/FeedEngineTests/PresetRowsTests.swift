import FeedScenario
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

    /// `[Item].begins(with:)` against its naive twin, `starts(with:)`: rows that differ in an id, a title, a
    /// height or a field, equal texts and fields in storage of their own, shorter and longer prefixes, empty ones,
    /// and a copy with a page appended; rows copied from the prefix (the same bits) with a NaN height among them,
    /// which `==` never takes for itself.
    func testRowsBeginWithAPrefixAsStartsWithSays() {
        // Seeded, so that a failure repeats.
        var generator = SeededRandom(seed: 7)
        let ids = ["1", "2", "3"], heights: [Double?] = [nil, 44, 60, .nan]  // NaN: never == itself
        // A long title is made anew for each item: equal titles in storage of their own (small ones are bits alike).
        func title() -> String {
            let short = ids.randomElement(using: &generator)!
            return Bool.random(using: &generator) ? short : String(repeating: "a title too long to be small ", count: 2) + short
        }
        func item() -> Item {
            Item(id: ids.randomElement(using: &generator)!, title: title(),
                 height: heights.randomElement(using: &generator)!, fields: Bool.random(using: &generator) ? [:] : ["k": "v"])
        }
        var checked = 0, began = 0
        for _ in 0..<2_000 {
            let rows = (0..<Int.random(in: 0...6, using: &generator)).map { _ in item() }
            let prefix = Bool.random(using: &generator) ? Array(rows.prefix(Int.random(in: 0...7, using: &generator)))
                : (0..<Int.random(in: 0...3, using: &generator)).map { _ in item() }
            XCTAssertEqual(rows.begins(with: prefix), rows.starts(with: prefix), "\(rows) \(prefix)")
            checked += 1
            if rows.begins(with: prefix) { began += 1 }
        }
        XCTAssertTrue(began > 100 && began < checked - 100, "both answers are met (\(began) of \(checked))")
        // `Item.sameStorage` reads each of these fields in place: a field added must be read there too.
        XCTAssertEqual(Mirror(reflecting: Item(id: "", title: "")).children.map(\.label), ["id", "title", "height", "fields"])
        var appended = (0..<40).map { Item(id: "\($0)", title: "Item \($0)") }
        let before = appended
        appended.append(Item(id: "40", title: "Item 40"))
        XCTAssertTrue(appended.begins(with: before))
        XCTAssertFalse(before.begins(with: appended))
    }

    /// `RowIDs` against its naive twin, a `Set<String>`: ids drawn from a few, so that many repeat; with their
    /// real hashes, with one hash for all (every id meets every other in the table), and with hashes whose
    /// upper halves agree (they meet in the table but differ in the half it keeps); room reserved now and then.
    func testRowIDsFindRepeatsAsASetDoes() {
        var generator = SeededRandom(seed: 11)
        for hashing in ["real", "one for all", "upper half alike"] {
            for _ in 0..<50 {
                var table = RowIDs(), set = Set<String>(), rows: [Item] = []
                for _ in 0..<Int.random(in: 0...300, using: &generator) {
                    let id = "id-\(Int.random(in: 0..<120, using: &generator))"
                    let hash: UInt64 = switch hashing {
                    case "real": RowIDs.hash(id)
                    case "one for all": 0xDEAD_BEEF_0000_0001
                    default: 0x1234_5678_0000_0000 | RowIDs.hash(id) & 0xFFFF_FFFF
                    }
                    // Now and then room made for more ids at once, as a page does (the entries placed again).
                    if Int.random(in: 0..<20, using: &generator) == 0 { table.reserveCapacity(rows.count + Int.random(in: 0...100, using: &generator)) }
                    let fresh = table.insert(id, hash: hash, row: rows.count, in: rows)
                    XCTAssertEqual(fresh, set.insert(id).inserted, "\(hashing): \(id) after \(rows.map(\.id))")
                    if fresh { rows.append(Item(id: id, title: id)) }
                }
                XCTAssertEqual(table.count, set.count)
                table.removeAll()
                XCTAssertTrue(table.insert(rows.first?.id ?? "x", hash: 1, row: 0, in: []), "empty after removeAll")
            }
        }
    }

    /// The rows a preset keeps, page by page, against a naive twin that drops an id it has seen (in a `Set`).
    func testPagesKeepTheRowsANaiveListKeeps() {
        var generator = SeededRandom(seed: 12)
        for _ in 0..<100 {
            var rows = PresetRows(), seen = Set<String>(), kept: [String] = [], dropped = 0
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                if Int.random(in: 0..<6, using: &generator) == 0 {
                    rows.removeAll()
                    seen = []
                    kept = []
                }
                let page = (0..<Int.random(in: 0...25, using: &generator)).map { _ in "\(Int.random(in: 0..<60, using: &generator))" }
                rows.append(page.map { Item(id: $0, title: "Item \($0)") }, rowHeight: 44, style: nil)
                for id in page { if seen.insert(id).inserted { kept.append(id) } else { dropped += 1 } }
                XCTAssertEqual(rows.items.map(\.id), kept)
                XCTAssertEqual(rows.duplicatesDropped, dropped)
                XCTAssertEqual(rows.height, Double(kept.count) * 44)
            }
        }
    }
}
