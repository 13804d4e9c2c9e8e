import FeedScenario

/// An edge's label in 32 bits: the move, then for a wait up to eight replies,
/// each its outcome and whether it was stale. Strings are made only for graphs.
public struct EdgeLabel: Hashable, Sendable, CustomStringConvertible {
    public var code: UInt32

    public init(_ transition: Transition) {
        var code = UInt32(Move.allCases.firstIndex(of: transition.move) ?? 0)
        code |= UInt32(min(transition.replies.count, 8)) << 4
        for (index, reply) in transition.replies.prefix(8).enumerated() {
            let outcome = UInt32(ScriptedReplyIndex.of(reply.outcome)) | (reply.stale ? 4 : 0)
            code |= outcome << UInt32(8 + 3 * index)
        }
        self.code = code
    }

    public var move: Move { Move.allCases[Int(code & 0xF)] }

    /// `scroll to top`, `wait: full`, `wait: fail*+full` (`*` marks a stale reply).
    public var description: String {
        let outcomes = self.outcomes
        return outcomes.isEmpty ? move.rawValue : "wait: " + outcomes.joined(separator: "+")
    }

    /// For a wait, each reply's outcome in order (`fail*` for a stale one).
    public var outcomes: [String] {
        (0..<Int((code >> 4) & 0xF)).map { index in
            let bits = (code >> UInt32(8 + 3 * index)) & 7
            return ScriptedReplyIndex.outcome(Int(bits & 3)).rawValue + (bits & 4 != 0 ? "*" : "")
        }
    }
}

/// Reply outcomes as two bits.
enum ScriptedReplyIndex {
    static func of(_ reply: ScriptedReply) -> Int { ScriptedReply.allCases.firstIndex(of: reply) ?? 0 }
    static func outcome(_ index: Int) -> ScriptedReply { ScriptedReply.allCases[index] }
}
