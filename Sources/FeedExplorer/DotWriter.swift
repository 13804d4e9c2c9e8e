import FeedEngine

/// The explored graph in Graphviz DOT: states labelled with what the header,
/// footer, retry button and toast show, edges with moves and reply outcomes,
/// broken rules in red (states that break one, and the edges into them).
///
/// A search of thousands of states would draw as an unreadable hairball, so a
/// graph larger than `maxNodes` is collapsed into control states (header,
/// footer, retry, toast, empty view, request in flight), each edge labelled
/// with the moves that cross between them, and a note says so.
public struct DotWriter: Sendable {
    public var maxNodes: Int

    public init(maxNodes: Int = 120) {
        self.maxNodes = maxNodes
    }

    /// Whether `exploration` would be drawn collapsed.
    public func collapses(_ exploration: Exploration) -> Bool { exploration.graph.count > maxNodes }

    /// - Complexity: O(states + transitions).
    public func dot(_ exploration: Exploration, title: String) -> String {
        collapses(exploration) ? collapsed(exploration, title: title) : full(exploration, title: title)
    }

    private func full(_ exploration: Exploration, title: String) -> String {
        let graph = exploration.graph
        var lines = header(title + " — \(graph.count) states, \(graph.edges.count) transitions")
        for (index, state) in graph.states.enumerated() {
            let text = "#\(index) (depth \(graph.depths[index]))\n" + Self.describe(state.feed)
            lines.append("  s\(index) [label=\(Self.quoted(text))\(style(index == 0, exploration.flagged.contains(index)))];")
        }
        var merged: [Pair: [String]] = [:]
        var order: [Pair] = []
        var red = Set<Pair>()
        for edge in graph.edges {
            let pair = Pair(from: Int(edge.from), to: Int(edge.to))
            if merged[pair] == nil { order.append(pair) }
            let label = edge.label.description
            if !(merged[pair]?.contains(label) ?? false) { merged[pair, default: []].append(label) }
            if edge.breaks || exploration.flagged.contains(Int(edge.to)) { red.insert(pair) }
        }
        for pair in order {
            let label = merged[pair]?.joined(separator: "\n") ?? ""
            lines.append("  s\(pair.from) -> s\(pair.to) [label=\(Self.quoted(label))\(red.contains(pair) ? ", color=red, fontcolor=red, penwidth=2" : "")];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private func collapsed(_ exploration: Exploration, title: String) -> String {
        let graph = exploration.graph
        var groupOf = [Int](repeating: 0, count: graph.count)
        var groups: [ControlState: Int] = [:]
        var members: [(control: ControlState, count: Int, flagged: Bool, start: Bool)] = []
        for (index, state) in graph.states.enumerated() {
            let control = ControlState(state.feed)
            let group: Int
            if let existing = groups[control] { group = existing } else {
                group = members.count
                groups[control] = group
                members.append((control, 0, false, false))
            }
            groupOf[index] = group
            members[group].count += 1
            if exploration.flagged.contains(index) { members[group].flagged = true }
            if index == 0 { members[group].start = true }
        }
        var labels: [Pair: [String]] = [:]
        var counts: [Pair: Int] = [:]
        var order: [Pair] = []
        var red = Set<Pair>()
        for edge in graph.edges {
            let pair = Pair(from: groupOf[Int(edge.from)], to: groupOf[Int(edge.to)])
            if pair.from == pair.to && !edge.breaks { continue }
            if counts[pair] == nil { order.append(pair) }
            counts[pair, default: 0] += 1
            // Waits by outcome rather than by combination, so labels stay short.
            for label in edge.label.outcomes.map({ "wait: \($0)" }) + (edge.label.move == .wait ? [] : [edge.label.description])
            where !(labels[pair]?.contains(label) ?? false) {
                labels[pair, default: []].append(label)
            }
            if edge.breaks || exploration.flagged.contains(Int(edge.to)) { red.insert(pair) }
        }
        var lines = header(title + " — \(graph.count) states collapsed into \(members.count) control states "
                           + "(header, footer, retry, toast, empty view, request); moves within one are not drawn")
        for (group, member) in members.enumerated() {
            let text = member.control.description + "\n\(member.count) state\(member.count == 1 ? "" : "s")"
            lines.append("  c\(group) [label=\(Self.quoted(text))\(style(member.start, member.flagged))];")
        }
        for pair in order {
            var shown = labels[pair] ?? []
            if shown.count > 6 { shown = Array(shown.prefix(6)) + ["…"] }
            let label = shown.joined(separator: "\n") + "\n×\(counts[pair] ?? 0)"
            lines.append("  c\(pair.from) -> c\(pair.to) [label=\(Self.quoted(label))\(red.contains(pair) ? ", color=red, fontcolor=red, penwidth=2" : "")];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private func header(_ note: String) -> [String] {
        [
            "digraph explored {",
            "  graph [label=\(Self.quoted(note)), labelloc=t, fontname=\"Helvetica\", fontsize=12];",
            "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#ffffff\", fontname=\"Helvetica\", fontsize=10];",
            "  edge [fontname=\"Helvetica\", fontsize=9, color=\"#8e8e93\"];",
        ]
    }

    private func style(_ start: Bool, _ flagged: Bool) -> String {
        var style = ""
        if start { style += ", penwidth=2.5" }
        if flagged { style += ", color=red, fontcolor=red, fillcolor=\"#ffe5e5\"" }
        return style
    }

    /// `header idle · footer loading`, then retry and toast when shown.
    static func describe(_ feed: FeedState) -> String {
        var lines = ["header \(feed.headerState.rawValue)", "footer \(feed.footerState.rawValue)"]
        if feed.retryVisible { lines.append("retry") }
        if feed.toast != nil { lines.append("toast") }
        lines.append("\(feed.items.count) rows · y \(formatPoints(feed.contentOffset)) · \(feed.viewport)")
        return lines.joined(separator: "\n")
    }

    /// A DOT string: quotes and backslashes escaped, newlines as `\n`.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default: result.append(character)
            }
        }
        return result + "\""
    }

    private struct Pair: Hashable {
        var from: Int
        var to: Int
    }
}
