import CellLayout
import Dispatch
import FeedEngine
import FeedScenario
import FrameFolder
import JSONText
import Mustache
import TextLayout
import XHTMLValidation

/// What one scenario's render produced.
public struct RenderReport: Hashable, Sendable {
    public var name: String
    public var summary: String
    public var preset: String
    public var frames: Int
    public var bytes: Int
    /// The first step of the script that did nothing (`tap retry` with no retry button), if any.
    public var ineffective: IneffectiveStep?
    /// How many steps did nothing.
    public var ineffectiveSteps: Int
}

/// Why a render stopped.
public enum RenderError: Error, Sendable, CustomStringConvertible {
    /// Output could not be written (exit 73).
    case output(OutputError)
    /// A template could not be rendered (exit 65).
    case template(TemplateError)
    /// Frame `frame` failed validation (exit 1): the problems, each placed at the
    /// template line that wrote it where that is known (see `FrameTemplates.locate`).
    case invalid([ValidationIssue], frame: Int)
    /// A template asks for what a frame may never hold, an external DTD or an entity
    /// (exit 65, like any other bad template): the problems, placed as for `invalid`.
    case refused([ValidationIssue], frame: Int)
    /// A page template (viewer, index, report) wrote a page that is not well-formed
    /// XHTML (exit 65, a bad template): the problems, placed at their template lines.
    case page([ValidationIssue])
    /// The scenario would make the list hold more than `ItemLimits` allows (exit 65).
    case limit(RunLimitError, scenario: String)

    /// Problems found in frame `frame`, placed at their templates: `refused` when every
    /// one is a hardening rule (a DTD, an entity), `invalid` otherwise.
    public static func validation(_ issues: [ValidationIssue], frame: Frame, templates: FrameTemplates,
                                  context: FrameContext, cells: [CellBox?] = []) -> RenderError {
        let located = templates.locate(issues, of: frame, in: context, cells: cells)
        let policy: Set<String> = [ValidationIssue.Rule.doctype, ValidationIssue.Rule.entity]
        return issues.allSatisfy({ policy.contains($0.rule) }) ? .refused(located, frame: frame.number)
                                                             : .invalid(located, frame: frame.number)
    }

    public var description: String {
        switch self {
        case .output(let error): return error.description
        case .template(let error): return error.description
        case .invalid(let issues, _), .refused(let issues, _), .page(let issues):
            return issues.prefix(20).map(\.description).joined(separator: "\n")
                + (issues.count > 20 ? "\n… and \(issues.count - 20) more problems" : "")
        case .limit(let error, let scenario):
            // Several problems (a cell sidecar's) are a line each, as the reader's are.
            if error.message.contains("\n") { return error.message + "\nscenario \"\(scenario)\": nothing was written" }
            return "scenario \"\(scenario)\": \(error.message); nothing was written"
        }
    }
}

/// Runs a scenario and writes each frame in the chosen formats, validating
/// HTML frames as it goes, plus `frames.json`, `scenario.json` and the viewer
/// (`index.html` with its frame list `frames.js`), into a `FrameWriter`'s folder.
///
/// The engine runs on one thread (it is fast and sequential by nature); the
/// frames it emits are rendered and validated in batches on up to `jobs`
/// threads, and written in order by a `FrameSink`. With `jobs > 1` the three
/// overlap: the runner makes a batch while the threads render the one before
/// and the sink writes the one before that. Output is byte-identical
/// whatever `jobs` is.
public struct ScenarioRenderer: Sendable {
    public var formats: [FrameFormat]
    public var templates: FrameTemplates
    /// `nil` skips validation (`--no-validate`).
    public var validator: FrameValidator?
    /// Threads rendering and validating frames.
    public var jobs: Int
    /// Frames handed to the threads at a time: enough to keep them busy, few enough to bound memory.
    public static let batchSize = 128

    public init(formats: [FrameFormat] = FrameFormat.allCases, templates: FrameTemplates, validator: FrameValidator?,
                jobs: Int = 1) {
        self.formats = formats
        self.templates = templates
        self.validator = validator
        self.jobs = jobs
    }

    /// - Parameter displayFolder: how the output folder is named in messages.
    /// - Complexity: O(frames × visible rows). Memory holds one batch of
    ///   frames plus a short entry per frame for `frames.json` and the viewer.
    public func render(_ scenario: Scenario, into writer: FrameWriter, displayFolder: String,
                       progress: (Int) -> Void = { _ in }) throws(RenderError) -> RenderReport {
        // The preset's rules are a behaviour like a team's (issue 20): one pipeline.
        try render(scenario, playing: scenario.behaviour, into: writer, displayFolder: displayFolder, progress: progress)
    }

