import FrameFolder
import ArgumentParser
import Foundation
import FrameRendering

/// The `feedframes` command line (SPEC §7): parses arguments, runs the
/// command, and maps every failure to an exit status with a message.
public enum FeedFramesCLI {
    /// Runs one command line (without the executable's name) and returns the exit status.
    public static func run(_ arguments: [String]) -> Int32 {
        // Ctrl-C or a kill mid-run removes the temporary folders instead of leaving them behind.
        Interruption.installCleanup()
        let console = Console()
        do {
            var command = try FeedFramesCommand.parseAsRoot(arguments)
            try command.run()
            return 0
        } catch let failure as CommandFailure {
            Interruption.waitIfStopping()
            console.endProgress()
            // Lines quote paths and names as the user gave them: each is made one printable line here.
            for line in failure.lines { console.error(CommandFailure.printable(line)) }
            return failure.status.rawValue
        } catch {
            // argument-parser's own: help and --version (0, on stdout), usage errors (64).
            let code = FeedFramesCommand.exitCode(for: error)
            let message = FeedFramesCommand.fullMessage(for: error)
            if code == .success {
                console.out(message)
            } else {
                for line in message.split(separator: "\n", omittingEmptySubsequences: false) {
                    console.error(CommandFailure.printable(String(line)))
                }
            }
            return code.rawValue
        }
    }
}

/// `feedframes` itself: with no subcommand, every built-in demo into `output/`.
struct FeedFramesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feedframes",
        abstract: "Render incremental-loading list scenarios to frames.",
        discussion: "With no subcommand, renders the built-in demo scenarios into output/ and prints where to open them.",
        version: FeedFramesVersion.current,
        subcommands: [RenderCommand.self, ValidateCommand.self, DiffCommand.self, PreviewCommand.self, PresetsCommand.self, DevicesCommand.self,
                      DemosCommand.self, RecordCommand.self, ExploreCommand.self, SweepCommand.self, ReviewCommand.self])

    func run() throws {
        try RenderCommand.render(try Demos.all(), options: RenderCommand.Options(), console: Console())
    }
}
