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

    /// A graph as drawn: what each state shows, and the moves between states.
    public struct DrawnGraph: Sendable {
        public struct Node: Sendable {
            /// The node's full label (only read when each state is drawn).
            public var text: String
            /// What the collapsed graph groups it by (header, footer, retry, toast, request…; only read collapsed).
            public var control: String
            public var flagged: Bool

            package init(text: String, control: String, flagged: Bool) {
                self.text = text
                self.control = control
                self.flagged = flagged
            }
        }
        public struct Edge: Sendable {
            public var from: Int
            public var to: Int
            public var label: String
            /// For a wait, each reply's outcome.
            public var outcomes: [String]
            public var isWait: Bool
            public var breaks: Bool

            package init(from: Int, to: Int, label: String, outcomes: [String], isWait: Bool, breaks: Bool) {
                self.from = from
                self.to = to
                self.label = label
                self.outcomes = outcomes
                self.isWait = isWait
                self.breaks = breaks
            }
        }
        public var nodes: [Node]
        public var edges: [Edge]

        package init(nodes: [Node], edges: [Edge]) {
            self.nodes = nodes
            self.edges = edges
        }
    }

    /// A graph of `states` states, drawn by `drawn` (state 0 the start): `detailed` is true when each state
    /// gets its own node, which needs its full label; collapsed, only its control state is read.
    /// - Complexity: O(states + transitions).
    public func dot(states: Int, title: String, drawn: (_ detailed: Bool) -> DrawnGraph) -> String {
        states > maxNodes ? collapsed(drawn(false), title: title) : full(drawn(true), title: title)
    }

    private func full(_ graph: DrawnGraph, title: String) -> String {
        var lines = header(title + " — \(graph.nodes.count) states, \(graph.edges.count) transitions")
        for (index, node) in graph.nodes.enumerated() {
            lines.append("  s\(index) [label=\(Self.quoted(node.text))\(style(index == 0, node.flagged))];")
        }
        var merged: [Pair: [String]] = [:]
        var order: [Pair] = []
        var red = Set<Pair>()
        for edge in graph.edges {
            let pair = Pair(from: edge.from, to: edge.to)
            if merged[pair] == nil { order.append(pair) }
            if !(merged[pair]?.contains(edge.label) ?? false) { merged[pair, default: []].append(edge.label) }
            if edge.breaks || graph.nodes[edge.to].flagged { red.insert(pair) }
        }
        for pair in order {
            let label = merged[pair]?.joined(separator: "\n") ?? ""
            lines.append("  s\(pair.from) -> s\(pair.to) [label=\(Self.quoted(label))\(red.contains(pair) ? ", color=red, fontcolor=red, penwidth=2" : "")];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private func collapsed(_ graph: DrawnGraph, title: String) -> String {
        var groupOf = [Int](repeating: 0, count: graph.nodes.count)
        var groups: [String: Int] = [:]
        var members: [(control: String, count: Int, flagged: Bool, start: Bool)] = []
        for (index, node) in graph.nodes.enumerated() {
            let group: Int
            if let existing = groups[node.control] { group = existing } else {
                group = members.count
                groups[node.control] = group
                members.append((node.control, 0, false, false))
            }
            groupOf[index] = group
            members[group].count += 1
            if node.flagged { members[group].flagged = true }
            if index == 0 { members[group].start = true }
        }
        var labels: [Pair: [String]] = [:]
        var counts: [Pair: Int] = [:]
        var order: [Pair] = []
        var red = Set<Pair>()
        for edge in graph.edges {
            let pair = Pair(from: groupOf[edge.from], to: groupOf[edge.to])
            if pair.from == pair.to && !edge.breaks { continue }
            if counts[pair] == nil { order.append(pair) }
            counts[pair, default: 0] += 1
            // Waits by outcome rather than by combination, so labels stay short.
            for label in edge.outcomes.map({ "wait: \($0)" }) + (edge.isWait ? [] : [edge.label])
            where !(labels[pair]?.contains(label) ?? false) {
                labels[pair, default: []].append(label)
            }
            if edge.breaks || graph.nodes[edge.to].flagged { red.insert(pair) }
        }
        var lines = header(title + " — \(graph.nodes.count) states collapsed into \(members.count) control states "
                           + "(header, footer, retry, toast, empty view, request); moves within one are not drawn")
        for (group, member) in members.enumerated() {
            let text = member.control + "\n\(member.count) state\(member.count == 1 ? "" : "s")"
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

    /// A DOT string: quotes and backslashes escaped, newlines as `\n`.
    package static func quoted(_ text: String) -> String {
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
