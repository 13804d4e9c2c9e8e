import FeedEngine

/// One run of a sweep: the parameter values, what happened, and which columns
/// differ from the run before (with the other parameters the same).
public struct SweepRow: Hashable, Sendable {
    public var values: [Double]
    public var outcome: SweepOutcome
    /// Empty when nothing changed, or for the first value of a block.
    public var changed: [String]

    public var flips: Bool { !changed.isEmpty }
}

/// A sweep's results as a table, in text (for the terminal and diffs); the page
/// (`sweep.html`) is drawn from the same cells by ExploreReport's `SweepOutput`.
public struct SweepTable: Hashable, Sendable {
    public var scenario: String
    public var parameters: [SweepParameter.Name]
    public var rows: [SweepRow]

    /// The rows where behaviour flips.
    public var flips: [SweepRow] { rows.filter(\.flips) }

    public var columns: [String] {
        parameters.map(\.rawValue) + ["load-more", "refresh", "suppressed", "stale", "final", "flips"]
    }

    /// A row as the table shows it: the parameter values, what happened, and the flips (`* load-more, final`).
    public func cells(_ row: SweepRow) -> [String] {
        row.values.map(formatPoints) + [
            SweepOutcome.fired(row.outcome.loadMores), SweepOutcome.fired(row.outcome.refreshes),
            row.outcome.suppressed.map(String.init) ?? "n/a", String(row.outcome.staleReplies), row.outcome.final,
            row.flips ? "* " + row.changed.joined(separator: ", ") : "",
        ]
    }

    /// Columns padded to their widest cell; a `*` in the last column marks a flip.
    /// - Complexity: O(rows × columns).
    public var text: String {
        let table = [columns] + rows.map(cells)
        var widths = [Int](repeating: 0, count: columns.count)
        for line in table { for (index, cell) in line.enumerated() { widths[index] = max(widths[index], cell.count) } }
        func render(_ line: [String]) -> String {
            line.enumerated().map { index, cell in
                index == line.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ").trimmingTrailing()
        }
        var lines = [render(columns), widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")]
        lines += rows.map { render(cells($0)) }
        lines.append("")
        lines.append("\(rows.count) run\(rows.count == 1 ? "" : "s"), \(flips.count) flip\(flips.count == 1 ? "" : "s")")
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    func trimmingTrailing() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
