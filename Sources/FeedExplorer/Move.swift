import FeedEngine
import FeedScenario

/// The explorer's alphabet: what a user (or the clock) can do next.
///
/// Moves are abstract ("pull the header past its arming line and let go") and
/// become concrete script steps for the state they are made in, since how far
/// to drag depends on the insets and the content. Each move is written in the
/// scenario grammar (SPEC §4), so a path of moves is a scenario.
public enum Move: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case scrollToTop = "scroll to top"
    case scrollToBottom = "scroll to bottom"
    case scrollScreenDown = "scroll one screen down"
    /// A drag to −(armDistance + insetTop + 1), then release.
    case pullHeader = "pull header"
    /// A drag past the bottom by armDistance + 1, then release.
    case pullFooter = "pull footer"
    case tapRetry = "tap retry"
    case tapFooter = "tap footer"
    /// W×H becomes H×W.
    case rotate
    /// The clock runs to the next reply or toast expiry; each reply is a branch per outcome.
    case wait
    /// One new item appears at the head of the feed (`insert 1`): pages asked for by number afterwards
    /// are shifted by it. Only while the model's `insertLimit` allows.
    case insert

    public var description: String { rawValue }
}
