/// Why a fingerprint search ended.
public enum StopReason: String, Sendable {
    /// Every reachable state within the limits was expanded.
    case exhausted = "every state expanded"
    case depthLimit = "the depth limit"
    case stateLimit = "the state limit"
    case timeLimit = "the time limit"
    /// Asked to stop (`BehaviourExplorer.search(interrupted:)`): the CLI's first Ctrl-C.
    case interrupted = "an interrupt"
}
