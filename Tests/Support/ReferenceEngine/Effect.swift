import FeedEngine

/// What the reference engine (`FeedState.reduce`) asks the world to do; `ScenarioRunner` carries it out.
public enum Effect: Hashable, Sendable {
    /// Fetch a page; answer with `FeedEvent.replyArrived` carrying the same id.
    case startRequest(Request)
    /// Deliver `FeedEvent.toastExpired(until:)` when the clock reaches `until`.
    case expireToast(until: Double)
}
