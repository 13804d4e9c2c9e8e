import FeedScenario

/// Reads a data file named by a scenario, with a size limit.
enum DataFile {
    /// - Throws: a problem at `source.path` when the file is missing, a folder, a FIFO or
    ///   device (refused without waiting on it), unreadable or too large.
    static func read(_ path: String, shownAs shown: String, limit: Int) throws(SourceProblems) -> [UInt8] {
        func problem(_ message: String) -> SourceProblems {
            SourceProblems([SourceProblem(path: "source.path", message: message)])
        }
        let bytes: [UInt8]
        do throws(RegularFile.Problem) {
            bytes = try RegularFile.open(path).read(upTo: limit)
        } catch {
            throw problem(message(error, shown: shown, lookedFor: path))
        }
        guard bytes.count <= limit else { throw problem("\"\(shown)\" is larger than \(limit >> 20) MiB") }
        return bytes
    }

    /// What a user reads when `RegularFile` refuses a path.
    static func message(_ problem: RegularFile.Problem, shown: String, lookedFor path: String, what: String = "file") -> String {
        switch problem {
        case .missing: return "no \(what) \"\(shown)\" (looked for \(path))"
        case .folder: return "\"\(shown)\" is a folder (expected a \(what))"
        case .notRegular(let kind): return "\"\(shown)\" is \(kind), not a regular file (expected a \(what))"
        case .unreadable(let reason): return "\"\(shown)\" cannot be read (\(reason))"
        }
    }
}
