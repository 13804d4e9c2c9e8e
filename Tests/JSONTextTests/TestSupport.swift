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
