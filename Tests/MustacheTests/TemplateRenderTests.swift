import Mustache
import XCTest

/// Rendering behaviour beyond the spec: escaping, numbers, nesting, partials.
final class TemplateRenderTests: XCTestCase {
    func render(_ source: String, _ value: TemplateValue, partials: [String: String] = [:]) throws -> String {
        try Template(source, name: "test").render(value, library: TemplateLibrary(partials))
    }

    func testEscapesHostileStrings() throws {
        let cases: [(String, String)] = [
            ("<script>alert(\"x\")</script>", "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"),
            ("Tom & Jerry's", "Tom &amp; Jerry&#39;s"),
            ("]]>", "]]&gt;"),
            ("&amp;", "&amp;amp;"),
            ("<<>>", "&lt;&lt;&gt;&gt;"),
            ("é<ü>😀\"'", "é&lt;ü&gt;😀&quot;&#39;"),
            ("plain text, nothing to do", "plain text, nothing to do"),
            ("", ""),
        ]
        let template = try Template("[{{s}}]", name: "t")
        let raw = try Template("[{{{s}}}|{{&s}}]", name: "t")
        for (input, expected) in cases {
            XCTAssertEqual(try template.render(["s": .string(input)]), "[\(expected)]", input)
            XCTAssertEqual(try raw.render(["s": .string(input)]), "[\(input)|\(input)]", input)
        }
        // Attribute context: quotes cannot break out.
        XCTAssertEqual(try render(#"<a title="{{t}}" alt='{{t}}'>"#, ["t": #"x" onload='y"#]),
                       #"<a title="x&quot; onload=&#39;y" alt='x&quot; onload=&#39;y'>"#)
    }

    /// Records render as objects with the same keys, however they are built; shared keys are not changed by a set.
    func testRecordsRenderAsObjects() throws {
        let source = "{{#rows}}[{{index}} {{title}} {{missing}}{{#flag}}!{{/flag}}]{{/rows}}"
        let keys = ["index", "title", "flag"]
        let shared = TemplateValue.list([
            .record(TemplateRecord(keys: keys, values: [1, "a<b", true])),
            .record(TemplateRecord(keys: keys, values: [2, "c", false])),
        ])
        let literal = TemplateValue.list([
            .record(TemplateRecord(["index": 1, "title": "a<b", "flag": true])),
            .record(TemplateRecord(["index": 2, "title": "c", "flag": false])),
        ])
        let object: TemplateValue = [["index": 1, "title": "a<b", "flag": true], ["index": 2, "title": "c", "flag": false]]
        let expected = "[1 a&lt;b !][2 c ]"
        XCTAssertEqual(try render(source, ["rows": shared]), expected)
        XCTAssertEqual(try render(source, ["rows": literal]), expected)
        XCTAssertEqual(try render(source, ["rows": object]), expected)
        var record = TemplateRecord(keys: keys, values: [1, "a", true])
        record["title"] = "changed"
        record["extra"] = 3
        XCTAssertEqual(record.keys, ["index", "title", "flag", "extra"])
        XCTAssertEqual(keys, ["index", "title", "flag"])
    }

    func testAppendHTMLEscapedAppends() {
        var output = "<b>"
        output.appendHTMLEscaped("1 < 2 & 3")
        XCTAssertEqual(output, "<b>1 &lt; 2 &amp; 3")
    }

    func testNumbersAndBooleans() throws {
        let value: TemplateValue = [
            "int": 85, "negative": -3, "zero": 0, "max": .int(Int.max),
            "decimal": 1.21, "whole": 85.0, "negativeZero": -0.0, "tenth": 0.1, "huge": 1e20, "tiny": 2.5e-7,
            "yes": true, "no": false,
        ]
        let source = "{{int}} {{negative}} {{zero}} {{max}}|{{decimal}} {{whole}} {{negativeZero}} {{tenth}} {{huge}} {{tiny}}|{{yes}} {{no}}"
        XCTAssertEqual(try render(source, value),
                       "85 -3 0 9223372036854775807|1.21 85 0 0.1 1e+20 2.5e-07|true false")
    }

    func testTruthiness() throws {
        let source = "{{#v}}T{{/v}}{{^v}}F{{/v}}"
        let cases: [(TemplateValue, String)] = [
            (nil, "F"), (false, "F"), (true, "T"), ([], "F"), ("", "F"),
            (0, "T"), (0.0, "T"), ("x", "T"), ([:], "T"), ([false], "T"),
        ]
        for (value, expected) in cases {
            XCTAssertEqual(try render(source, ["v": value]), expected, "\(value)")
        }
    }

    func testNestedLists() throws {
        let table: TemplateValue = [
            "caption": "Grid",
            "rows": [
                ["cells": [1, 2, 3]],
                ["cells": []],
                ["cells": [["x": "a"], ["x": "<b>"]]],
            ],
        ]
        let source = """
            <table>
            {{#rows}}
              <tr>{{#cells}}<td>{{caption}}:{{.}}{{x}}</td>{{/cells}}{{^cells}}<td>empty</td>{{/cells}}</tr>
            {{/rows}}
            </table>

            """
        XCTAssertEqual(try render(source, table), """
            <table>
              <tr><td>Grid:1</td><td>Grid:2</td><td>Grid:3</td></tr>
              <tr><td>empty</td></tr>
              <tr><td>Grid:a</td><td>Grid:&lt;b&gt;</td></tr>
            </table>

            """)
        // Lists of lists through the implicit iterator.
        XCTAssertEqual(try render("{{#m}}[{{#.}}{{.}},{{/.}}]{{/m}}", ["m": [[1, 2], [], [3]]]), "[1,2,][][3,]")
    }

    func testContextStackAndDottedNames() throws {
        let value: TemplateValue = ["user": ["name": "Ann", "team": ["name": "Core"]], "name": "outer"]
        XCTAssertEqual(try render("{{#user}}{{name}}/{{team.name}}/{{#team}}{{name}}{{/team}}{{/user}}/{{name}}", value),
                       "Ann/Core/Core/outer")
        // A broken chain does not fall back to outer contexts.
        XCTAssertEqual(try render("{{#user}}[{{team.missing}}]{{/user}}", value), "[]")
        // Lists and objects interpolate as nothing.
        XCTAssertEqual(try render("[{{user}}{{list}}]", ["user": ["a": 1], "list": [1, 2]]), "[]")
    }

    func testNestedStandalonePartialsAccumulateIndentation() throws {
        let partials = [
            "outer": "<div>\n  {{>inner}}\n  <i>{{>inline}}</i>\n</div>\n",
            "inner": "<p>\n{{#items}}\n  <b>{{.}}</b>\n{{/items}}\n</p>\n",
            "inline": "x\ny",
        ]
        XCTAssertEqual(try render("<body>\n    {{>outer}}\n</body>\n", ["items": ["a", "b"]], partials: partials), """
            <body>
                <div>
                  <p>
                    <b>a</b>
                    <b>b</b>
                  </p>
                  <i>x
            y</i>
                </div>
            </body>

            """)
    }

    func testPartialsSeeTheCallersContext() throws {
        let library = try TemplateLibrary([
            "list": "<ul>{{#rows}}{{>row}}{{/rows}}</ul>",
            "row": "<li id=\"{{id}}\">{{title}} ({{feed}})</li>",
        ])
        let value: TemplateValue = ["feed": "News", "rows": [["id": 1, "title": "A&B"], ["id": 2, "title": "C"]]]
        XCTAssertEqual(try library.render("list", value),
                       "<ul><li id=\"1\">A&amp;B (News)</li><li id=\"2\">C (News)</li></ul>")
        XCTAssertEqual(library.names, ["list", "row"])
        XCTAssertEqual(library["row"]?.name, "row")
        XCTAssertNil(library["nope"])
    }

    func testTemplateIsReusable() throws {
        let template = try Template("{{n}};", name: "t")
        let outputs = try (1...3).map { n throws(TemplateError) in try template.render(["n": .int(n)]) }
        XCTAssertEqual(outputs, ["1;", "2;", "3;"])
    }

    func testPartialNames() throws {
        let template = try Template("{{>a}}{{#x}}{{> b }}{{>a}}{{/x}}{{^y}}{{>c}}{{/y}}", name: "t")
        XCTAssertEqual(template.partialNames, ["a", "b", "c"])
    }

    func testRendersConcurrently() async throws {
        let library = try TemplateLibrary(["t": "{{#rows}}<{{.}}>{{/rows}}"])
        let results = try await withThrowingTaskGroup(of: String.self) { group in
            for n in 0..<8 {
                group.addTask { try library.render("t", ["rows": .list((0..<n).map { .int($0) })]) }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        XCTAssertEqual(results.count, 8)
        XCTAssertTrue(results.contains("<0><1><2>"))
    }
}
