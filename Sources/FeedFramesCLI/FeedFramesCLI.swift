import CommandLineKit
import Foundation
import FrameRendering

/// The `feedframes` command line (SPEC §7): parses arguments, runs the
/// command, and maps every failure to an exit status with a message.
public enum FeedFramesCLI {
    public static let version = "0.1.0"

    static let root = CommandSpec(
        "feedframes",
        abstract: "Render incremental-loading list scenarios to frames.",
        discussion: """
            With no subcommand, renders the built-in demo scenarios into output/ \
            and prints where to open them.
            """,
        version: version,
        subcommands: [RenderCommand.spec, ValidateCommand.spec, DiffCommand.spec, PreviewCommand.spec, PresetsCommand.spec, DemosCommand.spec, RecordCommand.spec, ExploreCommand.spec, SweepCommand.spec])

    /// Runs one command line (without the executable's name) and returns the exit status.
    public static func run(_ arguments: [String]) -> Int32 {
        let console = Console()
        // Ctrl-C or a kill mid-run removes the temporary folders instead of leaving them behind.
        Interruption.installCleanup()
        if arguments.isEmpty {
            return report(RenderCommand.renderDemos(console: console), console)
        }
        let outcome: ParseOutcome
        do {
            outcome = try root.parse(arguments)
        } catch {
            console.error(error.formattedMessage)
            return ExitStatus.usage.rawValue
        }
        switch outcome {
        case .help(let text), .version(let text):
            console.out(text)
            return 0
        case .invocation(let invocation):
            let result: Result<Void, CommandFailure>
            switch invocation.subcommandPath.first {
            case "render": result = RenderCommand.run(invocation, console: console)
            case "validate": result = ValidateCommand.run(invocation, console: console)
            case "presets": result = PresetsCommand.run(invocation, console: console)
            case "demos": result = DemosCommand.run(invocation, console: console)
            case "record": result = RecordCommand.run(invocation, console: console)
            case "diff": result = DiffCommand.run(invocation, console: console)
            case "preview": result = PreviewCommand.run(invocation, console: console)
            case "explore": result = ExploreCommand.run(invocation, console: console)
            case "sweep": result = SweepCommand.run(invocation, console: console)
            default: result = RenderCommand.renderDemos(console: console)
            }
            return report(result, console)
        }
    }

    private static func report(_ result: Result<Void, CommandFailure>, _ console: Console) -> Int32 {
        switch result {
        case .success: return 0
        case .failure(let failure):
            Interruption.waitIfStopping()
            console.endProgress()
            for line in failure.lines { console.error(line) }
            return failure.status.rawValue
        }
    }
}
