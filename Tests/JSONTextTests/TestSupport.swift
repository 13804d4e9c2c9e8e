import XCTest
@testable import JSONText

/// Parses `input` expecting a syntax error at `line`:`column` whose message
/// contains `message`.
func assertSyntaxError(
    _ input: [UInt8], line: Int, column: Int, _ message: String, maxDepth: Int = JSONParser.defaultMaxDepth,
    file: StaticString = #filePath, testLine: UInt = #line
) {
    do {
        let node = try JSONParser.parse(input, maxDepth: maxDepth)
        XCTFail("expected an error, parsed \(node.plain)", file: file, line: testLine)
    } catch {
        XCTAssertEqual(error.line, line, "line of: \(error)", file: file, line: testLine)
        XCTAssertEqual(error.column, column, "column of: \(error)", file: file, line: testLine)
        XCTAssertTrue(error.message.contains(message), "message \"\(error.message)\" lacks \"\(message)\"",
                      file: file, line: testLine)
        XCTAssertEqual(error.description, "\(line):\(column): \(error.message)", file: file, line: testLine)
    }
}

func assertSyntaxError(
    _ input: String, line: Int, column: Int, _ message: String, maxDepth: Int = JSONParser.defaultMaxDepth,
    file: StaticString = #filePath, testLine: UInt = #line
) {
    assertSyntaxError(Array(input.utf8), line: line, column: column, message, maxDepth: maxDepth,
                      file: file, testLine: testLine)
}

func parsePlain(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONValue? {
    do {
        return try JSONParser.parse(text).plain
    } catch {
        XCTFail("unexpected error \(error) for \(text.debugDescription)", file: file, line: line)
        return nil
    }
}

/// Deterministic PRNG (SplitMix64) so failures reproduce.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
