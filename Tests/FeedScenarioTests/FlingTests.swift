import FeedEngine
import FeedScenario
import Foundation
import XCTest

/// SPEC §9's `fling V`: UIScrollView's normal deceleration, frames at 60 Hz of virtual time, no
/// rubber band, an auto footer firing mid-fling, the header never arming.
final class FlingTests: XCTestCase {
    func testDecelerationIsUIScrollViewsNormalRate() {
        for velocity in [11.0, 250, 1000, 3000, -4500, 20_000] {
            let deceleration = Deceleration(velocity: velocity)
            // Closed forms, with Foundation's logarithms: v(t) = V·0.998^t reaches 10 pt/s at t = ln(10/|V|)/ln 0.998.
            let end = log(10 / abs(velocity)) / log(0.998)
            XCTAssertEqual(deceleration.duration, end, accuracy: 1e-6, "V \(velocity)")
            for t in [0.0, 0.5, 16.666, 100, end / 2, end] {
                XCTAssertEqual(deceleration.distance(after: t), velocity / 1000 * (pow(0.998, t) - 1) / log(0.998), accuracy: 1e-6, "V \(velocity) t \(t)")
            }
        }
        XCTAssertEqual(Deceleration(velocity: 9).duration, 0, "slower than the stop speed: no fling")
        XCTAssertEqual(Deceleration(velocity: 1000).distance(after: Deceleration(velocity: 1000).duration), 0.99 / 0.002002002670673079, accuracy: 1e-6)
    }

    func run(_ events: [String], total: Int = 200, pageSize: Int = 40, latency: Double = 0.1) throws -> [Frame] {
        let list = try String(data: JSONEncoder().encode(events), encoding: .utf8)!
        let json = #"{ "preset": "standard", "source": { "total": \#(total), "pageSize": \#(pageSize), "latency": \#(latency) }, "events": \#(list) }"#
        return try ScenarioReader.read(Array(json.utf8), file: "fling.json").frames()
    }

    func testAFlingIsSteppedAt60HzAndAnAutoFooterFiresOnTheWay() throws {
        // 40 rows of 44 pt: the first page's range ends at 1,137 pt, the fling would go 1,493 pt; the
        // prefetch fires on the way, its reply (0.1 s) lengthens the range, and the fling goes on.
        let frames = try run(["launch", "wait 1", "fling 3000"])
        let fling = frames.filter { $0.cause.hasPrefix("fling") || $0.cause.contains("fling 3000 →") }
        XCTAssertGreaterThan(fling.count, 60, "a frame a step while the list moves")
        // Every step on the 60 Hz grid but the last, which ends where the fling does.
        for frame in fling.dropLast() where frame.cause == "fling 3000" {
            let steps = (frame.time - 1) * 60
            XCTAssertEqual(steps, steps.rounded(), accuracy: 0.01, "frame \(frame.number) at a 60 Hz step (t=\(frame.time))")
        }
        // The list moves the integral of the velocity from where it rested, in order, never back.
        let offsets = fling.filter { $0.cause == "fling 3000" }.map(\.layout.contentOffset)
        XCTAssertEqual(offsets, offsets.sorted())
        // The footer's prefetch fires mid-fling, with the list still moving after it.
        let loads = fling.firstIndex { $0.layout.request?.kind == .more }
        XCTAssertNotNil(loads, "a load-more started during the fling")
        XCTAssertLessThan(loads ?? .max, fling.count - 10)
        // The reply to it arrived during the fling too (0.1 s latency, the fling lasts 2.8 s).
        XCTAssertTrue(fling.contains { $0.cause.hasPrefix("fling 3000 → reply 2") }, fling.map(\.cause).joined(separator: ", "))
        let distance = Deceleration(velocity: 3000).distance(after: Deceleration(velocity: 3000).duration)
        XCTAssertEqual(frames.last!.layout.contentOffset, distance, accuracy: 0.001)
        XCTAssertEqual(frames.last!.time, 1 + Deceleration(velocity: 3000).duration / 1000, accuracy: 0.001)
    }

    func testAFlingStopsAtTheEndOfTheRangeAndNeverArmsTheHeader() throws {
        let frames = try run(["launch", "wait 1", "scroll to 100", "fling -5000"], total: 20)
        let fling = frames.filter { $0.cause == "fling -5000" }
        XCTAssertFalse(fling.isEmpty)
        XCTAssertEqual(fling.last?.layout.contentOffset, 0, "stopped at the top, no rubber band")
        XCTAssertTrue(fling.allSatisfy { $0.layout.contentOffset >= 0 && $0.layout.header.state == .idle })
        XCTAssertLessThan(fling.last!.time, 1 + Deceleration(velocity: -5000).duration / 1000, "it ended when it hit the top")
        let down = try run(["launch", "wait 1", "fling 100000"], total: 20)
        XCTAssertEqual(down.last?.layout.contentOffset, down.last.map { $0.layout.contentHeight + 44 - 667 }, "stopped at the bottom, the exhausted footer in view")
    }

    func testFlingIsReadAndWritten() {
        XCTAssertEqual(try ScriptStep.parse("fling -2500.5").get(), .fling(-2500.5))
        XCTAssertEqual(ScriptStep.fling(3000).description, "fling 3000")
        XCTAssertThrowsError(try ScriptStep.parse("fling").get())
        XCTAssertThrowsError(try ScriptStep.parse("fling 1e9").get())
        XCTAssertThrowsError(try ScriptStep.parse("fling fast").get())
    }
}
