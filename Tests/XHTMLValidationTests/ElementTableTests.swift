import TestSupport
import XCTest
@testable import XHTMLValidation

/// `children(of:withID:attributes:)` walks the tree; it must find what the
/// XPath `//h:div[@id='…']/*` finds, with the same lines and attribute values.
final class ElementTableTests: XCTestCase {
    let columns = ["id", "data-index", "data-state"]

    /// - Parameter context: begins each failure message (a random test's seed).
    func assertSameAsXPath(_ text: String, id: String = "viewport", context: String = "",
                           file: StaticString = #filePath, line: UInt = #line) throws {
        let document = try XHTMLDocument.parse(text, file: "t.xhtml")
        let expected = try document.nodes("//h:div[@id='\(id)']/*")
        let table = document.children(of: "div", withID: id, attributes: columns)
        XCTAssertEqual(table.count, expected.count, "\(context)element count", file: file, line: line)
        XCTAssertEqual(table.lines, expected.map(\.line), "\(context)lines", file: file, line: line)
        for (row, node) in expected.enumerated() where row < table.count {
            for (column, name) in columns.enumerated() {
                XCTAssertEqual(table[row, column], node.attributes[name], "\(context)element \(row) @\(name)", file: file, line: line)
            }
        }
    }

    func wrap(_ body: String) -> String {
        "<html xmlns=\"http://www.w3.org/1999/xhtml\"><head><title>t</title></head><body>\n\(body)\n</body></html>"
    }

    func testFramesAndOddShapes() throws {
        try assertSameAsXPath(Fixtures.frame(rows: 12))
        try assertSameAsXPath(Fixtures.frame(rows: 0))
        // Entities in values, attributes missing, text and comments between children.
        try assertSameAsXPath(wrap("""
            <div id="viewport">text<!-- c --><p id="a&amp;b" data-index="1"/>
            <span data-state="x &lt; y"/>
            <div id="header" data-state="idle">inner <b id="nested"/></div></div>
            """))
        // Two viewports, one nested in the other; a div of another namespace; an id on a span.
        try assertSameAsXPath(wrap("""
            <div id="viewport"><i data-index="1"/>
            <div id="viewport"><i data-index="2"/></div></div>
            <x:div xmlns:x="urn:other" id="viewport"><i data-index="3"/></x:div>
            <span id="viewport"><i data-index="4"/></span>
            """))
        // No viewport at all.
        try assertSameAsXPath(wrap("<div id=\"other\"><i/></div>"))
        // Attributes in a namespace are not the plain ones.
        try assertSameAsXPath(wrap("<div id=\"viewport\"><i xmlns:q=\"urn:q\" q:id=\"no\" id=\"yes\"/></div>"))
    }

    func testManyRandomFrames() throws {
        let seed = randomSeed(0xE1E)
        var generator = SplitMix64(seed: seed)
        for _ in 0..<50 {
            let rows = Int.random(in: 0...30, using: &generator)
            try assertSameAsXPath(Fixtures.frame(rows: rows), context: "seed \(seed), \(rows) rows: ")
        }
    }
}
