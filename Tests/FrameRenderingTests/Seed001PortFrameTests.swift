import FeedEngine
import FeedFramesResources
import FeedScenario
import XCTest
@testable import FrameRendering

/// Issue 20 §2, first step: seed 001's code ported as a behaviour draws the seed001 demos byte for byte
/// as the engine does — HTML, text and JSON — but for the one field SPEC §10 makes differ: `suppressed`,
/// null for a behaviour (FeedFrames cannot see a logic ignore a callback), a count for the engine.
final class Seed001PortFrameTests: XCTestCase {
    func testThePortsFramesAreTheEnginesButForSuppressed() throws {
        let renderer = ScenarioRenderer(templates: try defaultTemplates(), validator: try defaultValidator())
        var compared = 0
        let more = [
            "short-feed": #"{ "preset": "seed001", "source": { "total": 30 }, "events": ["launch", "wait 2", "scroll to bottom", "wait 2", "scroll to bottom", "wait 2", "scroll to top"] }"#,
            "empty-first-page": #"{ "preset": "seed001", "source": { "total": 0 }, "events": ["launch", "wait 2", "tap footer", "wait 2"] }"#,
            "first-load-fails": #"{ "preset": "seed001", "source": { "failures": [1] }, "events": ["launch", "wait 2", "tap footer", "drag to -100", "release", "wait 4"] }"#,
        ]
        for name in ["seed001-story.json", "seed001-stuck-spinner.json", "seed002-traditional.json"] + more.keys.sorted() {
            let scenario = try ScenarioReader.read(Array(try XCTUnwrap(more[name] ?? Embedded.demo(named: name)).utf8), file: name)
            var engine = ScenarioRunner(scenario)
            var expected: [Frame] = []
            try engine.run(scenario.steps) { frame in expected.append(frame) }
            let played = scenario.frames(playing: Seed001Behaviour())
            XCTAssertEqual(played.count, expected.count, name)
            let context = FrameContext(scenario)
            for (port, reference) in zip(played, expected) {
                for format in FrameFormat.allCases {
                    var mine = String(decoding: try renderer.content(of: port, as: format, context: context, file: name), as: UTF8.self)
                    let theirs = String(decoding: try renderer.content(of: reference, as: format, context: context, file: name), as: UTF8.self)
                    if format == .json {
                        XCTAssertTrue(mine.contains(#""suppressed": null"#), "\(name) frame \(port.number): \(mine)")
                        mine = mine.replacingOccurrences(of: #""suppressed": null"#, with: #""suppressed": \#(reference.layout.suppressed)"#)
                    }
                    XCTAssertEqual(mine, theirs, "\(name) frame \(port.number) as \(format)")
                    compared += 1
                }
            }
        }
        XCTAssertGreaterThan(compared, 40)
    }
}
