import FrameFolder
import Foundation

/// `feedframes diff EXPECTED ACTUAL`: two frame folders compared, both one
/// scenario's frames or both output folders of scenarios (matched by name),
/// as the lines to print and the report `--html` writes.
public struct FolderDiff {
    /// What to print: each changed frame's text diff and JSON changes, then a summary line.
    public var lines: [String]
    public var report: DiffReport
    public var isEqual: Bool

    /// - Parameter context: unchanged lines shown around each change.
    /// - Throws: a path that is no folder of frames, or a scenario's frames compared with an output folder.
    public static func compare(expected expectedPath: String, actual actualPath: String, context: Int) throws(FolderDiffError) -> FolderDiff {
        let expectedURL = URL(fileURLWithPath: expectedPath), actualURL = URL(fileURLWithPath: actualPath)
        guard let expectedKind = FrameDirectory.kind(of: expectedURL) else { throw FolderDiffError.absent(expectedPath) }
        guard let actualKind = FrameDirectory.kind(of: actualURL) else { throw FolderDiffError.absent(actualPath) }
        let diffing = FileDiffing.forFrames(context: context)
        let text = DiffText(expectedLabel: expectedPath, actualLabel: actualPath)
        var report = DiffReport(expectedLabel: expectedPath, actualLabel: actualPath, sections: [])
        var lines: [String] = []
        switch (expectedKind, actualKind) {
        case (.scenario, .output), (.output, .scenario):
            let (scenario, output) = expectedKind == .scenario ? (expectedPath, actualPath) : (actualPath, expectedPath)
            throw .mismatchedKinds(scenario: scenario, output: output)
        case (.output, _), (_, .output):
            let (equal, frames) = compareOutputs(expectedURL, expectedKind.scenarioNames, actualURL, actualKind.scenarioNames,
                                                 diffing: diffing, text: text, report: &report, lines: &lines)
            if frames == 0 { throw .noFrames(expectedPath, actualPath) }
            return FolderDiff(lines: lines, report: report, isEqual: equal)
        default:
            let old = FrameDirectory(url: expectedURL), new = FrameDirectory(url: actualURL)
            let comparison = FrameComparison.compare(expected: old, actual: new, diffing: diffing)
            if comparison.expectedFrames + comparison.actualFrames == 0 { throw .noFrames(expectedPath, actualPath) }
            report.sections = [.init(name: expectedURL.lastPathComponent, comparison: comparison, expected: old, actual: new)]
            lines += text.lines(comparison)
            lines.append(comparison.isEqual ? "No differences: \(DiffText.summary(comparison))."
                                            : "Frames differ: \(DiffText.summary(comparison)).")
            return FolderDiff(lines: lines, report: report, isEqual: comparison.isEqual)
        }
    }

    /// Scenario folders matched by name; the lines of each that differs. Returns whether all are equal, and the frames
    /// found on both sides.
    static func compareOutputs(_ expectedURL: URL, _ expectedNames: [String], _ actualURL: URL, _ actualNames: [String],
                               diffing: FileDiffing, text: DiffText, report: inout DiffReport,
                               lines: inout [String]) -> (equal: Bool, frames: Int) {
        let old = Dictionary(uniqueKeysWithValues: expectedNames.map { ($0, FrameDirectory(url: expectedURL.appendingPathComponent($0))) })
        let new = Dictionary(uniqueKeysWithValues: actualNames.map { ($0, FrameDirectory(url: actualURL.appendingPathComponent($0))) })
        let comparison = OutputComparison.compare(expected: old, actual: new, diffing: diffing)
        var frames = 0, found = 0, changed = 0, added = 0, removed = 0, differing = 0
        for scenario in comparison.scenarios {
            let result = scenario.comparison
            frames += result.expectedFrames
            found += result.expectedFrames + result.actualFrames
            report.sections.append(.init(name: scenario.name, comparison: result,
                                         expected: old[scenario.name]!, actual: new[scenario.name]!))
            guard !result.isEqual else { continue }
            differing += 1
            changed += result.changed.count
            added += result.added.count
            removed += result.removed.count
            lines.append("== \(scenario.name): \(DiffText.summary(result))")
            lines += text.lines(result, folder: scenario.name)
        }
        for name in comparison.onlyInExpected { lines.append("== \(name): only in \(text.expectedLabel)") }
        for name in comparison.onlyInActual { lines.append("== \(name): only in \(text.actualLabel)") }
        report.onlyInExpected = comparison.onlyInExpected
        report.onlyInActual = comparison.onlyInActual
        let count = comparison.scenarios.count
        if comparison.isEqual {
            lines.append("No differences: \(count) scenario\(count == 1 ? "" : "s"), \(frames) frame\(frames == 1 ? "" : "s").")
        } else {
            var parts = ["\(differing) of \(count) scenario\(count == 1 ? "" : "s") differ",
                         "\(changed) frame\(changed == 1 ? "" : "s") changed, \(added) added, \(removed) removed"]
            if !comparison.onlyInExpected.isEmpty { parts.append("\(comparison.onlyInExpected.count) only in \(text.expectedLabel)") }
            if !comparison.onlyInActual.isEmpty { parts.append("\(comparison.onlyInActual.count) only in \(text.actualLabel)") }
            lines.append("Frames differ: " + parts.joined(separator: "; ") + ".")
        }
        // A scenario on one side only has frames that differ: not a comparison of nothing.
        let lone = comparison.onlyInExpected.count + comparison.onlyInActual.count
        return (comparison.isEqual, found + lone)
    }
}

/// Why two folders could not be compared.
public enum FolderDiffError: Error, Sendable, CustomStringConvertible {
    /// No such folder (66).
    case missing(String)
    /// A file where a folder of frames was expected (66).
    case notAFolder(String)
    /// One scenario's frames against an output folder of scenarios (64).
    case mismatchedKinds(scenario: String, output: String)
    /// Neither folder holds a frame (66): a wrong path, which "no differences" would let pass.
    case noFrames(String, String)

    static func absent(_ path: String) -> FolderDiffError {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) ? .notAFolder(path) : .missing(path)
    }

    public var description: String {
        switch self {
        case .missing(let path): "\(path): no such folder"
        case .notAFolder(let path): "\(path): is a file (expected a folder of frames)"
        case .noFrames(let expected, let actual):
            expected == actual ? "\(expected): no frames (expected a folder of frames that render wrote, or an output folder of them)"
                : "no frames in \(expected) or \(actual) (expected folders of frames that render wrote, or output folders of them)"
        case .mismatchedKinds(let scenario, let output):
            "\(scenario) is one scenario's frames but \(output) is an output folder of scenarios "
                + "(compare two scenario folders, e.g. \(output)/<name>, or two output folders)"
        }
    }
}

extension FrameDirectory.Kind {
    /// The scenario folders of an output folder; none for anything else.
    var scenarioNames: [String] {
        if case .output(let names) = self { return names }
        return []
    }
}
