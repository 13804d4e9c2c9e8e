import FeedEngine
import FeedScenario
import TestSupport
import XCTest
import ReferenceEngine

/// Issue 20 §2: each preset's behaviour against the engine on random scripts — gestures, taps, waits,
/// flings, rotations, failures, short and long feeds, slow replies, a device — frame by frame. Where
/// the demos and the hand-picked scenarios of `PresetPortTwinTests` stop, this keeps looking.
final class PresetPortRandomTwinTests: XCTestCase {
    func testEveryPresetsBehaviourPlaysRandomScriptsAsTheEngineDoes() throws {
        let seed = randomSeed(0x0B5E_55ED)
        var rng = SplitMix64(seed: seed)
        let runs = Int(ProcessInfo.processInfo.environment["FEEDFRAMES_PORT_RUNS"] ?? "") ?? 150
        var frames = 0
        for run in 0..<runs {
            let text = Self.randomScenario(&rng, preset: ["seed000", "seed001", "standard"][run % 3])
            let scenario = try ScenarioReader.read(Array(text.utf8), file: "random.json")
            var engine = ScenarioRunner(scenario)
            var expected: [PresetPortTwinTests.Seen] = []
            try engine.run(scenario.steps) { frame in expected.append(.init(frame)) }
            let behaviour = try XCTUnwrap(scenario.presetBehaviour)
            let played = scenario.frames(playing: behaviour).map(PresetPortTwinTests.Seen.init)
            frames += expected.count
            guard played != expected else { continue }
            let index = zip(played, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(played.count, expected.count)
            XCTFail("""
                seed \(seed) run \(run): \(text)
                frame \(index + 1) of \(expected.count) (port \(played.count)):
                  port   \(index < played.count ? "\(played[index])" : "-")
                  engine \(index < expected.count ? "\(expected[index])" : "-")
                """)
            return
        }
        XCTAssertGreaterThan(frames, runs * 5)
    }

    static func randomScenario(_ rng: inout SplitMix64, preset: String) -> String {
        func pick<T>(_ options: [T]) -> T { options[Int.random(in: 0..<options.count, using: &rng)] }
        var source = [#""total": \#(pick([0, 2, 5, 12, 30, 45, 100, 300]))"#, #""latency": \#(pick([0.5, 1, 1, 2, 3]))"#]
        if Bool.random(using: &rng) { source.append(#""pageSize": \#(pick([3, 10, 20]))"#) }
        if Bool.random(using: &rng) { source.append(#""failures": [\#(pick(["1", "2", "3", "2, 3", "1, 4", "3, 5, 6"]))]"#) }
        var header = [#""preset": "\#(preset)""#, #""source": { \#(source.joined(separator: ", ")) }"#]
        if Int.random(in: 0..<4, using: &rng) == 0 { header.append(#""device": "\#(pick(["iPhone 15", "iPhone SE", "iPhone 15 Pro Max"]))""#) }
        if Int.random(in: 0..<4, using: &rng) == 0 { header.append(#""locale": "\#(pick(["en", "zh-Hans", "ja", "ar"]))""#) }
        // The parameters the behaviours read from the list's configuration (sizes, distances, durations, switches).
        var config: [String] = []
        if Int.random(in: 0..<3, using: &rng) == 0 { config.append(#""rowHeight": \#(pick([30, 44, 80, 120]))"#) }
        if Int.random(in: 0..<4, using: &rng) == 0 { config.append(#""toastDuration": \#(pick([0.5, 1, 5]))"#) }
        if Int.random(in: 0..<3, using: &rng) == 0 {
            config.append(#""footer": { "height": \#(pick([30, 44, 100])), "armDistance": \#(pick([20, 60, 90])), "prefetchRows": \#(pick([0, 1, 3, 8])) }"#)
        }
        if preset != "seed001" && Int.random(in: 0..<3, using: &rng) == 0 {
            config.append(#""header": { "height": \#(pick([40, 54, 100])), "armDistance": \#(pick([30, 54, 80])) }"#)
        }
        // The switches: a seed's own stay its port; any other makes the list `RulesBehaviour`'s.
        if Int.random(in: 0..<3, using: &rng) == 0 {
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                config.append(pick([
                    #""hideFooterWhenFits": \#(pick(["true", "false"]))"#, #""hideUntilFirstData": \#(pick(["true", "false"]))"#,
                    #""holdWhileLoading": \#(pick(["true", "false"]))"#, #""refreshWhileLoading": "\#(pick(["cancel", "ignore"]))""#,
                    #""firstLoadIndicator": "\#(pick(["none", "header", "footer"]))""#, #""firstLoadFailure": "\#(pick(["retry", "stuck"]))""#,
                    #""refreshFailure": "\#(pick(["retry", "toast"]))""#, #""loadMoreFailure": "\#(pick(["toast", "toastAndFailedFooter", "stuck"]))""#,
                    #""header": \#(pick(["null", #"{ "height": 60, "armDistance": 40 }"#]))"#,
                    #""footer": { "mode": "\#(pick(["auto", "release"]))", "spinner": "\#(pick(["always", "loading"]))", "height": \#(pick([44, 100])) }"#,
                ]))
            }
        }
        var keys = Set<String>()  // a key once: the first drawn
        config = config.filter { keys.insert(String($0.prefix { $0 != ":" })).inserted }
        if !config.isEmpty { header.append(#""config": { \#(config.joined(separator: ", ")) }"#) }
        var events = ["\"launch\""]
        for _ in 0..<Int.random(in: 8...28, using: &rng) {
            let event = pick([
                "wait \(pick([0.5, 1, 1, 2, 3]))", "wait 1", "drag to \(pick([-200, -90, -70, -61, -55, -40, 0, 30, 80]))",
                "drag by \(pick([-80, -30, 20, 59, 61, 90, 150]))", "release", "release", "scroll to bottom", "scroll to top",
                "scroll by \(pick([-300, -44, 100, 400]))", "tap retry", "tap footer", "refresh", "fling \(pick([-2500, -800, 900, 3000]))",
                "resize \(pick(["667x375", "375x667", "390x844"]))",
            ])
            events.append("\"\(event)\"")
        }
        return "{ \(header.joined(separator: ", ")), \"events\": [\(events.joined(separator: ", "))] }"
    }
}
