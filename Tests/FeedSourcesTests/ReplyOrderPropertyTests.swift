import TestSupport
import FeedEngine
import FeedScenario
import FeedSources
import XCTest
import ReferenceEngine

/// Seeded latencies let replies overtake each other; whatever the order, a
/// stale reply never appends a page, and the list stays a gapless run of the
/// feed with no id twice. The properties run seeds 1, 2, …, or from
/// `FEEDFRAMES_SEED` on; a failure names its seed.
final class ReplyOrderPropertyTests: XCTestCase {
    /// A random script of gestures and waits that races refreshes against load-mores.
    func script(_ random: inout SeededRandom, length: Int) -> [String] {
        var steps = ["launch"]
        for _ in 0..<length {
            switch random.next() % 8 {
            case 0, 1: steps.append("wait \(Double(random.next() % 30) / 10)")
            case 2: steps.append("scroll to bottom")
            case 3: steps.append("refresh")
            case 4: steps += ["drag to -80", "release"]
            case 5: steps.append("tap footer")
            case 6: steps.append("scroll to top")
            default: steps.append("tap retry")
            }
        }
        return steps + ["wait 10"]
    }

    func scenario(seed: UInt64, steps: [String], source: String) throws -> Scenario {
        let events = "[" + steps.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        let text = #"{ "preset": "standard", "source": \#(source), "events": \#(events) }"#
        return try ScenarioReader.read(Array(text.utf8), file: "property-\(seed).json", opener: RealSourceOpener())
    }

    func testStaleRepliesNeverAppendAPage() throws {
        var staleSeen = 0
        let first = randomSeed(1)
        for seed in (0..<UInt64(120)).map({ first &+ $0 }) {
            var random = SeededRandom(seed: seed, stream: 99)
            let steps = script(&random, length: 30)
            let failures = (1...3).map { _ in Int(random.next() % 12) + 1 }
            let source = #"{ "total": 130, "pageSize": 10, "failures": \#(failures), "latency": { "min": 0.2, "max": 3, "seed": \#(Self.latencySeed(seed)) } }"#
            let scenario = try scenario(seed: seed, steps: steps, source: source)
            var runner = ScenarioRunner(scenario)
            var previousCount = 0
            for step in scenario.steps {
                try runner.perform(step) { frame in
                    if frame.cause.hasSuffix("stale, dropped") {
                        XCTAssertEqual(frame.layout.itemCount, previousCount, "seed \(seed): \(frame.cause)")
                    }
                    previousCount = frame.layout.itemCount
                }
                // Always items 1…n of the feed, in order: nothing stale, skipped or repeated.
                let ids = runner.state.items.map(\.id)
                XCTAssertEqual(ids, (0..<ids.count).map { String($0 + 1) }, "seed \(seed) after \(step)")
                XCTAssertEqual(runner.state.duplicatesDropped, 0, "seed \(seed)")
            }
            staleSeen += runner.state.staleReplies
        }
        XCTAssertGreaterThan(staleSeen, 10, "seeds \(first)…: the scripts do make replies go stale")
    }

    /// The scenario's own latency seed, which a scenario file holds to 2^53.
    static func latencySeed(_ seed: UInt64) -> UInt64 { seed & ((1 << 53) - 1) }

    func testSeededLatenciesAreDeterministicAndInRange() {
        let latency = Latency.seeded(min: 0.2, max: 3, seed: 7)
        let first = (1...500).map { latency.seconds(forRequest: $0) }
        XCTAssertEqual(first, (1...500).map { latency.seconds(forRequest: $0) })
        XCTAssertTrue(first.allSatisfy { (0.2...3).contains($0) })
        XCTAssertGreaterThan(Set(first).count, 400, "spread out")
        XCTAssertTrue(zip(first, first.dropFirst()).contains { $0 > $1 }, "later requests can be faster")
        XCTAssertNotEqual(first, (1...500).map { Latency.seeded(min: 0.2, max: 3, seed: 8).seconds(forRequest: $0) })
        // Pinned, so that a change to the generator (and every seeded demo's frames) is noticed.
        XCTAssertEqual((1...3).map { Latency.seeded(min: 0.2, max: 3, seed: 1).seconds(forRequest: $0) }, [1.661, 2.929, 0.98])
    }

    func testInsertsWithCursorPagingNeverRepeatOrSkip() throws {
        let first = randomSeed(1)
        for seed in (0..<UInt64(40)).map({ first &+ $0 }) {
            var random = SeededRandom(seed: seed, stream: 7)
            let steps = script(&random, length: 25)
            let inserts = (1...3).map { _ in #"{ "at": \#(Double(random.next() % 200) / 10), "count": \#(random.next() % 7 + 1) }"# }
            let source = #"{ "total": 200, "pageSize": 10, "paging": "cursor", "inserts": [\#(inserts.joined(separator: ", "))], "latency": { "min": 0.2, "max": 3, "seed": \#(Self.latencySeed(seed)) } }"#
            let scenario = try scenario(seed: seed, steps: steps, source: source)
            let (_, state) = try runFrames(scenario)
            XCTAssertEqual(state.duplicatesDropped, 0, "seed \(seed)")
            // Below the inserted head, the base items run 1…k with no gap.
            let base = state.items.map(\.id).filter { !$0.hasPrefix("new-") }
            XCTAssertEqual(base, (0..<base.count).map { String($0 + 1) }, "seed \(seed)")
        }
    }
}
