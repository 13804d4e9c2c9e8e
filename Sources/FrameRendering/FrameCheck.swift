import FrameFolder
import Foundation
import JSONText
import XHTMLValidation

/// `feedframes validate`: frames already written, checked as a render checks
/// them (libxml2 against `frame.rng`, and against the JSON frame beside each).
public struct FrameCheck: Sendable {
    public var validator: FrameValidator

    public init(validator: FrameValidator) { self.validator = validator }

    /// Every frame file of `paths` (files, scenario folders or output folders), checked.
    /// - Returns: how many files were checked, and their problems (each reported once:
    ///   a bad `NNNN.json` is found alone and beside its `NNNN.html`).
    public func check(_ paths: [String], progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }) -> (checked: Int, issues: [ValidationIssue]) {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            files += isDirectory.boolValue ? Self.frameFiles(in: path) : [path]
        }
        var issues: [ValidationIssue] = []
        for path in paths { issues += Self.listedButMissing(below: path) }
        var reported: Set<String> = []
        for (index, file) in files.enumerated() {
            issues += check(file).filter { reported.insert($0.description).inserted }
            progress(index + 1, files.count)
        }
        return (files.count, issues)
    }

    /// Frame files in a scenario folder, or in every scenario folder below an output folder.
    public static func frameFiles(in folder: String) -> [String] {
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

    /// The files a scenario folder's `frames.json` lists that are not there (a frame deleted, or never written), in
    /// `folder` or any folder below it: checking only the files there passed a folder missing some.
    static func listedButMissing(below folder: String) -> [ValidationIssue] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else { return [] }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        var issues: [ValidationIssue] = []
        for name in names where !name.hasPrefix(".") {
            let path = (folder as NSString).appendingPathComponent(name)
            if name == "frames.json" { issues += missing(listedIn: path, folder: folder) } else { issues += listedButMissing(below: path) }
        }
        return issues
    }

    private static func missing(listedIn list: String, folder: String) -> [ValidationIssue] {
        guard let data = FileManager.default.contents(atPath: list), let node = try? JSONParser.parse(Array(data)),
              case .array(let frames) = node.plain else { return [] }
        var issues: [ValidationIssue] = []
        for case .object(let frame) in frames {
            guard case .array(let files)? = frame["files"] else { continue }
            for case .string(let name) in files where !name.contains("/") && !name.hasPrefix(".") {
                let path = (folder as NSString).appendingPathComponent(name)
                if !FileManager.default.fileExists(atPath: path) {
                    issues.append(ValidationIssue(file: path, line: 0, column: nil, rule: "missing", message: "frames.json lists it, but it is not there"))
                }
            }
        }
        return issues
    }

    /// One file's problems: an HTML frame checked against the JSON frame beside it; a JSON frame parsed.
    public func check(_ file: String) -> [ValidationIssue] {
        guard let data = FileManager.default.contents(atPath: file) else {
            return [ValidationIssue(file: file, line: 0, column: nil, rule: "read", message: "cannot be read")]
        }
        if file.hasSuffix(".json") {
            switch Self.parseFrameJSON(Array(data), file: file) {
            case .success: return []
            case .failure(let issue): return [issue]
            }
        }
        var expected: FrameExpectation?
        var issues: [ValidationIssue] = []
        let jsonFile = String(file.dropLast(5)) + ".json"
        if let json = FileManager.default.contents(atPath: jsonFile) {
            switch Self.parseFrameJSON(Array(json), file: jsonFile) {
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
