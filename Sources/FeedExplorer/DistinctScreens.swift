import FeedEngine

/// The distinct screens a search found: one state per different picture,
/// the first found (so the one with the shortest path).
public enum DistinctScreens {
    /// What the screen shows: the layout without the counters and clock that a
    /// frame's JSON also carries (request id, suppressed, stale and duplicate
    /// counts, pageIndex, the toast's expiry time, the last failure), which would otherwise make
    /// every path its own screen.
    public static func screen(_ layout: Layout) -> Layout {
        var screen = layout
        screen.request = nil
        screen.pageIndex = 0
        screen.suppressed = 0
        screen.staleReplies = 0
        screen.duplicatesDropped = 0
        screen.lastFailure = nil
        screen.hasFailed = false
        if let toast = screen.toast { screen.toast = Toast(text: toast.text, until: 0) }
        return screen
    }

}
