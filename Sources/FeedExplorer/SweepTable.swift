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

/// A sweep's results as a table, in text (for the terminal and diffs) and HTML.
public struct SweepTable: Hashable, Sendable {
    public var scenario: String
    public var parameters: [SweepParameter.Name]
    public var rows: [SweepRow]

    /// The rows where behaviour flips.
    public var flips: [SweepRow] { rows.filter(\.flips) }

    public var columns: [String] {
        parameters.map(\.rawValue) + ["load-more", "refresh", "suppressed", "stale", "final", "flips"]
    }

    func cells(_ row: SweepRow) -> [String] {
        row.values.map(formatPoints) + [
            SweepOutcome.fired(row.outcome.loadMores), SweepOutcome.fired(row.outcome.refreshes),
            String(row.outcome.suppressed), String(row.outcome.staleReplies), row.outcome.final,
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
        lines.append("\(rows.count) runs, \(flips.count) flip\(flips.count == 1 ? "" : "s")")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A self-contained XHTML page with the table; flipping rows highlighted.
    public var html: String {
        var lines = [
            "<!DOCTYPE html>",
            "<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">",
            "<head>",
            "<meta charset=\"utf-8\" />",
            "<title>\(HTMLText.escape(scenario)) — sweep</title>",
            "<style>",
            "body { margin: 24px; font: 14px/1.5 -apple-system, \"Helvetica Neue\", sans-serif; background: #f2f2f7; color: #1c1c1e; }",
            "table { border-collapse: collapse; background: #fff; }",
            "th, td { padding: 4px 10px; border-bottom: 1px solid #e5e5ea; text-align: left; white-space: nowrap; }",
            "tr.flip td { background: #fff4d6; }",
            "tr.flip td.flips { color: #c93400; font-weight: 600; }",
            "</style>",
            "</head>",
            "<body>",
            "<h1>Sweep of \(HTMLText.escape(scenario))</h1>",
            "<p>\(rows.count) runs, \(flips.count) flip\(flips.count == 1 ? "" : "s"): highlighted rows behave differently from the row above.</p>",
            "<table>",
            "<thead><tr>" + columns.map { "<th>\(HTMLText.escape($0))</th>" }.joined() + "</tr></thead>",
            "<tbody>",
        ]
        for row in rows {
            let cells = cells(row)
            let body = cells.enumerated().map { index, cell in
                index == cells.count - 1 ? "<td class=\"flips\">\(HTMLText.escape(cell))</td>" : "<td>\(HTMLText.escape(cell))</td>"
            }.joined()
            lines.append("<tr\(row.flips ? " class=\"flip\"" : "")>\(body)</tr>")
        }
        lines += ["</tbody>", "</table>", "</body>", "</html>"]
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
