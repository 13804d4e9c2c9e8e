import JSONText

/// How two versions of one frame file are compared: a value holding a
/// function, so callers (the `diff` command, snapshot strategies) can pick
/// or supply their own, as swift-snapshot-testing's `Diffing` does.
public struct FileDiffing: Sendable {
    /// `nil` when the two are equal for this comparison's purposes.
    public var difference: @Sendable (_ file: String, _ expected: [UInt8], _ actual: [UInt8]) -> FileDifference?

    public init(_ difference: @escaping @Sendable (_ file: String, _ expected: [UInt8], _ actual: [UInt8]) -> FileDifference?) {
        self.difference = difference
    }

    /// Byte-equal or a unified line diff with `context` lines around changes.
    public static func lines(context: Int = 3) -> FileDiffing {
        FileDiffing { file, expected, actual in
            guard expected != actual else { return nil }
            let diff = UnifiedDiff(old: String(decoding: expected, as: UTF8.self),
                                   new: String(decoding: actual, as: UTF8.self), context: context)
            // Bytes that differ but decode to the same text (invalid UTF-8) still count.
            if diff.isEmpty { return FileDifference(file: file, detail: .message(["the files differ in bytes that are not valid UTF-8"])) }
            return FileDifference(file: file, detail: .lines(diff))
        }
    }

    /// Equal as JSON values, else the changed key paths; a file that is not
    /// JSON is compared by lines instead.
    public static let json = FileDiffing { file, expected, actual in
        guard expected != actual else { return nil }
        guard let old = try? JSONParser.parse(expected).plain, let new = try? JSONParser.parse(actual).plain else {
            return lines().difference(file, expected, actual)
        }
        var changes = JSONDiff.changes(from: old, to: new)
        // A frame's rows: moves said once per run of rows (see `RowShift`).
        if case .array(let oldRows)? = old["rows"], case .array(let newRows)? = new["rows"], oldRows != newRows,
           let rows = RowShift.changes(from: oldRows, to: newRows) {
            let firstRow = changes.firstIndex { $0.path == "rows" || $0.path.hasPrefix("rows[") } ?? changes.endIndex
            changes.removeAll { $0.path == "rows" || $0.path.hasPrefix("rows[") }
            changes.insert(contentsOf: rows, at: min(firstRow, changes.endIndex))
        }
        return changes.isEmpty ? nil : FileDifference(file: file, detail: .keyPaths(changes))
    }

    /// A text frame by lines, its scrollbar column left out (see `TextFrameDiff`).
    public static func textFrame(context: Int = 3) -> FileDiffing {
        FileDiffing { file, expected, actual in TextFrameDiff.difference(file, expected, actual, context: context) }
    }

    /// JSON for `.json` files, text frames for `.txt`, lines for everything else.
    public static let byExtension = forFrames(context: 3)

    /// `byExtension` with `context` lines around each change.
    public static func forFrames(context: Int) -> FileDiffing {
        FileDiffing { file, expected, actual in
            if file.hasSuffix(".json") { return json.difference(file, expected, actual) }
            if file.hasSuffix(".txt") { return textFrame(context: context).difference(file, expected, actual) }
            return lines(context: context).difference(file, expected, actual)
        }
    }
}
