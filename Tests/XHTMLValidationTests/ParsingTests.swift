import Foundation
import XCTest
@testable import XHTMLValidation

final class ParsingTests: XCTestCase {
    private func parseIssues(_ text: String, file: String = "t.xhtml",
                             limits: ParseLimits = .default) -> [ValidationIssue] {
        do {
            _ = try XHTMLDocument.parse(text, file: file, limits: limits)
            XCTFail("expected \(file) to be rejected")
            return []
        } catch {
            return error.issues
        }
    }

    func testValidFrameWithDoctypeParsesAndValidates() throws {
        let text = Fixtures.frame()
        XCTAssertTrue(text.hasPrefix("<!DOCTYPE html>\n"))
        let document = try XHTMLDocument.parse(text, file: "ok.xhtml")
        XCTAssertEqual(document.validate(against: Fixtures.schema), [])
        XCTAssertEqual(Fixtures.schema.validate(document), [])

        let (doc, issues) = validateXHTML(Array(text.utf8), file: "ok.xhtml", schema: Fixtures.schema)
        XCTAssertNotNil(doc)
        XCTAssertEqual(issues, [])
        let (doc2, issues2) = validateXHTML(Data(text.utf8), file: "ok.xhtml", schema: Fixtures.schema)
        XCTAssertNotNil(doc2)
        XCTAssertEqual(issues2, [])
    }

    func testMissingRequiredAttributeIsARelaxNGIssueOnItsLine() {
        let (document, issues) = validateXHTML(Fixtures.frame(rows: 4, missingIndexAt: 2),
                                               file: "missing.xhtml", schema: Fixtures.schema)
        XCTAssertNotNil(document, "well-formed, so the document is returned")
        XCTAssertFalse(issues.isEmpty)
        XCTAssertTrue(issues.allSatisfy { $0.rule == "relaxng" && $0.file == "missing.xhtml" && $0.column == nil }, "\(issues)")
        XCTAssertEqual(issues.first?.line, Fixtures.rowLineNumber(2))
        XCTAssertEqual(issues.first?.description,
                       "missing.xhtml:\(Fixtures.rowLineNumber(2)): relaxng: Element div failed to validate attributes")
    }

    func testWrongAttributeValueAndDatatypeAreRelaxNGIssues() throws {
        let text = Fixtures.frame().replacingOccurrences(of: "data-index=\"1\"", with: "data-index=\"-1\"")
        let issues = try XHTMLDocument.parse(text, file: "neg.xhtml").validate(against: Fixtures.schema)
        XCTAssertFalse(issues.isEmpty)
        XCTAssertTrue(issues.allSatisfy { $0.rule == "relaxng" && $0.line == Fixtures.rowLineNumber(1) }, "\(issues)")
        XCTAssertTrue(issues.contains { $0.message.contains("nonNegativeInteger") }, "\(issues)")
    }

    func testDescriptionFormat() {
        XCTAssertEqual(ValidationIssue(file: "a.xhtml", line: 3, column: 7, rule: "xml-syntax", message: "bad").description,
                       "a.xhtml:3:7: xml-syntax: bad")
        XCTAssertEqual(ValidationIssue(file: "a.xhtml", line: 3, rule: "relaxng", message: "bad").description,
                       "a.xhtml:3: relaxng: bad")
    }

    func testUnclosedTagIsASyntaxIssueWithLineAndColumn() {
        let text = """
        <html xmlns="http://www.w3.org/1999/xhtml">
        <body>
        <div id="viewport">
        </body>
        </html>
        """
        let issues = parseIssues(text, file: "unclosed.xhtml")
        XCTAssertEqual(issues.first?.rule, "xml-syntax")
        XCTAssertEqual(issues.first?.line, 4)
        XCTAssertEqual(issues.first?.column, 8)
        XCTAssertTrue(issues.first?.message.contains("div line 3") ?? false, "\(issues)")
        XCTAssertTrue(issues.allSatisfy { $0.file == "unclosed.xhtml" && $0.column != nil })
    }

    func testTruncatedFileIsASyntaxIssue() {
        let full = Fixtures.frame()
        let truncated = String(full[..<full.range(of: "data-index=\"1\"")!.lowerBound])
        let issues = parseIssues(truncated)
        XCTAssertFalse(issues.isEmpty)
        XCTAssertTrue(issues.allSatisfy { $0.rule == "xml-syntax" }, "\(issues)")
        XCTAssertEqual(issues.first?.line, Fixtures.rowLineNumber(1))
        XCTAssertNotNil(issues.first?.column)
    }

