import FrameFolder
import JSONText

/// How two renders of one scenario differ, frame by frame: frames only the
/// actual render has (added), frames only the expected one has (removed),
/// and frames both have whose files differ (changed).
///
/// Frames are matched by number, as reviewers read them side by side; a rule
/// that adds a frame early therefore shows as changed frames from there on
/// plus one added at the end, which is what happened to the files.
public struct FrameComparison: Hashable, Sendable {
    public struct ChangedFrame: Hashable, Sendable {
        public var number: Int
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
        func frames(_ files: some FrameFiles) -> [Int: [String]] {
            var result: [Int: [String]] = [:]
            for frame in files.frames {
                let kept = frame.files.filter { name in extensions.map { $0.contains(Self.fileExtension(name)) } ?? true }
                if !kept.isEmpty { result[frame.number] = kept }
            }
            return result
        }
        let old = frames(expected), new = frames(actual)
        var comparison = FrameComparison(expectedFrames: old.count, actualFrames: new.count, added: [], removed: [], changed: [])
        for number in Set(old.keys).union(new.keys).sorted() {
            switch (old[number], new[number]) {
            case (let oldFiles?, nil):
                comparison.removed.append(LoneFrame(number: number, cause: cause(expected, oldFiles), files: oldFiles))
            case (nil, let newFiles?):
                comparison.added.append(LoneFrame(number: number, cause: cause(actual, newFiles), files: newFiles))
            case (let oldFiles?, let newFiles?):
                var differences: [FileDifference] = []
                for name in Set(oldFiles).union(newFiles).sorted(by: Self.fileOrder) {
                    switch (expected.contents(of: name), actual.contents(of: name)) {
                    case (let a?, let b?):
                        if let difference = diffing.difference(name, a, b) { differences.append(difference) }
                    case (_?, nil):
                        differences.append(FileDifference(file: name, detail: .onlyIn(.expected)))
                    case (nil, _?):
                        differences.append(FileDifference(file: name, detail: .onlyIn(.actual)))
                    case (nil, nil):
                        break
                    }
                }
                if !differences.isEmpty {
                    comparison.changed.append(ChangedFrame(number: number,
                                                           cause: cause(actual, newFiles) ?? cause(expected, oldFiles),
                                                           files: differences))
                }
            case (nil, nil):
                break
            }
        }
        return comparison
    }

    static func fileExtension(_ name: String) -> String { FrameFileName.pathExtension(of: name) }

    /// Text frames first (the drawing people read), then JSON, then HTML, then the rest.
    static func fileOrder(_ a: String, _ b: String) -> Bool {
        let rank = ["txt": 0, "json": 1, "html": 2]
        let ra = rank[fileExtension(a)] ?? 3, rb = rank[fileExtension(b)] ?? 3
        return ra != rb ? ra < rb : a < b
    }

    /// The `cause` field of the frame's JSON file, if it has one.
    static func cause(_ files: some FrameFiles, _ names: [String]) -> String? {
        guard let name = names.first(where: { $0.hasSuffix(".json") }), let bytes = files.contents(of: name),
              let value = try? JSONParser.parse(bytes).plain else { return nil }
        return value["cause"]?.stringValue
    }
}
