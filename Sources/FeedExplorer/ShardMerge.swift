import FeedEngine
import Foundation

/// What one shard of a search (`--shard i/n`) leaves for the merge: each of its
/// states' fingerprint and depth, each expanded state's count of transitions,
/// the breaches by state, and each rule's first finding as a path of successor
/// ordinals. `ShardMerge` makes of n of them what the unsharded search finds.
///
/// The file is little-endian words after an 8-byte magic ("FFSHARD2"), ending
/// with a fingerprint of all that precedes it, like a checkpoint; about 10
/// bytes a state.
public struct ShardResult: Sendable {
    static let magicText = "FFSHARD2"
    static let magic = Array(magicText.utf8)
    /// The magic of the earlier format, without `hasher`.
    static let olderMagic = Array("FFSHARD1".utf8)

    /// The unsharded search's identity (scenario and rules): shards of one search share it.
    public var identity: String
    /// 0 for fingerprints of FeedFrames' own `Fingerprint`, the same in every process; otherwise
    /// `ShardResult.hasherProbe` of the process that wrote it, whose fingerprints are Swift's `Hasher`'s
    /// (a team's logic): shards merge only when their hashers agree (`SWIFT_DETERMINISTIC_HASHING=1`).
    public var hasher: UInt64 = 0
    public var shard: SearchShard
    public var maxDepth: Int
    public var seconds: Double
    var levelStarts: [Int]
    var fingerprints: [UInt64]
    var expansions: [UInt16]
    var breaches: [RecordedBreach]
    /// Per rule, in the search's order.
    var findings: [RouteFinding?]
    public var file = ""

    public var states: Int { fingerprints.count }

    /// A rule's first finding, as the merge compares them: by the path to where it was found
    /// (shorter first, then by successor ordinals), a state's rules before the step's into it.
    struct RouteFinding: Hashable, Sendable {
        var message: String
        var route: [Int]
        var step: Bool

        func precedes(_ other: RouteFinding) -> Bool {
            if route.count != other.route.count { return route.count < other.route.count }
            if route != other.route { return route.lexicographicallyPrecedes(other.route) }
            return !step && other.step
        }
    }

    /// What this process's `Hasher` makes of a fixed text: the same in two processes exactly when their
    /// fingerprints of a team's states agree (the same Swift, and `SWIFT_DETERMINISTIC_HASHING=1` in both).
    /// Never 0, which stands for FeedFrames' own fingerprints.
    public static let hasherProbe: UInt64 = {
        var hasher = Hasher()
        hasher.combine("FeedFrames shard probe")
        hasher.combine(0x5EED as UInt64)
        let value = UInt64(bitPattern: Int64(hasher.finalize()))
        return value == 0 ? 1 : value
    }()

    /// Whether this process hashes as every other one does, so that a shard of a team's logic run here can
    /// be merged with shards run elsewhere: Swift's `Hasher` is seeded anew in each process unless
    /// `SWIFT_DETERMINISTIC_HASHING` is set when it starts.
    public static var hashingIsDeterministic: Bool {
        guard let value = ProcessInfo.processInfo.environment["SWIFT_DETERMINISTIC_HASHING"]?.lowercased() else { return false }
        return ["1", "true", "yes"].contains(value)  // what Swift's runtime reads as true
    }

    /// The result of a finished shard; nil when the search was not a recording shard or stopped early.
    package init?(_ search: SearchCheckpoint, shard: SearchShard?, identity: String, maxDepth: Int, stop: StopReason, hasher: UInt64 = 0) {
        guard let shard, search.recording, stop == .exhausted || stop == .depthLimit else { return nil }
        self.identity = identity
        self.hasher = hasher
        self.shard = shard
        self.maxDepth = maxDepth
        seconds = search.seconds
        levelStarts = search.levelStarts
        fingerprints = search.fingerprints
        expansions = search.expansions
        breaches = search.breaches
        findings = search.found.map { found in
            found.map { finding in
                if finding.parent >= 0 {
                    return RouteFinding(message: finding.message, route: search.trail.route(to: finding.parent) + [finding.ordinal], step: true)
                }
                return RouteFinding(message: finding.message, route: search.trail.route(to: finding.node), step: finding.event)
            }
        }
    }

    // MARK: - The file

