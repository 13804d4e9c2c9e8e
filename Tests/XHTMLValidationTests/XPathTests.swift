import XCTest
@testable import XHTMLValidation

final class XPathTests: XCTestCase {
    private func frame(rows: Int = 5) throws -> XHTMLDocument {
        try XHTMLDocument.parse(Fixtures.frame(rows: rows), file: "frame.xhtml")
    }

    func testCountsNeedTheXHTMLNamespace() throws {
        let document = try frame(rows: 5)
        XCTAssertEqual(try document.count("//h:div"), 6)
        XCTAssertEqual(try document.count("//h:div[@class='row']"), 5)
        XCTAssertEqual(try document.count("//div"), 0, "elements are in the XHTML namespace")
        XCTAssertEqual(try document.count("count(//h:div[@id='viewport']/h:div)"), 5)
        XCTAssertEqual(try document.count("//h:nothing"), 0)
    }

    func testDataIndexAttributesInDocumentOrder() throws {
        let document = try frame(rows: 12)
        let indexes = try document.nodes("//h:div[@class='row']/@data-index")
        XCTAssertEqual(indexes.map(\.text), (0..<12).map(String.init))
        XCTAssertTrue(indexes.allSatisfy { $0.kind == .attribute && $0.name == "data-index" && $0.namespaceURI == nil })
        XCTAssertEqual(indexes.map(\.line), (0..<12).map { Fixtures.rowLineNumber($0) })
    }

    func testElementInfo() throws {
        let document = try frame(rows: 2)
        let rows = try document.nodes("//h:div[@class='row']")
        XCTAssertEqual(rows.count, 2)
        let row = rows[1]
        XCTAssertEqual(row.kind, .element)
        XCTAssertEqual(row.name, "div")
        XCTAssertEqual(row.namespaceURI, XHTMLDocument.xhtmlNamespace)
        XCTAssertEqual(row.line, Fixtures.rowLineNumber(1))
        XCTAssertEqual(row.attributes, ["class": "row", "data-index": "1"])
        XCTAssertEqual(row.orderedAttributes.map(\.name), ["class", "data-index"])
        XCTAssertEqual(row.text, "row 1 & more")

        let viewport = try XCTUnwrap(document.nodes("//h:div[@id='viewport']").first)
        XCTAssertEqual(viewport.line, 8)
        XCTAssertTrue(viewport.text.contains("row 0 & more"))
        XCTAssertTrue(viewport.text.contains("row 1 & more"))

        let html = try XCTUnwrap(document.nodes("/h:html").first)
        XCTAssertEqual(html.attributes["lang"], "en")
        XCTAssertNil(html.attributes["xmlns"], "namespace declarations are not attributes")
    }

    func testStringConvenience() throws {
        let document = try frame()
        XCTAssertEqual(try document.string("//h:title"), "Frame")
        XCTAssertEqual(try document.string("/h:html/@lang"), "en")
        XCTAssertEqual(try document.string("count(//h:div)"), "6")
        XCTAssertEqual(try document.string("//h:nothing"), "")
    }

    func testOtherNodeKindsAndExtraNamespaces() throws {
        let document = try XHTMLDocument.parse("""
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:f="urn:feedframes" xml:lang="en">
        <!-- note -->
        <body f:id="7">text</body>
        </html>
        """, file: "ns.xhtml")
        let body = try XCTUnwrap(document.nodes("//h:body").first)
        XCTAssertEqual(body.attributes, ["f:id": "7"])
        XCTAssertEqual(try document.nodes("//h:body/@f:id", namespaces: ["f": "urn:feedframes"]).map(\.text), ["7"])
        XCTAssertEqual(try document.nodes("//comment()").map(\.kind), [.comment])
        XCTAssertEqual(try document.nodes("//h:body/text()").map(\.text), ["text"])
        XCTAssertEqual(try document.nodes("/h:html/@xml:lang").map(\.name), ["xml:lang"])
        let namespaces = try document.nodes("/h:html/namespace::*")
        XCTAssertTrue(namespaces.contains { $0.kind == .namespace && $0.name == "f" && $0.text == "urn:feedframes" && $0.line == 1 })
    }

    func testErrorsAreThrownAsXPathIssues() throws {
        let document = try frame()
        for expression in ["//h:div[", "//x:div", "nosuchfunction()", "//h:div[@id='a']]"] {
            XCTAssertThrowsError(try document.nodes(expression), expression) { error in
                let issue = error as? ValidationIssue
                XCTAssertEqual(issue?.rule, "xpath")
                XCTAssertEqual(issue?.file, "frame.xhtml")
                XCTAssertTrue(issue?.message.contains(expression) ?? false)
            }
        }
        XCTAssertThrowsError(try document.nodes("nosuchfunction()")) { error in
            // The function name comes from libxml2's per-thread generic channel,
            // captured instead of printed to stderr.
            XCTAssertTrue((error as? ValidationIssue)?.message.contains("function nosuchfunction not found") ?? false, "\(error)")
        }
        XCTAssertThrowsError(try document.nodes("count(//h:div)")) { error in
            XCTAssertEqual((error as? ValidationIssue)?.rule, "xpath")
        }
        XCTAssertThrowsError(try document.count("string(//h:title)"))
        // The document stays usable after errors.
        XCTAssertEqual(try document.count("//h:div"), 6)
    }
}
