/// Opens external sources while a scenario is read: the extension point that
/// keeps file, SQLite and network code out of FeedScenario. The FeedSources
/// target provides one (`RealSourceOpener`); pass it to `ScenarioReader.read`.
public protocol SourceOpener: Sendable {
    /// Checks `source` against what it names (the file's items; the database's
    /// table and columns; the URL's form) and returns what starts fresh sources.
    /// - Throws: every problem found, each with the key path it concerns.
    func open(_ source: ExternalSource) throws(SourceProblems) -> any SourceFactory

    /// The bytes of a file a scenario names besides its source — its `texts` file, a preset
    /// file (SPEC §9) — at `path` (already relative to the scenario's folder), or why it
    /// cannot be read (the message ends with what was `expected`); `nil` when this opener
    /// reads no files.
    func readFile(at path: String, limit: Int, expected: String) -> Result<[UInt8], SourceProblem>?
}

extension SourceOpener {
    public func readFile(at path: String, limit: Int, expected: String) -> Result<[UInt8], SourceProblem>? { nil }
}

/// Starts a fresh source, as at the start of a scenario, for each run.
public protocol SourceFactory: Sendable {
    func makeSource(_ options: SourceOptions) -> any FeedSource
}

/// One problem found while opening a source.
public struct SourceProblem: Error, Hashable, Sendable {
    /// The scenario key it concerns, e.g. `source.columns.height` (the reader adds the line and column).
    public var path: String
    public var message: String
    /// A problem inside a data file (e.g. a bad line of an NDJSON file) names
    /// that file and its line instead of a place in the scenario.
    public var dataFile: String?
    public var line: Int?
    public var column: Int?

    public init(path: String, message: String, dataFile: String? = nil, line: Int? = nil, column: Int? = nil) {
        self.path = path
        self.message = message
        self.dataFile = dataFile
        self.line = line
        self.column = column
    }
}

/// Every problem found while opening a source.
public struct SourceProblems: Error, Hashable, Sendable {
    public var problems: [SourceProblem]

    public init(_ problems: [SourceProblem]) { self.problems = problems }
}
