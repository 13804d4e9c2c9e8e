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
            empty view); every JSON frame must parse. A folder may be one scenario's frames or an \
            output folder of scenarios. Exits 1 when any frame fails.
            """)

    @Argument(help: ArgumentHelp("Frame folders or files (NNNN.html, NNNN.json).", valueName: "path"))
    var paths: [String]

    @OptionGroup var templates: TemplateOptions

    func run() throws {
        let console = Console()
        let (_, validator) = try TemplateLocator.load(custom: templates.templates)
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw CommandFailure(.noInput, "\(path): no such file or folder")
            }
            files += isDirectory.boolValue ? Self.frameFiles(in: path) : [path]
        }
        var problems: [String] = []
        var checked = 0
        var reported: Set<String> = []
        for file in files {
            checked += 1
            // A bad NNNN.json is found twice (alone, and beside its NNNN.html): reported once.
            problems += Self.check(file, validator: validator).map(\.description).filter { reported.insert($0).inserted }
            if checked % 100 == 0 { console.progress("validated \(checked)/\(files.count) files") }
        }
        console.endProgress()
        if files.isEmpty { problems.append("no frames found in \(paths.joined(separator: ", "))") }
        guard problems.isEmpty else {
            throw CommandFailure(.failure, problems + ["\(problems.count) problem\(problems.count == 1 ? "" : "s") in \(checked) file\(checked == 1 ? "" : "s")"])
        }
        console.out("\(checked) file\(checked == 1 ? "" : "s") valid")
    }

    /// Frame files in a scenario folder, or in every scenario folder below an output folder.
    static func frameFiles(in folder: String) -> [String] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        var files: [String] = []
        for name in names where !name.hasPrefix(".") {
            let path = (folder as NSString).appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            if isDirectory.boolValue {
                files += frameFiles(in: path)
            } else if FrameFileName.isCheckedFrame(name) {
                files.append(path)
            }
        }
        return files
    }

    static func check(_ file: String, validator: FrameValidator) -> [ValidationIssue] {
        guard let data = FileManager.default.contents(atPath: file) else {
            return [ValidationIssue(file: file, line: 0, column: nil, rule: "read", message: "cannot be read")]
        }
        if file.hasSuffix(".json") {
            switch parseFrameJSON(Array(data), file: file) {
            case .success: return []
            case .failure(let issue): return [issue]
            }
        }
        var expected: FrameExpectation?
        var issues: [ValidationIssue] = []
        let jsonFile = String(file.dropLast(5)) + ".json"
        if let json = FileManager.default.contents(atPath: jsonFile) {
            switch parseFrameJSON(Array(json), file: jsonFile) {
            case .success(let value): expected = value
            case .failure(let issue): issues.append(issue)
            }
        }
        return issues + validator.validate(Array(data), file: file, expected: expected)
    }

    static func parseFrameJSON(_ bytes: [UInt8], file: String) -> Result<FrameExpectation, ValidationIssue> {
        let node: JSONNode
        do {
            node = try JSONParser.parse(bytes)
        } catch {
            return .failure(ValidationIssue(file: file, line: error.line, column: error.column, rule: "json-syntax", message: error.message))
        }
        switch FrameExpectation.fromJSON(node.plain) {
        case .success(let expectation): return .success(expectation)
        case .failure(let problem):
            return .failure(ValidationIssue(file: file, line: node.position.line, column: node.position.column,
                                            rule: "frame-json", message: problem.message))
        }
    }
}
