import FeedEngine
import FeedFramesResources
import FeedScenario
import Foundation
import FrameRendering
import Mustache
import XCTest

final class TemplateTests: XCTestCase {
    func testTheBinaryEmbedsTheTemplatesOnDisk() throws {
        for name in FrameTemplates.required + ["row.html", "header.html", "footer.html", "retry.html", "toast.html", "empty.html"] {
            let onDisk = try String(contentsOf: templatesFolder.appendingPathComponent(name), encoding: .utf8)
            XCTAssertEqual(Embedded.templates[name], onDisk, "\(name) embedded differs from Templates/\(name)")
        }
    }

    func testEveryDemoFrameValidates() throws {
        let templates = try defaultTemplates()
        let validator = try defaultValidator()
        var checked = 0
        for name in Embedded.demos.keys.sorted() {
            let demo = try scenario(Embedded.demos[name] ?? "", file: name)
            for frame in try demo.frames() {
                let html = try templates.html(of: frame, in: FrameContext(demo))
                let issues = validator.validate(Array(html.utf8), file: "\(name)/\(frame.number)", expected: FrameExpectation(frame.layout))
                XCTAssertEqual(issues, [], "\(name) frame \(frame.number)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 100)
    }

    func testATemplateWithoutDataStateIsRejectedNamingTheRule() throws {
        let broken = try String(contentsOf: templatesFolder.appendingPathComponent("header.html"), encoding: .utf8)
            .replacingOccurrences(of: " data-state=\"{{state}}\"", with: "")
        let templates = try defaultTemplates(overriding: ["header.html": broken])
        let demo = try scenario(#"{"preset": "standard", "events": ["launch"]}"#)
        let frame = try XCTUnwrap(demo.frames().first)
        let html = try templates.html(of: frame, in: FrameContext(demo))
        let issues = try defaultValidator().validate(Array(html.utf8), file: "0001.html", expected: FrameExpectation(frame.layout))
        let headerLine = lineNumber(containing: "<div id=\"header\"", in: html)
        XCTAssertNotNil(headerLine)
        XCTAssertTrue(issues.contains { $0.rule == "relaxng" && $0.line == headerLine }, "the header's line: \(issues)")
        XCTAssertTrue(issues.contains { $0.rule == "layout-header" && $0.message.contains("data-state=\"\"") }, "\(issues)")
    }

    func testATemplateWithoutRowIndexIsRejected() throws {
        let broken = try String(contentsOf: templatesFolder.appendingPathComponent("row.html"), encoding: .utf8)
            .replacingOccurrences(of: " data-index=\"{{index}}\"", with: "")
        let templates = try defaultTemplates(overriding: ["row.html": broken])
        let demo = try scenario(#"{"preset": "standard", "events": ["launch", "wait 1"]}"#)
        let frame = try XCTUnwrap(demo.frames().last)
        let html = try templates.html(of: frame, in: FrameContext(demo))
        let issues = try defaultValidator().validate(Array(html.utf8), file: "0002.html", expected: FrameExpectation(frame.layout))
        let rowLine = lineNumber(containing: "<div class=\"row", in: html)
        XCTAssertNotNil(rowLine)
        XCTAssertTrue(issues.contains { $0.rule == "relaxng" && $0.line == rowLine }, "the first row's line: \(issues)")
        XCTAssertTrue(issues.contains { $0.rule == "layout-rows" && $0.message.contains("but the layout shows rows 0–15") }, "\(issues)")
    }

    func testTemplateSyntaxErrorsNameTheFileLineAndColumn() {
        XCTAssertThrowsError(try defaultTemplates(overriding: ["frame.html": "<html>\n  {{#rows}}\n</html>"])) { error in
            let error = error as? TemplateError
            XCTAssertEqual(error?.templateName, "custom/frame.html")
            XCTAssertEqual(error?.line, 2)
            XCTAssertEqual(error?.kind, .unclosedSection)
        }
        XCTAssertThrowsError(try defaultTemplates(overriding: ["frame.html": "<html>{{> nowhere.html}}</html>"])) { error in
            XCTAssertEqual((error as? TemplateError)?.kind, .missingPartial)
        }
        XCTAssertThrowsError(try defaultTemplates(overriding: ["frame.html": "<html>{{> ../x}}</html>"])) { error in
            XCTAssertEqual((error as? TemplateError)?.kind, .missingPartial, "partials come only from the templates")
        }
    }

    func testHostileTitlesComeOutEscapedValidAndAligned() throws {
        let titles = ["<script>alert(1)</script>", "\"><img src=x onerror=alert(2)>", "a & b ]]> c", "'quoted' \"double\"",
                      "emoji 👍🏽 and 👨‍👩‍👧", "עברית \u{202E}evil\u{202C} RTL", "control \u{0007}\u{0000} chars\nnewline",
                      String(repeating: "长", count: 50_000), "e\u{0301}\u{0301}\u{0301} combining"]
        let items = titles.enumerated().map { "{\"n\": \($0.offset)}" }
        _ = items
        let templates = try defaultTemplates()
        let validator = try defaultValidator()
        for (number, title) in titles.enumerated() {
            var json = "{\"name\": \"hostile\", \"preset\": \"standard\", \"source\": {\"title\": "
            json += String(decoding: try JSONSerialization.data(withJSONObject: [title + " {n}"]), as: UTF8.self).dropFirst().dropLast()
            json += "}, \"events\": [\"launch\", \"wait 1\"]}"
            let demo = try scenario(json)
            let frame = try XCTUnwrap(demo.frames().last)
            let html = try templates.html(of: frame, in: FrameContext(demo))
            XCTAssertEqual(validator.validate(Array(html.utf8), file: "hostile-\(number).html", expected: FrameExpectation(frame.layout)), [], title.prefix(40).description)
            XCTAssertFalse(html.contains("<script"), "no script element")
            XCTAssertFalse(html.contains("<img"), "no img element")
            let text = try templates.text(of: frame, in: FrameContext(demo))
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let boxLines = lines.filter { $0.hasPrefix("|") }
            XCTAssertFalse(boxLines.isEmpty)
            for line in lines {
                XCTAssertLessThanOrEqual(TextWidthProbe.width(String(line)), 80, "line too wide: \(line.prefix(60))")
            }
            let widths = Set(boxLines.map { TextWidthProbe.width(String($0)) })
            XCTAssertEqual(widths.count, 1, "box lines aligned for \(title.prefix(30)): \(widths)")
            XCTAssertFalse(text.contains("\u{202E}"), "bidi overrides removed")
            XCTAssertFalse(text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "no control characters")
        }
    }
}

/// Display width as the text frames count it, reimplemented independently for the test.
enum TextWidthProbe {
    static func width(_ text: String) -> Int {
        text.reduce(0) { total, character in
            let scalar = character.unicodeScalars.first!.value
            if character.unicodeScalars.first!.properties.generalCategory == .format { return total }
            let wide = (0x1100...0x115F).contains(scalar) || (0x2E80...0xA4CF).contains(scalar) || (0xAC00...0xD7A3).contains(scalar)
                || (0xF900...0xFAFF).contains(scalar) || (0xFF00...0xFF60).contains(scalar) || (0x1F300...0x1F64F).contains(scalar)
                || (0x1F900...0x1F9FF).contains(scalar) || (0x20000...0x3FFFD).contains(scalar)
            return total + (wide ? 2 : 1)
        }
    }

}

/// The 1-based line of `html` that first holds `needle`.
private func lineNumber(containing needle: String, in html: String) -> Int? {
    html.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(needle) }.map { $0 + 1 }
}
