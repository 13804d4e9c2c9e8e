import FeedEngine
import Foundation

/// The first state or step found breaking a rule: a state (`parent` < 0) or the
/// step to successor `ordinal` of state `parent` (`node` is where it led, or −1
/// for a state already seen). Paths are rebuilt from it at the end.
public struct Finding: Hashable, Sendable {
    public var message: String
    public var node: Int
    public var parent: Int
    public var ordinal: Int
    /// A breach of `launch`, found on the start state but by a step (it sorts after the start's state rules).
    public var event = false

    package init(message: String, node: Int, parent: Int, ordinal: Int, event: Bool = false) {
        self.message = message
        self.node = node
        self.parent = parent
        self.ordinal = ordinal
        self.event = event
    }
}

/// A rule broken by a state of a search recording for a merge (a shard's, `SearchCheckpoint.recording`):
/// by the state itself, by the steps of its expansion, or by the launch (the start only).
package struct RecordedBreach: Hashable, Sendable {
    package enum Kind: UInt8, Sendable { case state = 0, step = 1, launch = 2 }
    var node: UInt32
    var rule: UInt16
    var kind: Kind
    var count: UInt32
}

/// Why a checkpoint could not be read, written or used; each says what to do.
public enum CheckpointError: Error, Sendable, CustomStringConvertible, Equatable {
    case unreadable(file: String, reason: String)
    case notACheckpoint(file: String)
    case damaged(file: String, reason: String)
    case otherSearch(file: String, expected: String, found: String)
    case unwritable(file: String, reason: String)
    /// The frontier past its bound could not be written to a temporary file in `folder`.
    case spillFailed(folder: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            "cannot read checkpoint \(file): \(reason)"
        case .notACheckpoint(let file):
            "\(file) is not an explore checkpoint: expected a file written by `feedframes explore` (it starts with \"\(SearchCheckpoint.magicText)\")"
        case .damaged(let file, let reason):
            "checkpoint \(file) is damaged (\(reason)); run the search again without --resume"
        case .otherSearch(let file, let expected, let found):
            "checkpoint \(file) was written for another search ("
                + SearchIdentity.described(found: found, expected: expected, labels: ("in the checkpoint", "in this run"))
                + "); resume with the same scenario, --inserts, --pages, --shard and rules, or start afresh without --resume"
        case .unwritable(let file, let reason):
            "cannot write checkpoint \(file): \(reason)"
        case .spillFailed(let folder, let reason):
            "cannot write the frontier past --frontier-states to a temporary file in \(folder): \(reason); "
                + "give a folder one can write to (--checkpoint's folder, or $TMPDIR) or raise --frontier-states"
        }
    }
}

/// Everything a fingerprint search holds between two parents: the visited set,
/// the trail, where the expansion is, the counts and first findings. Written
/// to a file (atomically: a temporary file, then a rename) when a bounded
/// search stops, and read back by `--resume`.
///
/// The format is little-endian words after an 8-byte magic, ending with a
/// fingerprint of all that precedes it, so a truncated or altered file is
/// refused rather than resumed into a wrong result.
///
/// - Complexity: writing and reading O(states).
public struct SearchCheckpoint: Sendable {
    static let magicText = "FFEXPLR2"
    static let magic = Array(magicText.utf8)

    public internal(set) var identity: String
    package var visited = FingerprintSet()
    package var trail = SearchTrail()
    /// The first index of each depth.
    package var levelStarts: [Int] = []
    /// The next state to expand.
    package var next = 0
    package var transitions = 0
    package var excluded = 0
    package var counts: [Int]
    package var found: [Finding?]
    package var seconds = 0.0
    /// The file it was read from, for messages.
    public internal(set) var file = ""
    /// What a merge of shards needs (a shard's search records it): each state's fingerprint,
    /// each expanded state's count of transitions, and the breaches by state, in the order found.
    package var recording = false
    package var fingerprints: [UInt64] = []
    package var expansions: [UInt16] = []
    var breaches: [RecordedBreach] = []

    /// Counts one breach of `rule` by `node` (a step of its expansion, the state, the launch), when recording.
    @inline(__always) package mutating func record(node: Int, rule: Int, kind: RecordedBreach.Kind) {
        guard recording else { return }
        if let last = breaches.last, last.node == UInt32(node), last.rule == UInt16(rule), last.kind == kind {
            breaches[breaches.count - 1].count += 1
        } else {
            breaches.append(RecordedBreach(node: UInt32(node), rule: UInt16(rule), kind: kind, count: 1))
        }
    }

    package init(identity: String, rules: Int) {
        self.identity = identity
        counts = Array(repeating: 0, count: rules)
        found = Array(repeating: nil, count: rules)
    }

