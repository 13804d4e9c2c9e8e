import ArgumentParser
import Foundation
import FrameFolder
import FrameRendering
import JSONText
import XHTMLValidation

/// `feedframes validate`: check frames already written, for example after a
/// hand edit or in a pipeline that renders elsewhere.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Validate frames already written.",
        discussion: """
            Checks every HTML frame with libxml2 (well-formed XHTML, valid against frame.rng) and \
            against the JSON frame beside it (rows, header and footer states, retry button, toast, \
            empty view); every JSON frame must parse, and every file a folder's frames.json lists \
            must be there. A folder may be one scenario's frames or an \
            output folder of scenarios. Exits 1 when any frame fails.
            """)

    @Argument(help: ArgumentHelp("Frame folders or files (NNNN.html, NNNN.json).", valueName: "path"))
    var paths: [String]

    @OptionGroup var templates: TemplateOptions

    func run() throws {
        let console = Console()
        let (_, validator) = try TemplateLocator.load(custom: templates.templates)
        if let missing = paths.first(where: { !FileManager.default.fileExists(atPath: $0) }) {
            throw CommandFailure(.noInput, "\(missing): no such file or folder")
        }
        let (checked, issues) = FrameCheck(validator: validator).check(paths) { done, total in
            if done % 100 == 0 { console.progress("validated \(done)/\(total) files") }
        }
        console.endProgress()
        var problems = issues.map(\.description)
        if checked == 0 {
            problems.append("no frames found in \(paths.joined(separator: ", ")) (expected HTML or JSON frames, NNNN.html or NNNN.json: "
                            + "text frames are not validated)")
        }
        guard problems.isEmpty else {
            throw CommandFailure(.failure, problems + ["\(problems.count) problem\(problems.count == 1 ? "" : "s") in \(checked) file\(checked == 1 ? "" : "s")"])
        }
        console.out("\(checked) file\(checked == 1 ? "" : "s") valid")
    }
}
