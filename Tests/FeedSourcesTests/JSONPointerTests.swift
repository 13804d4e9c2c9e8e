@testable import FeedSources
import JSONText
import XCTest

final class JSONPointerTests: XCTestCase {
    let document = try! JSONParser.parse(#"{"foo": ["bar", "baz"], "": 0, "a/b": 1, "m~n": 8, "data": {"items": [{"id": 1}], "next": null}}"#)

    func testRFC6901Examples() throws {
        XCTAssertEqual(try JSONPointer("").resolve(in: document), document)
        XCTAssertEqual(try JSONPointer("/foo/0").resolve(in: document)?.stringValue, "bar")
        XCTAssertEqual(try JSONPointer("/foo/1").resolve(in: document)?.stringValue, "baz")
        XCTAssertEqual(try JSONPointer("/").resolve(in: document)?.intValue, 0)
        XCTAssertEqual(try JSONPointer("/a~1b").resolve(in: document)?.intValue, 1)
        XCTAssertEqual(try JSONPointer("/m~0n").resolve(in: document)?.intValue, 8)
        XCTAssertEqual(try JSONPointer("/data/items/0/id").resolve(in: document)?.intValue, 1)
        XCTAssertEqual(try JSONPointer("/data/next").resolve(in: document)?.isNull, true)
    }

    func testWhatNamesNothing() throws {
        XCTAssertNil(try JSONPointer("/foo/2").resolve(in: document))
        XCTAssertNil(try JSONPointer("/foo/01").resolve(in: document), "no leading zeros")
        XCTAssertNil(try JSONPointer("/foo/-").resolve(in: document), "past the end names nothing")
        XCTAssertNil(try JSONPointer("/nope").resolve(in: document))
        XCTAssertNil(try JSONPointer("/foo/0/x").resolve(in: document), "a string has no members")
    }

    func testBadPointersSayWhy() {
        XCTAssertThrowsError(try JSONPointer("data")) { XCTAssertTrue("\($0)".contains("does not start with \"/\"")) }
        XCTAssertThrowsError(try JSONPointer("/a~2")) { XCTAssertTrue("\($0)".contains("~0 for ~")) }
        XCTAssertThrowsError(try JSONPointer("/a~")) { XCTAssertTrue("\($0)".contains("not followed by 0 or 1")) }
    }
}
