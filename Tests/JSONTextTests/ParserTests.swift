import Foundation
import XCTest
@testable import JSONText

final class ParserTests: XCTestCase {
    // MARK: Valid input

    func testParsesAllValueKinds() throws {
        let text = #" {"n": null, "t": true, "f": false, "i": -37, "d": 1.25e2, "s": "a\"b\\c\/\b\f\n\r\t\u00e9\ud83d\ude00", "a": [], "o": {}} "#
        let value = try JSONParser.parse(text).plain
        XCTAssertEqual(value, [
            "n": nil, "t": true, "f": false, "i": -37, "d": 125,
            "s": .string("a\"b\\c/\u{08}\u{0C}\n\r\té😀"), "a": [], "o": [:],
        ])
    }

    func testScalarsAtTopLevel() {
        XCTAssertEqual(parsePlain("0"), 0)
        XCTAssertEqual(parsePlain(" \"x\" "), "x")
        XCTAssertEqual(parsePlain("null"), .null)
        XCTAssertEqual(parsePlain("\r\n\ttrue\n"), true)
    }

    func testNumbers() {
        let cases: [(String, Double)] = [
            ("0", 0), ("-0", -0.0), ("880", 880), ("-37", -37), ("0.5", 0.5), ("1.25", 1.25),
            ("1e2", 100), ("1E+2", 100), ("1e-2", 0.01), ("-0.0001", -0.0001), ("0.1", 0.1),
            ("9007199254740993", 9007199254740992), // rounds to nearest even
            ("123456789012345678901234567890", 1.2345678901234568e29),
            ("0.30000000000000004", 0.30000000000000004),
            ("1.7976931348623157e308", Double.greatestFiniteMagnitude),
            ("5e-324", Double.leastNonzeroMagnitude),
            ("1e-400", 0), ("0e999999999", 0),
            ("0.000000000000000000000000000001", 1e-30),
            ("2.2250738585072011e-308", Double.leastNormalMagnitude.nextDown),
            ("17976931348623157e292", Double.greatestFiniteMagnitude),
        ]
        for (text, expected) in cases {
            guard let value = parsePlain(text)?.doubleValue else { XCTFail(text); continue }
            XCTAssertEqual(value, expected, text)
            XCTAssertEqual(value.sign, expected.sign, text)
        }
    }

    /// Issue 15: 64-bit ids parsed as Double collided (`…001` and `…000`).
    func testIntegersKeepTheirExactDigits() throws {
        let root = try JSONParser.parse("[1800000000000000001, 1800000000000000000, -9223372036854775809, 123456789012345678901234567890]")
        let texts = root.elements?.map(\.integerText)
        XCTAssertEqual(texts, ["1800000000000000001", "1800000000000000000", "-9223372036854775809", "123456789012345678901234567890"])
        XCTAssertNotEqual(root[0], root[1], "the nodes differ, though their Doubles are equal")
        XCTAssertEqual(root[0]?.doubleValue, root[1]?.doubleValue)
        XCTAssertEqual(root[0]?.intValue, 1_800_000_000_000_000_001)
        XCTAssertNil(root[2]?.intValue, "beyond Int: no Int")
        XCTAssertEqual(root[0]?.digits, "1800000000000000001")
    }

    func testIntegerTextOfOtherNumbers() throws {
        let cases: [(String, String?)] = [
            ("0", "0"), ("-0", "0"), ("7", "7"), ("7.0", "7"), ("1e3", "1000"), ("-37", "-37"),
            ("9007199254740992", "9007199254740992"), ("9007199254740993", "9007199254740993"),
            ("1.5", nil), ("1.8e18", nil), ("1e300", nil), ("0.1", nil),
        ]
        for (text, expected) in cases {
            let node = try JSONParser.parse(text)
            XCTAssertEqual(node.integerText, expected, text)
            if expected == nil { XCTAssertNil(node.digits, "\(text): digits only for integer literals") }
        }
        XCTAssertNil(try JSONParser.parse("\"12\"").integerText, "a string is not a number")
        XCTAssertNil(try JSONParser.parse("1e2").digits, "exact Doubles keep no digits")
    }

