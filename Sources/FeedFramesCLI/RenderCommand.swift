import FrameFolder
import ArgumentParser
import FeedEngine
import FeedScenario
import Foundation
import FrameImaging
import FrameRendering
import Mustache

/// `feedframes render`: scenarios in, frame folders out.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render scenarios to frames.",
        discussion: """
            Each scenario is written to <out>/<name>/ (name from the scenario, else its file \
            name): one file per frame and format, frames.json, and a viewer (index.html); \
            <out>/index.html links the scenarios. Each folder is written to a temporary folder \
            first and moved into place only when every scenario is complete. HTML frames are \
            validated with libxml2 against frame.rng and checked against their layout.
            """)

    @Argument(help: ArgumentHelp("Scenario files to render.", valueName: "scenario"))
    var scenarios: [String]

    @Option(name: [.short, .long], help: ArgumentHelp("Output folder.", valueName: "dir"))
    var out = "output"

    @Option(name: .long, help: ArgumentHelp("Formats to write: html, text, json, comma-separated (default: all three).", valueName: "formats"),
            transform: FrameFormat.list)
    var format: [FrameFormat] = FrameFormat.allCases

    @OptionGroup var templates: TemplateOptions

    @Option(help: ArgumentHelp("Show every scenario in this locale: a BCP 47 tag; built-in texts for en, zh-Hans, zh-Hant, ja, ko and ar, others fall back (zh-HK → zh-Hant).", valueName: "locale"))
    var locale: String?

    @Option(help: ArgumentHelp("Show every scenario in light or dark mode (iOS's system colours).", valueName: "appearance"))
    var appearance: Appearance?

    @Option(name: .customLong("content-size"),
            help: ArgumentHelp("Show every scenario at this Dynamic Type size: xSmall … xxxLarge, accessibility1 … accessibility5.", valueName: "size"))
    var contentSize: ContentSize?

    @Option(help: ArgumentHelp("Show every scenario on this device: its screen and safe area (feedframes devices lists them), e.g. \"iPhone 15\".",
                               valueName: "device"))
    var device: Device?

    @Option(name: [.short, .long], help: ArgumentHelp("Threads rendering and validating frames.", valueName: "n"))
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: ArgumentHelp("Render only shard i of n (1-based) of the scenarios given, for CI matrices.", valueName: "i/n"),
            transform: Shard.parse)
    var shard: Shard?

    @Flag(name: .customLong("no-validate"), help: "Skip validating HTML frames.")
    var skipValidation = false

    @Flag(help: "Also write a PNG screenshot beside each HTML frame (needs Chromium).")
    var png = false

    @Flag(help: "Also write an animated GIF of each scenario, <name>/<name>.gif, from its PNGs (implies --png; needs ImageMagick).")
    var gif = false

    @Flag(help: "Fail (exit 65, nothing written) when a tap or command in a script does nothing, instead of warning.")
    var strict = false

    /// Up to 256 threads.
    static let jobsRange = 1...256

    func validate() throws {
        guard !out.isEmpty else { throw ValidationError("empty --out (expected a folder; '.' for this one)") }
        guard Self.jobsRange.contains(jobs) else { throw ValidationError.outOfRange("jobs", jobs, Self.jobsRange) }
        if let locale { _ = try FeedTexts.checkedLocale(locale) }
    }

    /// What a render does, however it was asked for (`render`, or `feedframes` alone).
    struct Options {
        var out = "output"
        var formats = FrameFormat.allCases
        var templates: String?
        var locale: String?
        var appearance: Appearance?
        var contentSize: ContentSize?
        var device: Device?
        var validate = true
        var jobs = ProcessInfo.processInfo.activeProcessorCount
        var shard: Shard?
        var screenshots = false
        /// An animated GIF a scenario (implies `screenshots`).
        var animation = false
        /// Steps that do nothing are errors, not warnings.
        var strict = false
    }

    /// A scenario to render, and its file as messages name it.
    struct Loaded {
        var scenario: Scenario
        var file: String
    }

    func run() throws {
        let options = Options(out: out, formats: format, templates: templates.templates, locale: locale,
                              appearance: appearance, contentSize: contentSize, device: device, validate: !skipValidation, jobs: jobs, shard: shard, screenshots: png || gif, animation: gif, strict: strict)
        var loaded: [Loaded] = []
        var problems: [String] = []
        var worst = ExitStatus.success
        for path in scenarios {
            do throws(CommandFailure) {
                loaded.append(Loaded(scenario: try ScenarioLoader.load(path), file: path))
            } catch {
                problems += error.lines
                if worst == .success || error.status == .dataError { worst = error.status }
            }
        }
        guard problems.isEmpty else { throw CommandFailure(worst, problems) }
        if let shard { loaded = loaded.filter { shard.contains($0.scenario.name) } }
        let console = Console()
        if let note = locale.flatMap(LocaleMatch.match)?.fallbackNote { console.error("--locale: \(note)") }
        try Self.render(loaded, options: options, console: console)
    }

    /// Renders every scenario, all or nothing (see `OutputRender`), and says what it wrote.
    static func render(_ loaded: [Loaded], options: Options, console: Console) throws(CommandFailure) {
        var inputs = loaded.map { OutputRender.Input(scenario: $0.scenario, file: $0.file) }
        if let locale = options.locale {
            for index in inputs.indices { inputs[index].scenario.relocalize(locale) }
        }
        for index in inputs.indices {
            if let appearance = options.appearance { inputs[index].scenario.appearance = appearance }
            if let contentSize = options.contentSize { inputs[index].scenario.contentSize = contentSize }
            if let device = options.device { inputs[index].scenario.show(on: device) }
        }
        let (templates, validator) = try TemplateLocator.load(custom: options.templates)
        let start = Date()
        let outURL = URL(fileURLWithPath: options.out)
        var run = OutputRender(renderer: ScenarioRenderer(formats: options.formats, templates: templates,
                                                          validator: options.validate ? validator : nil, jobs: options.jobs),
                               out: outURL, shownOut: options.out)
        run.strict = options.strict
        // One set of browser sessions for the whole run, closed when it ends.
        // FEEDFRAMES_PNG=launch: one Chromium launch a frame, the benchmark's baseline; =webdriver: through chromedriver.
        let screenshots = options.screenshots && options.formats.contains(.html)
            ? Screenshots(jobs: options.jobs) : nil
        defer { screenshots?.close() }
        // ImageMagick is looked for once; when it is missing, that is said once and the PNGs are still taken.
        let animator: ImageMagick?
        do throws(ImageMagick.Failure) {
            animator = options.animation && options.formats.contains(.html) ? try ImageMagick.find() : nil
        } catch {
            console.error("note: --gif \(error); no GIFs written")
            animator = nil
        }
        if options.screenshots && options.formats.contains(.html) {
            run.finishing = { writer, scenario in
                shoot(writer, scenario: scenario, with: screenshots, animator: animator, console: console)
            }
        }
        let summary: OutputRender.Summary
        do throws(OutputRenderError) {
            summary = try run.render(inputs) { console.progress($0) }
        } catch {
            throw CommandFailure(error)
        }
        console.endProgress()
        // What the reader chose where the scenario left room (a locale's fallback texts, keys a texts file lacks).
        for input in inputs { for note in input.scenario.notes { console.error(CommandFailure.printable("\(input.file): \(note)")) } }
        // Once per scenario, naming the first step that did nothing.
        for line in summary.ineffective { console.error(CommandFailure.printable(line)) }
        let seconds = Date().timeIntervalSince(start)
        let validation = options.validate && options.formats.contains(.html) ? "all HTML frames valid" : "not validated"
        console.out("Rendered \(summary.scenarios) scenario\(summary.scenarios == 1 ? "" : "s"), \(summary.frames) frame\(summary.frames == 1 ? "" : "s"), "
                    + "\(summary.bytes) bytes, \(validation), in \(String(format: "%.2f", seconds)) s.")
        // A shard that holds none of the scenarios writes nothing, not even the index.
        if summary.scenarios > 0 { console.out("Open \(outURL.appendingPathComponent("index.html").standardizedFileURL.path)") }
    }

    /// Screenshots (and the GIF made of them) go into the temporary folder, so they appear with
    /// the frames or not at all; then `frames.json` and `frames.js` name them (see `FrameImages`).
    static func shoot(_ writer: FrameWriter, scenario: Scenario, with screenshots: Screenshots?, animator: ImageMagick?,
                      console: Console) {
        guard let screenshots else {
            console.error("note: --png needs Chromium (apt-get install chromium); no screenshots taken")
            return
        }
        let folder = writer.temporary
        let taken = screenshots.shoot(folder: folder, width: scenario.viewport.width, height: scenario.viewport.height) { done, total in
            console.progress("\(scenario.name): screenshot \(done)/\(total)")
        }
        console.endProgress()
        if let fallback = screenshots.fallback {
            console.error("note: no browser session (\(fallback.split(separator: "\n").first ?? "")); one Chromium launch a frame instead")
        }
        guard taken > 0 else { return console.out("\(scenario.name): no screenshots") }
        let exists = { (name: String) in FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path) }
        var gif: String?
        if let animator {
            do throws(ImageMagick.Failure) {
                gif = try Animation.write(named: scenario.name, in: writer, with: animator, exists: exists)
            } catch {
                console.error(CommandFailure.printable("note: \(scenario.name): \(error); no GIF written"))
            }
        }
        do throws(OutputError) {
            try FrameImages.link(in: writer, gif: gif, exists: exists)
        } catch {
            console.error(CommandFailure.printable("note: \(error); frames.json does not name the images"))
        }
        console.out("\(scenario.name): \(taken) screenshots" + (gif.map { ", \($0)" } ?? ""))
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
