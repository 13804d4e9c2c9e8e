import TestSupport
import Foundation
import Mustache
import XCTest

/// Malformed templates must fail with the right kind, line and column;
/// hostile ones must fail (or work) without crashing.
final class TemplateErrorTests: XCTestCase {
    /// Compiles `source` expecting an error; returns it for more checks.
    @discardableResult
    func compileError(_ source: String, name: String = "frame.html", kind: TemplateError.Kind,
                      line: Int, column: Int,
                      file: StaticString = #filePath, testLine: UInt = #line) -> TemplateError? {
        do {
            _ = try Template(source, name: name)
            XCTFail("expected \(kind) error, but \(source.debugDescription) compiled", file: file, line: testLine)
            return nil
        } catch {
            XCTAssertEqual(error.kind, kind, "\(error)", file: file, line: testLine)
            XCTAssertEqual(error.templateName, name, file: file, line: testLine)
            XCTAssertEqual(error.line, line, "line of \(error)", file: file, line: testLine)
            XCTAssertEqual(error.column, column, "column of \(error)", file: file, line: testLine)
            return error
        }
    }

    func testUnclosedSection() {
        let error = compileError("<ul>\n  {{#rows}}\n  <li>{{title}}</li>\n", kind: .unclosedSection, line: 2, column: 3)
        XCTAssertEqual(error?.description, #"frame.html:2:3: unclosed section "rows" (expected {{/rows}})"#)
        // The innermost open section is the one reported.
        compileError("{{#a}}{{#b}}{{/b}}\n {{^c}}", kind: .unclosedSection, line: 2, column: 2)
        // The expected closing tag is spelled with the delimiters in force.
        let custom = compileError("{{=<% %>=}}\n<%#rows%>", kind: .unclosedSection, line: 2, column: 1)
        XCTAssertEqual(custom?.message, #"unclosed section "rows" (expected <%/rows%>)"#)
    }

    func testMismatchedSectionClose() {
        let error = compileError("{{#a}}\n{{#b}}\nx {{/a}}\n{{/b}}", kind: .mismatchedSection, line: 3, column: 3)
        XCTAssertEqual(error?.message, "mismatched closing tag {{/a}} (expected {{/b}} for the section opened at 2:1)")
    }

    func testClosingTagWithoutOpening() {
        compileError("ok\n\tx {{/rows}}", kind: .unexpectedClosingTag, line: 2, column: 4)
        compileError("{{#a}}{{/a}}{{/a}}", kind: .unexpectedClosingTag, line: 1, column: 13)
    }

    func testBadSetDelimiters() {
        // One delimiter only.
        compileError("{{=<% =}}", kind: .badDelimiters, line: 1, column: 1)
        // Three parts: a delimiter with whitespace inside.
        compileError("a\n  {{=< % %>=}}", kind: .badDelimiters, line: 2, column: 3)
        // A delimiter containing "=".
        compileError("{{=<= =>=}}", kind: .badDelimiters, line: 1, column: 1)
        // Nothing at all.
        compileError("x{{= =}}", kind: .badDelimiters, line: 1, column: 2)
        // Not closed with "=}}".
        compileError("{{=<% %>}}\n<%x%>", kind: .badDelimiters, line: 1, column: 1)
        // Absurdly long delimiter.
        compileError("{{=\(String(repeating: "<", count: 33)) >=}}", kind: .badDelimiters, line: 1, column: 1)
    }

    func testUnclosedTagAtEndOfInput() {
        let error = compileError("abc\nde {{name", kind: .unclosedTag, line: 2, column: 4)
        XCTAssertEqual(error?.message, #"unclosed tag "{{" (expected "}}")"#)
        compileError("{{{raw}}", kind: .unclosedTag, line: 1, column: 1)
        compileError("{{! never ends }", kind: .unclosedTag, line: 1, column: 1)
        compileError("{{", kind: .unclosedTag, line: 1, column: 1)
        let custom = compileError("{{=<% %>=}}\n<%name }}", kind: .unclosedTag, line: 2, column: 1)
        XCTAssertEqual(custom?.message, #"unclosed tag "<%" (expected "%>")"#)
    }

    func testEmptyAndInvalidNames() {
        compileError("{{}}", kind: .emptyTag, line: 1, column: 1)
        compileError("x\n{{# }}{{/ }}", kind: .emptyTag, line: 2, column: 1)
        compileError("{{>  }}", kind: .emptyTag, line: 1, column: 1)
        compileError("{{{ }}}", kind: .emptyTag, line: 1, column: 1)
        compileError("{{a b}}", kind: .invalidName, line: 1, column: 1)
        compileError("{{a..b}}", kind: .invalidName, line: 1, column: 1)
        compileError("{{#.a}}{{/.a}}", kind: .invalidName, line: 1, column: 1)
    }

    func testInheritanceTagsAreRejected() {
        compileError("x {{<parent}}{{/parent}}", kind: .unsupportedTag, line: 1, column: 3)
        compileError("{{$block}}{{/block}}", kind: .unsupportedTag, line: 1, column: 1)
    }

    func testColumnsCountUnicodeScalars() {
        compileError("é€😀 {{/x}}", kind: .unexpectedClosingTag, line: 1, column: 5)
        compileError("a\r\nb{{/x}}", kind: .unexpectedClosingTag, line: 2, column: 2)
    }

    func testMissingPartialIsAnErrorInStrictMode() throws {
        let sources = ["frame.html": "<ul>\n  {{#rows}}\n    {{> rowz }}\n  {{/rows}}\n</ul>\n", "row": "<li/>"]
        XCTAssertThrowsError(try TemplateLibrary(sources, missingPartial: .error)) { error in
            let error = error as? TemplateError
            XCTAssertEqual(error?.kind, .missingPartial)
            XCTAssertEqual(error?.templateName, "frame.html")
            XCTAssertEqual(error?.line, 3)
            XCTAssertEqual(error?.column, 5)
            XCTAssertEqual(error?.description, #"frame.html:3:5: partial "rowz" is not in the template library"#)
        }
        // The default follows the spec: the missing partial renders as nothing.
        let lenient = try TemplateLibrary(sources)
        XCTAssertEqual(try lenient.render("frame.html", ["rows": [1]]), "<ul>\n</ul>\n")
        // Strict mode accepts references that resolve.
        let strict = try TemplateLibrary(["frame.html": "[{{>row}}]", "row": "<li/>"], missingPartial: .error)
        XCTAssertEqual(try strict.render("frame.html", nil), "[<li/>]")
    }

    func testLibraryReportsCompileErrorsWithTheTemplateName() {
        XCTAssertThrowsError(try TemplateLibrary(["good": "x", "bad.html": "\n\n   {{#x}}"])) { error in
            let error = error as? TemplateError
            XCTAssertEqual(error?.kind, .unclosedSection)
            XCTAssertEqual(error?.description, #"bad.html:3:4: unclosed section "x" (expected {{/x}})"#)
        }
    }

    func testUnknownTemplate() throws {
        let library = try TemplateLibrary(["a": "x"])
        XCTAssertThrowsError(try library.render("b", nil)) { error in
            XCTAssertEqual((error as? TemplateError)?.kind, .unknownTemplate)
            XCTAssertEqual((error as? TemplateError)?.description, #"b: no template named "b" in the library"#)
        }
    }

    func testVeryDeepNestingIsAnErrorNotACrash() {
        let depth = 10_000
        let source = String(repeating: "{{#a}}", count: depth) + "x" + String(repeating: "{{/a}}", count: depth)
        let limit = Template.maximumSectionDepth
        let error = compileError(source, kind: .nestingTooDeep, line: 1, column: limit * 6 + 1)
        XCTAssertEqual(error?.message, "sections nested deeper than \(limit) levels")
        // Up to the limit it works.
        let fits = String(repeating: "{{#a}}", count: limit) + "{{b}}" + String(repeating: "{{/a}}", count: limit)
        XCTAssertEqual(try Template(fits, name: "t").render(["a": true, "b": "deep"]), "deep")
        // Ten thousand unclosed openings fail the same way.
        compileError(String(repeating: "{{^a}}", count: depth), kind: .nestingTooDeep, line: 1, column: limit * 6 + 1)
    }

    func testSelfRecursivePartialStopsWithAnError() throws {
        let library = try TemplateLibrary(["loop": "x\n {{>loop}}"])
        XCTAssertThrowsError(try library.render("loop", nil)) { error in
            let error = error as? TemplateError
            XCTAssertEqual(error?.kind, .renderTooDeep)
            XCTAssertEqual(error?.templateName, "loop")
            XCTAssertEqual(error?.line, 2)
            XCTAssertEqual(error?.column, 2)
        }
        // Mutual recursion through sections hits the same limit.
        let mutual = try TemplateLibrary(["a": "{{#x}}{{>b}}{{/x}}", "b": "{{>a}}"])
        XCTAssertThrowsError(try mutual.render("a", ["x": true])) { error in
            XCTAssertEqual((error as? TemplateError)?.kind, .renderTooDeep)
        }
        // Recursion bounded by the data is fine.
        let tree = try TemplateLibrary(["node": "{{name}}({{#kids}}{{>node}}{{/kids}})"])
        var value: TemplateValue = ["name": "leaf", "kids": []]
        for level in 0..<50 { value = ["name": .string("n\(level)"), "kids": [value]] }
        XCTAssertTrue(try tree.render("node", value).hasPrefix("n49(n48("))
    }

    /// A big partial that includes itself would take gigabytes before the
    /// depth limit; the output limit stops it first.
    func testRunawayOutputStopsWithAnError() throws {
        let big = String(repeating: "0123456789abcdef\n", count: 16_384)  // 288 KiB
        let library = try TemplateLibrary(["big": big + "{{#a}}\n  {{>big}}\n{{/a}}"])
        XCTAssertThrowsError(try library.render("big", ["a": true])) { error in
            let error = error as? TemplateError
            XCTAssertEqual(error?.kind, .outputTooLarge)
            XCTAssertEqual(error?.templateName, "big")
        }
        XCTAssertThrowsError(try library.render("big", ["a": .list(Array(repeating: false, count: 1_000))])) { error in
            XCTAssertEqual((error as? TemplateError)?.kind, .outputTooLarge)
        }
    }

    /// The depth limits keep the stack small enough for a secondary thread
    /// with a 512 KiB stack (as used by dispatch and concurrency pools).
    func testDepthLimitsFitInASmallThreadStack() throws {
        let library = try TemplateLibrary([
            "loop": "{{#a}}{{#a}}{{#a}}{{#a}}{{>loop}}{{/a}}{{/a}}{{/a}}{{/a}}",
            "deep": String(repeating: "{{#a}}", count: Template.maximumSectionDepth) + "{{>deep}}"
                + String(repeating: "{{/a}}", count: Template.maximumSectionDepth),
        ])
        final class Box: @unchecked Sendable { var kinds: [TemplateError.Kind?] = [] }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            for name in ["loop", "deep"] {
                do {
                    _ = try library.render(name, ["a": [["a": true]]])
                    box.kinds.append(nil)
                } catch {
                    box.kinds.append((error as? TemplateError)?.kind)
                }
            }
            done.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        done.wait()
        XCTAssertEqual(box.kinds, [.renderTooDeep, .renderTooDeep])
    }

    /// Many random fragments of Mustache syntax: each template either
    /// compiles and renders or fails with a located error.
    func testHostileInputNeverCrashes() {
        let pieces = ["{{", "}}", "{{{", "}}}", "{{#a}}", "{{/a}}", "{{^a}}", "{{#b.c}}", "{{/b.c}}", "{{>p}}",
                      "{{!", "{{=", "=}}", "{{=<% %>=}}", "<%", "%>", "{{.}}", "{{&a}}", "\n", "  ", "\r\n",
                      "x", "é", "{{a}}", "{{ }}", "=", "{", "}", "{{=| |=}}", "|a|", "|#a|", "|/a|"]
        let seed = randomSeed(0x2545F4914F6CDD1D)
        var state = seed
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        let value: TemplateValue = ["a": [1, ["a": false], "s"], "b": ["c": "<&>"]]
        var compiled = 0
        var failed = 0
        for _ in 0..<3_000 {
            let source = (0..<(next() % 14)).map { _ in pieces[next() % pieces.count] }.joined()
            let lines = source.utf8.filter { $0 == UInt8(ascii: "\n") }.count + 1  // "\r\n" is one Character
            do {
                let library = try TemplateLibrary(["t": source, "p": source])
                _ = try library.render("t", value)
                compiled += 1
            } catch {
                failed += 1
                XCTAssertTrue(error.line >= 1 && error.line <= lines, "seed \(seed): \(error) for \(source.debugDescription)")
                XCTAssertTrue(error.column >= 1, "seed \(seed): \(error) for \(source.debugDescription)")
            }
        }
        XCTAssertGreaterThan(compiled, 100, "seed \(seed)")
        XCTAssertGreaterThan(failed, 100, "seed \(seed)")
    }
}
