/// `--shard i/n` of a search: the states first reached at `depth` are split by
/// their fingerprints, and a shard expands only its own share of them (and
/// what they lead to). Every shard explores the levels above `depth` alike.
public struct SearchShard: Hashable, Sendable {
    /// 1-based.
    public var index: Int
    public var count: Int
    public var depth: Int

    public init(index: Int, count: Int, depth: Int) {
        self.index = index
        self.count = count
        self.depth = depth
    }

    package func owns(_ fingerprint: UInt64) -> Bool { Int(fingerprint % UInt64(count)) == index - 1 }
}
