/// `source.inserts[i]`: `count` new items appear at the head of the feed at
/// virtual time `at`, as when a news feed gets fresh posts while it is read.
public struct HeadInsert: Hashable, Sendable {
    /// Virtual seconds since the scenario began.
    public var at: Double
    public var count: Int

    public init(at: Double, count: Int) {
        self.at = at
        self.count = count
    }
}
