import FeedEngine
import FeedScenario
import JSONText
import Mustache
import XHTMLValidation

/// What one scenario's render produced.
public struct RenderReport: Hashable, Sendable {
    public var name: String
    public var summary: String
    public var preset: String
    public var frames: Int
    public var bytes: Int
}

/// Why a render stopped.
public enum RenderError: Error, Sendable, CustomStringConvertible {
    /// Output could not be written (exit 73).
    case output(OutputError)
    /// A template could not be rendered (exit 65).
    case template(TemplateError)
    /// Frames failed validation (exit 1): the problems, and the template they came from.
    case invalid([ValidationIssue], template: String)

    public var description: String {
        switch self {
        case .output(let error): return error.description
        case .template(let error): return error.description
        case .invalid(let issues, let template):
            return issues.prefix(20).map { "\($0) (from template \(template))" }.joined(separator: "\n")
                + (issues.count > 20 ? "\n… and \(issues.count - 20) more problems" : "")
        }
    }
}

/// `frames.json` and the viewer's `frames.js`, written a frame at a time.
struct FrameList {
    let json: FrameStream
    let script: FrameStream
    var count = 0

    init(_ writer: FrameWriter) throws(OutputError) {
        json = try writer.stream(to: "frames.json")
        script = try writer.stream(to: "frames.js")
        try json.append("[\n")
        try script.append("window.FEEDFRAMES = [\n")
    }

    /// One frame: `{"frame": 1, "time": 0, "cause": "launch", "files": […]}` on a line of its own.
    mutating func append(_ frame: Frame, files: [String]) throws(OutputError) {
        let entry: JSONValue = ["frame": .number(Double(frame.number)), "time": .number(frame.time),
                                "cause": .string(frame.cause), "files": .array(files.map { .string($0) })]
        let line = (count == 0 ? [] : Array(",\n".utf8)) + Array("  ".utf8) + JSONWriter.bytes(entry)
        try json.append(line)
        try script.append(line)
        count += 1
    }

    func close() throws(OutputError) {
        try json.append("\n]\n")
        try script.append("\n];\n")
        try json.close()
        try script.close()
    }

    var bytes: Int { json.count + script.count }
}

/// Runs a scenario and writes each frame in the chosen formats, validating
/// HTML frames as it goes, plus `frames.json`, `scenario.json` and the viewer
/// (`index.html` with its frame list `frames.js`), into a `FrameWriter`'s folder.
///
/// The engine runs on one thread (it is fast and sequential by nature); the
/// frames it emits are rendered, validated and written in batches on up to
/// `jobs` threads. Output is byte-identical whatever `jobs` is.
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
        let context = FrameContext(scenario)
        var runner = ScenarioRunner(state: scenario.initialState, source: scenario.source.makeSource())
        var list: FrameList
        do throws(OutputError) { list = try FrameList(writer) } catch { throw .output(error) }
        var batch: [Frame] = []
        var bytes = 0
        var largest = scenario.viewport

        func flush() throws(RenderError) {
            // Rendering and validating are spread over the threads; writing stays on this
            // one, in order: files created in one folder from several threads contend in
            // the kernel for that folder and cost more than they save.
            let rendered = parallelMap(batch, jobs: jobs) { frame in
                self.files(for: frame, context: context, displayFolder: displayFolder)
            }
            for (frame, result) in zip(batch, rendered) {
                let files = try result.get()
                for file in files {
                    do throws(OutputError) { try writer.write(file.bytes, to: file.name) } catch { throw .output(error) }
                    bytes += file.bytes.count
                }
                do throws(OutputError) { try list.append(frame, files: files.map(\.name)) } catch { throw .output(error) }
                largest.width = max(largest.width, frame.layout.viewport.width)
                largest.height = max(largest.height, frame.layout.viewport.height)
            }
            batch.removeAll(keepingCapacity: true)
            progress(list.count)
        }

        do {
            try runner.run(scenario.steps) { frame throws(RenderError) in
                batch.append(frame)
                if batch.count == Self.batchSize { try flush() }
            }
            try flush()
        } catch let error as RenderError {
            throw error
        } catch {
            throw .output(OutputError(path: displayFolder, message: "\(error)"))
        }
        do throws(OutputError) { try list.close() } catch { throw .output(error) }
        bytes += list.bytes
        bytes += try writeIndexes(scenario, frames: list.count, largest: largest, into: writer)
        return RenderReport(name: scenario.name, summary: scenario.summary, preset: scenario.preset.name,
                            frames: list.count, bytes: bytes)
    }

    /// One frame in every format, HTML validated: its files' names and bytes. Safe on any thread.
    func files(for frame: Frame, context: FrameContext,
               displayFolder: String) -> Result<[(name: String, bytes: [UInt8])], RenderError> {
        var files: [(name: String, bytes: [UInt8])] = []
        for format in formats {
            let name = format.fileName(frame: frame.number)
            do throws(RenderError) {
                files.append((name, try content(of: frame, as: format, context: context, file: displayFolder + "/" + name)))
            } catch {
                return .failure(error)
            }
        }
        return .success(files)
    }

    /// `scenario.json` and the viewer; returns the bytes written.
    func writeIndexes(_ scenario: Scenario, frames: Int, largest: Viewport,
                      into writer: FrameWriter) throws(RenderError) -> Int {
        let about = JSONWriter.bytes([
            "name": .string(scenario.name), "summary": .string(scenario.summary), "preset": .string(scenario.preset.name),
            "locale": .string(scenario.locale), "frames": .number(Double(frames)),
            "formats": .array(formats.map { .string($0.rawValue) }),
        ], style: .pretty) + [0x0A]
        let viewer: String
        do throws(TemplateError) {
            viewer = try templates.viewer(.object([
                "name": .string(scenario.name), "summary": .string(XMLText.safe(scenario.summary)),
                "lang": .string(scenario.locale), "count": .int(frames),
                "frameWidth": .double(largest.width + 32), "frameHeight": .double(largest.height + 32),
            ]))
        } catch { throw .template(error) }
        do throws(OutputError) {
            try writer.write(about, to: "scenario.json")
            try writer.write(viewer, to: "index.html")
        } catch { throw .output(error) }
        return about.count + viewer.utf8.count
    }

    /// One frame in one format, validated when it is HTML.
    public func content(of frame: Frame, as format: FrameFormat, context: FrameContext,
                 file: String) throws(RenderError) -> [UInt8] {
        switch format {
        case .json:
            return FrameJSON.bytes(of: frame)
        case .text:
            do throws(TemplateError) { return Array(try templates.text(of: frame, in: context).utf8) } catch { throw .template(error) }
        case .html:
            let html: [UInt8]
            do throws(TemplateError) { html = Array(try templates.html(of: frame, in: context).utf8) } catch { throw .template(error) }
            if let validator {
                let issues = validator.validate(html, file: file, expected: FrameExpectation(frame.layout))
                if !issues.isEmpty { throw .invalid(issues, template: templates.origins["frame.html"] ?? "frame.html") }
            }
            return html
        }
    }
}