    public func bytes() -> [UInt8] {
        var out = Self.magic
        func word(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) } }
        func int(_ value: Int) { word(UInt64(bitPattern: Int64(value))) }
        func text(_ value: String) { int(value.utf8.count); out.append(contentsOf: value.utf8) }
        text(identity)
        word(hasher)
        int(shard.index); int(shard.count); int(shard.depth); int(maxDepth); word(seconds.bitPattern)
        int(levelStarts.count); levelStarts.forEach(int)
        int(fingerprints.count)
        fingerprints.withUnsafeBytes { out.append(contentsOf: $0) }
        int(expansions.count)
        expansions.withUnsafeBytes { out.append(contentsOf: $0) }
        int(breaches.count)
        for breach in breaches { int(Int(breach.node)); int(Int(breach.rule)); int(Int(breach.kind.rawValue)); int(Int(breach.count)) }
        int(findings.count)
        for finding in findings {
            guard let finding else { int(0); continue }
            int(1); int(finding.step ? 1 : 0); text(finding.message)
            int(finding.route.count); finding.route.forEach(int)
        }
        word(SearchCheckpoint.checksum(out[...]))
        return out
    }

    public static func read(_ bytes: [UInt8], file: String) throws(ShardMergeError) -> ShardResult {
        if Array(bytes.prefix(olderMagic.count)) == olderMagic {
            throw .damaged(file: file, reason: "it was written by an older FeedFrames, in a format this one does not read")
        }
        guard bytes.count >= magic.count + 8, Array(bytes.prefix(magic.count)) == magic else { throw .notAResult(file: file) }
        var tail = SearchCheckpoint.Reader(bytes: bytes, position: bytes.count - 8, end: bytes.count, file: file)
        var reader = SearchCheckpoint.Reader(bytes: bytes, position: magic.count, end: bytes.count - 8, file: file)
        do throws(CheckpointError) {
            guard try tail.word() == SearchCheckpoint.checksum(bytes[..<(bytes.count - 8)]) else {
                throw CheckpointError.damaged(file: file, reason: "its checksum does not match: truncated or changed")
            }
            let identity = try reader.text()
            let hasher = try reader.word()
            let index = try reader.count(limit: 10_000), count = try reader.count(limit: 10_000), depth = try reader.count(limit: 100_000)
            guard index >= 1, index <= count else { throw CheckpointError.damaged(file: file, reason: "shard \(index) of \(count)") }
            let maxDepth = try reader.count(limit: 100_000)
            let seconds = Double(bitPattern: try reader.word())
            let levels = try reader.count(limit: 100_000)
            var levelStarts: [Int] = []
            for _ in 0..<levels { levelStarts.append(try reader.count(limit: Int(UInt32.max))) }
            let fingerprints: [UInt64] = try reader.array(try reader.count(limit: Int(UInt32.max)))
            let expansions: [UInt16] = try reader.array(try reader.count(limit: fingerprints.count))
            var breaches: [RecordedBreach] = []
            for _ in 0..<(try reader.count(limit: Int(UInt32.max))) {
                let node = try reader.count(limit: max(0, fingerprints.count - 1)), rule = try reader.count(limit: 1_000)
                guard let kind = RecordedBreach.Kind(rawValue: UInt8(try reader.count(limit: 2))) else { throw CheckpointError.damaged(file: file, reason: "a breach of no kind") }
                breaches.append(RecordedBreach(node: UInt32(node), rule: UInt16(rule), kind: kind, count: UInt32(try reader.count(limit: Int(UInt32.max)))))
            }
            var findings: [RouteFinding?] = []
            for _ in 0..<(try reader.count(limit: 1_000)) {
                guard try reader.count(limit: 1) == 1 else { findings.append(nil); continue }
                let step = try reader.count(limit: 1) == 1
                let message = try reader.text()
                var route: [Int] = []
                for _ in 0..<(try reader.count(limit: 100_000)) { route.append(try reader.count(limit: Int(UInt32.max))) }
                findings.append(RouteFinding(message: message, route: route, step: step))
            }
            guard reader.position == reader.end else { throw CheckpointError.damaged(file: file, reason: "it has bytes after its end") }
            guard levelStarts.first == 0, levelStarts.allSatisfy({ $0 < max(1, fingerprints.count) }),
                  breaches.allSatisfy({ Int($0.rule) < findings.count }) else {
                throw CheckpointError.damaged(file: file, reason: "its indices point past its \(fingerprints.count) states")
            }
            var result = ShardResult(identity: identity, shard: SearchShard(index: index, count: count, depth: depth), maxDepth: maxDepth,
                                     seconds: seconds, levelStarts: levelStarts, fingerprints: fingerprints, expansions: expansions,
                                     breaches: breaches, findings: findings)
            result.hasher = hasher
            result.file = file
            return result
        } catch {
            if case .damaged(_, let reason) = error { throw .damaged(file: file, reason: reason) }
            throw .damaged(file: file, reason: "\(error)")
        }
    }

    private init(identity: String, shard: SearchShard, maxDepth: Int, seconds: Double, levelStarts: [Int], fingerprints: [UInt64],
                 expansions: [UInt16], breaches: [RecordedBreach], findings: [RouteFinding?]) {
        self.identity = identity
        self.shard = shard
        self.maxDepth = maxDepth
        self.seconds = seconds
        self.levelStarts = levelStarts
        self.fingerprints = fingerprints
        self.expansions = expansions
        self.breaches = breaches
        self.findings = findings
    }

    public static func load(_ path: String) throws(ShardMergeError) -> ShardResult {
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(file: path) }
        return try read([UInt8](data), file: path)
    }

    /// Writes atomically (a temporary file beside it, then a rename), its folder made first.
    public func write(to path: String) throws(ShardMergeError) {
        do {
            let folder = (path as NSString).deletingLastPathComponent
            try FileManager.default.createDirectory(atPath: folder.isEmpty ? "." : folder, withIntermediateDirectories: true)
            try Data(bytes()).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .unwritable(file: path, reason: (error as NSError).localizedDescription)
        }
    }
}

