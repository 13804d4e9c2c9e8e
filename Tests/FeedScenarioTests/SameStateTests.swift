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

    private func same(_ a: Loose.State, _ b: Loose.State) -> Bool { BehaviourRunner<Loose>.same(a, b) }

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
}
