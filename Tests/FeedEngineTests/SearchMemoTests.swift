import FeedScenario
import XCTest
@testable import FeedEngine

/// `SearchMemo` against its twin, the same work done without it: pages appended to rows under a bound memo are
/// the rows appended without one, bit for bit, however the rows came and whatever the memo forgot.
final class SearchMemoTests: XCTestCase {
    /// Rows as a search makes them: lineages copied from each other, each appending pages drawn from a few (whose
    /// storage stays, as a search's replies do) or starting again; some pages repeat ids, some begin sections. Each
    /// step is made with the memo and without, and the two must agree in everything `PresetRows` shows.
    func testAppendsWithAMemoAreTheAppendsWithout() {
        var generator = SeededRandom(seed: 23)
        func item(_ n: Int) -> Item {
            Item(id: "\(n)", title: "Item \(n)", height: n % 5 == 0 ? 60 : nil, fields: n % 4 == 0 ? ["section": "s\(n / 8)"] : [:])
        }
        // Pages overlapping in their ids, so that some of their items are dropped as repeats.
        let pages = (0..<6).map { page in (page * 3..<page * 3 + 4).map(item) } + [[], [item(1)]]
        for slots in [1, 2, 1_024] {
            for style in [nil, ListStyle.grouped] {
                let memo = SearchMemo(slots: slots)
                var lineages = [(with: PresetRows(), without: PresetRows())]
                var hits = 0
                for step in 0..<600 {
                    var (with, without) = lineages.randomElement(using: &generator)!
                    if Int.random(in: 0..<8, using: &generator) == 0 {
                        with.removeAll()
                        without.removeAll()
                    }
                    let page = pages.randomElement(using: &generator)!
                    let count = with.items.count
                    SearchMemo.bind(memo) { with.append(page, rowHeight: 44, style: style) }
                    without.append(page, rowHeight: 44, style: style)
                    XCTAssertEqual(with.items, without.items, "step \(step)")
                    XCTAssertEqual(with.height.bitPattern, without.height.bitPattern, "step \(step)")
                    XCTAssertEqual(with.duplicatesDropped, without.duplicatesDropped, "step \(step)")
                    XCTAssertEqual(with, without, "step \(step)")
                    XCTAssertEqual(with.hashValue, without.hashValue, "step \(step)")
                    var a = Fingerprint(seed: 1), b = Fingerprint(seed: 1)
                    with.fingerprintForgettingDrops(into: &a)
                    without.fingerprintForgettingDrops(into: &b)
                    XCTAssertEqual(a.value, b.value, "step \(step)")
                    // A page appended to rows another lineage had appended it to: the very rows that lineage got.
                    if with.items.count > count, lineages.contains(where: { StorageKey($0.with.items) == StorageKey(with.items) }) { hits += 1 }
                    lineages.append((with, without))
                    if lineages.count > 40 { lineages.removeFirst(Int.random(in: 1...20, using: &generator)) }
                }
                // With room, the memo hands lineages each other's rows; with one slot it forgets often, and still agrees.
                if slots == 1_024 { XCTAssertGreaterThan(hits, 50, "style \(String(describing: style))") }
            }
        }
    }

    /// A memo holds the arrays it is keyed by: rows made and let go at each turn — the same ids, height and length
    /// each time, other titles — never meet a result kept for rows gone before them (their storage, freed, would be
    /// taken by the next).
    func testRowsLetGoAreNeverTakenForRowsMadeSince() {
        let memo = SearchMemo(slots: 1_024)
        let page = [Item(id: "page", title: "Page")]
        for turn in 0..<200 {
            var with = PresetRows(), without = PresetRows()
            let first = (0..<3).map { Item(id: "\($0)", title: "Turn \(turn), item \($0)") }
            with.append(first, rowHeight: 44, style: nil)
            without.append(first, rowHeight: 44, style: nil)
            SearchMemo.bind(memo) { with.append(page, rowHeight: 44, style: nil) }
            without.append(page, rowHeight: 44, style: nil)
            XCTAssertEqual(with.items, without.items, "turn \(turn)")
        }
    }

    /// The stack, the text held and the first repeat kept for rows are the ones made for them, and made once.
    func testAMemoMakesEachResultOnceForTheSameRows() {
        let memo = SearchMemo(slots: 16)
        let rows = (0..<5).map { Item(id: "\($0 % 4)", title: "Item \($0)") }
        var made = 0
        for _ in 0..<3 {
            let copy = rows
            let stack = memo.stack(of: copy, rowHeight: 44, style: nil) {
                made += 1
                return ListScreen.Stack(rows: copy, rowHeight: 44, style: nil)
            }
            XCTAssertEqual(stack.height, 220)
            XCTAssertEqual(memo.heldBytes(of: copy, from: 2) { made += 1; return 7 }, 7)
            XCTAssertEqual(memo.firstRepeat(in: copy) { made += 1; return "0" }, "0")
        }
        XCTAssertEqual(made, 3, "one stack, one count and one repeat, each made once")
        // Equal rows stored apart are other rows.
        _ = memo.stack(of: rows.map { $0 }, rowHeight: 44, style: nil) { made += 1; return ListScreen.Stack(rows: rows, rowHeight: 44, style: nil) }
        XCTAssertEqual(made, 4, "equal rows stored apart")
    }

    /// A memo is bound to the thread that binds it, for the time of the call, and bindings nest; no other thread sees it.
    func testAMemoIsBoundToOneThreadForOneCall() {
        let outer = SearchMemo(slots: 8), inner = SearchMemo(slots: 8)
        XCTAssertNil(SearchMemo.current)
        SearchMemo.bind(outer) {
            XCTAssertTrue(SearchMemo.current === outer)
            SearchMemo.bind(inner) { XCTAssertTrue(SearchMemo.current === inner) }
            SearchMemo.bind(nil) { XCTAssertNil(SearchMemo.current) }
            XCTAssertTrue(SearchMemo.current === outer)
            let other = DispatchGroup()
            nonisolated(unsafe) var seenElsewhere: SearchMemo? = outer
            DispatchQueue.global().async(group: other) { seenElsewhere = SearchMemo.current }
            other.wait()
            XCTAssertNil(seenElsewhere, "another thread")
        }
        XCTAssertNil(SearchMemo.current)
    }
}
