import Foundation
import FeedScenario
import FeedSources

/// Reads scenario files from disk: the I/O edge around the pure `ScenarioReader`.
enum ScenarioLoader {
    /// - Throws: `CommandFailure` with 66 for a missing file, 65 for a bad one.
    static func load(_ path: String) throws(CommandFailure) -> Scenario {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CommandFailure(.noInput, "\(path): no such file")
        }
        guard !isDirectory.boolValue else {
            throw CommandFailure(.noInput, "\(path): is a folder (expected a scenario file)")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CommandFailure(.noInput, "\(path): cannot be read")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: ScenarioReader.maxFileBytes + 1) ?? Data()
        } catch {
            throw CommandFailure(.noInput, "\(path): cannot be read (\(error.localizedDescription))")
        }
        return try parse(Array(data), file: path)
    }

    static func parse(_ bytes: [UInt8], file: String, opener: any SourceOpener = RealSourceOpener()) throws(CommandFailure) -> Scenario {
        do {
            return try ScenarioReader.read(bytes, file: file, opener: opener)
        } catch {
            throw CommandFailure(.dataError, error.problems.map(\.description))
        }
    }
}
