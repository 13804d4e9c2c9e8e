import FeedEngine
import FeedFramesResources
import FeedScenario
import XCTest
@testable import FrameRendering

/// Issue 20 §2: the presets written as behaviours (`Seed000Behaviour`, `Seed001Behaviour`, the seeds'
/// code ported; `StandardBehaviour`) draw every demo of their presets byte for byte as the engine does —
/// HTML, text and JSON, `suppressed` included (each counts the triggers it refuses) — and a few more
/// scenarios besides; all but standard's demos with sections or measured cells, which `BehaviourRunner`
/// does not lay out yet.
final class PresetPortFrameTests: XCTestCase {
    func testThePortsFramesAreTheEngines() throws {
        let renderer = ScenarioRenderer(templates: try defaultTemplates(), validator: try defaultValidator())
        var compared = 0
        let more = [
            "short-feed": #"{ "preset": "seed001", "source": { "total": 30 }, "events": ["launch", "wait 2", "scroll to bottom", "wait 2", "scroll to bottom", "wait 2", "scroll to top"] }"#,
            "empty-first-page": #"{ "preset": "seed001", "source": { "total": 0 }, "events": ["launch", "wait 2", "tap footer", "wait 2"] }"#,
            "first-load-fails": #"{ "preset": "seed001", "source": { "failures": [1] }, "events": ["launch", "wait 2", "tap footer", "drag to -100", "release", "wait 4"] }"#,
            "seed000-toast-then-retry": #"{ "preset": "seed000", "source": { "total": 100, "failures": [2, 3] }, "events": ["launch", "wait 1", "scroll to bottom", "drag by 80", "release", "wait 1", "scroll to top", "drag to -70", "release", "wait 1", "wait 1", "scroll to bottom", "drag by 80", "release", "tap retry", "wait 1", "wait 3"] }"#,
            "seed000-device": #"{ "preset": "seed000", "device": "iPhone 15", "source": { "total": 25, "latency": 2 }, "events": ["launch", "wait 2", "scroll to bottom", "drag by 75", "release", "wait 1", "drag to -200", "release", "wait 2", "wait 2"] }"#,
        ]
        let notYet = Embedded.demos.keys.filter { $0.hasPrefix("cells-") || $0.hasPrefix("sections-") }
        let demos = Embedded.demos.filter { !notYet.contains($0.key) }
        XCTAssertEqual(demos.count, 28, "every demo but those with sections or measured cells")
        for name in demos.keys.sorted() + more.keys.sorted() {
            let scenario = try ScenarioReader.read(Array(try XCTUnwrap(more[name] ?? demos[name]).utf8), file: name)
            var engine = ScenarioRunner(scenario)
            var expected: [Frame] = []
            try engine.run(scenario.steps) { frame in expected.append(frame) }
            let played: [Frame]
            switch scenario.preset.behaviour {
            case "seed000": played = scenario.frames(playing: Seed000Behaviour(config: scenario.config))
            case "seed001": played = scenario.frames(playing: Seed001Behaviour())
            default: played = scenario.frames(playing: StandardBehaviour(config: scenario.config))
            }
            XCTAssertEqual(played.count, expected.count, name)
            let context = FrameContext(scenario)
            for (port, reference) in zip(played, expected) {
                for format in FrameFormat.allCases {
                    let mine = String(decoding: try renderer.content(of: port, as: format, context: context, file: name), as: UTF8.self)
                    let theirs = String(decoding: try renderer.content(of: reference, as: format, context: context, file: name), as: UTF8.self)
                    XCTAssertEqual(mine, theirs, "\(name) frame \(port.number) as \(format)")
                    compared += 1
                }
            }
        }
        XCTAssertGreaterThan(compared, 1000)
    }
}
