import CommandLineKit
import FeedExplorer
import FeedScenario
import Foundation
import FrameRendering

/// `feedframes sweep`: one scenario over a grid of parameter values, to see
/// where behaviour flips.
enum SweepCommand {
    static let spec = CommandSpec(
        "sweep",
        abstract: "Run a scenario over a grid of parameter values and tabulate what changes.",
        discussion: """
            Each --param NAME=FROM..TO[:STEP] (STEP defaults to 1) is one axis; with several, every \
            combination runs, the last axis fastest. NAME is one of footer.prefetchRows, \
            footer.armDistance, footer.height, header.armDistance, viewport.height, viewport.width, \
            source.pageSize, source.total, source.latency, rowHeight, toastDuration.

            The table says how often and when (virtual seconds) load-more and refresh requests \
            started, how many triggers were suppressed, how many stale replies were dropped, and \
            the final state; a row whose outcome differs from the row above (same other values) is \
            marked with * and the columns that changed. Written to <out>/sweep.txt and \
            <out>/sweep.html; the text table also goes to stdout.
            """,
        arguments: [.init("scenario", help: "The scenario file to run.")],
        options: [
            .option("param", short: "p", valueName: "NAME=FROM..TO[:STEP]", help: "A parameter and its values.", repeating: true),
            .option("out", short: "o", valueName: "dir", help: "Output folder (default: output/sweep-<name>)."),
        ])

    static func run(_ invocation: Invocation, console: Console) -> Result<Void, CommandFailure> {
        Result { () throws(CommandFailure) in
            let usage = "Usage: \(HelpFormatter.usage(for: [FeedFramesCLI.root, spec]))"
            guard let path = invocation.positional("scenario") else {
                throw CommandFailure(.usage, ["Error: missing a scenario file", usage])
            }
            var parameters: [SweepParameter] = []
            for text in invocation.values("param") {
                switch SweepParameter.parse(text) {
                case .success(let parameter): parameters.append(parameter)
                case .failure(let error): throw CommandFailure(.usage, ["Error: --param \(error.message)", usage])
                }
            }
            if parameters.isEmpty {
                throw CommandFailure(.usage, ["Error: missing --param NAME=FROM..TO[:STEP] (e.g. --param viewport.height=600..800:10)", usage])
            }
            let scenario = try ScenarioLoader.load(path)
            let table: SweepTable
            do throws(SweepError) {
                table = try Sweep.run(scenario, parameters: parameters) { done, total in
                    if done % 10 == 0 || done == total { console.progress("sweep \(scenario.name): \(done)/\(total) runs") }
                }
            } catch {
                throw CommandFailure(.dataError, "\(path): \(error.message)")
            }
            console.endProgress()
            let out = invocation.value("out") ?? "output/sweep-\(scenario.name)"
            do throws(OutputError) {
                let writer = try FrameWriter(target: URL(fileURLWithPath: out), kind: .sweep)
                try writer.write(table.text, to: "sweep.txt")
                try writer.write(table.html, to: "sweep.html")
                try writer.commit()
            } catch {
                throw CommandFailure(.cannotCreate, error.description)
            }
            console.out(String(table.text.dropLast()))
            console.out("Written: \(out)/sweep.txt, \(out)/sweep.html")
        }
    }
}