    /// `scenario`'s frames with a team's own logic playing the app (SPEC §10), written as a scenario's
    /// are: every format, HTML validated, `frames.json`, `scenario.json` and the viewer, into `writer`'s
    /// folder, which the caller commits (all or nothing) or discards.
    /// The list's cells are measured and drawn as for the preset's own rules (`list.cell`, SPEC §9).
    public func render<Behaviour: PagingBehaviour>(_ scenario: Scenario, playing behaviour: Behaviour, into writer: FrameWriter,
                                                   displayFolder: String, progress: (Int) -> Void = { _ in }) throws(RenderError) -> RenderReport {
        let drawing: CellDrawing?
        do throws(RunLimitError) { drawing = try CellDrawing.forScenario(scenario, templates: templates) } catch {
            throw .limit(error, scenario: scenario.name)
        }
        var runner = BehaviourRunner(behaviour, scenario: scenario, sizer: drawing.map { CellSizer($0.measurer) })
        var context = FrameContext(scenario)
        context.cellFonts = drawing != nil
        let written = try renderFrames(context: context, viewport: scenario.viewport, into: writer, drawing: drawing,
                                       displayFolder: displayFolder, progress: progress) { (emit) throws(RenderError) in
            try runner.run(scenario.steps, emit: emit)
        }
        if let failure = runner.stopped { throw .limit(failure, scenario: scenario.name) }
        let fonts = try drawing.map { (drawing) throws(RenderError) in try drawing.writeFonts(written.usage, into: writer) } ?? 0
        let pages = try writeAbout(scenario, frames: written.frames, largest: written.largest, into: writer, displayFolder: displayFolder)
        return RenderReport(name: scenario.name, summary: scenario.summary, preset: scenario.preset.name,
                            frames: written.frames, bytes: written.bytes + pages + fonts, ineffective: runner.firstIneffective,
                            ineffectiveSteps: runner.ineffectiveSteps)
    }

    /// A scenario folder's `scenario.json` and viewer, after its frames; returns the bytes written.
    func writeAbout(_ scenario: Scenario, frames: Int, largest: Viewport, into writer: FrameWriter,
                    displayFolder: String) throws(RenderError) -> Int {
        let about = ScenarioSummary(name: scenario.name, preset: scenario.preset.name, summary: scenario.summary,
                                    frames: frames).bytes(locale: scenario.locale, formats: formats.map(\.rawValue))
        do throws(OutputError) { try writer.write(about, to: "scenario.json") } catch { throw .output(error) }
        let viewer = try writeViewer(ViewerHeading(name: scenario.name, summary: scenario.summary, locale: scenario.locale),
                                     frames: frames, largest: largest, into: writer, displayFolder: displayFolder)
        return about.count + viewer
    }

    /// Frames that no scenario's script made (the explore gallery's distinct screens),
    /// written as a scenario's are: each in every format, HTML validated, with
    /// `frames.json` and the viewer, but no `scenario.json`.
    /// - Returns: the number of frames written.
    public func render<Frames: Sequence<Frame>>(_ frames: Frames, context: FrameContext, heading: ViewerHeading,
                                                into writer: FrameWriter, displayFolder: String,
                                                progress: (Int) -> Void = { _ in }) throws(RenderError) -> Int {
        let viewport = frames.first(where: { _ in true })?.layout.viewport ?? Viewport.standard
        let written = try renderFrames(context: context, viewport: viewport, into: writer, drawing: nil, displayFolder: displayFolder,
                                       progress: progress) { (emit) throws(RenderError) in
            for frame in frames { try emit(frame) }
        }
        _ = try writeViewer(heading, frames: written.frames, largest: written.largest, into: writer, displayFolder: displayFolder)
        return written.frames
    }

    /// Renders and writes the frames `produce` hands to its `emit`, in batches (see the type's comment).
    private func renderFrames(context: FrameContext, viewport: Viewport, into writer: FrameWriter, drawing: CellDrawing?,
                              displayFolder: String, progress: (Int) -> Void,
                              _ produce: (_ emit: (Frame) throws(RenderError) -> Void) throws(RenderError) -> Void)
        throws(RenderError) -> (frames: Int, largest: Viewport, bytes: Int, usage: GlyphUsage) {
        // `produce` calls back into `flush`, which reports progress: a non-escaping closure
        // reached from another, which the compiler cannot see does not re-enter.
        try withoutActuallyEscaping(progress) { progress throws(RenderError) in
            try renderFrames(context: context, viewport: viewport, into: writer, drawing: drawing, displayFolder: displayFolder,
                             reporting: progress, produce)
        }
    }