    func testValueAndKeyPositions() throws {
        let text = """
        {
          "name": "Ünïcödé",
          "list": [1, -2.5, true, null],
          "ü": "ö", "z": 0,
        \t"tab": {"k": "v"}
        }
        """
        let root = try JSONParser.parse(text)
        XCTAssertEqual(root.position, JSONPosition(line: 1, column: 1, offset: 0))
        XCTAssertEqual(root["name"]?.position.description, "2:11")
        XCTAssertEqual(root.member("list")?.keyPosition.description, "3:3")
        XCTAssertEqual(root["list"]?.position.description, "3:11")
        XCTAssertEqual(root["list"]?[1]?.position.description, "3:15")
        XCTAssertEqual(root["list"]?[3]?.position.description, "3:27")
        XCTAssertEqual(root.member("z")?.keyPosition.description, "4:13")
        XCTAssertEqual(root["z"]?.position.description, "4:18")
        XCTAssertEqual(root.member("tab")?.keyPosition.description, "5:2")
        XCTAssertEqual(root["tab"]?["k"]?.position.description, "5:15")
        // Offsets are UTF-8 byte offsets.
        let zOffset = root["z"]!.position.offset
        XCTAssertEqual(Array(text.utf8)[zOffset], UInt8(ascii: "0"))
        // Member order is source order.
        XCTAssertEqual(root.members?.map(\.key), ["name", "list", "ü", "z", "tab"])
        XCTAssertEqual(root.plain.objectValue?.keys, ["name", "list", "ü", "z", "tab"])
        XCTAssertEqual(root["list"]?.elements?.count, 4)
        XCTAssertEqual(root["name"]?.stringValue, "Ünïcödé")
        XCTAssertEqual(root["name"]?.typeName, "string")
    }

    func testLineEndingsCRLFAndLoneCR() throws {
        let root = try JSONParser.parse("[1,\r\n2,\r3,\n4]")
        XCTAssertEqual(root.elements?.map(\.position.description), ["1:2", "2:1", "3:1", "4:1"])
    }

    func testColumnsCountUnicodeScalars() throws {
        // "é" precomposed = 1 scalar, "e\u{301}" = 2 scalars, emoji = 1 scalar (4 bytes).
        let root = try JSONParser.parse("[\"é\", 1,\n\"e\u{301}😀\", 2]")
        XCTAssertEqual(root[1]?.position.description, "1:7")
        XCTAssertEqual(root[3]?.position.description, "2:8")
    }

    func testEntryPointsAgree() throws {
        let text = "{\"a\": [1, \"é\"]}"
        let fromString = try JSONParser.parse(text)
        let fromBytes = try JSONParser.parse(Array(text.utf8))
        let fromData = try JSONParser.parse(Data(text.utf8))
        XCTAssertEqual(fromString, fromBytes)
        XCTAssertEqual(fromString, fromData)
        // A non-contiguous (bridged-like) string still works via withUTF8.
        let sub = String(text[...])
        XCTAssertEqual(try JSONParser.parse(sub), fromString)
    }

