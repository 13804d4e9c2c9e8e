import ExploreReport
import FeedEngine
import FeedExplorer
import FeedFramesResources
import FeedScenario
import Foundation
import FrameRendering
import XCTest
import ReferenceEngine

/// What explore and sweep write: the report links only files that exist, the gallery's viewer
/// has its frame list, the pages come from their templates and a broken one is named at its line.
final class ExploreReportTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("feedframes-explore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    func output(_ preset: String = "seed001", depth: Int = 4, overriding: [String: String] = [:]) throws -> ExploreOutput {
        let scenario = try ScenarioReader.read(Array("{ \"name\": \"\(preset)\", \"preset\": \"\(preset)\", \"events\": [\"launch\"] }".utf8),
                                               file: "test.json")
        var sources = Embedded.templates
        for (name, text) in overriding { sources[name] = text }
        let templates = try FrameTemplates(sources: sources, origins: Dictionary(uniqueKeysWithValues: overriding.keys.map { ($0, "custom/\($0)") }))
        return try Self.output(of: scenario.behaviour, scenario: scenario, depth: depth, templates: templates)
    }

    /// The preset's behaviour searched (opened from the scenario's `any PagingBehaviour`).
    static func output<Behaviour: PagingBehaviour>(of behaviour: Behaviour, scenario: Scenario, depth: Int,
                                                   templates: FrameTemplates) throws -> ExploreOutput {
        let exploration = BehaviourExplorer(behaviour, scenario: scenario, maxDepth: depth).run()
        return ExploreOutput(scenario: scenario, exploration: exploration, playing: behaviour, depth: depth, templates: templates,
                             validator: try FrameValidator(schemaText: templates.schema), galleryLimit: 50)
    }

    func text(_ path: String) throws -> String { try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8) }

    func testTheGalleryViewerHasItsFramesAndTexts() throws {
        let out = folder.appendingPathComponent("explore").path
        let written = try output().write(to: out, graphviz: Graphviz(executable: nil))
        XCTAssertGreaterThan(written.screens, 3)
        let list = try text("explore/gallery/frames.js")
        XCTAssertTrue(list.hasPrefix("window.FEEDFRAMES = [\n"), list)
        XCTAssertEqual(list.components(separatedBy: "\"files\":").count - 1, written.screens)
        XCTAssertTrue(try text("explore/gallery/texts-0001.js").hasPrefix("window.FEEDFRAMES_TEXTS(1, ["))
        let viewer = try text("explore/gallery/index.html")
        XCTAssertTrue(viewer.contains(#"<script src="frames.js"></script>"#))
        XCTAssertTrue(viewer.contains(#"id="html-frame""#) && viewer.contains(#"id="text-frame""#))
        XCTAssertFalse(viewer.contains(#"id="json-frame""#), "JSON has its pane only when there is no text")
    }

    func testTheReportLinksTheSVGOnlyWhenGraphvizMadeIt() throws {
        let dot = folder.appendingPathComponent("graph.dot").path
        let out = folder.appendingPathComponent("explore").path
        // A stale SVG from an earlier run with Graphviz is not linked.
        try Data("<svg/>".utf8).write(to: folder.appendingPathComponent("graph.svg"))
        let without = try output().write(to: out, dot: dot, graphviz: Graphviz(executable: nil))
        XCTAssertNil(without.svg)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("graph.svg").path))
        var report = try text("explore/index.html")
        XCTAssertTrue(report.contains(#"<a href="../graph.dot">DOT</a>"#), report)
        XCTAssertFalse(report.contains("graph.svg"), report)
        XCTAssertTrue(try output().summary(out: out, written: without).last?.hasSuffix("(install Graphviz for an SVG)") == true)

        // A stand-in for dot that writes the SVG it is asked for.
        let fake = folder.appendingPathComponent("dot")
        try Data("#!/bin/sh\nprintf '<svg xmlns=\"http://www.w3.org/2000/svg\"/>' > \"$4\"\n".utf8).write(to: fake)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        let with = try output().write(to: out, dot: dot, graphviz: Graphviz(executable: fake.path))
        XCTAssertEqual(with.svg, folder.appendingPathComponent("graph.svg").path)
        report = try text("explore/index.html")
        XCTAssertTrue(report.contains(#"<a href="../graph.svg">SVG</a> (<a href="../graph.dot">DOT</a>)"#), report)
    }

    func testEveryBrokenInvariantLinksItsScenarioAndFrames() throws {
        let out = folder.appendingPathComponent("explore").path
        let explored = try output(depth: 4)
        XCTAssertFalse(explored.findings.violations.isEmpty, "seed001 has no way forward after a failure")
        _ = try explored.write(to: out, graphviz: Graphviz(executable: nil))
        let report = try text("explore/index.html")
        let holding = explored.findings.invariants.count - explored.findings.violations.count
        XCTAssertGreaterThan(holding, 0)
        XCTAssertEqual(report.components(separatedBy: "<td>holds</td>").count - 1, holding, report)
        XCTAssertEqual(report.components(separatedBy: #"<tr class="broken">"#).count - 1, explored.findings.violations.count)
        for violation in explored.findings.violations {
            let name = violation.invariant
            XCTAssertTrue(report.contains(#"<a href="counterexamples/\#(name).json">scenario file</a>"#), name)
            XCTAssertTrue(report.contains(#"<a href="counterexamples/\#(name)/index.html">its frames</a>"#), name)
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(out)/counterexamples/\(name)/frames.js"), name)
        }
    }

    func testABrokenReportTemplateIsNamedAtItsLine() throws {
        let source = try XCTUnwrap(Embedded.templates["explore.html"])
        let broken = source.replacingOccurrences(of: "<p>{{figures}}</p>", with: "<p>{{figures}}")
        let out = folder.appendingPathComponent("explore").path
        XCTAssertThrowsError(try output(overriding: ["explore.html": broken]).write(to: out, graphviz: Graphviz(executable: nil))) { error in
            guard case RenderError.page(let issues) = error else { return XCTFail("\(error)") }
            // libxml2 finds the unclosed <p> where </body> closes it: that line of the template.
            let closing = source.components(separatedBy: "\n").firstIndex { $0.contains("</body>") }.map { $0 + 1 }
            XCTAssertEqual(issues.first?.file, "custom/explore.html")
            XCTAssertEqual(issues.first?.line, closing, "\(issues)")
            XCTAssertTrue(issues.allSatisfy { $0.message.contains("(page \(out)/index.html") }, "\(issues)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing written")
    }

    func testTheSweepPageMarksTheRowsThatFlip() throws {
        let scenario = try ScenarioReader.read(Array(#"{ "name": "tall", "preset": "standard", "events": ["launch", "wait 1"] }"#.utf8), file: "t.json")
        let table = try Sweep.run(scenario, parameters: [try SweepParameter.parse("viewport.height=690..720:10").get()])
        let out = folder.appendingPathComponent("sweep").path
        try SweepOutput.write(table, to: out, templates: try FrameTemplates(sources: Embedded.templates))
        let page = try text("sweep/sweep.html")
        XCTAssertEqual(page.components(separatedBy: #"<tr class="flip">"#).count - 1, table.flips.count)
        XCTAssertTrue(page.contains("<td class=\"flips\">* load-more, final</td>"), page)
        XCTAssertEqual(try text("sweep/sweep.txt"), table.text)
    }
}