    private func renderFrames(context: FrameContext, viewport: Viewport, into writer: FrameWriter, drawing: CellDrawing?,
                              displayFolder: String, reporting progress: @escaping (Int) -> Void,
                              _ produce: (_ emit: (Frame) throws(RenderError) -> Void) throws(RenderError) -> Void)
        throws(RenderError) -> (frames: Int, largest: Viewport, bytes: Int, usage: GlyphUsage) {
        let sink: FrameSink
        do throws(OutputError) {
            sink = try FrameSink(writer, viewport: viewport, background: jobs > 1)
        } catch { throw .output(error) }
        var batch: [Frame] = []
        var submitted = 0
        // A copy of the renderer per thread, each with templates of its own (see `compiledAgain`).
        let workers = (0..<max(jobs, 1)).map { _ in jobs > 1 ? withTemplates(templates.compiledAgain()) : self }
        // The last batch handed to the threads and not yet written: with jobs > 1, still
        // rendering while the runner makes the next one.
        var rendering: RenderingBatch?
        // The characters each font drew, over every frame: the fonts shipped are cut down to them.
        var usage = GlyphUsage()

        func write(_ rendered: RenderingBatch) throws(RenderError) {
            let frames = rendered.wait()
            for frame in frames { usage.formUnion(frame.usage) }
            try sink.submit(frames)
            submitted += frames.count
            progress(submitted)
        }

        func flush() throws(RenderError) {
            guard !batch.isEmpty else { return }
            let frames = batch
            batch.removeAll(keepingCapacity: true)
            let next = RenderingBatch(inBackground: jobs > 1) {
                parallelMap(frames, jobs: jobs) { thread, frame in
                    var usage = GlyphUsage()
                    let files = workers[thread].files(for: frame, context: context, drawing: drawing, usage: &usage, displayFolder: displayFolder)
                    return (frame, files, usage)
                }
            }
            // Written in order while the runner runs on (with jobs > 1).
            let previous = rendering
            rendering = next
            if let previous { try write(previous) }
        }

        do throws(RenderError) {
            try produce { (frame) throws(RenderError) in
                batch.append(frame)
                if batch.count == Self.batchSize { try flush() }
            }
            try flush()
            if let last = rendering.take() { try write(last) }
            try sink.finish()
        } catch {
            _ = rendering?.wait()
            try? sink.finish()
            throw error
        }
        try sink.close()
        return (sink.count, sink.largest, sink.bytes, usage)
    }

    /// A batch of frames being rendered and validated. With `inBackground`,
    /// on other threads, so the runner can make the next batch meanwhile (it
    /// would otherwise leave the render threads idle between batches); else
    /// at once, on the caller's thread.
    final class RenderingBatch: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        // Written once before `done` is signalled, read only after waiting on it.
        private var frames: [RenderedFrame] = []

        init(inBackground: Bool, _ render: @escaping @Sendable () -> [RenderedFrame]) {
            guard inBackground else {
                frames = render()
                done.signal()
                return
            }
            DispatchQueue.global().async {
                self.frames = render()
                self.done.signal()
            }
        }

        /// The rendered frames, once they are all done.
        func wait() -> [RenderedFrame] {
            done.wait()
            done.signal()  // so that a second wait (after a failure) returns too
            return frames
        }
    }

    func withTemplates(_ templates: FrameTemplates) -> ScenarioRenderer {
        var copy = self
        copy.templates = templates
        return copy
    }

    /// One frame in every format, HTML validated: its files' names and bytes. Safe on any thread.
    /// - Parameter usage: gathers the characters the frame's cells draw, font by font.
    func files(for frame: Frame, context: FrameContext, drawing: CellDrawing?, usage: inout GlyphUsage,
               displayFolder: String) -> Result<[(name: String, bytes: [UInt8])], RenderError> {
        var files: [(name: String, bytes: [UInt8])] = []
        var cells: [CellBox?] = []
        if let drawing {
            do throws(RunLimitError) { cells = try drawing.boxes(frame.layout, usage: &usage) } catch {
                return .failure(.limit(error, scenario: context.scenarioName))
            }
        }
        for format in formats {
            let name = format.fileName(frame: frame.number)
            do throws(RenderError) {
                files.append((name, try content(of: frame, as: format, context: context, file: displayFolder + "/" + name, cells: cells)))
            } catch {
                return .failure(error)
            }
        }
        return .success(files)
    }

    /// The viewer, `index.html`; returns the bytes written.
    func writeViewer(_ heading: ViewerHeading, frames: Int, largest: Viewport, into writer: FrameWriter,
                     displayFolder: String) throws(RenderError) -> Int {
        let page = ViewerPage.page(heading, frames: frames, largest: largest, formats: formats)
        let bytes = try templates.render(page, file: displayFolder + "/" + PageTemplate.viewer.rawValue)
        do throws(OutputError) { try writer.write(bytes, to: PageTemplate.viewer.rawValue) } catch { throw .output(error) }
        return bytes.count
    }

    /// One frame in one format, validated when it is HTML.
    /// - Parameter cells: the rows' measured cells (`CellDrawing.boxes`), none for title rows.
    public func content(of frame: Frame, as format: FrameFormat, context: FrameContext,
                        file: String, cells: [CellBox?] = []) throws(RenderError) -> [UInt8] {
        switch format {
        case .json:
            return FrameJSON.bytes(of: frame, in: context, cells: cells)
        case .text:
            do throws(TemplateError) { return try templates.textBytes(of: frame, in: context, cells: cells) } catch { throw .template(error) }
        case .html:
            let html: [UInt8]
            do throws(TemplateError) { html = try templates.htmlBytes(of: frame, in: context, cells: cells) } catch { throw .template(error) }
            if let validator {
                let issues = validator.validate(html, file: file, expected: FrameExpectation(frame.layout))
                if !issues.isEmpty { throw .validation(issues, frame: frame, templates: templates, context: context, cells: cells) }
            }
            return html
        }
    }
}
