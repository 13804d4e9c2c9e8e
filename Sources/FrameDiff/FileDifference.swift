/// How one file of a frame differs between the expected and the actual folder.
public struct FileDifference: Hashable, Sendable {
    public enum Detail: Hashable, Sendable {
        /// A line diff (text and HTML frames).
        case lines(UnifiedDiff)
        /// Key-path changes (JSON frames).
        case keyPaths([JSONChange])
        /// Only one side has the file.
        case onlyIn(Side)
        /// Free-form lines, from a custom `FileDiffing`.
        case message([String])
    }

    public enum Side: String, Hashable, Sendable {
        case expected, actual
    }

    /// The file's name in the frame folder, e.g. `0003.txt`.
    public var file: String
    public var detail: Detail

    public init(file: String, detail: Detail) {
        self.file = file
        self.detail = detail
    }

    /// The difference as lines to print under the file's name.
    public var lines: [String] {
        switch detail {
        case .lines(let diff): return diff.lines
        case .keyPaths(let changes): return changes.map(\.description)
        case .onlyIn(let side): return ["only in the \(side.rawValue) frames"]
        case .message(let lines): return lines
        }
    }
}