/// Why shard results could not be merged; each says what to do.
public enum ShardMergeError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(file: String)
    case notAResult(file: String)
    case damaged(file: String, reason: String)
    case unwritable(file: String, reason: String)
    /// The files are not the n shards of one search.
    case mismatch(String)

    public var description: String {
        switch self {
        case .unreadable(let file): "cannot read shard result \(file)"
        case .notAResult(let file):
            "\(file) is not a shard result: expected a file written by `feedframes explore --shard i/n` (it starts with \"\(ShardResult.magicText)\")"
        case .damaged(let file, let reason): "shard result \(file) is damaged (\(reason)); run that shard again"
        case .unwritable(let file, let reason): "cannot write shard result \(file): \(reason)"
        case .mismatch(let reason): "cannot merge: \(reason)"
        }
    }
}

/// What the n shards of a search found together: the counts, the first finding of
/// each rule and how often it was broken, equal to those of the unsharded search.
///
/// Why they are equal: every shard explores the levels above the shard depth
/// alike, and each state at that depth (and all it leads to) in the shard that
/// owns it, so the union of the shards' states is the unsharded search's; a state
/// is counted once, at its least depth over the shards (its depth unsharded),
/// its transitions and breaches once, from a shard that expanded it. A rule's
/// first finding unsharded is the one whose path is shortest and, among those,
/// least by successor ordinals (breadth-first order is that order): the least
/// of the shards' first findings.
public struct MergedExploration: Sendable {
    public var statistics: ExplorationStatistics
    public var shards: Int
    /// Per broken rule, in the rules' order.
    public var findings: [(rule: Int, message: String, route: [Int], occurrences: Int)]
}

