import FeedScenario

/// Opens `file`, `sqlite` and `http` sources for `ScenarioReader.read(_:file:opener:)`:
/// reads and checks a file's items, checks a database's table, query and
/// columns, and checks an API's URL, pointers and headers. Problems come back
/// at the key they concern, so the reader can say where (exit 65).
public struct RealSourceOpener: SourceOpener {
    public init() {}

    public func open(_ source: ExternalSource) throws(SourceProblems) -> any SourceFactory {
        switch source.kind {
        case .file(let spec): return try FileSource.open(spec, options: source.options)
        case .sqlite(let spec): return SQLiteSource.Factory(plan: try SQLitePlan.check(spec))
        case .http(let spec): return HTTPSource.Factory(plan: try HTTPSource.check(spec))
        }
    }

    /// A `file` source from bytes already read (the demos' files, compiled into the binary).
    public func openFile(_ spec: FileSourceSpec, bytes: [UInt8], options: SourceOptions) throws(SourceProblems) -> any SourceFactory {
        try FileSource.open(spec, bytes: bytes, options: options)
    }

    /// A regular file only (a FIFO or a device is refused without waiting on it), at most `limit` bytes.
    public func readFile(at path: String, limit: Int, expected: String) -> Result<[UInt8], SourceProblem>? {
        do throws(RegularFile.Problem) {
            let bytes = try RegularFile.open(path).read(upTo: limit)
            guard bytes.count <= limit else {
                return .failure(SourceProblem(path: "", message: "\(path) is larger than \(limit) bytes (expected \(expected))"))
            }
            return .success(bytes)
        } catch {
            let why: String
            switch error {
            case .missing: why = "no such file"
            case .folder: why = "is a folder"
            case .notRegular(let what): why = "is \(what), not a regular file"
            case .unreadable(let reason): why = "cannot be read: \(reason)"
            }
            return .failure(SourceProblem(path: "", message: "\(path): \(why) (expected \(expected))"))
        }
    }
}
