/// What a folder that FeedFrames writes holds, so that it is replaced only
/// when FeedFrames wrote it.
///
/// Every folder a command writes says its kind in a marker file (see
/// `FolderMarker`). A folder is replaced only when it is empty, or holds that
/// marker for the same kind and nothing but the names the kind writes; a
/// folder written before markers existed is recognised by its exact
/// contents: a file that kind always wrote, and nothing else.
public struct OutputKind: Hashable, Sendable, CustomStringConvertible {
    /// The kind's name in the marker (`scenario`, `gallery`, …).
    public var name: String
    /// Names (or name patterns) one of which every folder of this kind held before it had a marker; empty when
    /// the kind's entries alone tell its folders apart. `explore` wrote no marker for a fingerprint search
    /// until 0.4.0, whose folder held its checkpoint or shard result (or only counterexamples, which no
    /// marker tells from anyone's).
    public var legacyMarkers: [String]
    /// Whether its folders carry a marker file. Snapshot references do not: they sit
    /// in a team's repository, and their frame file names already say what they are.
    public var writesMarker: Bool
    /// Names (top-level entries) a folder of this kind may hold: exact names and
    /// name patterns (`*` matches any run of characters), the marker aside.
    public var entries: [String]

    public init(name: String, legacyMarkers: [String], writesMarker: Bool = true, entries: [String]) {
        self.name = name
        self.legacyMarkers = legacyMarkers
        self.writesMarker = writesMarker
        self.entries = entries
    }

    public var description: String { name }

    /// Whether `entries`, the names directly inside a folder with no marker, hold one of `legacyMarkers`.
    func heldBeforeMarkers(_ entries: [String]) -> Bool {
        entries.contains { entry in legacyMarkers.contains { Self.matches(entry, pattern: $0) } }
    }

    /// Whether `entry`, a name directly inside the folder, is one this kind writes.
    public func writes(_ entry: String) -> Bool {
        entry == FolderMarker.fileName || entries.contains { Self.matches(entry, pattern: $0) }
    }

    /// `*` matches any run of characters (none included); `#` one ASCII digit.
    static func matches(_ name: String, pattern: String) -> Bool {
        let name = Array(name.unicodeScalars), pattern = Array(pattern.unicodeScalars)
        // Backtracking over the last `*` only: patterns here hold one or two stars at most.
        var n = 0, p = 0, star = -1, resume = 0
        while n < name.count {
            if p < pattern.count && (pattern[p] == name[n] || (pattern[p] == "#" && ("0"..."9").contains(name[n]))) {
                n += 1
                p += 1
            } else if p < pattern.count && pattern[p] == "*" {
                star = p
                resume = n
                p += 1
            } else if star >= 0 {
                p = star + 1
                resume += 1
                n = resume
            } else {
                return false
            }
        }
        while p < pattern.count && pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }

    /// A scenario's frames (`render`, a counterexample's frames).
    public static let scenario = OutputKind(
        name: "scenario", legacyMarkers: ["scenario.json"],
        entries: ["####*.html", "####*.txt", "####*.json", "####*.png", "frames.json", "frames.js", "texts-####*.js",
                  "scenario.json", "index.html", "fonts", "*.gif"])
    /// Snapshot references and the actual frames of a failed snapshot test (no viewer, no scenario.json).
    public static let snapshot = OutputKind(
        name: "snapshot", legacyMarkers: [], writesMarker: false,
        entries: ["####*.html", "####*.txt", "####*.json", "####*.png", "fonts"])
    /// `feedframes preview`.
    public static let gallery = OutputKind(
        name: "gallery", legacyMarkers: ["gallery.json"],
        entries: ["*.html", "*.txt", "*.json", "*.png", "*.js", "*.gif", "fonts", "*-*"])  // "*-*": a row's folder, standard-en
    /// `feedframes explore`.
    public static let exploration = OutputKind(
        name: "explore", legacyMarkers: ["report.txt", "explore.checkpoint", "shard-*-of-*.result"],
        entries: ["index.html", "report.txt", "gallery", "counterexamples", "*.dot", "*.svg", "*.json", "fonts",
                  "explore.checkpoint", "shard-*-of-*.result"])
    /// `feedframes sweep`.
    public static let sweep = OutputKind(name: "sweep", legacyMarkers: ["sweep.txt"], entries: ["sweep.txt", "sweep.html"])
    /// `feedframes diff --html`.
    public static let diffReport = OutputKind(name: "diff-report", legacyMarkers: ["index.html"],
                                              entries: ["index.html", "frames", "*.html", "*.css", "*.js", "*.png", "*.gif"])
}
