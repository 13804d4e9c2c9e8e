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

    /// The first state of each distinct screen, in breadth-first order, at most
    /// `limit` of them, and how many distinct screens there are in all.
    /// - Complexity: O(states × visible rows).
    public static func find(in graph: StateGraph, limit: Int) -> (states: [Int], total: Int) {
        var seen = Set<Layout>()
        var states: [Int] = []
        for (index, state) in graph.states.enumerated() where seen.insert(screen(state.feed.layout())).inserted {
            if states.count < limit { states.append(index) }
        }
        return (states, seen.count)
    }
}
