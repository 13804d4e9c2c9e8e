import CommandLineKit
import FeedScenario
import Foundation
import FrameRendering

/// `feedframes render`: scenarios in, frame folders out.
enum RenderCommand {
    static let spec = CommandSpec(
        "render",
        abstract: "Render scenarios to frames.",
        discussion: """
            Each scenario is written to <out>/<name>/ (name from the scenario, else its file \
            name): one file per frame and format, frames.json, and a viewer. Output goes to a \
            temporary folder first and is moved into place only when complete.
            """,
        arguments: [.init("scenario", help: "Scenario files to render.", repeating: true)],
        options: [
            .option("out", short: "o", valueName: "dir", help: "Output folder.", default: "output"),
            .option("format", valueName: "formats", help: "Formats to write: html, text, json, comma-separated.",
                    default: "html,text,json", commaSeparated: true),
        ])

    static func run(_ invocation: Invocation, console: Console) -> Result<Void, CommandFailure> {
        Result { () throws(CommandFailure) in
            let formats = try parseFormats(invocation.values("format"))
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
            try render(scenarios, out: invocation.value("out") ?? "output", formats: formats, console: console)
        }
    }

    /// `feedframes` alone: every built-in demo into `output/`.
    static func renderDemos(console: Console) -> Result<Void, CommandFailure> {
        Result { () throws(CommandFailure) in
            try render(try Demos.all(), out: "output", formats: FrameFormat.allCases, console: console)
        }
    }

    static func parseFormats(_ values: [String]) throws(CommandFailure) -> [FrameFormat] {
        var formats: [FrameFormat] = []
        for value in values {
            guard let format = FrameFormat(rawValue: value) else {
                throw CommandFailure(.usage, "Error: unknown format '\(value)' (expected html, text or json)")
            }
            if !formats.contains(format) { formats.append(format) }
        }
        return formats.isEmpty ? FrameFormat.allCases : formats
    }

    static func render(_ scenarios: [Scenario], out: String, formats: [FrameFormat],
                       console: Console) throws(CommandFailure) {
        let names = scenarios.map(\.name)
        if let duplicate = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
            throw CommandFailure(.dataError, "two scenarios are both named \"\(duplicate)\" (each needs its own output folder)")
        }
        let start = Date()
        let outURL = URL(fileURLWithPath: out)
        let renderer = ScenarioRenderer(formats: formats)
        var frames = 0, bytes = 0
        for (number, scenario) in scenarios.enumerated() {
            do {
                let writer = try FrameWriter(target: outURL.appendingPathComponent(scenario.name))
                let report = try renderer.render(scenario, into: writer) { frame in
                    if frame % 50 == 0 {
                        console.progress("[\(number + 1)/\(scenarios.count)] \(scenario.name): \(frame) frames")
                    }
                }
                try writer.commit()
                frames += report.frames
                bytes += report.bytes
            } catch {
                throw CommandFailure(.cannotCreate, error.description)
            }
        }
        console.endProgress()
        let seconds = Date().timeIntervalSince(start)
        console.out("Rendered \(scenarios.count) scenario\(scenarios.count == 1 ? "" : "s"), \(frames) frames, "
                    + "\(bytes) bytes in \(String(format: "%.2f", seconds)) s into \(outURL.standardizedFileURL.path)/")
    }
}
