import FeedEngine
import FeedFramesResources
import FeedScenario
import Foundation
import FrameRendering
import XCTest

/// The repo's `Templates/` folder, found from this file.
let templatesFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Templates")

func defaultTemplates(overriding overrides: [String: String] = [:]) throws -> FrameTemplates {
    var sources = Embedded.templates
    for (name, text) in overrides { sources[name] = text }
    return try FrameTemplates(sources: sources, origins: Dictionary(uniqueKeysWithValues: overrides.keys.map { ($0, "custom/\($0)") }))
}

func defaultValidator() throws -> FrameValidator {
    try FrameValidator(schemaText: try XCTUnwrap(Embedded.templates["frame.rng"]))
}

func scenario(_ json: String, file: String = "test.json") throws -> Scenario {
    try ScenarioReader.read(Array(json.utf8), file: file)
}

func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("feedframes-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
