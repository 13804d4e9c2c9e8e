import ArgumentParser
import Foundation
import FrameDiff
import FrameRendering

/// `feedframes diff`: what changed between two renders, frame by frame, so a
/// reviewer sees the effect of a rule or template change without opening
/// hundreds of files.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two frame folders, frame by frame.",
        discussion: """
            EXPECTED and ACTUAL are both one scenario's frames (a folder of NNNN.txt, NNNN.json, \
            NNNN.html) or both output folders of scenario folders, matched by name. Frames are \
            matched by number: each changed frame is shown as a unified diff of its text frame \
            and the JSON fields that changed, by key path; added and removed frames are listed \
            with their cause. HTML differences are counted, and shown in full only when nothing \
            else changed. Exits 0 when the frames are equal, 1 when they differ.
            """)

    @Argument(help: ArgumentHelp("The reference frames (a scenario folder or an output folder).", valueName: "expected"))
    var expected: String

    @Argument(help: ArgumentHelp("The frames to compare with them.", valueName: "actual"))
    var actual: String

    @Option(help: ArgumentHelp("Also write a report page with expected, actual and the difference side by side.", valueName: "report-dir"))
    var html: String?

    @Option(help: ArgumentHelp("Unchanged lines shown around each change.", valueName: "n"))
    var context = 3

    @OptionGroup var templates: TemplateOptions

    func validate() throws {
        guard (0...1000).contains(context) else { throw ValidationError.outOfRange("context", context, 0...1000) }
    }

    func run() throws {
        let console = Console()
        let (expectedPath, actualPath, context) = (expected, actual, self.context)
        let expectedURL = URL(fileURLWithPath: expectedPath), actualURL = URL(fileURLWithPath: actualPath)
        guard let expectedKind = FrameFolder.kind(of: expectedURL) else { throw Self.missing(expectedPath) }
        guard let actualKind = FrameFolder.kind(of: actualURL) else { throw Self.missing(actualPath) }

        let diffing = FileDiffing { file, old, new in
            file.hasSuffix(".json") ? FileDiffing.json.difference(file, old, new)
                : FileDiffing.lines(context: context).difference(file, old, new)
        }
        let text = DiffText(expectedLabel: expectedPath, actualLabel: actualPath)
        var report = DiffReport(expectedLabel: expectedPath, actualLabel: actualPath, sections: [])
        let equal: Bool
        switch (expectedKind, actualKind) {
        case (.scenario, .output), (.output, .scenario):
            let (scenario, output) = expectedKind == .scenario ? (expectedPath, actualPath) : (actualPath, expectedPath)
            throw ValidationError("\(scenario) is one scenario's frames but \(output) is an output folder of scenarios "
                    + "(compare two scenario folders, e.g. \(output)/<name>, or two output folders)")
        case (.output, _), (_, .output):
            equal = Self.compareOutputs(expectedURL, expectedKind.scenarioNames, actualURL, actualKind.scenarioNames,
                                   diffing: diffing, text: text, report: &report, console: console)
        default:
            let old = FrameFolder(url: expectedURL), new = FrameFolder(url: actualURL)
            let comparison = FrameComparison.compare(expected: old, actual: new, diffing: diffing)
            report.sections = [.init(name: expectedURL.lastPathComponent, comparison: comparison, expected: old, actual: new)]
            for line in text.lines(comparison) { console.out(line) }
            console.out(comparison.isEqual ? "No differences: \(DiffText.summary(comparison))."
                                           : "Frames differ: \(DiffText.summary(comparison)).")
            equal = comparison.isEqual
        }
        if let folder = html {
            let (templates, _) = try TemplateLocator.load(custom: templates.templates)
            try Self.writeReport(report, to: folder, templates: templates, console: console)
        }
        if !equal { throw CommandFailure(.failure, []) }
    }

    static func missing(_ path: String) -> CommandFailure {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            return CommandFailure(.noInput, "\(path): is a file (expected a folder of frames)")
        }
        return CommandFailure(.noInput, "\(path): no such folder")
    }

    /// Scenario folders matched by name; prints each that differs. Returns whether all are equal.
    static func compareOutputs(_ expectedURL: URL, _ expectedNames: [String], _ actualURL: URL, _ actualNames: [String],
                               diffing: FileDiffing, text: DiffText, report: inout DiffReport, console: Console) -> Bool {
        let old = Dictionary(uniqueKeysWithValues: expectedNames.map { ($0, FrameFolder(url: expectedURL.appendingPathComponent($0))) })
        let new = Dictionary(uniqueKeysWithValues: actualNames.map { ($0, FrameFolder(url: actualURL.appendingPathComponent($0))) })
        let comparison = OutputComparison.compare(expected: old, actual: new, diffing: diffing)
        var frames = 0, changed = 0, added = 0, removed = 0, differing = 0
        for scenario in comparison.scenarios {
            let result = scenario.comparison
            frames += result.expectedFrames
            report.sections.append(.init(name: scenario.name, comparison: result,
                                         expected: old[scenario.name]!, actual: new[scenario.name]!))
            guard !result.isEqual else { continue }
            differing += 1
            changed += result.changed.count
            added += result.added.count
            removed += result.removed.count
            console.out("== \(scenario.name): \(DiffText.summary(result))")
            for line in text.lines(result, folder: scenario.name) { console.out(line) }
        }
        for name in comparison.onlyInExpected { console.out("== \(name): only in \(text.expectedLabel)") }
        for name in comparison.onlyInActual { console.out("== \(name): only in \(text.actualLabel)") }
        report.onlyInExpected = comparison.onlyInExpected
        report.onlyInActual = comparison.onlyInActual
        let count = comparison.scenarios.count
        if comparison.isEqual {
            console.out("No differences: \(count) scenario\(count == 1 ? "" : "s"), \(frames) frame\(frames == 1 ? "" : "s").")
        } else {
            var parts = ["\(differing) of \(count) scenario\(count == 1 ? "" : "s") differ",
                         "\(changed) frame\(changed == 1 ? "" : "s") changed, \(added) added, \(removed) removed"]
            if !comparison.onlyInExpected.isEmpty { parts.append("\(comparison.onlyInExpected.count) only in \(text.expectedLabel)") }
            if !comparison.onlyInActual.isEmpty { parts.append("\(comparison.onlyInActual.count) only in \(text.actualLabel)") }
            console.out("Frames differ: " + parts.joined(separator: "; ") + ".")
        }
        return comparison.isEqual
    }

    /// The report folder appears whole or not at all (a failed write leaves the old one).
    static func writeReport(_ report: DiffReport, to folder: String, templates: FrameTemplates,
                            console: Console) throws(CommandFailure) {
        do throws(RenderError) {
            let writer: FrameWriter
            do throws(OutputError) { writer = try FrameWriter(target: URL(fileURLWithPath: folder), kind: .diffReport) } catch { throw .output(error) }
            try report.write(into: writer, templates: templates, displayFolder: folder)
            do throws(OutputError) { try writer.commit() } catch { throw .output(error) }
        } catch {
            throw CommandFailure(error)
        }
        console.out("Report: \(URL(fileURLWithPath: folder).appendingPathComponent("index.html").standardizedFileURL.path)")
    }
}

extension FrameFolder.Kind {
    /// The scenario folders of an output folder; none for anything else.
    var scenarioNames: [String] {
        if case .output(let names) = self { return names }
        return []
    }
}