public enum ShardMerge {
    /// Merges the results of shards 1…n of one search.
    /// - Throws: `.mismatch` unless they are exactly the n shards of one search (scenario, rules, depths).
    /// - Complexity: O(states of all shards) time, a hash table of the distinct states in memory.
    public static func merge(_ results: [ShardResult], identity: String? = nil) throws(ShardMergeError) -> MergedExploration {
        guard let first = results.first else { throw .mismatch("no shard results given") }
        for result in results {
            if let identity, result.identity != identity {
                let differences = SearchIdentity.described(found: result.identity, expected: identity, labels: ("in the shard", "in this run"))
                throw .mismatch("\(result.file) was written for another search (\(differences))")
            }
            guard result.identity == first.identity else {
                throw .mismatch("\(result.file) and \(first.file) are shards of different searches ("
                                + SearchIdentity.described(found: result.identity, expected: first.identity,
                                                           labels: ("in \(result.file)", "in \(first.file)")) + ")")
            }
            guard result.shard.count == first.shard.count, result.shard.depth == first.shard.depth, result.maxDepth == first.maxDepth,
                  result.findings.count == first.findings.count else {
                throw .mismatch("\(result.file) is shard \(result.shard.index)/\(result.shard.count) at depth \(result.shard.depth) to depth \(result.maxDepth), "
                                + "\(first.file) shard \(first.shard.index)/\(first.shard.count) at depth \(first.shard.depth) to depth \(first.maxDepth)")
            }
        }
        if let other = results.first(where: { $0.hasher != first.hasher }) {
            throw .mismatch("\(other.file) and \(first.file) hold fingerprints of Swift's Hasher seeded differently: run every shard "
                            + "of a team's logic with SWIFT_DETERMINISTIC_HASHING=1 in its environment, built with the same Swift")
        }
        let indices = results.map(\.shard.index).sorted()
        guard indices == Array(1...first.shard.count) else {
            let missing = Set(1...first.shard.count).subtracting(indices).sorted()
            let twice = Dictionary(grouping: indices, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
            throw .mismatch("expected shards 1…\(first.shard.count) once each"
                            + (missing.isEmpty ? "" : "; missing \(missing.map(String.init).joined(separator: ", "))")
                            + (twice.isEmpty ? "" : "; given twice \(twice.map(String.init).joined(separator: ", "))"))
        }

        // Each distinct state: its least depth, where it was first seen at that depth, and a shard that expanded it.
        struct Entry {
            var depth: Int32
            var shard: Int32
            var index: UInt32
            var expandedShard: Int32 = -1
            var expandedIndex: UInt32 = 0
        }
        var table: [UInt64: Entry] = [:]
        table.reserveCapacity(results.map(\.states).max() ?? 0)
        for (s, result) in results.enumerated() {
            var depth = 0
            for (index, fingerprint) in result.fingerprints.enumerated() {
                while depth + 1 < result.levelStarts.count && result.levelStarts[depth + 1] <= index { depth += 1 }
                let expanded = index < result.expansions.count
                if var entry = table[fingerprint] {
                    if Int32(depth) < entry.depth { (entry.depth, entry.shard, entry.index) = (Int32(depth), Int32(s), UInt32(index)) }
                    if expanded && entry.expandedShard < 0 { (entry.expandedShard, entry.expandedIndex) = (Int32(s), UInt32(index)) }
                    table[fingerprint] = entry
                } else {
                    table[fingerprint] = Entry(depth: Int32(depth), shard: Int32(s), index: UInt32(index),
                                               expandedShard: expanded ? Int32(s) : -1, expandedIndex: expanded ? UInt32(index) : 0)
                }
            }
        }
        // Breaches by shard and state.
        let byNode: [[UInt32: [RecordedBreach]]] = results.map { Dictionary(grouping: $0.breaches, by: \.node) }
        let rules = first.findings.count
        var occurrences = Array(repeating: 0, count: rules)
        var transitions = 0, expanded = 0, depthReached = 0
        for entry in table.values {
            depthReached = max(depthReached, Int(entry.depth))
            for breach in byNode[Int(entry.shard)][entry.index] ?? [] where breach.kind != .step { occurrences[Int(breach.rule)] += Int(breach.count) }
            guard entry.expandedShard >= 0 else { continue }
            expanded += 1
            transitions += Int(results[Int(entry.expandedShard)].expansions[Int(entry.expandedIndex)])
            for breach in byNode[Int(entry.expandedShard)][entry.expandedIndex] ?? [] where breach.kind == .step {
                occurrences[Int(breach.rule)] += Int(breach.count)
            }
        }
        var findings: [(rule: Int, message: String, route: [Int], occurrences: Int)] = []
        for rule in 0..<rules {
            let candidates = results.compactMap { $0.findings[rule] }
            guard var best = candidates.first else { continue }
            for candidate in candidates.dropFirst() where candidate.precedes(best) { best = candidate }
            findings.append((rule, best.message, best.route, occurrences[rule]))
        }
        let statistics = ExplorationStatistics(
            states: table.count, transitions: transitions, expanded: expanded, depthReached: depthReached,
            seconds: results.map(\.seconds).max() ?? 0, complete: expanded == table.count, capped: false)
        return MergedExploration(statistics: statistics, shards: results.count, findings: findings)
    }
}
