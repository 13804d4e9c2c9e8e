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

/// Runs a scenario and writes each frame in the chosen formats, validating
/// HTML frames as it goes, plus `frames.json` and the viewer `index.html`,
/// into a `FrameWriter`'s folder.
public struct ScenarioRenderer: Sendable {
    public var formats: [FrameFormat]
    public var templates: FrameTemplates
    /// `nil` skips validation (`--no-validate`).
    public var validator: FrameValidator?

    public init(formats: [FrameFormat] = FrameFormat.allCases, templates: FrameTemplates, validator: FrameValidator?) {
        self.formats = formats
        self.templates = templates
        self.validator = validator
    }

    /// - Parameter displayFolder: how the output folder is named in messages.
    /// - Complexity: O(frames × visible rows); memory holds one frame at a
    ///   time plus the small list for `frames.json` and the viewer.
    public func render(_ scenario: Scenario, into writer: FrameWriter, displayFolder: String,
                       progress: (Int) -> Void = { _ in }) throws(RenderError) -> RenderReport {
        let context = FrameContext(scenario)
        var runner = ScenarioRunner(state: scenario.initialState, source: scenario.source.makeSource())
        var entries: [JSONValue] = []
        var strip: [TemplateValue] = []
        var bytes = 0
        var largest = scenario.viewport
        do {
            try runner.run(scenario.steps) { frame throws(RenderError) in
                var files: [String: String] = [:]
                for format in formats {
                    let name = format.fileName(frame: frame.number)
                    let content = try self.content(of: frame, as: format, context: context,
                                                   file: displayFolder + "/" + name)
                    do throws(OutputError) { try writer.write(content, to: name) } catch { throw .output(error) }
                    bytes += content.count
                    files[format.rawValue] = name
                }
                largest.width = max(largest.width, frame.layout.viewport.width)
                largest.height = max(largest.height, frame.layout.viewport.height)
                entries.append(["frame": .number(Double(frame.number)), "time": .number(frame.time),
                                "cause": .string(frame.cause),
                                "files": .array(formats.compactMap { files[$0.rawValue] }.map { .string($0) })])
                strip.append(.object([
                    "number": .int(frame.number), "time": .double(frame.time), "cause": .string(XMLText.safe(frame.cause)),
                    "html": .string(files["html"] ?? ""), "text": .string(files["text"] ?? ""),
                    "json": .string(files["json"] ?? ""),
                ]))
                progress(frame.number)
            }
        } catch let error as RenderError {
            throw error
        } catch {
            throw .output(OutputError(path: displayFolder, message: "\(error)"))
        }
        let list = JSONWriter.bytes(.array(entries), style: .pretty) + [0x0A]
        let viewer: String
        do throws(TemplateError) {
            viewer = try templates.viewer(.object([
                "name": .string(scenario.name), "summary": .string(XMLText.safe(scenario.summary)), "lang": .string(scenario.locale),
                "count": .int(entries.count), "frames": .list(strip),
                "frameWidth": .double(largest.width + 32), "frameHeight": .double(largest.height + 32),
            ]))
        } catch { throw .template(error) }
        let about = JSONWriter.bytes([
            "name": .string(scenario.name), "summary": .string(scenario.summary), "preset": .string(scenario.preset.name),
            "locale": .string(scenario.locale), "frames": .number(Double(entries.count)),
            "formats": .array(formats.map { .string($0.rawValue) }),
        ], style: .pretty) + [0x0A]
        do throws(OutputError) {
            try writer.write(list, to: "frames.json")
            try writer.write(about, to: "scenario.json")
            try writer.write(viewer, to: "index.html")
        } catch { throw .output(error) }
        bytes += list.count + about.count + viewer.utf8.count
        return RenderReport(name: scenario.name, summary: scenario.summary, preset: scenario.preset.name,
                            frames: entries.count, bytes: bytes)
    }

    /// One frame in one format, validated when it is HTML.
    func content(of frame: Frame, as format: FrameFormat, context: FrameContext,
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