    /// The depth of state `index`.
    /// - Complexity: O(log depth).
    package func depth(of index: Int) -> Int {
        var low = 0, high = levelStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if levelStarts[middle] <= index { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// One past the last state of `depth` found so far.
    package func levelEnd(_ depth: Int) -> Int { depth + 1 < levelStarts.count ? levelStarts[depth + 1] : trail.count }

    public var states: Int { trail.count }
    /// The depth of the deepest states found.
    public var depthReached: Int { levelStarts.count - 1 }

    // MARK: - The file

    /// The checkpoint as bytes.
    public func bytes() -> [UInt8] {
        var out = Self.magic
        func word(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) } }
        func int(_ value: Int) { word(UInt64(bitPattern: Int64(value))) }
        func text(_ value: String) { int(value.utf8.count); out.append(contentsOf: value.utf8) }
        text(identity)
        int(counts.count)
        int(next); int(transitions); int(excluded); word(seconds.bitPattern)
        int(levelStarts.count); levelStarts.forEach(int)
        int(trail.count)
        for array in [trail.parents, trail.ordinals] {
            array.withUnsafeBytes { out.append(contentsOf: $0) }
        }
        int(visited.slots.count)
        visited.slots.withUnsafeBytes { out.append(contentsOf: $0) }
        counts.forEach(int)
        for finding in found {
            guard let finding else { int(0); continue }
            int(1); int(finding.node); int(finding.parent); int(finding.ordinal); int(finding.event ? 1 : 0); text(finding.message)
        }
        int(recording ? 1 : 0)
        if recording {
            int(fingerprints.count)
            fingerprints.withUnsafeBytes { out.append(contentsOf: $0) }
            int(expansions.count)
            expansions.withUnsafeBytes { out.append(contentsOf: $0) }
            int(breaches.count)
            for breach in breaches {
                int(Int(breach.node)); int(Int(breach.rule)); int(Int(breach.kind.rawValue)); int(Int(breach.count))
            }
        }
        word(Self.checksum(out[...]))
        return out
    }

    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var hasher = Fingerprint(seed: 0x3C6E_F372_FE94_F82B)
        bytes.withUnsafeBytes { raw in
            var index = 0
            while index + 8 <= raw.count {
                hasher.combine(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                index += 8
            }
            while index < raw.count { hasher.combine(UInt64(raw[index])); index += 1 }
        }
        hasher.combine(bytes.count)
        return hasher.value
    }

    /// Reads a checkpoint written by `bytes()`.
    /// - Throws: `.notACheckpoint` for another kind of file, `.damaged` for a truncated or altered one.
    public static func read(_ bytes: [UInt8], file: String) throws(CheckpointError) -> SearchCheckpoint {
        guard bytes.count >= magic.count, Array(bytes.prefix(magic.count)) == magic else {
            if bytes.count >= magic.count, Array(bytes.prefix(magic.count - 1)) == Array(magic.prefix(magic.count - 1)) {
                throw .damaged(file: file, reason: "it was written by another version of feedframes (\(String(decoding: bytes.prefix(magic.count), as: UTF8.self)))")
            }
            throw .notACheckpoint(file: file)
        }
        guard bytes.count >= magic.count + 8 else { throw .damaged(file: file, reason: "it ends after its first 8 bytes") }
        let body = bytes[..<(bytes.count - 8)]
        var reader = Reader(bytes: bytes, position: magic.count, end: bytes.count - 8, file: file)
        var tail = Reader(bytes: bytes, position: bytes.count - 8, end: bytes.count, file: file)
        let stored = try tail.word()
        guard stored == checksum(body) else { throw .damaged(file: file, reason: "its checksum does not match: truncated or changed") }
        let identity = try reader.text()
        let rules = try reader.count(limit: 1_000)
        var checkpoint = SearchCheckpoint(identity: identity, rules: rules)
        checkpoint.file = file
        checkpoint.next = try reader.count(limit: Int(UInt32.max))
        checkpoint.transitions = try reader.count(limit: Int.max)
        checkpoint.excluded = try reader.count(limit: Int.max)
        checkpoint.seconds = Double(bitPattern: try reader.word())
        let levels = try reader.count(limit: 100_000)
        for _ in 0..<levels { checkpoint.levelStarts.append(try reader.count(limit: Int(UInt32.max))) }
        let states = try reader.count(limit: Int(UInt32.max))
        let parents: [UInt32] = try reader.array(states)
        let ordinals: [UInt32] = try reader.array(states)
        for (index, parent) in parents.enumerated() where index > 0 && Int(parent) >= index {
            throw .damaged(file: file, reason: "state \(index) is reached from a later state")
        }
        checkpoint.trail = SearchTrail(parents: parents, ordinals: ordinals)
        let slotCount = try reader.count(limit: 1 << 40)
        let slots: [UInt64] = try reader.array(slotCount)
        guard let visited = FingerprintSet(slots: slots) else { throw .damaged(file: file, reason: "its visited set is malformed") }
        checkpoint.visited = visited
        for rule in 0..<rules { checkpoint.counts[rule] = try reader.count(limit: Int.max) }
        for rule in 0..<rules where try reader.count(limit: 1) == 1 {
            let node = try reader.signed(), parent = try reader.signed(), ordinal = try reader.count(limit: Int(UInt32.max))
            let event = try reader.count(limit: 1) == 1
            checkpoint.found[rule] = Finding(message: try reader.text(), node: node, parent: parent, ordinal: ordinal, event: event)
        }
        checkpoint.recording = try reader.count(limit: 1) == 1
        if checkpoint.recording {
            checkpoint.fingerprints = try reader.array(try reader.count(limit: states))
            checkpoint.expansions = try reader.array(try reader.count(limit: states))
            let breaches = try reader.count(limit: Int(UInt32.max))
            for _ in 0..<breaches {
                let node = try reader.count(limit: max(0, states - 1)), rule = try reader.count(limit: max(0, rules - 1))
                guard let kind = RecordedBreach.Kind(rawValue: UInt8(try reader.count(limit: 2))) else { throw .damaged(file: file, reason: "a breach of no kind") }
                checkpoint.breaches.append(RecordedBreach(node: UInt32(node), rule: UInt16(rule), kind: kind,
                                                          count: UInt32(try reader.count(limit: Int(UInt32.max)))))
            }
            guard checkpoint.fingerprints.count == states, checkpoint.expansions.count == checkpoint.next else {
                throw .damaged(file: file, reason: "its records for a merge do not match its \(states) states")
            }
        }
        guard reader.position == reader.end else { throw .damaged(file: file, reason: "it has bytes after its end") }
        guard checkpoint.next <= states, checkpoint.levelStarts.allSatisfy({ $0 < max(states, 1) }),
              checkpoint.found.allSatisfy({ $0.map { $0.node < states && $0.parent < states } ?? true }) else {
            throw .damaged(file: file, reason: "its indices point past its \(states) states")
        }
        return checkpoint
    }

