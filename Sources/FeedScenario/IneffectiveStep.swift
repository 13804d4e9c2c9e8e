import FeedEngine

/// A step of a script that did nothing: a tap or command the logic ignored, so
/// the scenario does not show what its author meant (`tap retry` with no retry
/// button). `render` warns about the first one, and `--strict` refuses it.
///
/// Only commands count, the steps whose whole point is an action: `tap retry`,
/// `tap footer`, `refresh`, and `release` with no drag to end. They did nothing
/// when the logic kept its state exactly and asked for no effect. A `wait`
/// with nothing due, a `scroll` or `drag` that stays where it is, and a
/// `resize` to the same size are ordinary moments of a script, never counted.
public struct IneffectiveStep: Hashable, Sendable, CustomStringConvertible {
    /// The step's place in the script, from 0: `events[index]` of the scenario file.
    public var index: Int
    public var step: ScriptStep
    /// Why the logic ignored it, from the state before it: `no retry button is showing`.
    public var reason: String

    public init(index: Int, step: ScriptStep, reason: String) {
        self.index = index
        self.step = step
        self.reason = reason
    }

    /// `events[5]: "tap retry" did nothing (no retry button is showing)`.
    public var description: String { "events[\(index)]: \"\(step)\" did nothing (\(reason))" }

    /// Whether `event` is a command that counts when it does nothing.
    public static func counts(_ event: FeedEvent) -> Bool {
        switch event {
        case .tapRetry, .tapFooter, .refresh, .release: return true
        default: return false
        }
    }

    /// Why `event` did nothing, from what the list showed before it (`seen`): no retry button, a footer
    /// hidden, off screen or not tappable, no header, a list not launched. Whatever else a list's logic
    /// ignores, it ignored.
    /// - Parameters:
    ///   - hasHeader: the list has a pull-to-refresh header (`config.header`).
    ///   - launched: the script's `launch` has come.
    public static func reason(_ event: FeedEvent, seen: Layout, hasHeader: Bool, launched: Bool) -> String {
        let ignored = "the list's logic ignored it"
        switch event {
        case .tapRetry:
            return seen.retryVisible ? ignored : "no retry button is showing"
        case .tapFooter:
            let footer = seen.footer
            if footer.state == .hidden { return "the footer is hidden" }
            if !footer.visible { return "the footer is off screen" }
            return footer.tappable ? ignored : "the footer is not tappable while it is \(footer.state.rawValue)"
        case .refresh:
            if !hasHeader { return "this list has no header to refresh with" }
            if !launched { return "the list has not launched" }
            return seen.header.state == .hidden ? "the header is hidden until the first data" : ignored
        case .release:
            return "no drag is in progress"
        default:
            return ignored
        }
    }
}
