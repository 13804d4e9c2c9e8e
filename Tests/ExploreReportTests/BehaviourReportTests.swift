import ExploreReport
import FeedEngine
import FeedExplorer
import FeedFramesResources
import FeedScenario
import Foundation
import FrameRendering
import PlantedBehaviours
import XCTest

/// SPEC §10: a search of a team's own logic writes the same report as a preset's — the rules, each
/// broken one's scenario file and its frames (played by the same logic), a gallery, the state graph.
final class BehaviourReportTests: XCTestCase {
    func testATeamsLogicGetsAReportGalleryGraphAndReplayedCounterexamples() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feedframes-behaviour-report-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let list = try ScenarioReader.read(Array(#"{ "name": "pager", "preset": "standard", "source": { "total": 60, "pageSize": 20, "latency": 1 }, "events": ["launch"] }"#.utf8), file: "pager.json")
        let logic = PlantedPager(bug: .spinnerNeverStops)
        let exploration = BehaviourExplorer(logic, scenario: list, key: PlantedPager.key, maxDepth: 4).run()
        let templates = try FrameTemplates(sources: Embedded.templates, origins: [:])
        let output = ExploreOutput(scenario: list, exploration: exploration, playing: logic, depth: 4, templates: templates,
                                   validator: try FrameValidator(schemaText: templates.schema), galleryLimit: 20)
        let out = folder.appendingPathComponent("explore").path
        let dot = folder.appendingPathComponent("graph.dot").path
        let written = try output.write(to: out, dot: dot, graphviz: Graphviz(executable: nil))

        XCTAssertEqual(Array(written.counterexamples.keys), ["spinner-has-a-request"])
        let report = try String(contentsOfFile: "\(out)/index.html", encoding: .utf8)
        XCTAssertTrue(report.contains("PlantedPager"), "the logic that played is named")
        XCTAssertEqual(report.components(separatedBy: #"<tr class="broken">"#).count - 1, 1)
        XCTAssertEqual(report.components(separatedBy: "<td>holds</td>").count - 1, 5)
        // The counterexample's frames were played by the same logic: its last frame shows the spinner with nothing in flight.
        let frames = try FileManager.default.contentsOfDirectory(atPath: "\(out)/counterexamples/spinner-has-a-request").filter { $0.hasSuffix(".json") && $0.first!.isNumber }.sorted()
        let last = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(out)/counterexamples/spinner-has-a-request/\(frames.last!)"))) as? [String: Any])
        XCTAssertEqual((last["footer"] as? [String: Any])?["state"] as? String, "loading")
        XCTAssertTrue(last["suppressed"] is NSNull, "a behaviour's frame JSON (SPEC §10)")
        XCTAssertGreaterThan(written.screens, 3)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(out)/gallery/index.html"))
        let graph = try String(contentsOfFile: dot, encoding: .utf8)
        XCTAssertTrue(graph.hasPrefix("digraph explored {"))
        XCTAssertTrue(graph.contains("color=red"), "the breaking state is drawn red")
        XCTAssertTrue(graph.contains("wait: fail"))
        let summary = output.summary(out: out, written: written)
        XCTAssertTrue(summary.contains { $0.hasPrefix("  FAIL  spinner-has-a-request: the footer's spinner shows with no request in flight") }, "\(summary)")
    }
}
