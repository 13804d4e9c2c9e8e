import ArgumentParser

/// `--shard i/n`: a deterministic share of the scenarios, so a CI matrix of n
/// machines renders a large suite between them. A scenario's shard depends
/// only on its name (FNV-1a), not on the order of the arguments, so every
/// machine agrees and the shards together are exactly the whole suite.
struct Shard: Hashable {
    /// 1-based.
    var index: Int
    var count: Int

    init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
              count >= 1, count <= 10_000, index >= 1, index <= count else { return nil }
        self.index = index
        self.count = count
    }

    /// `--shard`'s value, or why it is not one.
    static func parse(_ text: String) throws -> Shard {
        guard let shard = Shard(text) else { throw ValidationError("expected i/n with 1 ≤ i ≤ n ≤ 10000, e.g. 2/4") }
        return shard
    }

    func contains(_ name: String) -> Bool {
        Int(Self.fnv1a(name) % UInt64(count)) == index - 1
    }

    /// - Complexity: O(length of the name).
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
