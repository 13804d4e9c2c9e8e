import XCTest
@testable import XHTMLValidation

final class SchemaTests: XCTestCase {
    func testBadPatternIsASchemaIssueWithLine() {
        let text = """
        <grammar xmlns="http://relaxng.org/ns/structure/1.0">
        <start>
        <element name="a"><foo/></element>
        </start>
        </grammar>
        """
        XCTAssertThrowsError(try RelaxNGSchema(text: text, name: "bad.rng")) { error in
            let issues = (error as? ValidationFailure)?.issues ?? []
            XCTAssertEqual(issues.first?.rule, "relaxng-schema")
            XCTAssertEqual(issues.first?.file, "bad.rng")
            XCTAssertEqual(issues.first?.line, 3)
        }
    }

    func testMalformedSchemaXMLIsASyntaxIssue() {
        XCTAssertThrowsError(try RelaxNGSchema(text: "<grammar xmlns=\"http://relaxng.org/ns/structure/1.0\">\n<start>", name: "cut.rng")) { error in
            let issues = (error as? ValidationFailure)?.issues ?? []
            XCTAssertEqual(issues.first?.rule, "xml-syntax")
            XCTAssertEqual(issues.first?.file, "cut.rng")
            XCTAssertNotNil(issues.first?.column)
        }
    }

    func testWrongRootElement() throws {
        let document = try XHTMLDocument.parse("<svg xmlns=\"http://www.w3.org/2000/svg\"/>", file: "svg.xhtml")
        let issues = document.validate(against: Fixtures.schema)
        XCTAssertEqual(issues.map(\.rule), ["relaxng"])
        XCTAssertEqual(issues.first?.line, 1)
    }
}
