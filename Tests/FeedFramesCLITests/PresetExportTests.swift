import Foundation
import FeedFramesProcess
import XCTest

/// Presets as data (SPEC §9): `presets --export` writes each as a list description, and a
/// scenario that names the file renders exactly what the built-in preset renders.
final class PresetExportTests: XCTestCase {
    var cli: Subprocess!

    override func setUpWithError() throws {
        cli = try Subprocess()
        _ = try Subprocess.binary()
    }

    override func tearDown() { cli?.cleanUp() }

    static let demos = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/FeedFramesResources/Demos")

    /// Every file below `folder`, by relative path.
    func files(_ folder: String) throws -> [String: Data] {
        let root = cli.folder.appendingPathComponent(folder)
        var found: [String: Data] = [:]
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: root.path))
        for case let path as String in enumerator where !path.hasPrefix(".") && !path.contains("/.") {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isFolder), !isFolder.boolValue {
                found[path] = try Data(contentsOf: root.appendingPathComponent(path))
            }
        }
        return found
    }

    func testEveryDemoRendersTheSameFromItsExportedPreset() throws {
        let export = try cli.run("presets", "--export", "presets")
        XCTAssertEqual(export.status, 0, export.stderr)
        XCTAssertEqual(export.stdout, "Wrote 3 presets to presets/: seed000.json, seed001.json, standard.json\n")
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.demos.path).filter { $0.hasSuffix(".json") }.sorted()
        // The files the demos name (a String Catalog), beside both copies.
        let demoFiles = Self.demos.deletingLastPathComponent().appendingPathComponent("DemoFiles")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: demoFiles.path)) ?? [] {
            let bytes = try [UInt8](Data(contentsOf: demoFiles.appendingPathComponent(name)))
            try cli.write(bytes, to: "a/\(name)")
            try cli.write(bytes, to: "b/\(name)")
        }
        XCTAssertGreaterThanOrEqual(names.count, 15)
        var builtIn: [String] = []
        var exported: [String] = []
        for name in names {
            let text = try String(contentsOf: Self.demos.appendingPathComponent(name), encoding: .utf8)
            try cli.write(text, to: "a/\(name)")
            let preset = try XCTUnwrap(text.firstMatch(of: /"preset": "([a-z0-9]+)"/)?.1, name)
            try cli.write(text.replacingOccurrences(of: "\"preset\": \"\(preset)\"", with: "\"preset\": \"../presets/\(preset).json\""), to: "b/\(name)")
            builtIn.append("a/\(name)")
            exported.append("b/\(name)")
        }
        XCTAssertEqual(try cli.run(["render"] + builtIn + ["--out", "out-a"]).status, 0)
        let outcome = try cli.run(["render"] + exported + ["--out", "out-b"])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let a = try files("out-a"), b = try files("out-b")
        XCTAssertEqual(a.keys.sorted(), b.keys.sorted())
        XCTAssertGreaterThan(a.count, 300)
        for (path, bytes) in a where b[path] != bytes { XCTFail("\(path) differs between the built-in and the exported preset") }
    }

    func testAnEditedCopyDescribesTheTeamsListAndKeepsItsLook() throws {
        XCTAssertEqual(try cli.run("presets", "--export", "presets").status, 0)
        var preset = try String(contentsOf: cli.folder.appendingPathComponent("presets/standard.json"), encoding: .utf8)
        preset = preset.replacingOccurrences(of: #""name": "standard""#, with: #""name": "inbox""#)
            .replacingOccurrences(of: #""prefetchRows": 3"#, with: #""prefetchRows": 0"#)
            .replacingOccurrences(of: #""footer.loading": "Loading...""#, with: #""footer.loading": "Fetching mail…""#)
        try cli.write(preset, to: "presets/inbox.json")
        try cli.write(#"{ "name": "mail", "preset": "presets/inbox.json", "source": { "total": 50 }, "events": ["launch", "wait 1", "scroll to bottom"] }"#, to: "mail.json")
        let outcome = try cli.run("render", "mail.json", "--out", "out")
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let text = try String(contentsOf: cli.folder.appendingPathComponent("out/mail/0003.txt"), encoding: .utf8)
        XCTAssertTrue(text.contains("inbox en 375x667"), text)
        XCTAssertTrue(text.contains("Fetching mail…"), text)
        let html = try String(contentsOf: cli.folder.appendingPathComponent("out/mail/0003.html"), encoding: .utf8)
        XCTAssertTrue(html.contains(#"class="preset-standard "#), "the look of its behaviour")
        // Exporting again leaves the edited copy alone, and refuses to touch an edited export.
        try cli.write(preset, to: "presets/standard.json")
        let again = try cli.run("presets", "--export", "presets")
        XCTAssertEqual(again.status, 73)
        XCTAssertTrue(again.stderr.contains("standard.json: was edited or not written by FeedFrames"), again.stderr)
        XCTAssertEqual(try cli.run("presets", "--export", "presets", "--force").status, 0)
    }

    func testABadPresetFileIsNamedAtItsLine() throws {
        try cli.write("{\n  \"behaviour\": \"seed003\",\n  \"config\": { \"rowHeight\": -1 }\n}\n", to: "bad.json")
        try cli.write(#"{ "preset": "bad.json", "events": ["launch"] }"#, to: "s.json")
        let outcome = try cli.run("render", "s.json", "--out", "out")
        XCTAssertEqual(outcome.status, 65)
        XCTAssertEqual(outcome.stderrLines, ["bad.json:2:16: behaviour: unknown behaviour \"seed003\" (expected one of seed000, seed001, standard)"])
        try cli.write(#"{ "preset": "missing.json", "events": ["launch"] }"#, to: "m.json")
        let missing = try cli.run("render", "m.json", "--out", "out")
        XCTAssertEqual(missing.status, 65)
        XCTAssertEqual(missing.stderrLines, ["m.json:1:13: preset: missing.json: no such file (expected a preset file, as feedframes presets --export writes them)"])
    }
}
