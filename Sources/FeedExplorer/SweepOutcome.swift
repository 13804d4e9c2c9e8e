import FeedEngine

/// What one run of a sweep did: when load-more and refresh fired, what was
/// suppressed or dropped, and how the list ended.
public struct SweepOutcome: Hashable, Sendable {
    /// Virtual times at which a load-more request started.
    public var loadMores: [Double]
    /// Virtual times at which a refresh request started.
    public var refreshes: [Double]
    /// Triggers the logic suppressed; `nil` for a team's own logic, which FeedFrames cannot see ignoring a callback (SPEC §10).
    public var suppressed: Int?
    public var staleReplies: Int
    public var header: HeaderState
    public var footer: FooterState
    public var rows: Int
    public var pageIndex: Int
    public var retry: Bool
    public var toast: Bool
    public var empty: Bool

    /// `header idle, footer exhausted, 45 rows, page 3`, then what else shows.
    public var final: String {
        var text = "header \(header.rawValue), footer \(footer.rawValue), \(rows) rows, page \(pageIndex)"
        if retry { text += ", retry" }
        if toast { text += ", toast" }
        if empty { text += ", empty" }
        return text
    }

    /// `0`, or `2 @ 1, 3 s`.
    static func fired(_ times: [Double]) -> String {
        times.isEmpty ? "0" : "\(times.count) @ " + times.map(formatPoints).joined(separator: ", ") + " s"
    }

    /// The columns that differ from `other`, by their table names.
    func differences(from other: SweepOutcome) -> [String] {
        var changed: [String] = []
        if loadMores != other.loadMores { changed.append("load-more") }
        if refreshes != other.refreshes { changed.append("refresh") }
        if suppressed != other.suppressed { changed.append("suppressed") }
        if staleReplies != other.staleReplies { changed.append("stale") }
        if final != other.final { changed.append("final") }
        return changed
    }
}
