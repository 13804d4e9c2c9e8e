import FeedEngine
import FeedScenario

/// A reply the explorer delivered during a wait, and the outcome it chose for it.
public struct DeliveredReply: Hashable, Sendable, CustomStringConvertible {
    public var requestID: Int
    public var outcome: ScriptedReply
    /// The request was no longer in flight, so the logic should drop the reply.
    public var stale: Bool

    public init(requestID: Int, outcome: ScriptedReply, stale: Bool) {
        self.requestID = requestID
        self.outcome = outcome
        self.stale = stale
    }

    public var description: String { "reply \(requestID): \(outcome)\(stale ? ", stale" : "")" }
}

/// One edge of the search: a move, the script steps it was, and for a wait
/// the outcome chosen for each reply it delivered.
public struct Transition: Hashable, Sendable, CustomStringConvertible {
    public var move: Move
    public var steps: [ScriptStep]
    public var replies: [DeliveredReply]

    public init(move: Move, steps: [ScriptStep], replies: [DeliveredReply] = []) {
        self.move = move
        self.steps = steps
        self.replies = replies
    }

    /// `wait 1 (reply 2: fail)`, `drag to -55, release`.
    public var description: String {
        let text = steps.map(\.description).joined(separator: ", ")
        return replies.isEmpty ? text : "\(text) (\(replies.map(\.description).joined(separator: "; ")))"
    }

    /// A path from the start as a frame's cause says it: `launch → wait 1 (reply 1: full) → scroll to bottom`.
    public static func cause(of path: [Transition]) -> String {
        (["launch"] + path.map(\.description)).joined(separator: " → ")
    }

    /// A short label for graphs: the move, and for a wait the outcomes (`wait: full`).
    public var label: String {
        replies.isEmpty ? move.rawValue : "wait: " + replies.map { $0.stale ? "\($0.outcome)*" : $0.outcome.rawValue }.joined(separator: "+")
    }
}
