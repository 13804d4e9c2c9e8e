import FeedEngine
@testable import FeedScenario
import XCTest
import ReferenceEngine

/// Issue 15, item 2: what a run holds is bounded (`ItemLimits`), and crossing
/// a limit is a clear error, never an abort. Each limit at the limit and one past.
final class ItemLimitTests: XCTestCase {
    func scenario(_ source: String, events: [String]) throws -> Scenario {
        let list = events.map { "\"\($0)\"" }.joined(separator: ", ")
        return try ScenarioReader.read(Array(#"{ "preset": "standard", "source": \#(source), "events": [\#(list)] }"#.utf8), file: "limits.json")
    }

    /// Launch, then a load-more after each of `pages - 1` replies.
    func pages(_ count: Int) -> [String] {
        ["launch", "wait 1"] + Array([[String]](repeating: ["scroll to bottom", "wait 1"], count: count - 1).joined())
    }

    /// An endless feed stopped an hour later at 2.66 GB; now at a million items held.
    func testTheListHoldsAMillionItemsAndNotOneMore() throws {
        let atLimit = try scenario(#"{ "total": 1000000, "pageSize": 10000, "title": "i" }"#, events: pages(101))
        var runner = ScenarioRunner(atLimit)
        try runner.run(atLimit.steps) { _ in }
        XCTAssertEqual(runner.state.items.count, ItemLimits.maxItems)

        let past = try scenario(#"{ "total": 1000001, "pageSize": 10000, "title": "i" }"#, events: pages(101))
        XCTAssertThrowsError(try past.frames()) { error in
            XCTAssertEqual((error as? RunLimitError)?.message,
                           "at 101 s, reply 101: the list would hold 1,000,001 items, over 1,000,000 (the limit of items held)")
        }
    }

    func testTextHeldAtTheLimitAndOnePast() throws {
        let long = String(repeating: "x", count: 40)
        let items = (1...3).map { Item(id: "\($0)", title: long + "\($0)") }  // 1 + 41 bytes each
        var held = HeldItems(maxItems: 10, maxTextBytes: 3 * 42)
        XCTAssertNoThrow(try held.add(items, from: 0))
        XCTAssertEqual(held.textBytes, 126)
        var past = HeldItems(maxItems: 10, maxTextBytes: 3 * 42 - 1)
        XCTAssertThrowsError(try past.add(items, from: 0)) { error in
            XCTAssertEqual((error as? RunLimitError)?.message, "the list would hold 126 bytes of item text, over 125 bytes (the limit of text held)")
        }
        var count = HeldItems(maxItems: 2, maxTextBytes: 1_000)
        XCTAssertNoThrow(try count.add(Array(items.prefix(2)), from: 0))
        XCTAssertThrowsError(try count.add(items, from: 2))
    }

    /// A title shared across a page's edge counts once: the row before a page's first is the last of the rows
    /// before it; a title equal but stored apart counts again.
    func testATitleSharedAcrossPagesCountsOnce() throws {
        let title = String(repeating: "T", count: 100)
        let first = [Item(id: "a", title: title), Item(id: "b", title: title)], second = [Item(id: "c", title: title)]
        var held = HeldItems()
        try held.add(first, from: 0)
        try held.add(first + second, from: first.count)
        XCTAssertEqual(held.textBytes, 100 + 3)
        var apart = HeldItems()
        try apart.add(first, from: 0)
        try apart.add(first + [Item(id: "c", title: String(repeating: "T", count: 100))], from: first.count)
        XCTAssertEqual(apart.textBytes, 200 + 3)
        // In a search, through the thread's memo: the same counts, the second time from the memo.
        let memo = SearchMemo(slots: 8), rows = first + second
        for _ in 0..<2 {
            var searched = HeldItems()
            try searched.add(first, from: 0, memo: memo)
            try searched.add(rows, from: first.count, memo: memo)
            XCTAssertEqual(searched.textBytes, 100 + 3)
        }
    }

    /// A 1 MB title × pageSize 1000 took 1 GB: one string, shared by every item, counts once.
    func testASharedTitleIsStoredAndCountedOnce() throws {
        let title = String(repeating: "T", count: 1 << 20)
        let source = SyntheticSource(total: nil, pageSize: 1_000, latency: .fixed(1), title: title)
        XCTAssertEqual(source.pageTextBytes, 0, "without {n}, titles are shared")
        let page = source.page(1) + source.page(2)
        var held = HeldItems()
        try held.add(page, from: 0)
        XCTAssertLessThan(held.textBytes, (1 << 20) + 20_000, "the title once, and the ids")
        XCTAssertEqual(HeldItems.bytes(page[1].title, sharedWith: page[0].title), 0)
        XCTAssertEqual(HeldItems.bytes(String(repeating: "T", count: 1 << 20), sharedWith: page[0].title), 1 << 20, "an equal copy is not shared")

        // Distinct titles, 512 MiB of them, are the limit of text held: the ninth page of 64 MiB crosses it.
        let numbered = try scenario(#"{ "pageSize": 1000, "title": "\#(String(repeating: "n", count: 65_000)){n}" }"#, events: pages(9))
        XCTAssertThrowsError(try numbered.frames()) { error in
            XCTAssertTrue((error as? RunLimitError)?.message.hasPrefix("at 9 s, reply 9: the list would hold ") == true, "\(error)")
            XCTAssertTrue((error as? RunLimitError)?.message.hasSuffix(" bytes of item text, over 512 MiB (the limit of text held)") == true, "\(error)")
        }
    }

    /// A page of distinct titles is at most 64 MiB: the reader refuses more, at `source.title`.
    func testASyntheticPageAtTheLimitAndOnePast() throws {
        // 64 titles of (length - 3 + 20) bytes: exactly 64 MiB at the limit.
        let length = (ItemLimits.maxPageTextBytes / 64) - 17
        let fits = String(repeating: "a", count: length - 3) + "{n}"
        XCTAssertNoThrow(try scenario(#"{ "pageSize": 64, "title": "\#(fits)" }"#, events: ["launch"]))
        XCTAssertThrowsError(try scenario(#"{ "pageSize": 64, "title": "a\#(fits)" }"#, events: ["launch"])) { error in
            let line = (error as? ScenarioErrors)?.problems.first?.description ?? ""
            XCTAssertTrue(line.hasPrefix("limits.json:1:62: source.title: a title with {n} of 1048560 bytes makes 64 distinct titles a page, over 64 MiB"), line)
        }
    }
}
