import Foundation

/// Where a test's reference frames live and where its actual frames go.
///
/// References sit beside the test file, as in swift-snapshot-testing:
/// `<test file's folder>/__Snapshots__/<TestFile>/<testName>[.<name>]/`, so
/// they are reviewed and committed with the test. A run's own frames go to
/// `$TMPDIR/feedframes-snapshots/<TestFile>/<testName>[.<name>]/`.
public struct SnapshotLocation: Hashable, Sendable {
    public var referenceFolder: URL
    public var actualFolder: URL

    /// - Parameters:
    ///   - testFile: the test's `#filePath`.
    ///   - testName: the test's `#function` (`testList()` → `testList`).
    ///   - name: tells apart several snapshots in one test (`testList.seed000-story`).
    ///   - snapshotDirectory: a folder to use instead of `__Snapshots__/<TestFile>`.
    public init(testFile: String, testName: String, name: String? = nil, snapshotDirectory: String? = nil) {
        let fileURL = URL(fileURLWithPath: testFile)
        let fileName = Self.folderName(fileURL.deletingPathExtension().lastPathComponent)
        var leaf = Self.folderName(String(testName.prefix { $0 != "(" }))
        if let name { leaf += "." + Self.folderName(name) }
        let base = snapshotDirectory.map { URL(fileURLWithPath: $0) }
            ?? fileURL.deletingLastPathComponent().appendingPathComponent("__Snapshots__").appendingPathComponent(fileName)
        referenceFolder = base.appendingPathComponent(leaf).standardizedFileURL
        actualFolder = FileManager.default.temporaryDirectory.appendingPathComponent("feedframes-snapshots")
            .appendingPathComponent(fileName).appendingPathComponent(leaf).standardizedFileURL
    }

    /// Letters, digits, `-`, `_` and `.` kept; anything else (spaces, slashes) becomes `_`.
    static func folderName(_ text: String) -> String {
        let kept = String(text.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "_" })
        let trimmed = kept.drop { $0 == "." }
        return trimmed.isEmpty ? "_" : String(trimmed)
    }
}
