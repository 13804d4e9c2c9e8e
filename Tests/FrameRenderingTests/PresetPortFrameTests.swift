import FeedEngine
import FeedFramesResources
import FeedScenario
import FrameFolder
import Foundation
import XCTest
@testable import FrameRendering
import ReferenceEngine

/// Issue 20 §2: the presets written as behaviours (`Seed000Behaviour`, `Seed001Behaviour`, the seeds'
/// code ported; `RulesBehaviour`) draw every demo byte for byte as the engine does — every file of
/// the frame folder: HTML, text and JSON frames, fonts, viewer — `suppressed` included (each counts
/// the triggers it refuses), and a few more scenarios besides.
final class PresetPortFrameTests: XCTestCase {
    /// Every demo, rendered to a folder through the engine and through its preset's behaviour: the same files, byte for byte.
    func testEveryDemoFolderIsTheSameThroughThePresetsBehaviour() throws {
        let renderer = ScenarioRenderer(templates: try defaultTemplates(), validator: try defaultValidator())
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ports-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        var files = 0
        for (name, text) in Embedded.demos.sorted(by: { $0.key < $1.key }) {
            let scenario = try ScenarioReader.read(Array(text.utf8), file: name)
            let behaviour = try XCTUnwrap(scenario.presetBehaviour, name)
            let engine = try FrameWriter(target: root.appendingPathComponent("engine/\(scenario.name)"), kind: .scenario)
            _ = try renderer.render(scenario, into: engine, displayFolder: scenario.name)
            try engine.commit()
            let port = try FrameWriter(target: root.appendingPathComponent("port/\(scenario.name)"), kind: .scenario)
            _ = try renderer.render(scenario, playing: behaviour, into: port, displayFolder: scenario.name)
            try port.commit()
            let expected = try Self.files(in: root.appendingPathComponent("engine/\(scenario.name)"))
            let played = try Self.files(in: root.appendingPathComponent("port/\(scenario.name)"))
            XCTAssertEqual(played.keys.sorted(), expected.keys.sorted(), name)
            for (path, bytes) in expected.sorted(by: { $0.key < $1.key }) where played[path] != bytes {
                XCTFail("\(name): \(path) differs:\n\(String(decoding: played[path] ?? Data(), as: UTF8.self))\n--- engine ---\n\(String(decoding: bytes, as: UTF8.self))")
                break
            }
            files += expected.count
        }
        XCTAssertEqual(Embedded.demos.count, 36)
        XCTAssertGreaterThan(files, 1000)
    }

    /// Scenarios beyond the demos, frame by frame in every format.
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
        for name in more.keys.sorted() {
            let scenario = try ScenarioReader.read(Array(try XCTUnwrap(more[name]).utf8), file: name)
            var engine = ScenarioRunner(scenario)
            var expected: [Frame] = []
            try engine.run(scenario.steps) { frame in expected.append(frame) }
            let behaviour = try XCTUnwrap(scenario.presetBehaviour)
            let played = scenario.frames(playing: behaviour)
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
        XCTAssertGreaterThan(compared, 100)
    }

    static func files(in folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let base = folder.resolvingSymlinksInPath().path
        for case let url as URL in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) ?? .init()
        where try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true {
            result[String(url.resolvingSymlinksInPath().path.dropFirst(base.count))] = try Data(contentsOf: url)
        }
        return result
    }
}