    func testBareAmpersandIsASyntaxIssue() {
        let issues = parseIssues("<html>\n<body>\n<p>fish & chips</p>\n</body>\n</html>\n")
        XCTAssertEqual(issues.first?.rule, "xml-syntax")
        XCTAssertEqual(issues.first?.line, 3)
        XCTAssertEqual(issues.first?.column, 10)
    }

    func testInvalidUTF8IsASyntaxIssue() {
        let bytes = Array("<html>\n<body>caf".utf8) + [0xC3, 0x28, 0xFF] + Array("</body></html>\n".utf8)
        XCTAssertThrowsError(try XHTMLDocument.parse(bytes, file: "utf8.xhtml")) { error in
            let issues = (error as? ValidationFailure)?.issues ?? []
            XCTAssertEqual(issues.first?.rule, "xml-syntax")
            XCTAssertEqual(issues.first?.line, 2)
            XCTAssertNotNil(issues.first?.column)
            XCTAssertTrue(issues.first?.message.contains("UTF-8") ?? false, "\(issues)")
            XCTAssertFalse(issues.first?.message.contains("\n") ?? true, "issues are one line")
        }
    }

    func testEmptyInput() {
        XCTAssertEqual(parseIssues("").map(\.rule), ["xml-syntax"])
        XCTAssertThrowsError(try XHTMLDocument.parse([UInt8](), file: "empty.xhtml"))
    }

    func testUndefinedNamespacePrefixIsRejected() {
        let issues = parseIssues("<html xmlns=\"http://www.w3.org/1999/xhtml\"><x:b>x</x:b></html>")
        XCTAssertEqual(issues.map(\.rule), ["xml-syntax"])
    }

    func testSizeCap() throws {
        let text = Fixtures.frame()
        let size = text.utf8.count
        let issues = parseIssues(text, limits: ParseLimits(maxBytes: size - 1))
        XCTAssertEqual(issues.count, 1)
        XCTAssertEqual(issues.first?.rule, "size-limit")
        XCTAssertEqual(issues.first?.line, 0)
        XCTAssertNoThrow(try XHTMLDocument.parse(text, file: "t", limits: ParseLimits(maxBytes: size)))

        // The default cap is 8 MiB.
        XCTAssertEqual(ParseLimits.default.maxBytes, 8 * 1024 * 1024)
        let big = [UInt8](repeating: UInt8(ascii: " "), count: 8 * 1024 * 1024 + 1)
        do {
            _ = try XHTMLDocument.parse(big, file: "big")
            XCTFail("8 MiB + 1 byte must be rejected")
        } catch {
            XCTAssertEqual(error.issues.map(\.rule), ["size-limit"])
        }
    }

    func testDeepNestingIsAnIssueNotACrash() {
        let depth = 10_000
        let text = "<html xmlns=\"http://www.w3.org/1999/xhtml\"><body>"
            + String(repeating: "<div>", count: depth) + String(repeating: "</div>", count: depth)
            + "</body></html>"
        let issues = parseIssues(text, file: "deep.xhtml")
        XCTAssertEqual(issues.count, 1, "\(issues)")
        XCTAssertEqual(issues.first?.rule, "xml-limit")
        XCTAssertEqual(issues.first?.line, 1)
        XCTAssertNotNil(issues.first?.column)

        // Reasonable nesting is fine.
        let ok = "<html xmlns=\"http://www.w3.org/1999/xhtml\"><body>"
            + String(repeating: "<div>", count: 200) + String(repeating: "</div>", count: 200)
            + "</body></html>"
        XCTAssertNoThrow(try XHTMLDocument.parse(ok, file: "ok"))
    }

    func testIssueCountIsCapped() {
        // Undeclared-entity errors are not fatal, so each one is reported.
        let body = String(repeating: "&nbsp;", count: 50)
        let text = "<!DOCTYPE html SYSTEM \"about:legacy-compat\">\n<html>\(body)</html>"
        let issues = parseIssues(text, limits: ParseLimits(maxIssues: 10))
        XCTAssertEqual(issues.count, 11)
        XCTAssertEqual(issues.last?.rule, "too-many-issues")
        XCTAssertTrue(issues.dropLast().allSatisfy { $0.rule == "entity" })
    }
}
