import FrameDiff
import JSONText
import XCTest

/// Rows matched by id: a row inserted above the rest reads as one added row
/// and one line saying the others moved, not every row's index and y (issue 21).
final class RowShiftTests: XCTestCase {
    func row(_ index: Int, _ id: String, y: Double, title: String? = nil) -> JSONValue {
        ["index": .number(Double(index)), "id": .string(id), "title": .string(title ?? "Item \(id)"),
         "y": .number(y), "height": 44]
    }

    func frame(_ rows: [JSONValue]) -> [UInt8] {
        JSONWriter.bytes(["frame": 2, "rows": .array(rows), "itemCount": .number(Double(rows.count))])
    }

    func testARowInsertedAtTheTopReadsAsAShift() throws {
        let old: [JSONValue] = (0..<15).map { (index: Int) -> JSONValue in row(index, String(index + 1), y: Double(index) * 44) }
        let moved: [JSONValue] = (0..<14).map { (index: Int) -> JSONValue in row(index + 1, String(index + 1), y: Double(index + 1) * 44) }
        let new: [JSONValue] = [row(0, "new-1", y: 0)] + moved
        let difference = try XCTUnwrap(FileDiffing.json.difference("0002.json", frame(old), frame(new)))
        XCTAssertEqual(difference.lines, [
            #"rows[0]: added {"index":0,"id":"new-1","title":"Item new-1","y":0,"height":44}"#,
            "rows: rows 1…14 (ids 1…14) moved down 44 pt, index +1",
            #"rows (id 15): removed {"index":14,"id":"15","title":"Item 15","y":616,"height":44}"#,
        ])
    }

    func testAMovedRowWhoseTitleChangedSaysBoth() throws {
        let old = [row(0, "1", y: 0), row(1, "2", y: 44), row(2, "3", y: 88)]
        let new = [row(0, "1", y: -10), row(1, "2", y: 34, title: "Renamed"), row(2, "3", y: 78)]
        let lines = try XCTUnwrap(FileDiffing.json.difference("0002.json", frame(old), frame(new))).lines
        XCTAssertEqual(lines, ["rows: rows 0…2 (ids 1…3) moved up 10 pt", "rows[1].title: Item 2 → Renamed"])
    }

    func testRowsWithoutIdsFallBackToPositions() throws {
        let old: [JSONValue] = [["index": 0, "y": 0]], new: [JSONValue] = [["index": 0, "y": 5]]
        let lines = try XCTUnwrap(FileDiffing.json.difference("0002.json", frame(old), frame(new))).lines
        XCTAssertEqual(lines, ["rows[0].y: 0 → 5"])
    }

    func testTheScrollbarColumnDoesNotChangeRows() throws {
        let old = "frame 2 · t=1s · scroll by 10\nlist\n+--+-+\n| a | |\n| b |#|\n+--+-+\n"
        let new = "frame 2 · t=1s · scroll by 10\nlist\n+--+-+\n| a |#|\n| b | |\n+--+-+\n"
        let difference = try XCTUnwrap(FileDiffing.byExtension.difference("0002.txt", Array(old.utf8), Array(new.utf8)))
        XCTAssertEqual(difference.lines, ["only the scrollbar moved"])
        let changed = new.replacingOccurrences(of: "| b | |", with: "| c | |")
        let lines = try XCTUnwrap(FileDiffing.byExtension.difference("0002.txt", Array(old.utf8), Array(changed.utf8))).lines
        XCTAssertEqual(lines.filter { $0.hasPrefix("-") || $0.hasPrefix("+") }, ["-| b | |", "+| c | |"],
                       "the row whose text changed, not the row whose scrollbar cell did")
    }
}
