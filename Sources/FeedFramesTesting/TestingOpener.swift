import FeedScenario
import FeedSources
import Foundation

/// Opens what a scenario names in a test: files given in memory (`FramesScenario.json(_:file:files:)`),
/// else real files, a relative path being relative to the test file's folder (as `.file` scenarios
/// are), so file sources, texts files and preset files work as on the command line.
struct TestingOpener: SourceOpener {
    /// Path as the reader resolves it (the scenario's folder, then the path it wrote) → contents.
    let files: [String: String]
    /// The test file's folder.
    let folder: URL
    let real = RealSourceOpener()

    /// `path` on disk: as it is when absolute, else under the test's folder.
    func onDisk(_ path: String) -> String {
        path.hasPrefix("/") ? path : folder.appendingPathComponent(path).path
    }

    func open(_ source: ExternalSource) throws(SourceProblems) -> any SourceFactory {
        guard case .file(let spec) = source.kind else { return try real.open(source) }
        if let text = files[spec.resolvedPath] { return try real.openFile(spec, bytes: Array(text.utf8), options: source.options) }
        var local = source
        local.kind = .file(FileSourceSpec(path: spec.path, resolvedPath: onDisk(spec.resolvedPath)))
        return try real.open(local)
    }

    func readFile(at path: String, limit: Int, expected: String) -> Result<[UInt8], SourceProblem>? {
        if let text = files[path] { return .success(Array(text.utf8)) }
        return real.readFile(at: onDisk(path), limit: limit, expected: expected)
    }
}
