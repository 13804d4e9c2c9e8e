import FeedFramesResources
import FeedScenario

/// The built-in demo scenarios, compiled into the binary from `Demos/`.
enum Demos {
    /// File names (`seed000-story.json`, …) in a stable order.
    static var fileNames: [String] { Embedded.demos.keys.sorted() }

    static func text(_ fileName: String) -> String? { Embedded.demos[fileName] }

    /// Every demo, read and checked, named `demos/<file>` in messages.
    static func all() throws(CommandFailure) -> [RenderCommand.Loaded] {
        var scenarios: [RenderCommand.Loaded] = []
        for fileName in fileNames {
            let file = "demos/\(fileName)"
            scenarios.append(.init(scenario: try ScenarioLoader.parse(Array((Embedded.demos[fileName] ?? "").utf8), file: file), file: file))
        }
        return scenarios
    }
}
