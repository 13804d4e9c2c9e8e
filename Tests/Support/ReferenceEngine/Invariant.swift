import FeedEngine
import FeedExplorer
import FeedScenario

/// A rule every explored state (or step, or the graph as a whole) must keep,
/// with a name to report it by.
///
/// A rule judges what it can see most cheaply: a single state (`state`), one
/// engine step with the state before and after (`event`, for rules about
/// change such as "a stale reply changes no rows"), or the explored graph
/// (`atRest`: every state must be able to get back to a state it accepts).
/// A check returns `nil` when the rule holds, else what was seen.
public struct Invariant: Sendable {
    public var name: String
    /// One line for reports: what the rule says.
    public var summary: String
    public var state: (@Sendable (SearchState) -> String?)?
    public var event: (@Sendable (EventRecord) -> String?)?
    /// For a graph rule: the states every explored state must be able to reach.
    public var atRest: (@Sendable (FeedState) -> Bool)?

    public init(name: String, summary: String,
                state: (@Sendable (SearchState) -> String?)? = nil,
                event: (@Sendable (EventRecord) -> String?)? = nil,
                atRest: (@Sendable (FeedState) -> Bool)? = nil) {
        self.name = name
        self.summary = summary
        self.state = state
        self.event = event
        self.atRest = atRest
    }
}

extension FeedEvent {
    /// The event as a cause line says it (`reply 3`, `scroll to bottom`).
    var summary: String {
        switch self {
        case .replyArrived(let reply):
            switch reply.outcome {
            case .success(let items): return "reply \(reply.requestID) (\(items.count) items)"
            case .failure: return "reply \(reply.requestID) (failed)"
            }
        case .toastExpired: return "toast expiry"
        case .clockAdvanced(let time): return "clock \(formatPoints(time))"
        case .launch: return "launch"
        case .release: return "release"
        case .refresh: return "refresh"
        case .tapRetry: return "tap retry"
        case .tapFooter: return "tap footer"
        case .scroll: return "scroll"
        case .drag: return "drag"
        case .resize(let viewport): return "resize \(viewport)"
        }
    }
}
