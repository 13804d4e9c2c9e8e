import TestSupport
import FeedEngine
import FeedFramesResources
import FeedScenario
import JSONText
import XCTest
@testable import FrameRendering

/// `FrameJSON.bytes(of:)` writes straight from the layout; it must give the
/// bytes of the value it stands for, `FrameJSON.value(of:)` pretty-printed.
final class FrameJSONTests: XCTestCase {
    func assertSameBytes(_ frames: [Frame], _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        for frame in frames {
            let expected = JSONWriter.bytes(FrameJSON.value(of: frame), style: .pretty) + [0x0A]
            if FrameJSON.bytes(of: frame) != expected {
                XCTFail("\(name) frame \(frame.number): direct bytes differ from the value's", file: file, line: line)
                return
            }
        }
    }

    func testEveryDemoFrame() throws {
        var count = 0
        for name in Embedded.demos.keys.sorted() {
            let demo = try scenario(Embedded.demos[name] ?? "", file: name)
            let all = try demo.frames()
            count += all.count
            assertSameBytes(all, name)
        }
        XCTAssertGreaterThan(count, 100)
    }

    /// Toasts, requests, retries, empty views and hostile titles, from random scripts.
    func testRandomScenarios() throws {
        let seed = randomSeed(0xF4A3E)
        var generator = SplitMix64(seed: seed)
        let events = ["\"scroll by 37\"", "\"scroll by -120\"", "\"drag by -90\"", "\"release\"", "\"wait 1\"", "\"tap retry\"",
                      "\"tap footer\"", "\"refresh\"", "\"scroll to bottom\"", "\"wait 0.3\""]
        for run in 0..<40 {
            let script = (0..<60).map { _ in events.randomElement(using: &generator)! }.joined(separator: ", ")
            let preset = ["seed000", "seed001", "standard"][run % 3]
            let json = """
                {"name": "r\(run)", "preset": "\(preset)",
                 "source": {"kind": "synthetic", "total": \(run % 4 == 0 ? 0 : 30), "pageSize": 7, "failures": [2, 5],
                            "title": "<b>\\"{n}\\" & 'odd'</b> \\u0001 é 漢字 👍🏽", "rowHeights": [61.5, 44, 1.25]},
                 "events": ["launch", "wait 1", \(script)]}
                """
            let random: Scenario
            do { random = try scenario(json) } catch { return XCTFail("seed \(seed) scenario \(run): \(error)") }
            let frames: [Frame]
            do { frames = try random.frames() } catch { return XCTFail("seed \(seed) scenario \(run): \(error)") }
            assertSameBytes(frames, "seed \(seed) random run \(run)")
        }
    }
}
