/// The shortest edit script between two sequences of lines (Myers, 1986).
///
/// Written by hand because no diff library can be fetched here; it is the
/// algorithm `git diff` and GNU diff start from, so hunks read the way
/// reviewers expect. Common leading and trailing lines are skipped first,
/// which makes the usual case (a frame with a few changed lines) cheap.
public enum LineDiff {
    /// One step of an edit script. Indices are 0-based into the old (`a`)
    /// and new (`b`) sequences.
    public enum Edit: Hashable, Sendable {
        case same(old: Int, new: Int)
        case delete(old: Int)
        case insert(new: Int)
    }

    /// Above this many differences the search stops and the rest of the
    /// middle is reported as deleted then inserted: still a correct (if not
    /// minimal) script, with time and memory bounded for files that share
    /// almost nothing.
    public static let maxDifferences = 2_000

    /// The edits that turn `a` into `b`, in order.
    ///
    /// - Complexity: O((N + M) · D) time and O(D²) memory for N and M
    ///   elements and D differences (after skipping the common prefix and
    ///   suffix, which costs O(N + M)); D is capped by `maxDifferences`.
    public static func edits<Element: Equatable>(_ a: [Element], _ b: [Element]) -> [Edit] {
        var prefix = 0
        while prefix < a.count && prefix < b.count && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix && suffix < b.count - prefix
                && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }

        var script: [Edit] = (0..<prefix).map { .same(old: $0, new: $0) }
        let middleA = a[prefix..<(a.count - suffix)]
        let middleB = b[prefix..<(b.count - suffix)]
        script += middle(Array(middleA), Array(middleB)).map { edit in
            switch edit {
            case .same(let old, let new): return .same(old: old + prefix, new: new + prefix)
            case .delete(let old): return .delete(old: old + prefix)
            case .insert(let new): return .insert(new: new + prefix)
            }
        }
        script += (0..<suffix).map { .same(old: a.count - suffix + $0, new: b.count - suffix + $0) }
        return script
    }

    /// Myers' greedy forward search, keeping each round's furthest reaches
    /// so the path can be walked back.
    private static func middle<Element: Equatable>(_ a: [Element], _ b: [Element]) -> [Edit] {
        let n = a.count, m = b.count
        if n == 0 { return (0..<m).map { .insert(new: $0) } }
        if m == 0 { return (0..<n).map { .delete(old: $0) } }
        let limit = min(n + m, maxDifferences)
        let offset = limit + 1
        // v[offset + k]: the furthest x reached on diagonal k (y = x - k).
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        // trace[d] holds v[-d-1 ... d+1] as it was before round d.
        var trace: [[Int]] = []
        for d in 0...limit {
            trace.append(Array(v[(offset - d - 1)...(offset + d + 1)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]))
                    ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n && y < m && a[x] == b[y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n && y >= m { return backtrack(trace, n: n, m: m) }
            }
        }
        // Too different to be worth a minimal script.
        return (0..<n).map { .delete(old: $0) } + (0..<m).map { .insert(new: $0) }
    }

    private static func backtrack(_ trace: [[Int]], n: Int, m: Int) -> [Edit] {
        var script: [Edit] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            func reach(_ k: Int) -> Int { v[k + d + 1] }
            let k = x - y
            let previousK = (k == -d || (k != d && reach(k - 1) < reach(k + 1))) ? k + 1 : k - 1
            let previousX = reach(previousK)
            let previousY = previousX - previousK
            while x > previousX && y > previousY {
                script.append(.same(old: x - 1, new: y - 1))
                x -= 1
                y -= 1
            }
            if d > 0 {
                if x == previousX { script.append(.insert(new: y - 1)) } else { script.append(.delete(old: x - 1)) }
            }
            x = previousX
            y = previousY
        }
        return script.reversed()
    }
}
