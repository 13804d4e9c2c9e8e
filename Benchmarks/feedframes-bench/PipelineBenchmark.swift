import FrameFolder
import FeedFramesResources
import FeedScenario
import Foundation
import FrameRendering
import Mustache
import XHTMLValidation
import ReferenceEngine

/// Targets 2, 3 and 5: the whole pipeline against libxml2 alone, the frame
/// template against hand-written concatenation, and `--jobs 2` against 1.
enum PipelineBenchmark {
    /// How many times the compared runs take turns (even, so that both orders run equally often).
    static let turns = 8

    /// A standard list scrolled a little at a time: about one frame per event.
    static func scenarioJSON(frames: Int) -> String {
        var events = ["\"launch\"", "\"wait 1\""]
        while events.count < frames {
            events.append(events.count % 40 == 0 ? "\"wait 1\"" : "\"scroll by 9\"")
        }
        return "{\"name\": \"bench\", \"preset\": \"standard\", \"source\": {\"rowHeights\": [44, 88, 60]}, \"events\": [\(events.joined(separator: ", "))]}"
    }

    /// The bench scenario with everything needed to render it, and its frames and their HTML.
    struct Input {
        let scenario: Scenario
        let templates: FrameTemplates
        let validator: FrameValidator
        let context: FrameContext
        let frames: [Frame]
        let html: [[UInt8]]

        init(frames count: Int) throws {
            scenario = try ScenarioReader.read(Array(scenarioJSON(frames: count).utf8), file: "bench.json")
            templates = try FrameTemplates(sources: Embedded.templates)
            validator = try FrameValidator(schemaText: templates.schema)
            context = FrameContext(scenario)
            frames = try scenario.frames()
            html = try frames.map { [templates, context] frame in try templates.htmlBytes(of: frame, in: context) }
        }
    }