    func testDuplicateKeysInDifferentObjectsAreFine() throws {
        let root = try JSONParser.parse(#"{"a": {"x": 1}, "b": {"x": 2}}"#)
        XCTAssertEqual(root["b"]?["x"]?.intValue, 2)
    }

    // MARK: Errors

    func testBriefExamples() {
        let demo = """
        {
          "name": "demo",
          "size": [1, 2]]
        }
        """
        assertSyntaxError(demo, line: 3, column: 17, "expected ',' or '}' after object member, found ']'")
        assertSyntaxError(#"{"a": 1]"#, line: 1, column: 8, "expected ',' or '}' after object member, found ']'")
        assertSyntaxError("[1 2]", line: 1, column: 4, "expected ',' or ']' after array element, found '2'")
    }

    func testTruncatedInput() {
        assertSyntaxError("{\"a\": [1, 2", line: 1, column: 12, "unexpected end of input, expected ',' or ']' after array element")
        assertSyntaxError("{\"a\":\n", line: 2, column: 1, "unexpected end of input, expected a JSON value")
        assertSyntaxError("{\n  \"a\": 1\n", line: 3, column: 1, "unexpected end of input, expected ',' or '}' after object member")
        assertSyntaxError("\n  \"abc", line: 2, column: 7, "unexpected end of input, expected '\"' to close string started at 2:3")
        assertSyntaxError("tru", line: 1, column: 4, "unexpected end of input, expected 'true'")
        assertSyntaxError("[nul", line: 1, column: 5, "unexpected end of input, expected 'null'")
        assertSyntaxError("-", line: 1, column: 2, "unexpected end of input, expected a digit after '-'")
        assertSyntaxError("1.", line: 1, column: 3, "unexpected end of input, expected a digit after '.' in number")
        assertSyntaxError("1e+", line: 1, column: 4, "unexpected end of input, expected a digit in number exponent")
        assertSyntaxError("{", line: 1, column: 2, "unexpected end of input, expected object key (a double-quoted string) or '}'")
        assertSyntaxError("{\"a\"", line: 1, column: 5, "unexpected end of input, expected ':' after object key")
        assertSyntaxError("[", line: 1, column: 2, "unexpected end of input, expected a JSON value")
        assertSyntaxError(#""\u12"#, line: 1, column: 6, #"unexpected end of input, expected 4 hex digits after '\u'"#)
        assertSyntaxError(#""\"#, line: 1, column: 3, #"unexpected end of input, expected an escape character"#)
    }

    func testTrailingCommas() {
        assertSyntaxError("[1, 2,]", line: 1, column: 7, "expected a value after ',', found ']' (trailing commas are not allowed)")
        assertSyntaxError("{\"a\": 1,}", line: 1, column: 9, "expected object key after ',', found '}' (trailing commas are not allowed)")
        assertSyntaxError("{\n  \"a\": 1,\n}", line: 3, column: 1, "trailing commas are not allowed")
        assertSyntaxError("[1,,2]", line: 1, column: 4, "expected a JSON value, found ','")
    }

    func testBadNumbers() {
        assertSyntaxError("[01]", line: 1, column: 2, "invalid number '01': leading zeros are not allowed")
        assertSyntaxError("\n  -007", line: 2, column: 3, "invalid number '-007': leading zeros are not allowed")
        assertSyntaxError("[.5]", line: 1, column: 2, "expected a JSON value, found '.'")
        assertSyntaxError("+1", line: 1, column: 1, "expected a JSON value, found '+'")
        assertSyntaxError("1.e5", line: 1, column: 3, "expected a digit after '.' in number, found 'e5'")
        assertSyntaxError("[1e]", line: 1, column: 4, "expected a digit in number exponent, found ']'")
        assertSyntaxError("-x", line: 1, column: 2, "expected a digit after '-', found 'x'")
        assertSyntaxError("0x10", line: 1, column: 2, "expected end of input after top-level value, found 'x10'")
    }

    func testNumbersOutOfRange() {
        assertSyntaxError("[1e400]", line: 1, column: 2, "number out of range: 1e400")
        assertSyntaxError("{\n\"a\": -1.8e308}", line: 2, column: 6, "number out of range")
        let huge = String(repeating: "9", count: 400)
        assertSyntaxError(huge, line: 1, column: 1, "number out of range: 9999")
    }

    func testNaNInfinityAndBareWords() {
        assertSyntaxError("NaN", line: 1, column: 1, "expected a JSON value, found 'NaN' (NaN and Infinity are not valid JSON numbers)")
        assertSyntaxError("[-Infinity]", line: 1, column: 3, "expected a digit after '-', found 'Infinity' (NaN and Infinity")
        assertSyntaxError("{\"a\": Infinity}", line: 1, column: 7, "found 'Infinity' (NaN and Infinity")
        assertSyntaxError("{\"a\": yes}", line: 1, column: 7, "expected a JSON value, found 'yes' (strings must be in double quotes)")
        assertSyntaxError("True", line: 1, column: 1, "found 'True' (JSON literals are lowercase")
        assertSyntaxError("nulls", line: 1, column: 1, "found 'nulls'")
        assertSyntaxError("[truex]", line: 1, column: 2, "found 'truex'")
        assertSyntaxError("{a: 1}", line: 1, column: 2, "expected object key (a double-quoted string) or '}', found 'a'")
        assertSyntaxError("[undefined]", line: 1, column: 2, "found 'undefined'")
    }

    func testSingleQuotes() {
        assertSyntaxError("{'a': 1}", line: 1, column: 2, "found ''' (strings must use double quotes)")
        assertSyntaxError("['x']", line: 1, column: 2, "expected a JSON value, found ''' (strings must use double quotes)")
        assertSyntaxError("{\"a\": 1, 'b': 2}", line: 1, column: 10, "expected object key (a double-quoted string), found '''")
    }

    func testComments() {
        assertSyntaxError("{\"a\": 1 // note\n}", line: 1, column: 9, "expected ',' or '}' after object member, found '/' (comments are not allowed in JSON)")
        assertSyntaxError("/* c */ {}", line: 1, column: 1, "found '/' (comments are not allowed in JSON)")
        assertSyntaxError("[\n  1,\n  # c\n]", line: 3, column: 3, "found '#' (comments are not allowed in JSON)")
        assertSyntaxError("{} // end", line: 1, column: 4, "expected end of input after top-level value, found '/' (comments are not allowed")
    }

    func testControlCharactersInStrings() {
        assertSyntaxError("\"a\tb\"", line: 1, column: 3, #"unescaped control character U+0009 in string (write \t)"#)
        assertSyntaxError("[\"abc\n\"]", line: 1, column: 6, "unescaped line break in string")
        assertSyntaxError("[\"abc\n\"]", line: 1, column: 6, "string started at 1:2")
        assertSyntaxError("\"\u{01}\"", line: 1, column: 2, #"unescaped control character U+0001 in string (write \u0001)"#)
        assertSyntaxError("\"é\u{1F}\"", line: 1, column: 3, "U+001F")
        assertSyntaxError("[\u{07}]", line: 1, column: 2, "expected a JSON value, found control character U+0007")
    }

    func testBadEscapes() {
        assertSyntaxError(#""\x""#, line: 1, column: 2, #"invalid escape sequence '\x' in string"#)
        assertSyntaxError("{\n  \"k\": \"ok\\'\"}", line: 2, column: 11, #"invalid escape sequence '\''"#)
        assertSyntaxError(#"["\u12G4"]"#, line: 1, column: 7, #"expected 4 hex digits after '\u', found 'G4'"#)
        assertSyntaxError("\"\\\u{01}\"", line: 1, column: 2, "invalid escape sequence '\\' followed by control character U+0001")
        assertSyntaxError("\"\\é\"", line: 1, column: 2, "invalid escape sequence '\\' followed by 'é' (U+00E9)")
    }

    func testSurrogateEscapes() throws {
        assertSyntaxError(#""\ud800""#, line: 1, column: 2, #"unpaired surrogate escape '\ud800': a high surrogate must be followed by a low surrogate"#)
        assertSyntaxError(#""\uD800\u0041""#, line: 1, column: 2, #"unpaired surrogate escape '\uD800'"#)
        assertSyntaxError(#""\ud800\ud800""#, line: 1, column: 2, "unpaired surrogate escape")
        assertSyntaxError(#""ab\ud83d x""#, line: 1, column: 4, "unpaired surrogate escape")
        assertSyntaxError("[\n\"\\udc00\"]", line: 2, column: 2, #"unpaired surrogate escape '\udc00': a low surrogate must follow a high surrogate"#)
        XCTAssertEqual(try JSONParser.parse(#""\ud83d\ude00\u0000\u00e9""#).stringValue, "😀\u{0}é")
    }

    func testInvalidUTF8() {
        let q = UInt8(ascii: "\""), a = UInt8(ascii: "a")
        let open = UInt8(ascii: "["), close = UInt8(ascii: "]")
        assertSyntaxError([open, q, a, 0xFF, q, close], line: 1, column: 4, "invalid UTF-8 byte 0xFF")
        // "é" then C3 28 (lead byte without continuation): column counts é as one.
        assertSyntaxError([q, 0xC3, 0xA9, 0xC3, 0x28, q], line: 1, column: 3, "invalid UTF-8 byte sequence 0xC3 0x28")
        assertSyntaxError([q, 0x80, q], line: 1, column: 2, "invalid UTF-8 byte 0x80")
        assertSyntaxError([q, 0xC0, 0xAF, q], line: 1, column: 2, "invalid UTF-8 byte 0xC0") // overlong
        assertSyntaxError([q, 0xE0, 0x80, 0xAF, q], line: 1, column: 2, "invalid UTF-8 byte sequence 0xE0 0x80") // overlong
        assertSyntaxError([q, 0xED, 0xA0, 0x80, q], line: 1, column: 2, "invalid UTF-8 byte sequence 0xED 0xA0") // surrogate
        assertSyntaxError([q, 0xF4, 0x90, 0x80, 0x80, q], line: 1, column: 2, "invalid UTF-8 byte sequence 0xF4 0x90") // > U+10FFFF
        assertSyntaxError([q, 0xE2, 0x82], line: 1, column: 2, "invalid UTF-8: truncated byte sequence 0xE2 0x82 at end of input")
        assertSyntaxError([open, 0x0A, 0xFF, close], line: 2, column: 1, "expected a JSON value, found invalid UTF-8 byte 0xFF")
        assertSyntaxError([open, 0xC3, 0xA9, close], line: 1, column: 2, "expected a JSON value, found 'é' (U+00E9)")
    }

    func testByteOrderMarks() {
        assertSyntaxError([0xEF, 0xBB, 0xBF, UInt8(ascii: "{"), UInt8(ascii: "}")], line: 1, column: 1,
                          "byte order mark (BOM) at start of file; save as UTF-8 without BOM")
        assertSyntaxError([0xFF, 0xFE, UInt8(ascii: "{"), 0, UInt8(ascii: "}"), 0], line: 1, column: 1,
                          "UTF-16 byte order mark")
    }

    func testDuplicateKeys() {
        let text = """
        {
          "x": 1,
          "y": {"x": 2},
          "x": 3
        }
        """
        assertSyntaxError(text, line: 4, column: 3, #"duplicate key "x" (first at 2:3)"#)
        assertSyntaxError(#"{"a\nb": 1, "a\u000ab": 2}"#, line: 1, column: 13, #"duplicate key "a\nb" (first at 1:2)"#)
        // Large object: duplicate found through the hash index.
        let members = (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ",\n")
        assertSyntaxError("{\n" + members + ",\n\"k5\": 0}", line: 42, column: 1, #"duplicate key "k5" (first at 7:1)"#)
    }

    func testTrailingContent() {
        assertSyntaxError("{} x", line: 1, column: 4, "expected end of input after top-level value, found 'x'")
        assertSyntaxError("1 2", line: 1, column: 3, "found '2' (only one top-level value is allowed)")
        assertSyntaxError(#"{"a":1}}"#, line: 1, column: 8, "expected end of input after top-level value, found '}'")
        assertSyntaxError("[1]\n\n ]", line: 3, column: 2, "found ']'")
    }

    func testEmptyInput() {
        assertSyntaxError("", line: 1, column: 1, "empty input, expected a JSON value")
        assertSyntaxError("  \n ", line: 2, column: 2, "unexpected end of input, expected a JSON value")
    }

    func testNonASCIIColumnsInErrors() {
        assertSyntaxError(#"{"名前": "値", "ü": x}"#, line: 1, column: 18, "found 'x'")
        assertSyntaxError("[\"a\",\n\"😀e\u{301}\", x]", line: 2, column: 8, "found 'x'")
        // Column counter resets per line.
        assertSyntaxError("[\"ééé\",\n 1 2]", line: 2, column: 4, "found '2'")
    }

    // MARK: Depth and size

    func testNestingLimit() throws {
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        XCTAssertNoThrow(try JSONParser.parse(ok))
        let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        assertSyntaxError(tooDeep, line: 1, column: 513, "nesting too deep: more than 512 nested arrays/objects")
        assertSyntaxError("[[[[1]]]]", line: 1, column: 4, "more than 3 nested", maxDepth: 3)
        assertSyntaxError(#"{"a": {"b": {"c": []}}}"#, line: 1, column: 19, "nesting too deep", maxDepth: 3)
        assertSyntaxError("[{}]", line: 1, column: 2, "more than 1 nested", maxDepth: 1)
        XCTAssertNoThrow(try JSONParser.parse("[[[[1]]]]", maxDepth: 4))
        // The parser itself never recurses: 100,000 open brackets under a
        // raised limit reach the end of input instead of overflowing the stack.
        let veryDeep = String(repeating: "[", count: 100_000)
        assertSyntaxError(veryDeep, line: 1, column: 100_001, "unexpected end of input", maxDepth: 200_000)
        let deepOK = String(repeating: "[", count: 2_000) + String(repeating: "]", count: 2_000)
        XCTAssertNoThrow(try JSONParser.parse(deepOK, maxDepth: 2_000))
    }

    func testTenThousandDeepFailsPromptly() {
        let start = Date()
        let text = String(repeating: "[", count: 10_000)
        assertSyntaxError(text, line: 1, column: 513, "nesting too deep")
        let objects = String(repeating: #"{"a":"#, count: 10_000)
        assertSyntaxError(objects, line: 1, column: 1 + 5 * 512, "nesting too deep")
        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
    }

    func testTenMegabyteString() throws {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        bytes.append(UInt8(ascii: "\""))
        let chunk = Array("abcdefghij\\n\\u00e9é😀 \\\"".utf8) // 10 + 2 + 6 + 2 + 4 + 1 + 2 = 27 bytes
        let repeats = 10_000_000 / chunk.count
        bytes.reserveCapacity(repeats * chunk.count + 16)
        for _ in 0..<repeats { bytes.append(contentsOf: chunk) }
        bytes.append(contentsOf: Array("\", 1]".utf8))
        let start = Date()
        let root = try JSONParser.parse(bytes)
        let elapsed = Date().timeIntervalSince(start)
        let s = try XCTUnwrap(root[0]?.stringValue)
        XCTAssertEqual(s.unicodeScalars.count, repeats * 16)
        XCTAssertTrue(s.hasPrefix("abcdefghij\néé😀 \"abc"))
        // Columns after the long string count scalars.
        XCTAssertEqual(root[1]?.position.column, 23 * repeats + 6)
        XCTAssertLessThan(elapsed, 10, "10 MB string took \(elapsed)s")
    }

    func testLongSingleLineStaysLinear() throws {
        // 200k values on one line with non-ASCII strings: positions are incremental.
        let count = 200_000
        var text = "["
        text.reserveCapacity(count * 8)
        for n in 0..<count { text += n == 0 ? "\"é\"" : ",\"é\"" }
        text += ", x]"
        let start = Date()
        assertSyntaxError(text, line: 1, column: 1 + 3 * count + (count - 1) + 3, "found 'x'")
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
    }
}
