import Foundation
import XCTest

/// Runs the built `feedframes` binary as a user would, in a scratch folder.
struct CLIRunner {
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The folder the commands run in; removed by `cleanUp()`.
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("feedframes-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: folder) }

    /// The binary beside the test bundle (SwiftPM puts both in the same products folder).
    static func binary() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["FEEDFRAMES_BIN"] { return URL(fileURLWithPath: path) }
        var candidates = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent())
        }
        for folder in candidates {
            let url = folder.appendingPathComponent("feedframes")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw XCTSkip("feedframes binary not found beside the tests (set FEEDFRAMES_BIN)")
    }

    @discardableResult
    func run(_ arguments: String...) throws -> Outcome {
        try run(arguments)
    }

    /// - Parameter environment: added to this process's own environment.
    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Outcome {
        let process = Process()
        process.executableURL = try Self.binary()
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
        }
        process.currentDirectoryURL = folder
        // Files rather than pipes: a chatty command can never block on a full pipe.
        let token = UUID().uuidString
        let outURL = FileManager.default.temporaryDirectory.appendingPathComponent("ff-out-\(token)")
        let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("ff-err-\(token)")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Outcome(status: process.terminationStatus,
                       stdout: try String(contentsOf: outURL, encoding: .utf8),
                       stderr: try String(contentsOf: errURL, encoding: .utf8))
    }

    func write(_ text: String, to name: String) throws {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path)
    }

    func list(_ name: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(name).path)) ?? []).sorted()
    }
}
