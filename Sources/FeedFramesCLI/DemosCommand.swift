import FeedFramesResources
import FrameFolder
import ArgumentParser
import Foundation
import FrameRendering

/// `feedframes demos`: list the built-in scenarios, or export copies to edit.
struct DemosCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demos", abstract: "List the built-in demo scenarios, or write copies to edit.",
        discussion: """
            With --export, a file already in the folder is replaced only if FeedFrames \
            wrote it and it is unchanged since; an edited copy, or a file of yours, is \
            kept unless --force is given.
            """)

    @Option(help: ArgumentHelp("Write the demo scenario files into this folder.", valueName: "dir"))
    var export: String?

    @Flag(help: "With --export, replace files that were edited or not written by FeedFrames.")
    var force = false

    func validate() throws {
        if force && export == nil { throw ValidationError("--force needs --export DIR") }
    }

    func run() throws {
        let console = Console()
        let scenarios = try Demos.all().map(\.scenario)
        guard let folder = export else {
            let width = scenarios.map(\.name.count).max() ?? 0
            for scenario in scenarios {
                console.out(scenario.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + scenario.summary)
            }
            return
        }
        try Self.export(to: folder, force: force)
        console.out("Wrote \(Demos.fileNames.count) demo scenarios to \(folder)/"
                    + (Embedded.demoFiles.isEmpty ? "" : " (and \(Embedded.demoFiles.keys.sorted().joined(separator: ", ")), which they name)"))
    }

    /// Writes each demo file unless an edited copy, or a file FeedFrames did not write,
    /// stands in its place (see `FileExport`).
    static func export(to folder: String, force: Bool) throws(CommandFailure) {
        let files = Demos.exportedFiles
        do throws(OutputError) { try FileExport.write(files, to: folder, kind: "demos", force: force) } catch {
            throw CommandFailure(.cannotCreate, error.description)
        }
    }
}