    /// Reads the file at `path`.
    public static func load(_ path: String) throws(CheckpointError) -> SearchCheckpoint {
        guard let data = FileManager.default.contents(atPath: path) else {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            throw .unreadable(file: path, reason: exists ? (isFolder.boolValue ? "it is a folder" : "permission denied") : "no such file")
        }
        return try read([UInt8](data), file: path)
    }

    /// Writes the checkpoint to `path` atomically: to a temporary file beside it, then renamed over it,
    /// so that an interrupted write leaves the old checkpoint (or none), never half of one.
    public func write(to path: String) throws(CheckpointError) {
        let temporary = path + ".tmp-\(ProcessInfo.processInfo.processIdentifier)"
        do {
            try Data(bytes()).write(to: URL(fileURLWithPath: temporary))
        } catch {
            throw .unwritable(file: path, reason: (error as NSError).localizedDescription)
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .unwritable(file: path, reason: reason)
        }
    }

    /// Little-endian words, each read checked against the end.
    struct Reader {
        let bytes: [UInt8]
        var position: Int
        let end: Int
        let file: String

        mutating func word() throws(CheckpointError) -> UInt64 {
            guard position + 8 <= end else { throw .damaged(file: file, reason: "it ends early, at byte \(position)") }
            var value: UInt64 = 0
            for shift in 0..<8 { value |= UInt64(bytes[position + shift]) << (8 * UInt64(shift)) }
            position += 8
            return value
        }

        mutating func signed() throws(CheckpointError) -> Int { Int(Int64(bitPattern: try word())) }

        mutating func count(limit: Int) throws(CheckpointError) -> Int {
            let value = try signed()
            guard value >= 0, value <= limit else { throw .damaged(file: file, reason: "a count of \(value) at byte \(position - 8)") }
            return value
        }

        mutating func text() throws(CheckpointError) -> String {
            let length = try count(limit: end - position)
            let text = String(decoding: bytes[position..<(position + length)], as: UTF8.self)
            position += length
            return text
        }

        mutating func array<T: FixedWidthInteger>(_ count: Int) throws(CheckpointError) -> [T] {
            let size = count * MemoryLayout<T>.stride
            guard count >= 0, size / max(1, MemoryLayout<T>.stride) == count, position + size <= end else {
                throw .damaged(file: file, reason: "it ends early, at byte \(position)")
            }
            let values = [T](unsafeUninitializedCapacity: count) { buffer, initialized in
                bytes.withUnsafeBytes { raw in
                    for index in 0..<count {
                        buffer[index] = T(littleEndian: raw.loadUnaligned(fromByteOffset: position + index * MemoryLayout<T>.stride, as: T.self))
                    }
                }
                initialized = count
            }
            position += size
            return values
        }
    }
}

