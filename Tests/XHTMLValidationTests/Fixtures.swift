import Foundation
@testable import XHTMLValidation

/// Test fixtures: a small XHTML frame schema and documents built line by line,
/// so expected line numbers are easy to read.
enum Fixtures {
    static let schemaText = """
    <grammar xmlns="http://relaxng.org/ns/structure/1.0"
             ns="http://www.w3.org/1999/xhtml"
             datatypeLibrary="http://www.w3.org/2001/XMLSchema-datatypes">
      <start>
        <element name="html">
          <optional><attribute name="lang"/></optional>
          <element name="head">
            <element name="title"><text/></element>
            <optional><element name="style"><text/></element></optional>
          </element>
          <element name="body">
            <element name="div">
              <attribute name="id"><value>viewport</value></attribute>
              <zeroOrMore>
                <element name="div">
                  <attribute name="class"><value>row</value></attribute>
                  <attribute name="data-index"><data type="nonNegativeInteger"/></attribute>
                  <text/>
                </element>
              </zeroOrMore>
            </element>
          </element>
        </element>
      </start>
    </grammar>
    """

    static let schema: RelaxNGSchema = {
        do { return try RelaxNGSchema(text: schemaText, name: "frame.rng") } catch { fatalError("\(error)") }
    }()

    /// Row lines; `rows[i]` is `<div class="row" data-index="i">…</div>`.
    static func rowLine(_ index: Int, dropIndex: Bool = false) -> String {
        dropIndex ? "<div class=\"row\">row \(index)</div>"
                  : "<div class=\"row\" data-index=\"\(index)\">row \(index) &amp; more</div>"
    }

    /// A valid frame: line 1 DOCTYPE, 2 <html>, 3 <head>, 4 <title>, 5 <style>,
    /// 6 </head>, 7 <body>, 8 viewport, 9… rows, then the closing lines.
    static func frame(rows: Int = 3, title: String = "Frame", missingIndexAt: Int? = nil,
                      leadingComments: Int = 0) -> String {
        var lines = ["<!DOCTYPE html>"]
        lines += Array(repeating: "<!-- padding -->", count: leadingComments)
        lines += [
            "<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">",
            "<head>",
            "<title>\(title)</title>",
            "<style>body { margin: 0 } .row { height: 10px }</style>",
            "</head>",
            "<body>",
            "<div id=\"viewport\">",
        ]
        for i in 0..<rows { lines.append(rowLine(i, dropIndex: i == missingIndexAt)) }
        lines += ["</div>", "</body>", "</html>"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Line of row `i` in `frame(leadingComments: c)`.
    static func rowLineNumber(_ index: Int, leadingComments: Int = 0) -> Int { 9 + index + leadingComments }
}
