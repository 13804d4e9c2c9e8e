import FeedFramesResources
import FeedScenario
import FeedSources

/// The built-in demo scenarios, compiled into the binary from `Demos/`, and the files they
/// name (a String Catalog) from `DemoFiles/`.
enum Demos {
    /// File names (`seed000-story.json`, …) in a stable order.
    static var fileNames: [String] { Embedded.demos.keys.sorted() }

    static func text(_ fileName: String) -> String? { Embedded.demos[fileName] }

    /// Every demo, read and checked, named `demos/<file>` in messages.
    static func all() throws(CommandFailure) -> [RenderCommand.Loaded] {
        var scenarios: [RenderCommand.Loaded] = []
        for fileName in fileNames {
            let file = "demos/\(fileName)"
            scenarios.append(.init(scenario: try ScenarioLoader.parse(Array((Embedded.demos[fileName] ?? "").utf8), file: file,
                                                                      opener: Opener()), file: file))
        }
        return scenarios
    }

    /// Every file `demos --export` writes: the demos and the files they name, side by side.
    static var exportedFiles: [(name: String, bytes: [UInt8])] {
        (Embedded.demos.merging(Embedded.demoFiles) { demo, _ in demo }).sorted { $0.key < $1.key }.map { ($0.key, Array($0.value.utf8)) }
    }

    /// Serves `demos/<file>` from the embedded files, so the built-in demos need nothing on disk;
    /// every source is opened as usual.
    struct Opener: SourceOpener {
        let real = RealSourceOpener()

        func open(_ source: ExternalSource) throws(SourceProblems) -> any SourceFactory {
            if case .file(let spec) = source.kind, spec.resolvedPath.hasPrefix("demos/"),
               let text = Embedded.demoFiles[String(spec.resolvedPath.dropFirst("demos/".count))] {
                return try real.openFile(spec, bytes: Array(text.utf8), options: source.options)
            }
            return try real.open(source)
        }

        func readFile(at path: String, limit: Int, expected: String) -> Result<[UInt8], SourceProblem>? {
            if path.hasPrefix("demos/"), let text = Embedded.demoFiles[String(path.dropFirst("demos/".count))] {
                return .success(Array(text.utf8))
            }
            return real.readFile(at: path, limit: limit, expected: expected)
        }
    }
}
