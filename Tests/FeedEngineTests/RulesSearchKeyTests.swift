import XCTest
@testable import FeedEngine

/// `RulesBehaviour.fingerprintSearchKey` feeds a fingerprint search the key's fields as packed words, where
/// `hashSearchKey` (its twin, held to the key's own hash in `BehaviourSearchTests`) feeds them to `Hasher`:
/// equal keys must feed the same words, and a key that differs in any one field words that differ.
final class RulesSearchKeyTests: XCTestCase {
    private func rules() throws -> RulesBehaviour {
        RulesBehaviour(config: try XCTUnwrap(Preset.named("standard")?.config(locale: "en")))
    }

    private func print(_ rules: RulesBehaviour, _ state: RulesBehaviour.State) -> UInt64 {
        var print = Fingerprint()
        rules.fingerprintSearchKey(state, into: &print)
        return print.value
    }

    private static func page(_ ids: [String]) -> [Item] { ids.map { Item(id: $0, title: $0) } }

    func testEachFieldOfTheKeyChangesTheWordsAndTheCountersDoNot() throws {
        let rules = try rules()
        var base = RulesBehaviour.State()
        base.rows.append(Self.page(["a", "b", "c"]), rowHeight: 44, style: nil)
        base.offset = 120
        base.height = 667
        base.pageIndex = 1
        // Each field of the key changed alone (an optional kind to each of its values, a flag each way).
        let changes: [(field: String, change: (inout RulesBehaviour.State) -> Void)] = [
            ("rows", { $0.rows.append(Self.page(["d"]), rowHeight: 44, style: nil) }),
            ("loading", { $0.loading = .initial }), ("loading", { $0.loading = .refresh }), ("loading", { $0.loading = .more }),
            ("launched", { $0.launched.toggle() }), ("pageIndex", { $0.pageIndex += 1 }), ("hasData", { $0.hasData.toggle() }),
            ("exhausted", { $0.exhausted.toggle() }), ("footerFailed", { $0.footerFailed.toggle() }),
            ("autoLoadBlocked", { $0.autoLoadBlocked.toggle() }), ("stuck", { $0.stuck.toggle() }),
            ("retry", { $0.retry = .initial }), ("retry", { $0.retry = .refresh }), ("retry", { $0.retry = .more }),
            ("emptyShown", { $0.emptyShown.toggle() }), ("dragging", { $0.dragging.toggle() }), ("crossed", { $0.crossed.toggle() }),
            ("crossing", { $0.crossing.toggle() }), ("offset", { $0.offset = -64 }), ("height", { $0.height = 568 }),
            ("coveredTop", { $0.coveredTop = 20 }), ("coveredBottom", { $0.coveredBottom = 34 }), ("held", { $0.held.toggle() }),
            ("insetBottom", { $0.insetBottom = 44 }),
        ]
        // What the key leaves out: it changes neither the key nor the words.
        let counters: [(field: String, change: (inout RulesBehaviour.State) -> Void)] = [
            ("loadingID", { $0.loadingID = 7 }), ("issued", { $0.issued = 9 }), ("suppressed", { $0.suppressed = 3 }),
            ("rows", { $0.rows.append(Self.page(["b"]), rowHeight: 44, style: nil) }),  // a repeat dropped and counted
        ]
        var prints: Set<UInt64> = [print(rules, base)]
        for (field, change) in changes {
            var changed = base
            change(&changed)
            XCTAssertNotEqual(rules.searchKey(changed), rules.searchKey(base), field)
            XCTAssertTrue(prints.insert(print(rules, changed)).inserted, "\(field): the words of another key")
        }
        for (field, change) in counters {
            var changed = base
            change(&changed)
            XCTAssertEqual(rules.searchKey(changed), rules.searchKey(base), field)
            XCTAssertEqual(print(rules, changed), print(rules, base), field)
        }
        // Every stored field is one of these: a field added to the state must be added to the words (or left out, said here).
        let fields = Set(Mirror(reflecting: base).children.compactMap(\.label))
        XCTAssertEqual(fields, Set(changes.map(\.field) + counters.map(\.field)))
    }

    func testEqualKeysFeedTheSameWordsHoweverTheRowsCame() throws {
        let rules = try rules()
        var paged = RulesBehaviour.State(), whole = RulesBehaviour.State()
        paged.rows.append(Self.page(["a", "b"]), rowHeight: 44, style: nil)
        paged.rows.append(Self.page(["c"]), rowHeight: 44, style: nil)
        whole.rows.append(Self.page(["x"]), rowHeight: 44, style: nil)
        whole.rows.removeAll()
        whole.rows.append(Self.page(["a", "b", "c"]), rowHeight: 44, style: nil)
        whole.issued = 4
        XCTAssertEqual(rules.searchKey(paged), rules.searchKey(whole))
        XCTAssertEqual(print(rules, paged), print(rules, whole))
        // -0 and 0 are one offset.
        paged.offset = -0.0
        XCTAssertEqual(print(rules, paged), print(rules, whole))
    }
}
