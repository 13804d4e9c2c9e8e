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
}
