import FeedEngine
import FeedScenario
import XCTest
import ReferenceEngine

/// The one effect interpreter (SPEC §3, "same-time events"): due-time order,
/// ties in scheduling order, microsecond rounding, events due at the end of a wait.
final class TimelineTests: XCTestCase {
    typealias Line = Timeline<String>

    func request(_ id: Int) -> Request { Request(id: id, kind: .more, page: id) }

    func testEventsComeInDueOrderAndTiesInSchedulingOrder() {
        var timeline = Line()
        timeline.schedule([.startRequest(request(1)), .expireToast(until: 2), .startRequest(request(2))], now: 0) { request in
            (request.id == 1 ? 2 : 1, "reply \(request.id)")
        }
        var order: [String] = []
        while let entry = timeline.takeNext(dueBy: 10) {
            switch entry.event {
            case .reply(_, let note): order.append("\(note) at \(entry.due)")
            case .toastExpiry(let until): order.append("toast \(until) at \(entry.due)")
            }
        }
        XCTAssertEqual(order, ["reply 2 at 1.0", "reply 1 at 2.0", "toast 2.0 at 2.0"], "reply 1 was scheduled before the toast")
        XCTAssertTrue(timeline.isEmpty)
    }

    func testAnEventDueExactlyAtTheEndIsTakenAndLaterOnesWait() {
        var timeline = Line()
        // 0.1 + 0.2 is 0.30000000000000004: rounded to the microsecond it meets a wait of 0.3.
        timeline.schedule([.startRequest(request(1))], now: 0.1) { _ in (0.2, "late") }
        timeline.schedule([.expireToast(until: 0.300002)], now: 0) { _ in (0, "") }
        XCTAssertEqual(timeline.nextDue, 0.3)
        XCTAssertEqual(timeline.takeNext(dueBy: Line.rounded(0.3))?.due, 0.3)
        XCTAssertNil(timeline.takeNext(dueBy: Line.rounded(0.3)), "the toast, 2 µs later, waits")
        XCTAssertEqual(timeline.takeNext(dueBy: 1)?.due, 0.300002)
    }

    func testShiftingAndMappingKeepsOrderAndRoundsAgain() {
        var timeline = Line()
        timeline.schedule([.startRequest(request(3)), .expireToast(until: 1.5)], now: 1) { _ in (0.25, "x") }
        let shifted = timeline.map(shiftedBy: -1) { request, note in (Request(id: request.id - 2, kind: request.kind, page: request.page), note.count) }
        XCTAssertEqual(shifted.entries.map(\.due), [0.25, 0.5])
        XCTAssertEqual(shifted.owedReplies.map(\.id), [1])
        if case .toastExpiry(let until) = shifted.entries[1].event { XCTAssertEqual(until, 0.5) } else { XCTFail("toast") }
        XCTAssertEqual(shifted.map(shiftedBy: 1) { ($0, $1) }.entries.map(\.due), [1.25, 1.5])
    }

    func testEqualOwingsAreEqualValues() {
        var a = Line(), b = Line()
        a.schedule([.startRequest(request(1))], now: 0) { _ in (1, "p") }
        b.schedule([.startRequest(request(1))], now: 0.5) { _ in (0.5, "p") }
        XCTAssertEqual(a, b, "no counters inside: the explorer tells states apart by value")
        XCTAssertEqual(a.hashValue, b.hashValue)
    }
}
