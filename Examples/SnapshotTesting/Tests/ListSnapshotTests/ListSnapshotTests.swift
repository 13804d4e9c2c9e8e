import FeedFramesSnapshotTesting
import FeedFramesTesting
import Foundation
import SnapshotTesting
import XCTest

/// The team's list as swift-snapshot-testing snapshots: the references in
/// `__Snapshots__/ListSnapshotTests/` were recorded once, reviewed and committed;
/// a change to the list's behaviour fails here with pointfree's line diff.
final class ListSnapshotTests: XCTestCase {
    /// Launch, first page, scroll to the bottom, the second page.
    static let paging = FramesScenario.preset("standard", source: .init(total: 30),
                                              events: ["launch", "wait 1", "scroll to bottom", "wait 1"])

    func testPagingAsText() {
        assertSnapshot(of: Self.paging, as: .feedFrames(.text))
    }

    func testPagingAsJSON() {
        assertSnapshot(of: Self.paging, as: .feedFrames(.json))
    }

    /// A team's own paging logic (`NextPagePager`, in this target) instead of the preset's rules:
    /// FeedFrames plays UIKit around it, and its frames snapshot the same way.
    static let ownLogic = FramesScenario.preset("standard", source: .init(total: 30),
                                                events: ["launch", "wait 1", "scroll to bottom", "wait 1"]).playing(NextPagePager())

    func testATeamsOwnLogicAsText() {
        assertSnapshot(of: Self.ownLogic, as: .feedFrames(.text))
    }

    func testATeamsOwnLogicAsJSON() {
        assertSnapshot(of: Self.ownLogic, as: .feedFrames(.json))
    }

    /// The strategy plays the team's logic, not the preset's rules: those show the header refreshing
    /// during the first load, `NextPagePager` shows no header.
    func testTheTeamsLogicIsWhatIsSnapshotted() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let own = try XCTUnwrap(Self.ownLogic.frames(as: .text, relativeTo: folder).first)
        let preset = try XCTUnwrap(Self.paging.frames(as: .text, relativeTo: folder).first)
        XCTAssertTrue(String(decoding: preset.bytes, as: UTF8.self).contains("[refreshing]"))
        XCTAssertFalse(String(decoding: own.bytes, as: UTF8.self).contains("[refreshing]"))
    }

    func testAScenarioFileNextToThePackage() {
        assertSnapshot(of: .file("Scenarios/failed-page.json"), as: .feedFrames(.text, relativeTo: URL(fileURLWithPath: #filePath).deletingLastPathComponent()))
    }

    // What the host library does with FeedFrames' strategies, in a scratch folder so
    // nothing here touches the committed references.

    func testRecordsThenMatchesThenFailsWithTheLineDiff() throws {
        let directory = try scratchFolder()
        for format in FeedFramesFormat.allCases {
            XCTAssertNotNil(verifySnapshot(of: Self.paging, as: .feedFrames(format), named: "list",
                                           snapshotDirectory: directory, testName: "\(format)"),
                            "\(format): the first run records the reference and fails, as swift-snapshot-testing does")
            XCTAssertNil(verifySnapshot(of: Self.paging, as: .feedFrames(format), named: "list",
                                        snapshotDirectory: directory, testName: "\(format)"),
                         "\(format): the next run matches it")
            // 12 items instead of 30: one page, other rows, an exhausted footer.
            let changed = FramesScenario.preset("standard", source: .init(total: 12),
                                                events: ["launch", "wait 1", "scroll to bottom", "wait 1"])
            let failure = try XCTUnwrap(verifySnapshot(of: changed, as: .feedFrames(format), named: "list",
                                                       snapshotDirectory: directory, testName: "\(format)"),
                                        "\(format): a change fails")
            XCTAssertTrue(failure.contains("@@ "), "\(format): the message holds pointfree's line diff: \(failure)")
        }
        let text = try String(contentsOfFile: directory + "/text.list.txt", encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("frame 1 · t=0s · launch\n"), text)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: directory + "/json.list.json")))
        let frames = try Self.paging.frames(as: .json, relativeTo: URL(fileURLWithPath: directory)).count
        XCTAssertGreaterThan(frames, 2)
        XCTAssertEqual((json as? [Any])?.count, frames, "one array element a frame")
    }

    func testRecordModeNeverDoesNotRecord() throws {
        let directory = try scratchFolder()
        withSnapshotTesting(record: .never) {
            XCTAssertNotNil(verifySnapshot(of: Self.paging, as: .feedFrames(.text), named: "list",
                                           snapshotDirectory: directory, testName: "never"))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/never.list.txt"),
                       "record: .never leaves the missing reference missing")
    }

    func testABadScenarioIsASnapshotThatSaysWhy() throws {
        let directory = try scratchFolder()
        _ = verifySnapshot(of: .preset("standard", events: ["launch", "jump 3"]), as: .feedFrames(.text),
                           named: "bad", snapshotDirectory: directory, testName: "bad")
        let text = try String(contentsOfFile: directory + "/bad.bad.txt", encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("error: FeedFrames could not render the scenario"), text)
        XCTAssertTrue(text.contains("unknown event \"jump 3\""), text)
    }

    func scratchFolder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("feedframes-example-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }
}
