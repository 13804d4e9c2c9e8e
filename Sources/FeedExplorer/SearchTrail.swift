import FeedEngine
import FeedScenario

/// How a fingerprint search reached each state, compactly: per state, the
/// state it was first reached from and which of that state's successors it was
/// (its place among that state's successors, whose order is deterministic).
///
/// No state is kept: a state, and the moves of a shortest path to it, are
/// rebuilt by re-running that path from the start. 8 bytes a state (two
/// `UInt32` arrays), where a whole state takes kilobytes.
///
/// - Complexity: `append` amortised O(1); `path(to:)` O(depth × successors of a state).
public struct SearchTrail: Sendable {
    /// The state each was first reached from; `UInt32.max` for the start.
    public private(set) var parents: [UInt32] = []
    /// Which successor of its parent each state is.
    public private(set) var ordinals: [UInt32] = []

    public init() {}

    init(parents: [UInt32], ordinals: [UInt32]) {
        self.parents = parents
        self.ordinals = ordinals
    }

    public var count: Int { parents.count }

    /// Bytes the two arrays hold, counting the room they have grown into.
    public var bytes: Int { (parents.capacity + ordinals.capacity) * MemoryLayout<UInt32>.stride }

    package mutating func append(parent: Int, ordinal: Int) {
        parents.append(parent < 0 ? UInt32.max : UInt32(parent))
        ordinals.append(UInt32(ordinal))
    }

    /// The successor ordinals from the start to `node`.
    /// - Complexity: O(depth).
    package func route(to node: Int) -> [Int] {
        var route: [Int] = []
        var node = node
        while node > 0 {
            route.append(Int(ordinals[node]))
            node = Int(parents[node])
        }
        return route.reversed()
    }
}
