import FrameFolder
import ArgumentParser
import ExploreReport
import FeedExplorer
import FeedScenario
import Foundation
import FrameRendering

/// `feedframes sweep`: one scenario over a grid of parameter values, to see
/// where behaviour flips.
struct SweepCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sweep",
        abstract: "Run a scenario over a grid of parameter values and tabulate what changes.",
        discussion: """
            Each --param NAME=FROM..TO[:STEP] (STEP defaults to 1) is one axis; with several, every \
            combination runs, the last axis fastest. NAME is one of footer.prefetchRows, \
            footer.armDistance, footer.height, header.armDistance, viewport.height, viewport.width, \
            source.pageSize, source.total, source.latency, rowHeight, toastDuration.

            The table says how often and when (virtual seconds) load-more and refresh requests \
            started, how many triggers were suppressed, how many stale pages the logic was given \
            (replies to requests older than a newer first load or refresh: the presets cancel or \
            refuse those, so theirs is 0; frame JSON's staleReplies counts the dropped ones), and \
            the final state; a row whose outcome differs from the row above (same other values) is \
            marked with * and the columns that changed. Written to <out>/sweep.txt and \
            <out>/sweep.html; the text table also goes to stdout.
            """)

    @Argument(help: ArgumentHelp("The scenario file to run.", valueName: "scenario"))
    var scenario: String

    @Option(name: [.short, .customLong("param")],
            help: ArgumentHelp("A parameter and its values.", valueName: "NAME=FROM..TO[:STEP]"),
            transform: SweepParameter.argument)
    var parameters: [SweepParameter] = []

    @Option(name: [.short, .long], help: ArgumentHelp("Output folder (default: output/sweep-<name>).", valueName: "dir"))
    var out: String?

    @OptionGroup var templates: TemplateOptions

    func validate() throws {
        if parameters.isEmpty {
            throw ValidationError("missing --param NAME=FROM..TO[:STEP] (e.g. --param viewport.height=600..800:10)")
        }
        // The grid's own checks, here: they are the command line's, not the scenario's (64, not 65).
        do throws(SweepError) { try Sweep.checkGrid(parameters) } catch { throw ValidationError(error.message) }
    }

    func run() throws {
        let console = Console()
        let loaded = try ScenarioLoader.load(scenario)
        let table: SweepTable
        do throws(SweepError) {
            table = try Sweep.run(loaded, parameters: parameters) { done, total in
                if done % 10 == 0 || done == total { console.progress("sweep \(loaded.name): \(done)/\(total) runs") }
            }
        } catch {
            throw CommandFailure(.dataError, "\(scenario): \(error.message)")
        }
        console.endProgress()
        let out = self.out ?? "output/sweep-\(loaded.name)"
        let (templates, _) = try TemplateLocator.load(custom: templates.templates)
        do throws(RenderError) { try SweepOutput.write(table, to: out, templates: templates) } catch { throw CommandFailure(error) }
        console.out(String(table.text.dropLast()))
        console.out("Written: \(out)/sweep.txt, \(out)/sweep.html")
    }
}

extension SweepParameter {
    /// `--param NAME=FROM..TO[:STEP]`, or why it is not one.
    static func argument(_ text: String) throws -> SweepParameter {
        switch SweepParameter.parse(text) {
        case .success(let parameter): return parameter
        case .failure(let error):
            // argument-parser quotes the value already.
            let echo = "'\(text)': "
            throw ValidationError(error.message.hasPrefix(echo) ? String(error.message.dropFirst(echo.count)) : error.message)
        }
    }
}
