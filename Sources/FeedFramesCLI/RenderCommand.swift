import CommandLineKit
import FeedEngine
import FeedScenario
import Foundation
import FrameRendering
import Mustache

/// `feedframes render`: scenarios in, frame folders out.
enum RenderCommand {
    static let spec = CommandSpec(
        "render",
        abstract: "Render scenarios to frames.",
        discussion: """
            Each scenario is written to <out>/<name>/ (name from the scenario, else its file \
            name): one file per frame and format, frames.json, and a viewer (index.html); \
            <out>/index.html links the scenarios. Each folder is written to a temporary folder \
            first and moved into place only when complete. HTML frames are validated with \
            libxml2 against frame.rng and checked against their layout.
            """,
        arguments: [.init("scenario", help: "Scenario files to render.", repeating: true)],
        options: [
            .option("out", short: "o", valueName: "dir", help: "Output folder.", default: "output"),
            .option("format", valueName: "formats", help: "Formats to write: html, text, json, comma-separated.",
                    default: "html,text,json", commaSeparated: true),
            .option("templates", valueName: "dir", help: "Templates to use instead of the defaults (file by file)."),
            .option("locale", valueName: "locale", help: "Show every scenario in this locale: en, zh-Hans or zh-Hant."),
            .option("jobs", short: "j", valueName: "n", help: "Threads rendering and validating frames.",
                    default: String(ProcessInfo.processInfo.activeProcessorCount)),
            .option("shard", valueName: "i/n", help: "Render only shard i of n (1-based) of the scenarios given, for CI matrices."),
            .flag("no-validate", help: "Skip validating HTML frames."),
            .flag("png", help: "Also write a PNG screenshot beside each HTML frame (needs Chromium; slow)."),
        ])

    struct Options {
        var out = "output"
        var formats = FrameFormat.allCases
        var templates: String?
        var locale: String?
        var validate = true
        var jobs = ProcessInfo.processInfo.activeProcessorCount
        var shard: Shard?
        var screenshots = false
    }

    static func run(_ invocation: Invocation, console: Console) -> Result<Void, CommandFailure> {
        Result { () throws(CommandFailure) in
            var options = Options()
            options.out = invocation.value("out") ?? "output"
            guard !options.out.isEmpty else { throw usage("empty --out (expected a folder; '.' for this one)") }
            options.formats = try parseFormats(invocation.values("format"))
            options.templates = invocation.value("templates")
            options.locale = invocation.value("locale")
            options.validate = !invocation.flag("no-validate")
            options.jobs = try jobs(invocation.value("jobs"))
            options.screenshots = invocation.flag("png")
            if let text = invocation.value("shard") {
                guard let shard = Shard(text) else { throw usage("bad --shard '\(text)' (expected i/n with 1 ≤ i ≤ n, e.g. 2/4)") }
                options.shard = shard
            }
            if let locale = options.locale, FeedTexts.forLocale(locale) == nil {
                throw usage("unknown locale '\(locale)' (expected en, zh-Hans or zh-Hant)")
            }
            var scenarios: [Scenario] = []
            var problems: [String] = []
            var worst = ExitStatus.success
            for path in invocation.positionals("scenario") {
                do throws(CommandFailure) {
                    scenarios.append(try ScenarioLoader.load(path))
                } catch {
                    problems += error.lines
                    if worst == .success || error.status == .dataError { worst = error.status }
                }
            }
            guard problems.isEmpty else { throw CommandFailure(worst, problems) }
            if let shard = options.shard { scenarios = scenarios.filter { shard.contains($0.name) } }
            try render(scenarios, options: options, console: console)
        }
    }

    /// `feedframes` alone: every built-in demo into `output/`.
    static func renderDemos(console: Console) -> Result<Void, CommandFailure> {
        Result { () throws(CommandFailure) in
            try render(try Demos.all(), options: Options(), console: console)
        }
    }

    static func usage(_ message: String) -> CommandFailure {
        CommandFailure(.usage, ["Error: \(message)", "Usage: \(HelpFormatter.usage(for: [FeedFramesCLI.root, spec]))",
                                "  See 'feedframes render --help' for more information."])
    }

    static func jobs(_ text: String?) throws(CommandFailure) -> Int {
        guard let text else { return ProcessInfo.processInfo.activeProcessorCount }
        guard let jobs = Int(text), (1...256).contains(jobs) else { throw usage("bad --jobs '\(text)' (expected a number from 1 to 256)") }
        return jobs
    }

    static func parseFormats(_ values: [String]) throws(CommandFailure) -> [FrameFormat] {
        var formats: [FrameFormat] = []
        for value in values {
            guard let format = FrameFormat(rawValue: value) else {
                throw usage("unknown format '\(value)' (expected html, text or json)")
            }
            if !formats.contains(format) { formats.append(format) }
        }
        guard !formats.isEmpty else { throw usage("empty --format (expected html, text or json, comma-separated)") }
        return formats
    }

