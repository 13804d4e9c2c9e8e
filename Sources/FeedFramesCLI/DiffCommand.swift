import FrameFolder
import ArgumentParser
import Foundation
import FrameDiff
import FrameRendering

/// `feedframes diff`: what changed between two renders, frame by frame, so a
/// reviewer sees the effect of a rule or template change without opening
/// hundreds of files.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two frame folders, frame by frame.",
        discussion: """
            EXPECTED and ACTUAL are both one scenario's frames (a folder of NNNN.txt, NNNN.json, \
            NNNN.html) or both output folders of scenario folders, matched by name. Frames are \
            matched by number: each changed frame is shown as a unified diff of its text frame \
            and the JSON fields that changed, by key path; added and removed frames are listed \
            with their cause. HTML differences are counted, and shown in full only when nothing \
            else changed. Exits 0 when the frames are equal, 1 when they differ.
            """)

    @Argument(help: ArgumentHelp("The reference frames (a scenario folder or an output folder).", valueName: "expected"))
    var expected: String

    @Argument(help: ArgumentHelp("The frames to compare with them.", valueName: "actual"))
    var actual: String

    @Option(help: ArgumentHelp("Also write a report page with expected, actual and the difference side by side.", valueName: "report-dir"))
    var html: String?

    @Option(help: ArgumentHelp("Unchanged lines shown around each change.", valueName: "n"))
    var context = 3

    @OptionGroup var templates: TemplateOptions

    func validate() throws {
        guard (0...1000).contains(context) else { throw ValidationError.outOfRange("context", context, 0...1000) }
    }

    func run() throws {
        let console = Console()
        let (expectedPath, actualPath, context) = (expected, actual, self.context)
        let result: FolderDiff
        do throws(FolderDiffError) {
            result = try FolderDiff.compare(expected: expectedPath, actual: actualPath, context: context)
        } catch {
            switch error {
            case .missing, .notAFolder, .noFrames: throw CommandFailure(.noInput, error.description)
            case .mismatchedKinds: throw ValidationError(error.description)
            }
        }
        for line in result.lines { console.out(line) }
        if let folder = html {
            let (templates, _) = try TemplateLocator.load(custom: templates.templates)
            try Self.writeReport(result.report, to: folder, templates: templates, console: console)
        }
        if !result.isEqual { throw CommandFailure(.failure, []) }
    }

    /// The report folder appears whole or not at all (a failed write leaves the old one).
    static func writeReport(_ report: DiffReport, to folder: String, templates: FrameTemplates,
                            console: Console) throws(CommandFailure) {
        do throws(RenderError) {
            let writer: FrameWriter
            do throws(OutputError) { writer = try FrameWriter(target: URL(fileURLWithPath: folder), kind: .diffReport) } catch { throw .output(error) }
            try report.write(into: writer, templates: templates, displayFolder: folder)
            do throws(OutputError) { try writer.commit() } catch { throw .output(error) }
        } catch {
            throw CommandFailure(error)
        }
        console.out("Report: \(URL(fileURLWithPath: folder).appendingPathComponent("index.html").standardizedFileURL.path)")
    }
}
