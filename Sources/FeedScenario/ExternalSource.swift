/// A source whose items live outside the scenario: a file, an SQLite database
/// or an HTTP API (SPEC §4).
///
/// FeedScenario reads and checks its keys but does no I/O: a `SourceOpener`
/// (the FeedSources target) opens it while the scenario is read, and leaves
/// the `factory` that starts a fresh source for each run.
public struct ExternalSource: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case file(FileSourceSpec)
        case sqlite(SQLiteSourceSpec)
        case http(HTTPSourceSpec)

        /// The `kind` key's value.
        public var name: String {
            switch self {
            case .file: "file"
            case .sqlite: "sqlite"
            case .http: "http"
            }
        }
    }

    public var kind: Kind
    public var options: SourceOptions
    /// Set once a `SourceOpener` has checked the source; not part of equality.
    public var factory: (any SourceFactory)?

    public init(kind: Kind, options: SourceOptions, factory: (any SourceFactory)? = nil) {
        self.kind = kind
        self.options = options
        self.factory = factory
    }

    /// A fresh source with `options` (e.g. without `failures`, to record).
    public func makeSource(options: SourceOptions) -> any FeedSource {
        factory?.makeSource(options) ?? UnopenedSource(kind: kind.name, latency: options.latency)
    }

    public static func == (lhs: ExternalSource, rhs: ExternalSource) -> Bool {
        lhs.kind == rhs.kind && lhs.options == rhs.options
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(options)
    }
}