    static func render(_ scenarios: [Scenario], options: Options, console: Console) throws(CommandFailure) {
        var scenarios = scenarios
        if let locale = options.locale {
            for index in scenarios.indices { scenarios[index].relocalize(locale) }
        }
        let names = scenarios.map(\.name)
        if let duplicate = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
            throw CommandFailure(.dataError, "two scenarios are both named \"\(duplicate)\" (each needs its own output folder)")
        }
        let (templates, validator) = try TemplateLocator.load(custom: options.templates)
        let start = Date()
        let outURL = URL(fileURLWithPath: options.out)
        let renderer = ScenarioRenderer(formats: options.formats, templates: templates,
                                        validator: options.validate ? validator : nil, jobs: options.jobs)
        var frames = 0, bytes = 0
        for (number, scenario) in scenarios.enumerated() {
            let display = (options.out as NSString).appendingPathComponent(scenario.name)
            do throws(RenderError) {
                let writer: FrameWriter
                do throws(OutputError) { writer = try FrameWriter(target: outURL.appendingPathComponent(scenario.name), marker: "scenario.json") }
                catch { throw .output(error) }
                let report = try renderer.render(scenario, into: writer, displayFolder: display) { frame in
                    console.progress("[\(number + 1)/\(scenarios.count)] \(scenario.name): \(frame) frames")
                }
                if options.screenshots && options.formats.contains(.html) {
                    shoot(writer.temporary, scenario: scenario, console: console)
                }
                do throws(OutputError) { try writer.commit() } catch { throw .output(error) }
                frames += report.frames
                bytes += report.bytes
            } catch {
                switch error {
                case .output: throw CommandFailure(.cannotCreate, error.description)
                case .template, .limit: throw CommandFailure(.dataError, error.description)
                case .invalid: throw CommandFailure(.failure, error.description)
                }
            }
        }
        try writeIndex(outURL, templates: templates)
        console.endProgress()
        let seconds = Date().timeIntervalSince(start)
        let validation = options.validate && options.formats.contains(.html) ? "all HTML frames valid" : "not validated"
        console.out("Rendered \(scenarios.count) scenario\(scenarios.count == 1 ? "" : "s"), \(frames) frames, "
                    + "\(bytes) bytes, \(validation), in \(String(format: "%.2f", seconds)) s.")
        console.out("Open \(outURL.appendingPathComponent("index.html").standardizedFileURL.path)")
    }

    /// Screenshots go into the temporary folder, so they appear with the frames or not at all.
    static func shoot(_ folder: URL, scenario: Scenario, console: Console) {
        guard let screenshots = Screenshots() else {
            console.error("note: --png needs Chromium (apt-get install chromium); no screenshots taken")
            return
        }
        let taken = screenshots.shoot(folder: folder, width: scenario.viewport.width, height: scenario.viewport.height) { done, total in
            console.progress("\(scenario.name): screenshot \(done)/\(total)")
        }
        console.endProgress()
        console.out("\(scenario.name): \(taken) screenshots")
    }

    /// `<out>/index.html`: every scenario folder in `out`, from this run or an earlier one.
    static func writeIndex(_ out: URL, templates: FrameTemplates) throws(CommandFailure) {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        var rows: [TemplateValue] = []
        for name in names {
            // scenario.json is small whatever the frame count; frames.json can be megabytes.
            guard let about = ScenarioIndex.read(out.appendingPathComponent(name)) else { continue }
            rows.append(.object(["name": .string(name), "frames": .int(about.frames),
                                 "preset": .string(about.preset), "summary": .string(about.summary)]))
        }
        do {
            let html = try templates.list(.object(["scenarios": .list(rows)]))
            // A run killed here leaves its temporary file behind: the next run clears it.
            FrameWriter.removeLeftovers(of: "index.html", in: out)
            let temporary = out.appendingPathComponent(".index.html-tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
            try Data(html.utf8).write(to: temporary)
            if rename(temporary.path, out.appendingPathComponent("index.html").path) != 0 {
                try? FileManager.default.removeItem(at: temporary)
                throw OutputError(path: out.appendingPathComponent("index.html").path, message: String(cString: strerror(errno)))
            }
        } catch let error as TemplateError {
            throw CommandFailure(.dataError, error.description)
        } catch {
            throw CommandFailure(.cannotCreate, "\(out.appendingPathComponent("index.html").path): cannot write (\(FrameWriter.reason(error)))")
        }
    }
}

/// What `scenario.json` says of a rendered scenario, for the index.
enum ScenarioIndex {
    static func read(_ folder: URL) -> (preset: String, summary: String, frames: Int)? {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent("scenario.json").path),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return (object["preset"] as? String ?? "", object["summary"] as? String ?? "", object["frames"] as? Int ?? 0)
    }
}

extension Scenario {
    /// The same scenario shown in another locale.
    mutating func relocalize(_ locale: String) {
        guard let texts = preset.config(locale: locale)?.texts else { return }
        self.locale = locale
        config.texts = texts
    }
}
