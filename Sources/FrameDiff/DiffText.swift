/// A comparison as lines for a terminal or a test failure: per changed frame
/// a unified diff of its text frame and the JSON fields that changed by key
/// path; added and removed frames with their cause.
public struct DiffText: Sendable {
    /// How the two sides are named in `---`/`+++` headers, e.g. the folders given on the command line.
    public var expectedLabel: String
    public var actualLabel: String
    /// Lines kept per file (`nil` for all); the rest is counted, not shown.
    public var maxLinesPerFile: Int?
    /// Changed frames shown in full (`nil` for all); the rest are listed by number.
    public var maxFramesShown: Int?

    public init(expectedLabel: String = "expected", actualLabel: String = "actual",
                maxLinesPerFile: Int? = nil, maxFramesShown: Int? = nil) {
        self.expectedLabel = expectedLabel
        self.actualLabel = actualLabel
        self.maxLinesPerFile = maxLinesPerFile
        self.maxFramesShown = maxFramesShown
    }

    /// `3 changed, 1 added, 0 removed (15 → 16 frames)`.
    public static func summary(_ comparison: FrameComparison) -> String {
        if comparison.isEqual { return "\(comparison.expectedFrames) frame\(comparison.expectedFrames == 1 ? "" : "s") equal" }
        return "\(comparison.changed.count) changed, \(comparison.added.count) added, \(comparison.removed.count) removed "
            + "(\(comparison.expectedFrames) → \(comparison.actualFrames) frames)"
    }

    /// The frames that differ, one block each. `folder` is the scenario's
    /// path below the labels (`standard-story/`), empty for a scenario folder.
    public func lines(_ comparison: FrameComparison, folder: String = "") -> [String] {
        var lines: [String] = []
        for (position, frame) in comparison.changed.enumerated() {
            if let limit = maxFramesShown, position >= limit {
                let rest = comparison.changed.dropFirst(limit).map { FrameDiffNames.number($0.number) }
                lines.append("… and \(rest.count) more changed frame\(rest.count == 1 ? "" : "s"): \(rest.joined(separator: ", "))")
                break
            }
            let was = frame.expectedNumber.map { " (was \(FrameDiffNames.number($0)))" } ?? ""
            lines.append("frame \(FrameDiffNames.number(frame.number)) changed\(was)" + (frame.cause.map { " · \($0)" } ?? ""))
            // HTML differences follow from the text and JSON ones; print them only when they are all there is.
            let onlyHTML = frame.files.allSatisfy { $0.file.hasSuffix(".html") }
            for file in frame.files {
                if file.file.hasSuffix(".html") && !onlyHTML {
                    if case .lines(let diff) = file.detail {
                        let count = diff.hunks.flatMap(\.lines).filter { $0.kind != .context }.count
                        lines.append("\(file.file): \(count) line\(count == 1 ? "" : "s") differ")
                    } else {
                        lines.append("\(file.file): " + file.lines.joined(separator: "; "))
                    }
                    continue
                }
                lines += block(for: file, folder: folder)
            }
        }
        for frame in comparison.added {
            lines.append("frame \(FrameDiffNames.number(frame.number)) added" + (frame.cause.map { " · \($0)" } ?? ""))
        }
        for frame in comparison.removed {
            lines.append("frame \(FrameDiffNames.number(frame.number)) removed" + (frame.cause.map { " · \($0)" } ?? ""))
        }
        return lines
    }

    func block(for file: FileDifference, folder: String) -> [String] {
        var body: [String]
        switch file.detail {
        case .lines(let diff):
            body = ["--- \(path(expectedLabel, folder, file.file))", "+++ \(path(actualLabel, folder, file.file))"] + diff.lines
        case .keyPaths(let changes):
            body = ["\(file.file):"] + changes.map { "  " + $0.description }
        case .onlyIn, .message:
            body = ["\(file.file): " + (file.lines.first ?? "")] + file.lines.dropFirst().map { "  " + $0 }
        }
        if let limit = maxLinesPerFile, body.count > limit {
            let hidden = body.count - limit
            body = Array(body.prefix(limit)) + ["… \(hidden) more line\(hidden == 1 ? "" : "s")"]
        }
        return body
    }

    func path(_ label: String, _ folder: String, _ file: String) -> String {
        [label, folder, file].filter { !$0.isEmpty }.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }.joined(separator: "/")
    }
}

/// Frame numbers as the files name them.
enum FrameDiffNames {
    /// `3` → `0003`.
    static func number(_ number: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
