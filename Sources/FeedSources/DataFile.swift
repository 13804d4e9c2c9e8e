import FeedScenario
import Foundation

/// Reads a data file named by a scenario, with a size limit.
enum DataFile {
    /// - Throws: a problem at `source.path` when the file is missing, a folder, unreadable or too large.
    static func read(_ path: String, shownAs shown: String, limit: Int) throws(SourceProblems) -> [UInt8] {
        func problem(_ message: String) -> SourceProblems {
            SourceProblems([SourceProblem(path: "source.path", message: message)])
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw problem("no file \"\(shown)\" (looked for \(path))")
        }
        guard !isDirectory.boolValue else { throw problem("\"\(shown)\" is a folder (expected a file)") }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw problem("\"\(shown)\" cannot be read") }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw problem("\"\(shown)\" cannot be read (\(error.localizedDescription))")
        }
        guard data.count <= limit else { throw problem("\"\(shown)\" is larger than \(limit >> 20) MiB") }
        return Array(data)
    }
}
