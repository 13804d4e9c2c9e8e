/// What every kind of source takes besides where its items come from
/// (SPEC §4: "All kinds take `pageSize`, `latency` and `failures`").
public struct SourceOptions: Hashable, Sendable {
    public var pageSize: Int
    /// Virtual time each reply takes, whatever the real fetch took, so frames stay deterministic.
    public var latency: Latency
    /// Request numbers (1-based, every request counts) that fail without asking the source.
    public var failures: Set<Int>
    /// Items inserted at the head over time (file sources; a database or server changes by itself).
    public var inserts: [HeadInsert]
    public var paging: Paging
    /// The title pattern of inserted items (`{n}` becomes `new-k`): the preset's title.
    public var insertTitle: String

    public init(pageSize: Int, latency: Latency, failures: Set<Int> = [], inserts: [HeadInsert] = [],
                paging: Paging = .page, insertTitle: String = "Item {n}") {
        self.pageSize = pageSize
        self.latency = latency
        self.failures = failures
        self.inserts = inserts
        self.paging = paging
        self.insertTitle = insertTitle
    }
}
