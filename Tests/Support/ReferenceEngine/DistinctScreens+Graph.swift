import FeedEngine
import FeedExplorer
import FeedScenario

extension DistinctScreens {
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
