@testable import FeedScenario
import FeedEngine
import XCTest

/// `BehaviourRunner.same`, which tells a callback that changed nothing: bit for bit, else by `==`.
final class SameStateTests: XCTestCase {
    /// A logic whose `==` ignores a field, so that states of different bits can be equal.
    struct Loose: PagingBehaviour {
        struct State: Hashable, Sendable {
            var rows: [Item] = []
            var note = ""
            var seen = 0.0
            static func == (a: State, b: State) -> Bool { a.rows == b.rows && a.seen == b.seen }
            func hash(into hasher: inout Hasher) { hasher.combine(rows); hasher.combine(seen) }
        }
        var initialState: State { State() }
        func handle(_ callback: ListCallback, state: inout State) -> [ListEffect] { [] }
        func screen(_ state: State) -> ListScreen { ListScreen(rows: state.rows) }
    }

    private func same(_ a: Loose.State, _ b: Loose.State) -> Bool {
        var a = a, b = b
        return BehaviourRunner<Loose>.same(&a, &b)
    }

    func testTheSameStateBitForBitOrByEquality() {
        var state = Loose.State(rows: [Item(id: "a", title: "A")], note: "first", seen: 2)
        let copy = state
        XCTAssertTrue(same(state, copy))
        // Other bits, equal by `==`.
        state.note = "a note long enough to live on the heap, not inline"
        XCTAssertTrue(same(state, copy))
        // Equal rows in another array: other bits, equal.
        state.rows = [Item(id: "a", title: "A")]
        XCTAssertTrue(same(state, copy))
        // Different values.
        state.seen = 3
        XCTAssertFalse(same(state, copy))
        state.seen = 2
        state.rows.append(Item(id: "b", title: "B"))
        XCTAssertFalse(same(state, copy))
    }

    /// A logic that adds a row's id in place, into an array with room to spare and no effect: the array is the
    /// one it was, and so are its bits (the screen makes items of the ids: it holds no reference to it). The runner
    /// sees the change (the state it compares with holds the same storage, so the change copies it), and the
    /// screen shows each row as it comes.
    struct Grower: PagingBehaviour {
        var initialState: [String] { [] }
        func handle(_ callback: ListCallback, state: inout [String]) -> [ListEffect] {
            guard case .tapRetry = callback else { return [] }
            state.reserveCapacity(16)
            state.append("\(state.count)")
            return []
        }
        func screen(_ state: [String]) -> ListScreen { ListScreen(rows: state.map { Item(id: $0, title: "Row \($0)") }) }
    }

    func testAChangeInPlaceIsSeen() {
        var runner = BehaviourRunner(Grower(), config: Preset.standard.config()!,
                                     source: SyntheticSource(total: 30, pageSize: 30, latency: .fixed(1), title: "Item {n}"))
        // As a search plays it: a render keeps a copy of the state around each step, to tell one that did nothing.
        runner.searching = true
        runner.perform(.event(.launch))
        for taps in 1...4 {
            runner.perform(.event(.tapRetry))
            XCTAssertEqual(runner.screen.rows.map(\.id), (0..<taps).map(String.init), "after \(taps) taps")
        }
    }
}
