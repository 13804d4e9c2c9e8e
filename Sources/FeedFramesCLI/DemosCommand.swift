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
        console.out("Wrote \(Demos.fileNames.count) demo scenarios to \(folder)/")
    }

    /// Writes each demo file unless an edited copy, or a file FeedFrames did not write,
    /// stands in its place (all are checked before any is written). `DIR/.feedframes`
    /// records what was written, so an untouched copy is told from an edited one.
    static func export(to folder: String, force: Bool) throws(CommandFailure) {
        let url = URL(fileURLWithPath: folder)
        var marker = FolderMarker.read(in: folder) ?? FolderMarker(kind: "demos")
        if !force {
            for fileName in Demos.fileNames {
                let path = url.appendingPathComponent(fileName).path
                guard let existing = FileManager.default.contents(atPath: path).map(Array.init) else { continue }
                let new = Array((Demos.text(fileName) ?? "").utf8)
                let written = marker.files[fileName] == FolderMarker.checksum(of: existing)
                if existing != new && !written {
                    throw CommandFailure(.cannotCreate, "\(OutputError.shownPath(path)): was edited or not written by FeedFrames; "
                                         + "not replacing it (move it away, or give --force)")
                }
            }
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for fileName in Demos.fileNames {
                let bytes = Array((Demos.text(fileName) ?? "").utf8)
                try AtomicFile.replace(at: url.appendingPathComponent(fileName).path, with: bytes)
                marker.files[fileName] = FolderMarker.checksum(of: bytes)
            }
            try AtomicFile.replace(at: url.appendingPathComponent(FolderMarker.fileName).path, with: marker.bytes)
        } catch let error as OutputError {
            throw CommandFailure(.cannotCreate, error.description)
        } catch {
            throw CommandFailure(.cannotCreate, "\(OutputError.shownPath(folder)): cannot write demos (\(FrameWriter.reason(error)))")
        }
    }
}
