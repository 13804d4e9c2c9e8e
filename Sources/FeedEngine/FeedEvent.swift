/// Everything that can happen to a list: the scenario's gestures (SPEC §4)
/// and the clock's own events.
public enum FeedEvent: Hashable, Sendable {
    public enum ScrollTarget: Hashable, Sendable {
        case top, bottom
        case offset(Double)
        case by(Double)
    }

    public enum DragTarget: Hashable, Sendable {
        case offset(Double)
        case by(Double)
    }

    /// The list appears and asks for page 1.
    case launch
    /// A programmatic scroll, clamped to the resting range.
    case scroll(ScrollTarget)
    /// A finger moves the content; over-scroll follows it 1:1.
    case drag(DragTarget)
    /// The finger lifts.
    case release
    case tapRetry
    case tapFooter
    /// A refresh started by code rather than by a pull.
    case refresh
    /// The viewport changes size (rotation).
    case resize(Viewport)
    /// The virtual clock reads `time` now.
    case clockAdvanced(to: Double)
    /// A data source answered a request.
    case replyArrived(Reply)
    /// The toast that was due to disappear at `until` does so.
    case toastExpired(until: Double)
}
