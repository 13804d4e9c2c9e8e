import FeedScenario
import FrameFolder
import Foundation

/// `feedframes render`'s whole run: scenarios into `OUT/<name>/`, all or
/// nothing, then `OUT/index.html`.
///
/// Every scenario renders into a temporary folder first; only when all of
/// them succeeded do the folders swap into place, then the index follows. A
/// failure anywhere leaves `OUT` as it was (a stale index, left by a run
/// killed between its folders and its index, is repaired first).
public struct OutputRender {
    /// A scenario to render, and its file as messages name it.
    public struct Input: Sendable {
        public var scenario: Scenario
        public var file: String

        public init(scenario: Scenario, file: String) {
            self.scenario = scenario
            self.file = file
        }
    }

    /// What the run wrote, for its summary line.
    public struct Summary: Hashable, Sendable {
        public var scenarios = 0
        public var frames = 0
        public var bytes = 0
        /// One line per scenario that had steps doing nothing (see `IneffectiveStep`).
        public var ineffective: [String] = []
    }

    public var renderer: ScenarioRenderer
    public var out: URL
    /// How `out` is named in messages (as the user typed it).
    public var shownOut: String
    /// Steps that do nothing fail the run (before anything is moved into place).
    public var strict = false
    /// Called with each scenario's folder, still temporary, before any is committed
    /// (screenshots go there, so they appear with the frames or not at all).
    public var finishing: (FrameWriter, Scenario) -> Void = { _, _ in }

    public init(renderer: ScenarioRenderer, out: URL, shownOut: String) {
        self.renderer = renderer
        self.out = out
        self.shownOut = shownOut
    }

    /// - Parameter progress: `[2/5] name: 128 frames`, as frames are written.
    /// - Throws: `.render` for a scenario that failed; `.names` for names that cannot be
    ///   folders or clash; `.strict` for steps that did nothing, with `strict`.
    public func render(_ inputs: [Input], progress: (String) -> Void = { _ in }) throws(OutputRenderError) -> Summary {
        // Scenarios built in code never met the reader's check.
        try Self.checkFolderNames(inputs.map(\.scenario.name), kind: "scenarios") { _ in "scenario name " }
        let (writers, summary): ([FrameWriter], Summary)
        do throws(RenderError) { (writers, summary) = try renderAll(inputs, progress: progress) } catch { throw .render(error) }
        if strict && !summary.ineffective.isEmpty { throw .strict(summary.ineffective) }
        do throws(RenderError) {
            do throws(OutputError) {
                for writer in writers { try writer.commit() }
            } catch { throw .output(error) }
            try OutputIndex.update(out, templates: renderer.templates)
        } catch { throw .render(error) }
        return summary
    }

    /// Names that will be folders of `OUT`: each a valid folder name, no two the same.
    /// - Parameter prefix: what a bad name's message says before the name.
    static func checkFolderNames(_ names: [String], kind: String, prefix: (Int) -> String) throws(OutputRenderError) {
        let bad = names.indices.filter { !FolderName.isValid(names[$0]) }.map {
            "\(prefix($0))\(OutputError.shown(names[$0])) cannot name an output folder (expected \(FolderName.expected))"
        }
        if !bad.isEmpty { throw .names(bad) }
        if let duplicate = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
            throw .names(["two \(kind) are both named \"\(duplicate)\" (each needs its own output folder)"])
        }
    }

    /// Each scenario into its temporary folder, none committed yet.
    private func renderAll(_ inputs: [Input], progress: (String) -> Void) throws(RenderError) -> ([FrameWriter], Summary) {
        try OutputIndex.update(out, templates: renderer.templates, repairOnly: true)
        var writers: [FrameWriter] = []
        do throws(OutputError) {
            // Every target is checked before anything is rendered.
            for input in inputs {
                writers.append(try FrameWriter(target: out.appendingPathComponent(input.scenario.name), kind: .scenario))
            }
        } catch { throw .output(error) }
        var summary = Summary(scenarios: inputs.count)
        for (number, (input, writer)) in zip(inputs, writers).enumerated() {
            let scenario = input.scenario
            let display = (shownOut as NSString).appendingPathComponent(scenario.name)
            let report = try renderer.render(scenario, into: writer, displayFolder: display) { frame in
                progress("[\(number + 1)/\(inputs.count)] \(scenario.name): \(frame) frames")
            }
            finishing(writer, scenario)
            summary.frames += report.frames
            summary.bytes += report.bytes
            if let step = report.ineffective {
                let more = report.ineffectiveSteps - 1
                summary.ineffective.append("\(input.file): \(step)"
                                           + (more > 0 ? "; \(more) more step\(more == 1 ? "" : "s") did nothing" : ""))
            }
        }
        return (writers, summary)
    }
}

/// Why a render run stopped; `OUT` is as it was.
public enum OutputRenderError: Error, Sendable, CustomStringConvertible {
    /// A scenario failed to render, or the output could not be written.
    case render(RenderError)
    /// Names that cannot be output folders, or two scenarios with one name (exit 65).
    case names([String])
    /// With `strict`: steps that did nothing, one line per scenario (exit 65).
    case strict([String])

    public var description: String {
        switch self {
        case .render(let error): error.description
        case .names(let lines), .strict(let lines): lines.joined(separator: "\n")
        }
    }
}
