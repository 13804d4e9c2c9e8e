import FeedEngine
import FeedScenario
import Foundation
import XCTest
@testable import FrameRendering

/// SPEC §9: separators and cells follow the device's layout margin, 16 pt, and 20 pt on the Max
/// phones and iPad; `list.separatorInset` overrides it, and `null` draws none.
final class DeviceMarginTests: XCTestCase {
    func html(_ keys: String) throws -> String {
        let list = try scenario(#"{ "preset": "standard", \#(keys) "source": { "total": 5 }, "events": ["launch", "wait 1"] }"#)
        let frame = try XCTUnwrap(list.frames().last)
        return try defaultTemplates().html(of: frame, in: FrameContext(list))
    }

    func testSeparatorsAndMarginsFollowTheDevice() throws {
        XCTAssertTrue(try html(#""device": "iPhone 15","#).contains("--margin: 16px; --separator-inset: 16px;"))
        XCTAssertTrue(try html(#""device": "iPhone 15 Pro Max","#).contains("--margin: 20px; --separator-inset: 20px;"))
        XCTAssertTrue(try html(#""device": "iPad","#).contains("--margin: 20px; --separator-inset: 20px;"))
        XCTAssertTrue(try html(#""device": "iPad", "list": { "separatorInset": 0 },"#).contains("--margin: 20px; --separator-inset: 0px;"))
        let none = try html(#""list": { "separatorInset": null },"#)
        XCTAssertEqual(none.components(separatedBy: "class=\"row no-separator\"").count - 1, 5, "no row draws a separator")
        XCTAssertFalse(try html("").contains("--separator-inset: "), "without a device or inset, frames are as they were")
    }
}
