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
        let changes = JSONDiff.changes(from: old, to: new)
        return changes.isEmpty ? nil : FileDifference(file: file, detail: .keyPaths(changes))
    }

    /// JSON for `.json` files, lines for everything else.
    public static let byExtension = FileDiffing { file, expected, actual in
        file.hasSuffix(".json") ? json.difference(file, expected, actual) : lines().difference(file, expected, actual)
    }
}
