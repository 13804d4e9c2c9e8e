import BrowserSession
import Foundation
import FeedFramesProcess
import XCTest

/// One page of every kind FeedFrames writes, made once for the browser suite by running the
/// binary as a user would: the demos (viewers, output index), viewers with only some formats,
/// the preview gallery, an exploration (report, gallery, counterexamples), a sweep and a diff report.
final class Pages: @unchecked Sendable {
    let folder: URL

    /// Each page kind and one page of it, relative to `folder`.
    static let kinds: [(kind: String, page: String)] = [
        ("output index", "output/index.html"), ("viewer", "output/seed001-story/index.html"),
        ("viewer, text only", "text-only/standard-story/index.html"), ("viewer, HTML only", "html-only/standard-story/index.html"),
        ("viewer, JSON only", "json-only/standard-story/index.html"),
        ("preview gallery", "preview/index.html"), ("explore report", "explore/index.html"),
        ("explore gallery", "explore/gallery/index.html"), ("counterexample viewer", "explore/counterexamples/way-forward/index.html"),
        ("sweep table", "sweep/sweep.html"), ("diff report", "report/index.html"),
        ("review index", "review/index.html"), ("review viewer", "review/DemoSnapshotTests.testEveryDemo.standard-story/index.html"),
        ("preview row viewer", "preview/standard-en/index.html"),
        // render --gif and preview --gif: the same pages with their images.
        ("output index, with images", "images/index.html"), ("viewer, with images", "images/standard-story/index.html"),
        ("preview gallery, with images", "preview-images/index.html"), ("preview row viewer, with images", "preview-images/standard-en/index.html"),
    ]

    nonisolated(unsafe) private static var made: Result<Pages, Error>?

    /// The pages, made on first use.
    static func shared() throws -> Pages {
        if made == nil { made = Result { try Pages() } }
        return try made!.get()
    }

    private init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("feedframes-pages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let demos = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/FeedFramesResources/Demos")
        let story = demos.appendingPathComponent("standard-story.json").path
        try Data(#"{ "name": "sweep-me", "preset": "standard", "source": { "total": 60 }, "events": ["launch", "wait 1", "wait 1"] }"#.utf8)
            .write(to: folder.appendingPathComponent("sweep.json"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("graph"), withIntermediateDirectories: true)
        for arguments in [
            [], ["render", story, "--out", "text-only", "--format", "text"], ["render", story, "--out", "html-only", "--format", "html"],
            ["render", story, "--out", "json-only", "--format", "json"], ["render", story, "--out", "changed"],
            ["preview", "--out", "preview", "--locale", "en", "--locale", "zh-Hans"],
            ["render", story, "--out", "images", "--gif"], ["preview", "--out", "preview-images", "--preset", "standard", "--gif"],
            ["explore", "--preset", "seed001", "--depth", "6", "--dot", "graph/seed001.dot", "--out", "explore"],
            ["sweep", "sweep.json", "--param", "viewport.height=680..740:20", "--out", "sweep"],
        ] {
            try run(arguments, allowing: arguments.first == "explore" ? [1] : [])
        }
        // A changed text and JSON frame, for the diff report.
        for file in ["0003.txt", "0003.json"] {
            let url = folder.appendingPathComponent("changed/standard-story/\(file)")
            try Data(try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "Item 1", with: "Row 1").utf8).write(to: url)
        }
        try run(["diff", "output/standard-story", "changed/standard-story", "--html", "report"], allowing: [1])
        // This repository's own recorded references (text and JSON frames), as a reviewer sees them.
        try run(["review", demos.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Tests").path,
                 "--out", "review"])
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    func url(_ page: String) -> URL { folder.appendingPathComponent(page) }

    /// Runs the built binary in `folder`; throws unless it exits 0 (or one of `allowing`).
    @discardableResult
    func run(_ arguments: [String], allowing: [Int32] = []) throws -> String {
        let process = Process()
        process.executableURL = try Subprocess.binary()
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = Subprocess.environment
        let log = folder.appendingPathComponent(".run-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let output = try String(contentsOf: log, encoding: .utf8)
        guard process.terminationStatus == 0 || allowing.contains(process.terminationStatus) else {
            throw WebDriver.Failure(description: "feedframes \(arguments.joined(separator: " ")) exited \(process.terminationStatus): \(output)")
        }
        return output
    }
}
