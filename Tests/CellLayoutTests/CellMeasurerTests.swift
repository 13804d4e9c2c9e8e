import CellLayout
import FeedEngine
import FeedScenario
import Mustache
import TestSupport
import TextLayout
import XCTest

/// The built-in styles' metrics, Dynamic Type, accessories and images, as UITableViewCell lays them out.
final class CellMeasurerTests: XCTestCase {
    static let layouter: Result<TextLayouter, any Error> = Result { try TextLayouter() }

    func measurer(_ cell: String = "subtitle", size: ContentSize = .large, locale: String = "en", width: Double = 375,
                  catalog: CellCatalog = CellCatalog()) throws -> CellMeasurer {
        let layouter: TextLayouter
        do { layouter = try Self.layouter.get() } catch { throw missingInput("the frames' fonts: \(error)") }
        return CellMeasurer(layouter: layouter, catalog: catalog, cells: ListCells(automaticHeights: true, cell: cell),
                            width: width, contentSize: size, locale: locale)
    }

    func testAShortBasicCellIsUITableViewsMinimumHeight() throws {
        let box = try XCTUnwrap(try measurer("basic").box(Item(id: "1", title: "Inbox")))
        XCTAssertEqual(box.height, 44)
        XCTAssertEqual(box.fields.map(\.name), ["title"])
        XCTAssertEqual(box.fields[0].size, 17)
        XCTAssertEqual(box.fields[0].lines.first?.start, 16, "the layout margin")
        // Centred: as much room above the line as below it.
        let line = try XCTUnwrap(box.fields[0].lines.first)
        XCTAssertEqual(line.top, (44 - line.text.height) / 2, accuracy: 0.001)
    }

    func testASubtitleCellStacksTitleAndSubtitleWithTheirMargins() throws {
        let box = try XCTUnwrap(try measurer().box(Item(id: "1", title: "Inbox", fields: ["subtitle": "3 new"])))
        XCTAssertEqual(box.fields.map(\.name), ["title", "subtitle"])
        XCTAssertEqual(box.fields.map(\.size), [17, 15])
        XCTAssertEqual(box.fields[1].colour, "secondaryText")
        let title = box.fields[0].lines[0], subtitle = box.fields[1].lines[0]
        XCTAssertEqual(subtitle.top, title.top + title.text.height + 3, accuracy: 0.001, "3 pt between the labels")
        XCTAssertEqual(box.height, 11 + title.text.height + 3 + subtitle.text.height + 11, accuracy: 0.001)
        XCTAssertGreaterThan(box.height, 44)
    }

    func testLongTextWrapsWithinTheCellAndTheRowGrowsWithIt() throws {
        let measurer = try measurer()
        let long = String(repeating: "Pull to refresh jumps under the navigation bar. ", count: 4)
        let box = try XCTUnwrap(try measurer.box(Item(id: "1", title: "Title", fields: ["subtitle": long])))
        let lines = box.fields[1].lines
        XCTAssertGreaterThan(lines.count, 3)
        for line in lines { XCTAssertLessThanOrEqual(line.start + line.text.width, 375 - 16 + 0.001, "\(line.text.text)") }
        let short = try XCTUnwrap(try measurer.box(Item(id: "2", title: "Title", fields: ["subtitle": "One line"])))
        XCTAssertEqual(box.height - short.height, lines.dropFirst().reduce(0) { $0 + $1.text.height }, accuracy: 0.001)
        XCTAssertEqual(lines.map(\.text.text).joined(separator: " "), long.trimmingCharacters(in: .whitespaces),
                       "breaks only at spaces, every word kept")
    }

    func testAnAccessoryAndAnImageNarrowTheText() throws {
        let measurer = try measurer("basic")
        let title = String(repeating: "word ", count: 30)
        let plain = try XCTUnwrap(try measurer.box(Item(id: "1", title: title)))
        let both = try XCTUnwrap(try measurer.box(Item(id: "2", title: title, fields: ["accessory": "disclosure", "image": "40x30"])))
        XCTAssertEqual(both.image, CellBox.Rect(start: 16, top: (both.height - 30) / 2, width: 40, height: 30))
        XCTAssertEqual(both.textStart, 16 + 40 + 16)
        XCTAssertEqual(both.fields[0].lines[0].start, 72)
        XCTAssertEqual(both.accessory, "disclosure")
        let limit = 375 - 16 - 14 - 12.0
        for line in both.fields[0].lines { XCTAssertLessThanOrEqual(line.start + line.text.width, limit + 0.001) }
        XCTAssertGreaterThan(both.fields[0].lines.count, plain.fields[0].lines.count)
    }

    func testValue1PutsTheDetailAtTheTrailingEdge() throws {
        let box = try XCTUnwrap(try measurer("value1").box(Item(id: "1", title: "Wi-Fi", fields: ["detail": "Home"])))
        let detail = box.fields[1].lines[0]
        XCTAssertEqual(detail.start + detail.text.width, 375 - 16, accuracy: 0.01)
        XCTAssertEqual(box.fields[0].lines[0].start, 16)
        XCTAssertEqual(box.height, 44)
    }

    func testDynamicTypeScalesEveryTextStyleByApplesTable() throws {
        let item = Item(id: "1", title: "Inbox", fields: ["subtitle": "3 new"])
        let large = try XCTUnwrap(try measurer(size: .large).box(item))
        let huge = try XCTUnwrap(try measurer(size: .accessibility3).box(item))
        XCTAssertEqual(huge.fields.map(\.size), [40, 36])
        XCTAssertEqual(try XCTUnwrap(try measurer(size: .xSmall).box(item)).fields.map(\.size), [14, 12])
        XCTAssertGreaterThan(huge.height, large.height)
    }

    func testFixedHeightsLeaveItemsAsTheyAre() throws {
        var cells = try measurer()
        cells = CellMeasurer(layouter: cells.layouter, catalog: CellCatalog(), cells: ListCells(automaticHeights: false, cell: "subtitle"),
                             width: 375, contentSize: .large, locale: "en")
        XCTAssertNil(try cells.height(Item(id: "1", title: "x", fields: ["subtitle": String(repeating: "long ", count: 50)])))
        XCTAssertNotNil(try cells.box(Item(id: "1", title: "x")), "still drawn as a cell")
    }

    func testAnItemsOwnHeightWins() throws {
        XCTAssertNil(try measurer().height(Item(id: "1", title: "x", height: 90)))
    }

    func testAnItemsCellFieldPicksItsKind() throws {
        let box = try XCTUnwrap(try measurer("basic").box(Item(id: "1", title: "x", fields: ["cell": "value1", "detail": "d"])))
        XCTAssertEqual(box.kind, "value1")
        XCTAssertThrowsError(try measurer().box(Item(id: "7", title: "x", fields: ["cell": "nope"]))) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("item \"7\": no cell \"nope\""), message)
            XCTAssertTrue(message.contains("basic, subtitle, value1, value2"), message)
        }
    }

    func testRightToLeftLinesStartAtTheTrailingSideOfTheirRun() throws {
        let box = try XCTUnwrap(try measurer(locale: "ar").box(Item(id: "1", title: "مرحبا بالعالم", fields: ["subtitle": "iOS 17.5"])))
        XCTAssertTrue(box.fields[0].lines[0].text.isRightToLeft)
        XCTAssertEqual(box.fields[0].lines[0].start, 16, "from the leading (right) edge")
        XCTAssertTrue(box.fields[0].families.contains("Noto Sans Arabic"))
    }
}
