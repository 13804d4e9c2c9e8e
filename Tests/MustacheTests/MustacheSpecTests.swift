import TestSupport
import Foundation
import Mustache
import XCTest

/// Runs the official Mustache spec (required modules only) against the engine.
///
/// The spec folder comes from `$MUSTACHE_SPEC_DIR`, else from the first
/// ancestor of this file that has `shared/mustache-spec` in it. Without one
/// the tests are skipped and say so, or fail when `CI` is set.
final class MustacheSpecTests: XCTestCase {
    func testComments() throws { try runSpecFile("comments") }
    func testDelimiters() throws { try runSpecFile("delimiters") }
    func testInterpolation() throws { try runSpecFile("interpolation") }
    func testInverted() throws { try runSpecFile("inverted") }
    func testPartials() throws { try runSpecFile("partials") }
    func testSections() throws { try runSpecFile("sections") }

    /// Renders each test of one spec file; every failing test is reported on
    /// its own, named by file and test.
    func runSpecFile(_ module: String, file: StaticString = #filePath, line: UInt = #line) throws {
        guard let directory = Self.specDirectory() else {
            let variable = ProcessInfo.processInfo.environment["MUSTACHE_SPEC_DIR"].flatMap { $0.isEmpty ? nil : $0 }
            let why = variable.map { "MUSTACHE_SPEC_DIR=\($0) holds no interpolation.json" }
                ?? "MUSTACHE_SPEC_DIR is unset and no ancestor of this file holds shared/mustache-spec"
            throw missingInput("Mustache spec not found (\(why)): \(module).json not run")
        }
        let url = directory.appendingPathComponent("\(module).json")
        let root = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any],
            "\(module).json is not a JSON object")
        let tests = try XCTUnwrap(root["tests"] as? [[String: Any]], "\(module).json has no tests")
        XCTAssertFalse(tests.isEmpty, "\(module).json has no tests")

        var passed = 0
        for test in tests {
            let name = test["name"] as? String ?? "?"
            let label = "\(module).json / \(name)"
            guard let source = test["template"] as? String, let expected = test["expected"] as? String else {
                XCTFail("\(label): malformed test", file: file, line: line)
                continue
            }
            let partials = test["partials"] as? [String: String] ?? [:]
            do {
                let library = try TemplateLibrary(partials)
                let template = try Template(source, name: label)
                let data = try Self.templateValue(fromJSON: test["data"] ?? NSNull())
                let rendered = try template.render(data, library: library)
                if rendered == expected {
                    passed += 1
                } else {
                    XCTFail("\(label): expected \(expected.debugDescription), rendered \(rendered.debugDescription)",
                            file: file, line: line)
                }
            } catch {
                XCTFail("\(label): \(error)", file: file, line: line)
            }
        }
        print("Mustache spec \(module).json: \(passed)/\(tests.count) passed")
    }

    static func specDirectory() -> URL? {
        let fileManager = FileManager.default
        func isSpec(_ url: URL) -> Bool {
            fileManager.fileExists(atPath: url.appendingPathComponent("interpolation.json").path)
        }
        if let path = ProcessInfo.processInfo.environment["MUSTACHE_SPEC_DIR"], !path.isEmpty {
            let url = URL(fileURLWithPath: path)
            return isSpec(url) ? url : nil
        }
        var ancestor = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while ancestor.path != "/" {
            let candidate = ancestor.appendingPathComponent("shared/mustache-spec")
            if isSpec(candidate) { return candidate }
            ancestor.deleteLastPathComponent()
        }
        return nil
    }

    /// Converts a `JSONSerialization` result into a `TemplateValue`,
    /// keeping integers and decimals apart.
    static func templateValue(fromJSON json: Any) throws -> TemplateValue {
        switch json {
        case is NSNull:
            return .null
        case let text as String:
            return .string(text)
        case let number as NSNumber:
            // JSON booleans arrive as the boolean NSNumber subclass.
            if String(describing: type(of: number)).contains("Boolean") { return .bool(number.boolValue) }
            let type = String(cString: number.objCType)
            if type == "d" || type == "f" { return .double(number.doubleValue) }
            return .int(number.intValue)
        case let list as [Any]:
            return .list(try list.map(templateValue(fromJSON:)))
        case let object as [String: Any]:
            return .object(try object.mapValues(templateValue(fromJSON:)))
        default:
            throw CocoaError(.coderReadCorrupt)
        }
    }
}
