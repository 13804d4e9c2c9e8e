import FrameFolder
import JSONText

/// How two renders of one scenario differ, frame by frame: frames only the
/// actual render has (added), frames only the expected one has (removed),
/// and frames both have whose files differ (changed).
///
/// Frames are matched by what caused them: the two sequences of causes
/// (`wait 1 → reply 2: page 2, 20 items`, from each JSON or text frame) are
/// aligned as a line diff aligns lines, so two events inserted early read as
/// two added frames, not as every later frame changed. A run of frames whose
/// causes all differ is matched position by position (as a changed hunk) and
/// its surplus is added or removed. Matched frames are compared without
/// their numbers, which an insertion shifts; frames with no cause to read
/// are matched by number.
public struct FrameComparison: Hashable, Sendable {
    public struct ChangedFrame: Hashable, Sendable {
        /// The frame's number in the actual render.
        public var number: Int
        /// Its number in the expected render, when the alignment moved it.
        public var expectedNumber: Int? = nil
        /// The frame's cause in the actual render (else the expected one), when a JSON frame says it.
        public var cause: String?
        public var files: [FileDifference]
    }

    public struct LoneFrame: Hashable, Sendable {
        public var number: Int
        public var cause: String?
        public var files: [String]
    }

    public var expectedFrames: Int
    public var actualFrames: Int
    /// Only in the actual frames.
    public var added: [LoneFrame]
    /// Only in the expected frames.
    public var removed: [LoneFrame]
    public var changed: [ChangedFrame]

    public var isEqual: Bool { added.isEmpty && removed.isEmpty && changed.isEmpty }

    public init(expectedFrames: Int, actualFrames: Int, added: [LoneFrame], removed: [LoneFrame], changed: [ChangedFrame]) {
        self.expectedFrames = expectedFrames
        self.actualFrames = actualFrames
        self.added = added
        self.removed = removed
        self.changed = changed
    }

    /// - Parameters:
    ///   - extensions: compare only files with these extensions (`["txt", "json"]`); `nil` for all.
    ///   - diffing: how one file is compared; by default JSON by key path, the rest by lines.
    /// - Complexity: O(total size of both) plus the line diffs of changed files; one frame's
    ///   files are in memory at a time.
    public static func compare(expected: some FrameFiles, actual: some FrameFiles,
                               extensions: Set<String>? = nil,
                               diffing: FileDiffing = .byExtension) -> FrameComparison {
        func frames(_ files: some FrameFiles) -> [(number: Int, files: [String])] {
            files.frames.compactMap { frame in
                let kept = frame.files.filter { name in extensions.map { $0.contains(Self.fileExtension(name)) } ?? true }
                return kept.isEmpty ? nil : (frame.number, kept)
            }
        }
        let old = frames(expected), new = frames(actual)
        var comparison = FrameComparison(expectedFrames: old.count, actualFrames: new.count, added: [], removed: [], changed: [])
        let oldCauses = old.map { cause(expected, $0.files) }, newCauses = new.map { cause(actual, $0.files) }
        // A frame whose cause cannot be read is keyed by its number, so such frames match by number.
        let oldKeys = zip(old, oldCauses).map { $1 ?? "#\($0.number)" }
        let newKeys = zip(new, newCauses).map { $1 ?? "#\($0.number)" }

        func pair(_ i: Int, _ j: Int) {
            let (oldNumber, oldFiles) = old[i], (newNumber, newFiles) = new[j]
            var differences: [FileDifference] = []
            // The same file of each frame, by extension: `0005.txt` against `0007.txt` when the alignment moved it.
            let byExtension = Dictionary(grouping: oldFiles + newFiles, by: Self.fileExtension)
            for pathExtension in byExtension.keys.sorted(by: { Self.fileOrder("0." + $0, "0." + $1) }) {
                let oldName = oldFiles.first { Self.fileExtension($0) == pathExtension }
                let newName = newFiles.first { Self.fileExtension($0) == pathExtension }
                switch (oldName.flatMap(expected.contents), newName.flatMap(actual.contents)) {
                case (let a?, let b?):
                    let a = oldNumber == newNumber ? a : FrameNumberMask.renumber(a, pathExtension: pathExtension, from: oldNumber, to: newNumber)
                    if let difference = diffing.difference(newName ?? "", a, b) { differences.append(difference) }
                case (_?, nil):
                    differences.append(FileDifference(file: oldName ?? "", detail: .onlyIn(.expected)))
                case (nil, _?):
                    differences.append(FileDifference(file: newName ?? "", detail: .onlyIn(.actual)))
                case (nil, nil):
                    break
                }
            }
            if !differences.isEmpty {
                comparison.changed.append(ChangedFrame(number: newNumber, expectedNumber: oldNumber == newNumber ? nil : oldNumber,
                                                       cause: newCauses[j] ?? oldCauses[i], files: differences))
            }
        }

        var deleted: [Int] = [], inserted: [Int] = []
        func flushHunk() {
            // Causes that all differ: matched in order, as a line diff's changed hunk; the surplus stands alone.
            // Frames without a cause are known only by their number, so they are never matched to another.
            let pairs = zip(deleted.filter { oldCauses[$0] != nil }, inserted.filter { newCauses[$0] != nil })
            let paired = Array(pairs)
            for (i, j) in paired { pair(i, j) }
            let oldPaired = Set(paired.map(\.0)), newPaired = Set(paired.map(\.1))
            for i in deleted where !oldPaired.contains(i) {
                comparison.removed.append(LoneFrame(number: old[i].number, cause: oldCauses[i], files: old[i].files))
            }
            for j in inserted where !newPaired.contains(j) {
                comparison.added.append(LoneFrame(number: new[j].number, cause: newCauses[j], files: new[j].files))
            }
            deleted.removeAll()
            inserted.removeAll()
        }
        for edit in LineDiff.edits(oldKeys, newKeys) {
            switch edit {
            case .same(let i, let j):
                flushHunk()
                pair(i, j)
            case .delete(let i): deleted.append(i)
            case .insert(let j): inserted.append(j)
            }
        }
        flushHunk()
        comparison.changed.sort { $0.number < $1.number }
        return comparison
    }

    static func fileExtension(_ name: String) -> String { FrameFileName.pathExtension(of: name) }

    /// Text frames first (the drawing people read), then JSON, then HTML, then the rest.
    static func fileOrder(_ a: String, _ b: String) -> Bool {
        let rank = ["txt": 0, "json": 1, "html": 2]
        let ra = rank[fileExtension(a)] ?? 3, rb = rank[fileExtension(b)] ?? 3
        return ra != rb ? ra < rb : a < b
    }

    /// The frame's cause: the `cause` field of its JSON file, else what its text frame's
    /// first line says after the frame number and time (`frame 6 · t=3s · wait 1 → …`).
    static func cause(_ files: some FrameFiles, _ names: [String]) -> String? {
        if let name = names.first(where: { $0.hasSuffix(".json") }), let bytes = files.contents(of: name),
           let value = try? JSONParser.parse(bytes).plain, let cause = value["cause"]?.stringValue {
            return cause
        }
        guard let name = names.first(where: { $0.hasSuffix(".txt") }), let bytes = files.contents(of: name) else { return nil }
        let firstLine = String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        let parts = firstLine.components(separatedBy: " · ")
        guard parts.count >= 3, parts[0].hasPrefix("frame "), parts[1].hasPrefix("t=") else { return nil }
        return parts.dropFirst(2).joined(separator: " · ")
    }
}
