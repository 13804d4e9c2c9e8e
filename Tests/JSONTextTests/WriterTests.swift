import XCTest
@testable import JSONText

final class WriterTests: XCTestCase {
    func testNumberFormattingTable() throws {
        let table: [(Double, String)] = [
            (0, "0"), (-0.0, "0"), (880, "880"), (-37, "-37"), (1, "1"), (100, "100"),
            (0.5, "0.5"), (1.25, "1.25"), (-1.5, "-1.5"), (0.1, "0.1"),
            (1.0 / 3.0, "0.3333333333333333"), (0.30000000000000004, "0.30000000000000004"),
            (123456.789, "123456.789"), (0.0001, "0.0001"), (1e-7, "1e-07"), (2.5e-5, "2.5e-05"),
            (9_007_199_254_740_992, "9007199254740992"), (-9_007_199_254_740_992, "-9007199254740992"),
            (9_007_199_254_740_994, "9.007199254740994e+15"), (1e16, "1e+16"), (1e21, "1e+21"),
            (Double.greatestFiniteMagnitude, "1.7976931348623157e+308"),
            (Double.leastNonzeroMagnitude, "5e-324"), (-2.5e300, "-2.5e+300"),
            (.nan, "null"), (.infinity, "null"), (-.infinity, "null"),
        ]
        for (number, expected) in table {
            XCTAssertEqual(JSONWriter.string(.number(number)), expected, "\(number)")
            XCTAssertEqual(JSONWriter.string(.number(number), style: .pretty), expected, "\(number)")
            if number.isFinite {
                // Printed form parses back to the same Double.
                let back = try JSONParser.parse(expected).doubleValue
                XCTAssertEqual(back, number, expected)
            }
        }
        var w = JSONWriter()
        w.beginArray(); w.value(Int.min); w.value(Int.max); w.value(-5); w.endArray()
        XCTAssertEqual(w.outputString, "[-9223372036854775808,9223372036854775807,-5]")
    }

    func testEscapingTable() throws {
        let table: [(String, String)] = [
            ("", #""""#),
            ("plain", #""plain""#),
            ("a\"b", #""a\"b""#),
            ("a\\b", #""a\\b""#),
            ("\n\r\t\u{08}\u{0C}", #""\n\r\t\b\f""#),
            ("\u{00}\u{01}\u{1F}", #""\u0000\u0001\u001f""#),
            ("\u{7F}", "\"\u{7F}\""),
            ("a/b", #""a/b""#),
            ("é😀 名", "\"é😀 名\""),
            ("x\u{2028}y\u{2029}", #""x\u2028y\u2029""#),
            ("\u{2027}€\u{202A}", "\"\u{2027}€\u{202A}\""),
            ("end\u{E2}", "\"end\u{E2}\""), // â (C3 A2) is not the E2 lead byte; checks run boundaries
        ]
        for (string, expected) in table {
            let written = JSONWriter.string(.string(string))
            XCTAssertEqual(written, expected, string.debugDescription)
            XCTAssertEqual(try JSONParser.parse(written).stringValue, string)
        }
        // Keys are escaped the same way.
        XCTAssertEqual(JSONWriter.string(["a\"\n": 1]), #"{"a\"\n":1}"#)
    }

    func testCompactAndPrettyLayout() {
        let value: JSONValue = ["a": 1, "b": [true, nil, [1.5]], "c": [:], "d": [], "e": ["f": "g"]]
        XCTAssertEqual(JSONWriter.string(value), #"{"a":1,"b":[true,null,[1.5]],"c":{},"d":[],"e":{"f":"g"}}"#)
        XCTAssertEqual(JSONWriter.string(value, style: .pretty), """
        {
          "a": 1,
          "b": [
            true,
            null,
            [
              1.5
            ]
          ],
          "c": {},
          "d": [],
          "e": {
            "f": "g"
          }
        }
        """)
        XCTAssertEqual(JSONWriter.string([]), "[]")
        XCTAssertEqual(JSONWriter.string([:], style: .pretty), "{}")
        XCTAssertEqual(JSONWriter.string("x", style: .pretty), #""x""#)
        XCTAssertEqual(JSONWriter.bytes([1, 2]), Array("[1,2]".utf8))
    }

    func testKeyOrderPreserved() throws {
        let value: JSONValue = ["z": 1, "a": 2, "m": ["y": 0, "b": 0]]
        XCTAssertEqual(JSONWriter.string(value), #"{"z":1,"a":2,"m":{"y":0,"b":0}}"#)
        let parsed = try JSONParser.parse(#"{"zeta": 1, "alpha": 2, "mid": 3}"#).plain
        XCTAssertEqual(parsed.objectValue?.keys, ["zeta", "alpha", "mid"])
        XCTAssertEqual(JSONWriter.string(parsed), #"{"zeta":1,"alpha":2,"mid":3}"#)
    }

    func testStreamingMatchesValueWriter() {
        let value: JSONValue = ["frame": 12, "t": 0.5, "ok": true, "none": nil, "name": "é\n",
                                "items": [1, ["k": []], "s"], "empty": [:], "nested": ["x": [1, 2]]]
        for style in [JSONWriter.Style.compact, .pretty] {
            var w = JSONWriter(style: style)
            w.beginObject()
            w.key("frame"); w.value(12)
            w.key("t"); w.value(0.5)
            w.key("ok"); w.value(true)
            w.key("none"); w.nullValue()
            w.key("name"); w.value("é\n")
            w.key("items")
            w.beginArray()
            w.value(1)
            w.beginObject(); w.key("k"); w.beginArray(); w.endArray(); w.endObject()
            w.value("s")
            w.endArray()
            w.key("empty"); w.beginObject(); w.endObject()
            w.key("nested"); w.value(["x": [1, 2]])
            XCTAssertFalse(w.isComplete)
            w.endObject()
            XCTAssertTrue(w.isComplete)
            XCTAssertEqual(w.outputString, JSONWriter.string(value, style: style), "\(style)")
            XCTAssertEqual(w.output, JSONWriter.bytes(value, style: style))

            w.reset()
            XCTAssertTrue(w.output.isEmpty)
            w.value([1, "a"])
            XCTAssertEqual(w.outputString, style == .compact ? #"[1,"a"]"# : "[\n  1,\n  \"a\"\n]")
        }
    }

    func testWriterIsDeterministic() {
        let value: JSONValue = ["b": [0.1, 2, "x"], "a": ["c": nil]]
        let first = JSONWriter.bytes(value, style: .pretty)
        for _ in 0..<10 { XCTAssertEqual(JSONWriter.bytes(value, style: .pretty), first) }
    }
}
