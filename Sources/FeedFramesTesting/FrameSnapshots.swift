import FrameFolder
import FeedEngine
import FeedFramesResources
import CellLayout
import FeedScenario
import TextLayout
import Foundation
import FrameDiff
import FrameRendering
import Mustache
import XHTMLValidation

/// Renders a scenario's frames and compares them with reference files: the
/// core of FeedFramesTesting, free of any test framework. `assertFrames`
/// (XCTest) and `expectFrames` (Swift Testing) only report what this returns.
///
/// - Parameters:
///   - scenario: what to render.
///   - strategies: the files written per frame; text and JSON by default.
///   - name: tells several snapshots in one test apart.
///   - record: when to write references; `nil` leaves it to `FEEDFRAMES_RECORD` (see `RecordMode`).
///   - snapshotDirectory: a folder to use instead of `__Snapshots__/<TestFile>` beside the test.
///   - environment: the process environment, to choose the record mode (a parameter for tests).
///   - testFile: the test's `#filePath`; references live beside it.
///   - testName: the test's `#function`, which names its reference folder.
/// - Returns: `nil` when the frames match the references, else why not.
public func verifyFrames(of scenario: FramesScenario,
                         as strategies: [FrameStrategy] = [.text, .json],
                         named name: String? = nil,
                         record: RecordMode? = nil,
                         snapshotDirectory: String? = nil,
                         environment: [String: String] = ProcessInfo.processInfo.environment,
                         testFile: String = #filePath,
                         testName: String = #function) -> FramesFailure? {
    let location = SnapshotLocation(testFile: testFile, testName: testName, name: name, snapshotDirectory: snapshotDirectory,
                                    environment: environment)
    do throws(FramesFailure) {
        let mode = try RecordMode.resolve(explicit: record, environment: environment).get()
        let loaded = try FrameSnapshots.load(scenario, relativeTo: URL(fileURLWithPath: testFile).deletingLastPathComponent())
        let actual = try FrameSnapshots.render(loaded, as: strategies, behaviour: scenario.behaviour)
        return try FrameSnapshots.compare(actual, strategies: strategies, location: location, mode: mode)
    } catch {
        var failure = error
        failure.referenceFolder = failure.referenceFolder ?? location.referenceFolder.path
        return failure
    }
}

/// The steps of `verifyFrames`, each failing with a `FramesFailure`.
enum FrameSnapshots {
    /// The templates compiled into FeedFramesResources, compiled once per process.
    static let renderer: Result<(FrameTemplates, FrameValidator), FramesFailure> = Result { () throws(FramesFailure) in
        let templates: FrameTemplates
        do throws(TemplateError) {
            templates = try FrameTemplates(sources: Embedded.templates)
        } catch {
            throw FramesFailure(kind: .renderFailed, message: error.description)
        }
        do throws(ValidationFailure) {
            return (templates, try FrameValidator(schemaText: templates.schema))
        } catch {
            throw FramesFailure(kind: .renderFailed, message: error.issues.map(\.description).joined(separator: "\n"))
        }
    }

