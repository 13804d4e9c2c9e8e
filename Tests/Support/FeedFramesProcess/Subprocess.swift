import TestSupport
import Foundation
import XCTest

/// Runs the built `feedframes` binary in a scratch folder, as a user would,
/// and says how it ended: exit status or signal, stdout, stderr, and whether
/// it had to be killed for hanging. Shared by the suites that test the binary
/// (FeedFramesCLITests, BadInputTests, BrowserTests).
public struct Subprocess {
    public struct Outcome: CustomStringConvertible {
        public var status: Int32
        /// The process died of a signal (a crash, or the kill after a hang).
        public var signalled: Bool
        public var timedOut: Bool
        public var stdout: String
        public var stderr: String
        public var stderrBytes: [UInt8]

        public init(status: Int32, signalled: Bool, timedOut: Bool, stdout: String, stderr: String, stderrBytes: [UInt8]) {
            (self.status, self.signalled, self.timedOut) = (status, signalled, timedOut)
            (self.stdout, self.stderr, self.stderrBytes) = (stdout, stderr, stderrBytes)
        }

        public var stderrLines: [String] { stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }

        /// Signs of a crash in what the tool printed, rather than an orderly message.
        public var crashSigns: [String] {
            var signs: [String] = []
            if signalled { signs.append("killed by signal \(status)") }
            if timedOut { signs.append("hung (killed after the timeout)") }
            for marker in ["Fatal error", "fatal error", "Stack dump", "Backtrace", "Crash", "💣", "SIGSEGV", "SIGILL", "SIGTRAP",
                           "AddressSanitizer", "Illegal instruction", "Segmentation fault"]
            where stderr.contains(marker) || stdout.contains(marker) {
                signs.append("output contains \"\(marker)\"")
            }
            return signs
        }

        public var description: String {
            "status \(status)\(signalled ? " (signal)" : "")\(timedOut ? " (timed out)" : ""); stderr: \(stderr.prefix(2000))"
        }
    }

    /// The folder the commands run in; removed by `cleanUp()`.
    public let folder: URL

    public init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("feedframes-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    public func cleanUp() { try? FileManager.default.removeItem(at: folder) }

    /// The binary beside the test bundle (SwiftPM puts both in the same products folder).
    /// - Throws: when it is not there, a skip that says so, or under CI a failure.
    public static func binary() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["FEEDFRAMES_BIN"] { return URL(fileURLWithPath: path) }
        var candidates = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent())
        }
        for folder in candidates {
            let url = folder.appendingPathComponent("feedframes")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw missingInput("feedframes binary not found beside the tests (build it, or set FEEDFRAMES_BIN): the tests that run it did not run")
    }

    /// Starts the binary without waiting: for tests that kill it part-way.
    public func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = try Self.binary()
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = Self.environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// No backtracer: a crash must end the process at once, not hold it for minutes.
    public static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        return environment
    }

    /// Runs to the end, or kills it (SIGKILL) after `timeout` seconds: a hang is a failure, not a stuck suite.
    /// - Parameter environment: added to `Self.environment`.
    public func run(_ arguments: [String], environment: [String: String] = [:], timeout: Double = 20) throws -> Outcome {
        let process = Process()
        process.executableURL = try Self.binary()
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = Self.environment.merging(environment) { _, added in added }
        // Files rather than pipes: a chatty command can never block on a full pipe.
        let token = UUID().uuidString
        let outURL = FileManager.default.temporaryDirectory.appendingPathComponent("ff-bad-out-\(token)")
        let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("ff-bad-err-\(token)")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        try process.run()
        var timedOut = false
        if done.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
            done.wait()
        }
        try out.close()
        try err.close()
        let errBytes = try [UInt8](Data(contentsOf: errURL))
        return Outcome(status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
                       timedOut: timedOut, stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                       stderr: String(decoding: errBytes, as: UTF8.self), stderrBytes: errBytes)
    }

    public func run(_ arguments: String...) throws -> Outcome { try run(arguments) }

    // MARK: Files

    public func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

    public func write(_ bytes: [UInt8], to name: String) throws {
        let url = url(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    public func write(_ text: String, to name: String) throws { try write(Array(text.utf8), to: name) }

    public func read(_ name: String) throws -> [UInt8] { try [UInt8](Data(contentsOf: url(name))) }

    public func text(_ name: String) throws -> String { String(decoding: try read(name), as: UTF8.self) }

    public func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: url(name).path) }

    public func list(_ name: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url(name).path)) ?? []).sorted()
    }

    /// What differs between two snapshots, by file name: short enough for a failure message.
    /// `- name`: only in `a`; `+ name`: only in `b`; `≠ name`: in both, different bytes.
    public static func differences(_ a: [String: [UInt8]], _ b: [String: [UInt8]]) -> [String] {
        let all: [String] = Set(a.keys).union(b.keys).sorted().compactMap { name in
            switch (a[name], b[name]) {
            case (nil, _?): return "+ \(name)"
            case (_?, nil): return "- \(name)"
            case (let x?, let y?) where x != y: return "≠ \(name)"
            default: return nil
            }
        }
        return all.count <= 12 ? all : Array(all.prefix(12)) + ["… and \(all.count - 12) more"]
    }

    /// Every file below `name` (relative paths, hidden ones included) with its bytes: a folder's exact state.
    public func snapshot(_ name: String) -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        let root = url(name).path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [:] }
        while let relative = walker.nextObject() as? String {
            let path = root + "/" + relative
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            result[relative + (isDirectory.boolValue ? "/" : "")] = isDirectory.boolValue ? [] : (FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? [])
        }
        return result
    }
}
