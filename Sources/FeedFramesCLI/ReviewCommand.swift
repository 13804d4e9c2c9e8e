import ArgumentParser
import Foundation
import FrameRendering

/// `feedframes review`: a pull request's recorded snapshot references as pages to
/// step through, so a reviewer looks at the frames instead of reading files.
struct ReviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "Turn recorded snapshot references into a browsable gallery.",
        discussion: """
            Finds every reference folder below DIR (the frame folders in __Snapshots__ that \
            assertFrames and expectFrames record; .build and hidden folders are skipped) and \
            writes each to <out>/<TestFile>.<test>/ with its frame files, frames.json and the \
            viewer; <out>/index.html links them all. As with render, the folders are written \
            to temporary folders first, moved into place only when all are complete, and only \
            folders FeedFrames wrote are replaced.
            """)

    @Argument(help: ArgumentHelp("The folder to search for __Snapshots__ (a package's root, or its Tests folder).", valueName: "dir"))
    var directory: String

    @Option(name: [.short, .long], help: ArgumentHelp("Output folder.", valueName: "dir"))
    var out = "review"

    @OptionGroup var templates: TemplateOptions

    func validate() throws {
        guard !out.isEmpty else { throw ValidationError("empty --out (expected a folder; '.' for this one)") }
    }

    func run() throws {
        try Self.review(directory, out: out, templates: templates.templates, console: Console())
    }

    static func review(_ directory: String, out: String, templates custom: String?, console: Console) throws(CommandFailure) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder), isFolder.boolValue else {
            throw CommandFailure(.noInput, ["\(CommandFailure.printable(directory)): no such folder (expected a folder holding __Snapshots__)"])
        }
        let references = ReferenceReview.references(under: URL(fileURLWithPath: directory))
        guard !references.isEmpty else {
            throw CommandFailure(.noInput, ["\(CommandFailure.printable(directory)): no recorded frames in any __Snapshots__ folder below it "
                                            + "(expected folders of NNNN.txt, NNNN.json or NNNN.html frames)"])
        }
        let (templates, _) = try TemplateLocator.load(custom: custom)
        let review = ReferenceReview(templates: templates, out: URL(fileURLWithPath: out), shownOut: out)
        let frames: Int
        do throws(OutputRenderError) {
            frames = try review.write(references) { console.progress($0) }
        } catch {
            console.endProgress()
            throw CommandFailure(error)
        }
        console.endProgress()
        console.out("Reviewed \(references.count) reference\(references.count == 1 ? "" : "s"), \(frames) frame\(frames == 1 ? "" : "s")")
        console.out("Open \(URL(fileURLWithPath: out).appendingPathComponent("index.html").standardizedFileURL.path)")
    }
}