    static func load(_ scenario: FramesScenario, relativeTo folder: URL) throws(FramesFailure) -> Scenario {
        let bytes: [UInt8], file: String
        var positions = true
        var files: [String: String] = [:]
        switch scenario.origin {
        case .scenario(let value):
            return value
        case .json(let text, let name, let given):
            bytes = Array(text.utf8)
            file = name
            // Keyed as the reader resolves paths: the scenario's folder, then the path it wrote.
            let prefix = name.lastIndex(of: "/").map { String(name[...$0]) } ?? ""
            files = Dictionary(given.map { (prefix + $0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        case .built(let text, let name):
            bytes = Array(text.utf8)
            file = name
            positions = false
        case .file(let path):
            let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw FramesFailure(kind: .badScenario, message: "\(url.path): no such scenario file")
            }
            bytes = Array(data)
            file = path
        }
        do {
            return try ScenarioReader.read(bytes, file: file, opener: TestingOpener(files: files, folder: folder))
        } catch {
            let problems = error.problems.map { problem in
                var problem = problem
                if !positions { (problem.line, problem.column) = (nil, nil) }
                return problem.description
            }
            throw FramesFailure(kind: .badScenario, message: "The scenario has problems:\n" + problems.joined(separator: "\n"))
        }
    }

    /// Every frame in every strategy's format, in memory.
    /// - Parameter behaviour: a team's logic playing the app (its frames, in memory), instead of the preset's rules.
    static func render(_ scenario: Scenario, as strategies: [FrameStrategy],
                       behaviour: (@Sendable (Scenario) throws(RunLimitError) -> [Frame])? = nil) throws(FramesFailure) -> InMemoryFrameFiles {
        let extensions = strategies.map(\.pathExtension)
        guard !strategies.isEmpty, Set(extensions).count == extensions.count,
              extensions.allSatisfy({ !$0.isEmpty && !$0.contains("/") && !$0.hasPrefix(".") }) else {
            throw FramesFailure(kind: .renderFailed, message:
                "Strategies \(extensions) need distinct, non-empty path extensions without \"/\"")
        }
        let (templates, validator) = try renderer.get()
        if let behaviour {
            let context = FrameResources(templates: templates, validator: validator, context: FrameContext(scenario))
            var files: [String: [UInt8]] = [:]
            let frames: [Frame]
            do throws(RunLimitError) { frames = try behaviour(scenario) } catch {
                throw FramesFailure(kind: .renderFailed, message: error.message)
            }
            for frame in frames { try add(frame, as: strategies, with: context, to: &files) }
            return InMemoryFrameFiles(files: files)
        }
        let drawing: CellDrawing?
        do throws(RunLimitError) { drawing = try CellDrawing.forScenario(scenario, templates: templates) } catch {
            throw FramesFailure(kind: .renderFailed, message: error.message)
        }
        var frameContext = FrameContext(scenario)
        frameContext.cellFonts = drawing != nil
        var context = FrameResources(templates: templates, validator: validator, context: frameContext)
        var files: [String: [UInt8]] = [:]
        var usage = GlyphUsage()
        // The preset's rules are a behaviour like a team's (issue 20): one pipeline.
        func play<Logic: PagingBehaviour>(_ logic: Logic) throws(FramesFailure) {
            var runner = BehaviourRunner(logic, scenario: scenario, sizer: drawing.map { CellSizer($0.measurer) })
            try runner.run(scenario.steps) { frame throws(FramesFailure) in
                if let drawing {
                    do throws(RunLimitError) { context.cells = try drawing.boxes(frame.layout, usage: &usage) } catch {
                        throw FramesFailure(kind: .renderFailed, message: error.message)
                    }
                }
                try add(frame, as: strategies, with: context, to: &files)
            }
            if let stopped = runner.stopped { throw FramesFailure(kind: .renderFailed, message: stopped.message) }
        }
        try play(scenario.behaviour)
        return InMemoryFrameFiles(files: files)
    }

    /// One frame's file in each strategy's format, `NNNN.<extension>`.
    static func add(_ frame: Frame, as strategies: [FrameStrategy], with context: FrameResources,
                    to files: inout [String: [UInt8]]) throws(FramesFailure) {
        let stem = String(FrameFormat.json.fileName(frame: frame.number).dropLast(5))
        for strategy in strategies {
            do { files["\(stem).\(strategy.pathExtension)"] = try strategy.render(frame, context) } catch {
                throw FramesFailure(kind: .renderFailed, message: "frame \(stem) as .\(strategy.pathExtension): \(error)")
            }
        }
    }

    static func compare(_ actual: InMemoryFrameFiles, strategies: [FrameStrategy], location: SnapshotLocation,
                        mode: RecordMode) throws(FramesFailure) -> FramesFailure? {
        let extensions = Set(strategies.map(\.pathExtension))
        let reference = FrameDirectory(url: location.referenceFolder)
        let hasReference = reference.fileNames.contains { extensions.contains(FrameSnapshots.fileExtension($0)) }
        let referencePath = location.referenceFolder.path
        let frameCount = actual.frames.count

        if mode == .all {
            try write(actual, to: location.referenceFolder)
            return FramesFailure(kind: .recorded, message: """
                Recorded \(frameCount) frames to \(referencePath) (record mode "all").
                Turn recording off (record: nil, or unset \(RecordMode.environmentVariable)) and re-run to compare against them.
                """, referenceFolder: referencePath)
        }
        guard hasReference else {
            if mode == .never {
                try write(actual, to: location.actualFolder)
                return FramesFailure(kind: .missingReference(recorded: false), message: """
                    No reference frames at \(referencePath) (record mode "never").
                    This run's \(frameCount) frames are in \(location.actualFolder.path)
                    Record them with \(RecordMode.environmentVariable)=missing, review them, and commit them.
                    """, referenceFolder: referencePath, actualFolder: location.actualFolder.path)
            }
            try write(actual, to: location.referenceFolder)
            return FramesFailure(kind: .missingReference(recorded: true), message: """
                No reference frames were found; recorded \(frameCount) frames to \(referencePath)
                Review them, then re-run the test to compare against them.
                """, referenceFolder: referencePath)
        }

        let diffing = FileDiffing { file, old, new in
            let strategy = strategies.first { $0.pathExtension == FrameSnapshots.fileExtension(file) }
            return (strategy?.diffing ?? .byExtension).difference(file, old, new)
        }
        let comparison = FrameComparison.compare(expected: reference, actual: actual, extensions: extensions, diffing: diffing)
        if comparison.isEqual { return nil }
        try write(actual, to: location.actualFolder)
        var message = ["Frames differ from the reference: \(DiffText.summary(comparison))."]
        if !comparison.changed.isEmpty { message.append("changed: " + list(comparison.changed.map(\.number))) }
        if !comparison.added.isEmpty { message.append("added (not in the reference): " + list(comparison.added.map(\.number))) }
        if !comparison.removed.isEmpty { message.append("removed (only in the reference): " + list(comparison.removed.map(\.number))) }
        let text = DiffText(expectedLabel: "reference", actualLabel: "actual", maxLinesPerFile: 24, maxFramesShown: 2)
        message += text.lines(FrameComparison(expectedFrames: comparison.expectedFrames, actualFrames: comparison.actualFrames,
                                              added: [], removed: [], changed: comparison.changed))
        message.append("Reference: \(referencePath)")
        message.append("Actual frames: \(location.actualFolder.path)")
        message.append(report(reference: referencePath, actual: location.actualFolder.path, to: location.reportFolder))
        message.append("Compare: " + diffCommand(reference: referencePath, actual: location.actualFolder.path))
        if mode == .failed {
            try write(actual, to: location.referenceFolder)
            message.append("Recorded the actual frames as the new reference (record mode \"failed\"); re-run to compare against them.")
        } else {
            message.append("If the change is intended, re-run with \(RecordMode.environmentVariable)=failed to record it.")
        }
        return FramesFailure(kind: .mismatch, message: message.joined(separator: "\n"),
                             referenceFolder: referencePath, actualFolder: location.actualFolder.path)
    }

    /// Writes the HTML diff report of a mismatch (the page `feedframes diff --html` writes),
    /// whole or not at all; returns the line that names it, or says why there is none.
    static func report(reference: String, actual: String, to folder: URL) -> String {
        var images: Result<DiffImages, FailureImages.Skipped>?
        do throws(FramesFailure) {
            let diff: FolderDiff
            do throws(FolderDiffError) { diff = try FolderDiff.compare(expected: reference, actual: actual, context: 3) } catch {
                throw FramesFailure(kind: .io, message: error.description)
            }
            let (templates, _) = try renderer.get()
            do throws(RenderError) {
                let writer: FrameWriter
                do throws(OutputError) { writer = try FrameWriter(target: folder, kind: .diffReport) } catch { throw .output(error) }
                try diff.report.write(into: writer, templates: templates, displayFolder: folder.path)
                // Then, with Chromium, the frames as images and each run as a GIF, and the page again to show them.
                images = FailureImages.make(in: writer, reference: reference, actual: actual)
                if case .success(let made) = images {
                    try diff.report.write(into: writer, templates: templates, displayFolder: folder.path, images: made)
                }
                do throws(OutputError) { try writer.commit() } catch { throw .output(error) }
            } catch {
                throw FramesFailure(kind: .io, message: error.description)
            }
            let shown: String
            switch images {
            case .success(let made): shown = "\nThe report shows the frames as images" + (made.animations.isEmpty ? "." : ", and each run as a GIF.")
            case .failure(.noBrowser): shown = "\nNo images in the report: \(FailureImages.Skipped.noBrowser)."
            case .failure, nil: shown = ""
            }
            return "Diff report: \(folder.appendingPathComponent("index.html").path)" + shown
        } catch {
            return "No diff report: \(error.message)"
        }
    }

    /// `swift run feedframes diff 'REFERENCE' 'ACTUAL'`, with paths relative to the folder the
    /// test runs in (a package's root under `swift test`), so it can be pasted there as it is.
    static func diffCommand(reference: String, actual: String,
                            from folder: String = FileManager.default.currentDirectoryPath) -> String {
        let base = URL(fileURLWithPath: folder).standardizedFileURL.path
        func shown(_ path: String) -> String {
            let relative = path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
            return "'" + relative.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        return "swift run feedframes diff \(shown(reference)) \(shown(actual))"
    }

    /// The folder replaced whole, or not at all.
    static func write(_ files: InMemoryFrameFiles, to folder: URL) throws(FramesFailure) {
        do throws(OutputError) {
            let writer = try FrameWriter(target: folder, kind: .snapshot)
            for name in files.fileNames.sorted() { try writer.write(files.files[name] ?? [], to: name) }
            try writer.commit()
        } catch {
            throw FramesFailure(kind: .io, message: error.description)
        }
    }

    static func fileExtension(_ name: String) -> String { FrameFileName.pathExtension(of: name) }

    /// `0003, 0005, 0007` (at most 20, then a count).
    static func list(_ numbers: [Int]) -> String {
        let shown = numbers.prefix(20).map { String(FrameFormat.json.fileName(frame: $0).dropLast(5)) }
        return shown.joined(separator: ", ") + (numbers.count > 20 ? " … (\(numbers.count) in all)" : "")
    }
}
