/// A unified diff (`@@ -a,b +c,d @@` hunks with context lines) between two
/// texts, as `diff -u` and `git diff` print it.
public struct UnifiedDiff: Hashable, Sendable {
    /// One line of a hunk.
    public struct Line: Hashable, Sendable {
        public enum Kind: Hashable, Sendable {
            case context, deleted, inserted
        }

        public var kind: Kind
        public var text: String
        /// False for the last line of a file without a final newline.
        public var endsWithNewline: Bool

        /// The line as a unified diff prints it: a ` `, `-` or `+` mark, then the text.
        public var marked: String {
            let mark = switch kind {
            case .context: " "
            case .deleted: "-"
            case .inserted: "+"
            }
            return mark + text
        }
    }

    /// A run of changes with up to `context` unchanged lines around it.
    public struct Hunk: Hashable, Sendable {
        /// 1-based first line in the old text (the line before, when `oldCount` is 0).
        public var oldStart: Int
        public var oldCount: Int
        public var newStart: Int
        public var newCount: Int
        public var lines: [Line]

        /// `@@ -5,7 +5,8 @@`.
        public var header: String { "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@" }

        /// The header, then each line marked, with `\ No newline at end of file` where due.
        public var printed: [String] {
            var result = [header]
            for line in lines {
                result.append(line.marked)
                if !line.endsWithNewline { result.append("\\ No newline at end of file") }
            }
            return result
        }
    }

    public var hunks: [Hunk]

    public var isEmpty: Bool { hunks.isEmpty }

    /// The hunks as printed lines, without the `---`/`+++` file header.
    public var lines: [String] { hunks.flatMap(\.printed) }

    /// The diff from `old` to `new`; empty when they are equal.
    ///
    /// Lines are split on `\n`; a missing final newline is a difference of
    /// its own, as in `diff -u`.
    /// - Parameter context: unchanged lines kept around each change (3, as `diff -u`).
    /// - Complexity: that of `LineDiff.edits`, O((N + M) · D).
    public init(old: String, new: String, context: Int = 3) {
        let a = Self.split(old), b = Self.split(new)
        let edits = LineDiff.edits(a, b)
        hunks = Self.group(edits, a, b, context: max(0, context))
    }

    /// The lines of `text`, each knowing whether a newline ended it.
    static func split(_ text: String) -> [Line] {
        guard !text.isEmpty else { return [] }
        var parts = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let finalNewline = parts.last == ""
        if finalNewline { parts.removeLast() }
        return parts.enumerated().map { index, part in
            Line(kind: .context, text: part, endsWithNewline: finalNewline || index < parts.count - 1)
        }
    }

    /// Groups an edit script into hunks, merging changes whose contexts touch.
    static func group(_ edits: [LineDiff.Edit], _ a: [Line], _ b: [Line], context: Int) -> [Hunk] {
        let changed = edits.indices.filter { if case .same = edits[$0] { false } else { true } }
        guard !changed.isEmpty else { return [] }
        // Ranges of the edit script, each a hunk: changes plus context.
        var ranges: [ClosedRange<Int>] = []
        for index in changed {
            let low = max(0, index - context), high = min(edits.count - 1, index + context)
            if let last = ranges.last, low <= last.upperBound + 1 {
                ranges[ranges.count - 1] = last.lowerBound...max(last.upperBound, high)
            } else {
                ranges.append(low...high)
            }
        }
        // Lines of each text before each edit, for hunks that have no line in one of them.
        var before: [(old: Int, new: Int)] = []
        before.reserveCapacity(edits.count)
        var oldSeen = 0, newSeen = 0
        for edit in edits {
            before.append((oldSeen, newSeen))
            switch edit {
            case .same: oldSeen += 1; newSeen += 1
            case .delete: oldSeen += 1
            case .insert: newSeen += 1
            }
        }
        return ranges.map { range in
            var lines: [Line] = []
            var oldStart: Int?, newStart: Int?
            var oldCount = 0, newCount = 0
            let (oldBefore, newBefore) = before[range.lowerBound]
            for edit in edits[range] {
                switch edit {
                case .same(let old, let new):
                    var line = a[old]
                    line.kind = .context
                    lines.append(line)
                    oldStart = oldStart ?? old + 1
                    newStart = newStart ?? new + 1
                    oldCount += 1
                    newCount += 1
                case .delete(let old):
                    var line = a[old]
                    line.kind = .deleted
                    lines.append(line)
                    oldStart = oldStart ?? old + 1
                    oldCount += 1
                case .insert(let new):
                    var line = b[new]
                    line.kind = .inserted
                    lines.append(line)
                    newStart = newStart ?? new + 1
                    newCount += 1
                }
            }
            return Hunk(oldStart: oldStart ?? oldBefore, oldCount: oldCount,
                        newStart: newStart ?? newBefore, newCount: newCount, lines: lines)
        }
    }
}
