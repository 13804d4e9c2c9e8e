import Mustache
import XCTest

/// A traced render says which template and line wrote each output line, so a
/// problem found in the output can be reported where the user can fix it.
final class TracedRenderTests: XCTestCase {
    func testEachOutputLineIsTracedToItsTemplateLine() throws {
        let library = try TemplateLibrary([
            "page.html": "<ul>\n{{#rows}}\n{{> row.html}}\n{{/rows}}\n</ul>\n",
            "row.html": "<li>\n  <b>{{name}}</b>\n</li>\n",
        ], missingPartial: .error)
        let value: TemplateValue = .object(["rows": .list([.object(["name": .string("a")]), .object(["name": .string("b")])])])
        let traced = try library.renderTraced("page.html", value)
        XCTAssertEqual(traced.bytes, try library.renderUTF8("page.html", value), "the same bytes as an untraced render")
        let output = String(decoding: traced.bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(output[1], "<li>")
        let expected: [(Int, String, Int)] = [(1, "page.html", 1), (2, "row.html", 1), (3, "row.html", 2), (4, "row.html", 3),
                                               (5, "row.html", 1), (6, "row.html", 2), (8, "page.html", 5)]
        for (line, template, templateLine) in expected {
            let origin = try XCTUnwrap(traced.origin(ofLine: line), "output line \(line)")
            XCTAssertEqual(origin.template, template, "output line \(line): \(output[line - 1])")
            XCTAssertEqual(origin.line, templateLine, "output line \(line): \(output[line - 1])")
        }
        XCTAssertNil(traced.origin(ofLine: 0))
        XCTAssertNil(traced.origin(ofLine: 99))
    }

    func testAVariableAtTheStartOfALineIsItsOrigin() throws {
        let library = try TemplateLibrary(["t": "x\n{{value}} y\n"])
        let traced = try library.renderTraced("t", .object(["value": .string("<v>")]))
        XCTAssertEqual(traced.origin(ofLine: 2)?.line, 2)
        XCTAssertEqual(traced.origin(ofLine: 1)?.line, 1)
    }
}