    static func run() throws {
        let input = try Input(frames: 10_000)
        let (scenario, templates, validator, context, frames, html) =
            (input.scenario, input.templates, input.validator, input.context, input.frames, input.html)
        let htmlBytes = html.reduce(0) { $0 + $1.count }

        Report.heading("2. Whole pipeline: \(frames.count.formatted()) frames, HTML + text + JSON, written and validated")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feedframes-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        func render(jobs: Int, into name: String) throws -> (seconds: Double, bytes: Int) {
            var bytes = 0
            let renderer = ScenarioRenderer(templates: templates, validator: validator, jobs: jobs)
            // The previous run's folder goes first, untimed: replacing it would time its deletion too.
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            let seconds = try Measure.time {
                let writer = try FrameWriter(target: folder.appendingPathComponent(name), kind: .scenario)
                bytes = try renderer.render(scenario, into: writer, displayFolder: name).bytes
                try writer.commit()
            }
            return (seconds, bytes)
        }
        let written = try render(jobs: 1, into: "warm-up").bytes
        // `--jobs 1` runs in the middle of each turn, next to both runs it is compared with. Each ratio
        // is given two ways: the median of the turns' own ratios, and best time over best time.
        let (alone, one, two) = (0, 1, 2)
        let turns = try Measure.Turns(Self.turns, [
            {
                Measure.time {
                    for (index, bytes) in html.enumerated() {
                        let result = validateXHTML(bytes, file: "\(index).html", schema: validator.schema)
                        precondition(result.issues.isEmpty)
                    }
                }
            },
            { try render(jobs: 1, into: "jobs1").seconds },
            { try render(jobs: 2, into: "jobs2").seconds },
        ])
        let (libxml, jobs1, jobs2) = (turns.best(alone), turns.best(one), turns.best(two))
        let pipelineRatio = turns.medianRatio(one, over: alone), jobsRatio = turns.medianRatio(one, over: two)
        Report.line("pipeline, --jobs 1", String(format: "%.2f s", jobs1),
                    String(format: "%.0f frames/s, %.1f MB/s written", Double(frames.count) / jobs1, Double(written) / jobs1 / 1e6))
        Report.line("libxml2 parse + RelaxNG of the same HTML, 1 core", String(format: "%.2f s", libxml),
                    String(format: "%.0f frames/s, %.1f MB/s", Double(frames.count) / libxml, Double(htmlBytes) / libxml / 1e6))
        Report.line("ratio pipeline / libxml2, median of \(Self.turns) turns", Report.ratio(pipelineRatio),
                    Report.verdict(pipelineRatio <= 1.3, "≤ 1.3×") + "; best / best \(Report.ratio(jobs1 / libxml))")

        // Where a --jobs 1 frame's time goes: each stage alone over every frame, in memory (best of 3).
        let perFrame = { (seconds: Double) in Report.micro(seconds / Double(frames.count)) }
        let engine = try Measure.best(of: 3) {
            var runner = ScenarioRunner(scenario)
            var count = 0
            try runner.run(scenario.steps) { _ in count += 1 }
            precondition(count == frames.count)
        }
        let htmlRender = try Measure.best(of: 3) { for frame in frames { _ = try templates.htmlBytes(of: frame, in: context) } }
        let textRender = try Measure.best(of: 3) { for frame in frames { _ = try templates.textBytes(of: frame, in: context) } }
        let jsonRender = Measure.best(of: 3) { for frame in frames { _ = FrameJSON.bytes(of: frame) } }
        let validation = Measure.best(of: 3) {
            for (frame, bytes) in zip(frames, html) {
                precondition(validator.validate(bytes, file: "f.html", expected: FrameExpectation(frame.layout)).isEmpty)
            }
        }
        let texts = try frames.map { try templates.textBytes(of: $0, in: context) }
        let jsons = frames.map { FrameJSON.bytes(of: $0) }
        let writing = try Measure.best(of: 3) {
            let target = folder.appendingPathComponent("writes")
            try? FileManager.default.removeItem(at: target)
            let writer = try FrameWriter(target: target, kind: .scenario)
            for index in frames.indices {
                try writer.write(html[index], to: FrameFormat.html.fileName(frame: index + 1))
                try writer.write(texts[index], to: FrameFormat.text.fileName(frame: index + 1))
                try writer.write(jsons[index], to: FrameFormat.json.fileName(frame: index + 1))
            }
            try writer.commit()
        }
        Report.line("per frame: libxml2 parse + RelaxNG (the baseline)", perFrame(libxml))
        Report.line("  validate (parse + RelaxNG + layout cross-check)", perFrame(validation))
        Report.line("  run the engine", perFrame(engine))
        Report.line("  render HTML / text / JSON", "\(perFrame(htmlRender)) / \(perFrame(textRender)) / \(perFrame(jsonRender))")
        Report.line("  write the three files", perFrame(writing), "to \(FileManager.default.temporaryDirectory.path)")
        let floor = validation + engine + htmlRender + textRender + jsonRender + writing
        Report.line("  sum of the stages / libxml2", Report.ratio(floor / libxml), "the pipeline's own floor on this machine")

        Report.heading("3. Templates: frame.html against hand-written concatenation")
        let handOutput = frames.prefix(200).map { HandWrittenFrame.html($0, context) }
        let templateOutput = try frames.prefix(200).map { try templates.html(of: $0, in: context) }
        let same = handOutput == templateOutput
        // Template and hand-written take turns, as above.
        let pair = try Measure.Turns(Self.turns, [
            { try Measure.time { for frame in frames { _ = try templates.html(of: frame, in: context) } } },
            { Measure.time { for frame in frames { _ = HandWrittenFrame.html(frame, context) } } },
        ])
        let (template, hand, templateRatio) = (pair.best(0), pair.best(1), pair.medianRatio(0, over: 1))
        let values = Measure.best(of: 3) { for frame in frames { _ = HTMLFrame.value(of: frame, in: context) } }
        Report.line("template render", Report.micro(template / Double(frames.count)),
                    String(format: "%.0f renders/s", Double(frames.count) / template))
        Report.line("  of which building the template's values", Report.micro(values / Double(frames.count)))
        Report.line("hand-written concatenation", Report.micro(hand / Double(frames.count)),
                    same ? "same bytes as the template" : "WARNING: output differs from the template")
        Report.line("ratio template / hand, median of \(Self.turns) turns", Report.ratio(templateRatio),
                    Report.verdict(templateRatio <= 2, "≤ 2×") + "; best / best \(Report.ratio(template / hand))")

        Report.heading("5. Cores: --jobs 2 against --jobs 1 (this machine has \(ProcessInfo.processInfo.activeProcessorCount))")
        let identical = try digest(folder.appendingPathComponent("jobs1")) == digest(folder.appendingPathComponent("jobs2"))
        Report.line("pipeline, --jobs 2", String(format: "%.2f s", jobs2), String(format: "%.0f frames/s", Double(frames.count) / jobs2))
        Report.line("throughput --jobs 2 / --jobs 1, median of \(Self.turns) turns", Report.ratio(jobsRatio),
                    Report.verdict(jobsRatio >= 1.7, "≥ 1.7×") + "; best / best \(Report.ratio(jobs1 / jobs2))")
        Report.line("  the turns' ratios", zip(turns.times[one], turns.times[two]).map(/).sorted().map { String(format: "%.2f", $0) }.joined(separator: " "))
        Report.line("output byte-identical", identical ? "yes" : "NO")
    }

    /// Every file's name and bytes, to compare two output folders.
    static func digest(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files[name] = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
        }
        return files
    }
}
