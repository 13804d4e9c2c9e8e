@testable import FeedFramesTesting
import Foundation
import FrameImaging
import TestSupport
import XCTest

/// A failing snapshot test of HTML frames, with Chromium there: the report shows the changed frames
/// as images, expected beside actual, and each run as a GIF (ImageMagick). Skipped without the tools,
/// except under CI (where `.ci/install` puts them).
final class FailureImagesTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("feedframes-testing-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    let events = ["launch", "wait 1", "scroll by 100", "scroll by 100", "wait 1", "scroll to bottom", "wait 1"]

    /// The list, or with `changed` the same list with its load-more starting one scroll later.
    func verify(changed: Bool, as strategies: [FrameStrategy]) -> FramesFailure? {
        let scenario: FramesScenario = changed
            ? .preset("standard", config: ["footer": ["prefetchRows": 0]], source: .init(total: 50), events: events)
            : .preset("standard", source: .init(total: 50), events: events)
        return verifyFrames(of: scenario, as: strategies,
                     snapshotDirectory: folder.path, environment: [:], testFile: "/tests/ListTests.swift", testName: "images")
    }

    func testAMismatchOfHTMLFramesIsReportedAsImagesAndAnimations() throws {
        guard Screenshots.chromium() != nil, FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver") else {
            throw missingInput("chromium and chromedriver (FEEDFRAMES_BROWSER=1 bash .ci/install)")
        }
        XCTAssertNotNil(verify(changed: false, as: [.text, .json, .html]), "the reference is recorded")
        let failure = try XCTUnwrap(verify(changed: true, as: [.text, .json, .html]))
        XCTAssertEqual(failure.kind, .mismatch)
        let lines = failure.message.split(separator: "\n").map(String.init)
        let page = try XCTUnwrap(lines.first { $0.hasPrefix("Diff report: ") }).dropFirst("Diff report: ".count)
        let report = URL(fileURLWithPath: String(page)).deletingLastPathComponent()
        XCTAssertTrue(lines.contains { $0.hasPrefix("The report shows the frames as images") }, failure.message)
        for side in ["expected", "actual"] {
            let png = report.appendingPathComponent("frames/0/\(side)/0003.png")
            XCTAssertEqual(Array((try Data(contentsOf: png)).prefix(4)), [0x89, 0x50, 0x4E, 0x47], "\(side) frame 3 as a PNG")
        }
        let html = try String(contentsOf: URL(fileURLWithPath: String(page)), encoding: .utf8)
        XCTAssertTrue(html.contains(#"<img src="frames/0/expected/0003.png""#), "expected, as an image")
        XCTAssertTrue(html.contains(#"<img src="frames/0/actual/0003.png""#), "beside the actual")
        if lines.contains(where: { $0.hasSuffix("and each run as a GIF.") }) {
            for side in ["expected", "actual"] {
                let gif = try Data(contentsOf: report.appendingPathComponent("\(side).gif"))
                XCTAssertEqual(Array(gif.prefix(6)), Array("GIF89a".utf8), side)
                XCTAssertTrue(html.contains(#"src="\#(side).gif""#), side)
            }
        } else if isCI() {
            XCTFail("CI is set but no GIFs were made (ImageMagick missing?): \(failure.message)")
        }
    }

    func testTextAndJSONSnapshotsMakeNoImages() throws {
        XCTAssertNotNil(verify(changed: false, as: [.text, .json]))
        let failure = try XCTUnwrap(verify(changed: true, as: [.text, .json]))
        XCTAssertFalse(failure.message.contains("as images") || failure.message.contains("No images"), failure.message)
        let page = try XCTUnwrap(failure.message.split(separator: "\n").first { $0.hasPrefix("Diff report: ") }).dropFirst("Diff report: ".count)
        XCTAssertFalse(try String(contentsOfFile: String(page), encoding: .utf8).contains("<img"))
    }
}
