import FeedEngine
import FeedExplorer
import FeedScenario

extension DotWriter {
    /// Whether `exploration` would be drawn collapsed.
    public func collapses(_ exploration: Exploration) -> Bool { exploration.graph.count > maxNodes }

    /// - Complexity: O(states + transitions).
    public func dot(_ exploration: Exploration, title: String) -> String {
        let graph = exploration.graph
        return dot(states: graph.count, title: title) { detailed in
            // Collapsed, a state is drawn only as its control state: one description each, not one a state.
            var controls: [ControlState: String] = [:]
            let nodes = graph.states.indices.map { index in
                let feed = graph.states[index].feed
                if detailed {
                    return DrawnGraph.Node(text: "#\(index) (depth \(graph.depths[index]))\n" + Self.describe(feed), control: "",
                                           flagged: exploration.flagged.contains(index))
                }
                let control = ControlState(feed)
                let text = controls[control] ?? control.description
                controls[control] = text
                return DrawnGraph.Node(text: "", control: text, flagged: exploration.flagged.contains(index))
            }
            let edges = graph.edges.map { edge in
                DrawnGraph.Edge(from: Int(edge.from), to: Int(edge.to), label: edge.label.description, outcomes: edge.label.outcomes,
                                isWait: edge.label.move == .wait, breaks: edge.breaks)
            }
            return DrawnGraph(nodes: nodes, edges: edges)
        }
    }

    /// `header idle · footer loading`, then retry and toast when shown.
    static func describe(_ feed: FeedState) -> String {
        var lines = ["header \(feed.headerState.rawValue)", "footer \(feed.footerState.rawValue)"]
        if feed.retryVisible { lines.append("retry") }
        if feed.toast != nil { lines.append("toast") }
        lines.append("\(feed.items.count) rows · y \(formatPoints(feed.contentOffset)) · \(feed.viewport)")
        return lines.joined(separator: "\n")
    }
}
