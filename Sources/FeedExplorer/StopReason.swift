/// Why a fingerprint search ended.
public enum StopReason: String, Sendable {
    /// Every reachable state within the limits was expanded.
    case exhausted = "every state expanded"
    case depthLimit = "the depth limit"
    case stateLimit = "the state limit"
    case timeLimit = "the time limit"
}
