import XCTest
@testable import JSONText

final class JSONValueTests: XCTestCase {
    func testLiteralsBuildExpectedCases() {
        let v: JSONValue = ["b": true, "n": nil, "i": 3, "d": 0.5, "s": "x", "a": [1, "two"], "o": [:]]
        guard case .object(let o) = v else { return XCTFail("not an object") }
        XCTAssertEqual(o.keys, ["b", "n", "i", "d", "s", "a", "o"])
        XCTAssertEqual(o["b"], .bool(true))
        XCTAssertEqual(o["n"], .null)
        XCTAssertEqual(o["i"], .number(3))
        XCTAssertEqual(o["d"], .number(0.5))
        XCTAssertEqual(o["s"], .string("x"))
        XCTAssertEqual(o["a"], .array([.number(1), .string("two")]))
        XCTAssertEqual(o["o"], .object(JSONObject()))
    }

    func testAccessors() {
        let v: JSONValue = ["w": 640, "h": 0.5, "name": "demo", "on": false, "list": [10, 20], "nil": nil]
        XCTAssertEqual(v["w"]?.intValue, 640)
        XCTAssertNil(v["h"]?.intValue)
        XCTAssertEqual(v["h"]?.doubleValue, 0.5)
        XCTAssertEqual(v["name"]?.stringValue, "demo")
        XCTAssertNil(v["name"]?.doubleValue)
        XCTAssertEqual(v["on"]?.boolValue, false)
        XCTAssertEqual(v["list"]?[1], 20)
        XCTAssertNil(v["list"]?[2])
        XCTAssertNil(v["list"]?[-1])
        XCTAssertEqual(v["nil"]?.isNull, true)
        XCTAssertNil(v["missing"])
        XCTAssertNil(v[0])
        XCTAssertEqual(v["list"]?.arrayValue?.count, 2)
        XCTAssertEqual(v.objectValue?.count, 6)
        XCTAssertEqual(v.typeName, "object")
        XCTAssertEqual(JSONValue.string("a").typeName, "string")
        XCTAssertEqual(JSONValue.number(1).typeName, "number")
        XCTAssertEqual(JSONValue.bool(true).typeName, "boolean")
        XCTAssertEqual(JSONValue.null.typeName, "null")
        XCTAssertEqual(JSONValue.array([]).typeName, "array")
        XCTAssertEqual(JSONValue.string("wide").description, "\"wide\"")
    }

    func testObjectKeepsInsertionOrderAndReplacesInPlace() {
        var o: JSONObject = ["z": 1, "a": 2, "m": 3]
        XCTAssertEqual(o.keys, ["z", "a", "m"])
        o["a"] = 20
        XCTAssertEqual(o.keys, ["z", "a", "m"])
        XCTAssertEqual(o.values, [1, 20, 3])
        o["b"] = 4
        XCTAssertEqual(o.keys, ["z", "a", "m", "b"])
        o["z"] = nil
        XCTAssertEqual(o.keys, ["a", "m", "b"])
        XCTAssertEqual(o.removeValue(forKey: "m"), 3)
        XCTAssertNil(o.removeValue(forKey: "m"))
        XCTAssertEqual(Array(o.map(\.key)), ["a", "b"])
        XCTAssertEqual(o[1].value, 4)
    }

    func testLargeObjectLookupUsesIndexCorrectly() {
        var o = JSONObject()
        for n in 0..<100 { o["k\(n)"] = .number(Double(n)) }
        for n in 0..<100 { XCTAssertEqual(o["k\(n)"], .number(Double(n))) }
        XCTAssertNil(o["k100"])
        // Removal shifts later members; lookups must follow.
        o["k10"] = nil
        XCTAssertEqual(o.index(forKey: "k11"), 10)
        XCTAssertEqual(o["k99"], 99)
        XCTAssertNil(o["k10"])
        for n in 0..<95 where n != 10 { o["k\(n)"] = nil }
        XCTAssertEqual(o.keys, ["k95", "k96", "k97", "k98", "k99"])
        XCTAssertEqual(o["k97"], 97)
        o["new"] = 1
        XCTAssertEqual(o.index(forKey: "new"), 5)
    }

    func testObjectEqualityIsOrderSensitive() {
        let a: JSONObject = ["x": 1, "y": 2]
        let b: JSONObject = ["y": 2, "x": 1]
        XCTAssertNotEqual(a, b)
        XCTAssertEqual(a, ["x": 1, "y": 2])
        XCTAssertEqual(Set([JSONValue.object(a), .object(["x": 1, "y": 2])]).count, 1)
    }
}
