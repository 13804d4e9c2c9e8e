import CellLayout
import FeedEngine
import FeedScenario
import Mustache
import XCTest

/// Cell templates and their sidecars (SPEC §9): what they measure, and the errors a team sees.
final class CellTemplateTests: XCTestCase {
    let sidecar = """
    {
      "minHeight": 64,
      "margins": { "top": 12, "bottom": 12, "leading": 16, "trailing": 16 },
      "image": { "width": 40, "height": 40, "spacing": 12 },
      "trailing": { "width": 44, "height": 20, "spacing": 8 },
      "fields": [
        { "name": "title", "style": "headline", "maxLines": 1 },
        { "name": "subtitle", "style": "subheadline", "maxLines": 2, "spacing": 2, "colour": "secondaryText" }
      ]
    }
    """

    func testASidecarSaysWhatToMeasure() throws {
        let spec = try CellSidecar.read(Array(sidecar.utf8), name: "message", file: "cell-message.json")
        XCTAssertEqual(spec.minimumHeight, 64)
        XCTAssertEqual(spec.margins, CellSpec.Margins(top: 12, bottom: 12, leading: 16, trailing: 16))
        XCTAssertEqual(spec.leading, CellSpec.Part(width: 40, height: 40, spacing: 12))
        XCTAssertEqual(spec.trailing, CellSpec.Part(width: 44, height: 20, spacing: 8))
        XCTAssertEqual(spec.fields, [CellSpec.Field("title", style: .headline, weight: .semibold, maxLines: 1),
                                     CellSpec.Field("subtitle", style: .subheadline, maxLines: 2, colour: "secondaryText", spacing: 2)])
        XCTAssertEqual(spec.template, "cell-message.html")
    }

    func testEverySidecarProblemIsNamedAtItsLine() {
        let bad = """
        {
          "minHeight": -1,
          "colour": "red",
          "fields": [
            { "name": "title", "style": "huge", "maxLines": 1.5 },
            { "name": "title", "colour": "pink" }
          ]
        }
        """
        XCTAssertThrowsError(try CellSidecar.read(Array(bad.utf8), name: "m", file: "cell-m.json")) { error in
            let lines = (error as? ScenarioErrors)?.problems.map(\.description) ?? []
            XCTAssertEqual(lines, [
                "cell-m.json:2:16: minHeight: expected a number of points from 1 to 10000, found -1",
                "cell-m.json:3:3: colour: unknown key (expected one of minHeight, margins, image, trailing, fields)",
                "cell-m.json:5:33: fields[0].style: \"huge\" is not a text style (expected one of body, headline, callout, subheadline, footnote, caption1, caption2)",
                "cell-m.json:5:53: fields[0].maxLines: expected a whole number from 0 (every line) to 100, found 1.5",
                "cell-m.json:6:15: fields[1].name: \"title\" is measured twice",
                "cell-m.json:6:34: fields[1].colour: \"pink\" is not a colour role (expected one of text, secondaryText, tint)",
            ])
        }
        XCTAssertThrowsError(try CellSidecar.read(Array("{}".utf8), name: "m", file: "cell-m.json")) { error in
            XCTAssertEqual("\(error)", "cell-m.json:1:1: fields: missing (expected a list of the text fields to measure, e.g. [{ \"name\": \"title\", \"style\": \"body\" }])")
        }
        XCTAssertThrowsError(try CellSidecar.read(Array("{ \"fields\": [".utf8), name: "m", file: "cell-m.json")) { error in
            XCTAssertTrue("\(error)".hasPrefix("cell-m.json:1:"), "\(error)")
        }
    }

    func catalog(_ template: String) throws -> CellCatalog {
        let spec = try CellSidecar.read(Array(sidecar.utf8), name: "message", file: "cell-message.json")
        return CellCatalog(templates: ["message": (spec, try Template(template, name: "cell-message.html"), "Templates/cell-message.html")])
    }

    func testAFieldATemplateShowsAndTheItemLacksIsAnErrorAtItsLine() throws {
        let catalog = try catalog("<span class=\"time\">{{time}}</span>\n<span>{{sender.name}}</span>\n")
        XCTAssertThrowsError(try catalog.spec("message", item: Item(id: "m1", title: "Hi"))) { error in
            XCTAssertEqual("\(error)", "Templates/cell-message.html:1: {{time}}: item \"m1\" has no field \"time\" (write {{#time}}…{{/time}} to show it only when present)")
        }
        XCTAssertThrowsError(try catalog.spec("message", item: Item(id: "m1", title: "Hi", fields: ["time": "9:41"]))) { error in
            XCTAssertTrue("\(error)".hasPrefix("Templates/cell-message.html:2: {{sender.name}}: item \"m1\" has no field \"sender\""), "\(error)")
        }
        XCTAssertNoThrow(try catalog.spec("message", item: Item(id: "m1", title: "Hi", fields: ["time": "9:41", "sender": "A"])))
    }

    func testASectionOverAMissingFieldIsFalseAndTheRowsOwnNamesAreAlwaysThere() throws {
        let catalog = try catalog("{{#unread}}<span>{{unread}} {{badge}}</span>{{/unread}}{{^time}}no time{{/time}}<span>{{id}} {{title}} {{index}} {{layout.height}}</span>")
        XCTAssertNoThrow(try catalog.spec("message", item: Item(id: "m1", title: "Hi")))
        XCTAssertEqual(catalog.names, ["basic", "subtitle", "value1", "value2", "message"])
    }
}
