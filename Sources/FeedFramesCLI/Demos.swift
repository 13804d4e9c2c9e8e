import FeedFramesResources
import FeedScenario

/// The built-in demo scenarios, compiled into the binary from `Demos/`.
enum Demos {
    /// File names (`seed000-story.json`, …) in a stable order.
    static var fileNames: [String] { Embedded.demos.keys.sorted() }

    static func text(_ fileName: String) -> String? { Embedded.demos[fileName] }

    /// Every demo, read and checked.
    static func all() throws(CommandFailure) -> [Scenario] {
        var scenarios: [Scenario] = []
        for fileName in fileNames {
            scenarios.append(try ScenarioLoader.parse(Array((Embedded.demos[fileName] ?? "").utf8), file: "demos/\(fileName)"))
        }
        return scenarios
    }
}
