import FrameDiff
import JSONText
import XCTest

final class JSONDiffTests: XCTestCase {
    let frame: JSONValue = [
        "frame": 3, "footer": ["state": "idle", "visible": true, "text": "Pull up"],
        "rows": [["index": 0, "y": 0], ["index": 1, "y": 44], ["index": 2, "y": 88], ["index": 3, "y": 44]],
        "toast": nil, "request": ["id": 2, "kind": "more"],
    ]

    func describe(_ old: JSONValue, _ new: JSONValue) -> [String] {
        JSONDiff.changes(from: old, to: new).map(\.description)
    }

    func testChangedFieldsAreNamedByKeyPath() {
        var new = frame
        if case .object(var object) = new {
            object["footer"] = ["state": "loading", "visible": true, "text": "Loading..."]
            object["rows"] = [["index": 0, "y": 0], ["index": 1, "y": 44], ["index": 2, "y": 88], ["index": 3, "y": 88]]
            new = .object(object)
        }
        XCTAssertEqual(describe(frame, new), [
            "footer.state: idle → loading", "footer.text: Pull up → Loading...", "rows[3].y: 44 → 88",
        ])
        XCTAssertEqual(describe(frame, frame), [])
    }

    func testListLengthChangesGiveTheCountThenTheSurplusElements() {
        let shorter: JSONValue = ["rows": [["index": 0, "y": 0]]]
        let longer: JSONValue = ["rows": [["index": 0, "y": 0], ["index": 1, "y": 44], ["index": 2, "y": 88]]]
        XCTAssertEqual(describe(shorter, longer), [
            "rows: 1 → 3 items", #"rows[1]: added {"index":1,"y":44}"#, #"rows[2]: added {"index":2,"y":88}"#,
        ])
        XCTAssertEqual(describe(longer, shorter), [
            "rows: 3 → 1 items", #"rows[1]: removed {"index":1,"y":44}"#, #"rows[2]: removed {"index":2,"y":88}"#,
        ])
    }

    func testTypeChangesMissingKeysAndAmbiguousStrings() {
        XCTAssertEqual(describe(["toast": nil], ["toast": ["text": "Failed", "until": 4]]),
                       [#"toast: null → {"text":"Failed","until":4}"#])
        XCTAssertEqual(describe(["a": 1, "b": 2], ["b": 2, "c": 3]), ["a: removed 1", "c: added 3"])
        XCTAssertEqual(describe(["text": ""], ["text": "null"]), [#"text: "" → "null""#], "strings that would read as something else are quoted")
        XCTAssertEqual(describe(["text": "12"], ["text": 12]), [#"text: "12" → 12"#])
        XCTAssertEqual(describe(["a b": 1], ["a b": 2]), [#"["a b"]: 1 → 2"#])
        XCTAssertEqual(describe(1, 2), ["(document): 1 → 2"])
    }

    func testLongValuesAreCut() {
        let long = String(repeating: "x", count: 200)
        let line = describe(["t": "a"], ["t": .string(long)])[0]
        XCTAssertLessThan(line.count, 100)
        XCTAssertTrue(line.hasSuffix("…"))
    }
}
