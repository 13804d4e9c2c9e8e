import Foundation

/// Where a test's reference frames live and where a failing run's frames and diff report go.
///
/// References sit beside the test file, as in swift-snapshot-testing:
/// `<test file's folder>/__Snapshots__/<TestFile>/<testName>[.<name>]/`, so
/// they are reviewed and committed with the test. A failing run's own frames and its
/// HTML diff report go beside the test run, into the package's build folder (which
/// git ignores and `swift package clean` removes), each test in a folder of its own:
/// `<artifacts>/actual/<TestFile>/<leaf>/` and `<artifacts>/diff/<TestFile>/<leaf>/`.
public struct SnapshotLocation: Hashable, Sendable {
    public var referenceFolder: URL
    public var actualFolder: URL
    /// The HTML diff report of a mismatch: `index.html` in this folder.
    public var reportFolder: URL

    /// The variable that moves the artifacts elsewhere (a CI job's upload folder).
    public static let artifactsVariable = "FEEDFRAMES_ARTIFACTS"

    /// - Parameters:
    ///   - testFile: the test's `#filePath`.
    ///   - testName: the test's `#function` (`testList()` → `testList`).
    ///   - name: tells apart several snapshots in one test (`testList.seed000-story`).
    ///   - snapshotDirectory: a folder to use instead of `__Snapshots__/<TestFile>`.
    ///   - environment: where `FEEDFRAMES_ARTIFACTS` is looked up.
    public init(testFile: String, testName: String, name: String? = nil, snapshotDirectory: String? = nil,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        let fileURL = URL(fileURLWithPath: testFile)
        let fileName = Self.folderName(fileURL.deletingPathExtension().lastPathComponent)
        var leaf = Self.folderName(String(testName.prefix { $0 != "(" }))
        if let name { leaf += "." + Self.folderName(name) }
        let base = snapshotDirectory.map { URL(fileURLWithPath: $0) }
            ?? fileURL.deletingLastPathComponent().appendingPathComponent("__Snapshots__").appendingPathComponent(fileName)
        referenceFolder = base.appendingPathComponent(leaf).standardizedFileURL
        let artifacts = Self.artifactsFolder(testFile: fileURL, environment: environment)
        actualFolder = artifacts.appendingPathComponent("actual").appendingPathComponent(fileName)
            .appendingPathComponent(leaf).standardizedFileURL
        reportFolder = artifacts.appendingPathComponent("diff").appendingPathComponent(fileName)
            .appendingPathComponent(leaf).standardizedFileURL
    }

    /// `$FEEDFRAMES_ARTIFACTS` when set; else `.build/feedframes-snapshots` in the package
    /// that holds the test file (the nearest folder above it with a `Package.swift`); else,
    /// for a test file outside any package, `$TMPDIR/feedframes-snapshots`.
    /// - Complexity: O(depth of the test file's path) file-existence checks.
    static func artifactsFolder(testFile: URL, environment: [String: String]) -> URL {
        if let folder = environment[artifactsVariable], !folder.isEmpty { return URL(fileURLWithPath: folder) }
        var folder = testFile.deletingLastPathComponent().standardizedFileURL
        while folder.path != "/" && !folder.path.isEmpty {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder.appendingPathComponent(".build").appendingPathComponent("feedframes-snapshots")
            }
            folder = folder.deletingLastPathComponent()
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("feedframes-snapshots")
    }

    /// Letters, digits, `-`, `_` and `.` kept; anything else (spaces, slashes) becomes `_`.
    static func folderName(_ text: String) -> String {
        let kept = String(text.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "_" })
        let trimmed = kept.drop { $0 == "." }
        return trimmed.isEmpty ? "_" : String(trimmed)
    }
}
