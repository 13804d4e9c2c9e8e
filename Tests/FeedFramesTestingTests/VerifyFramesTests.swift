@testable import FeedFramesTesting
import Foundation
import XCTest

/// The framework-free core: record modes, failure messages, where files go.
final class VerifyFramesTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("feedframes-testing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    let events = ["launch", "wait 1", "scroll by 100", "scroll by 100", "wait 1", "scroll to bottom", "wait 1"]

    var list: FramesScenario { .preset("standard", source: .init(total: 50), events: events) }
    /// The same list with a rule changed: the load-more starts one scroll later.
    var noPrefetch: FramesScenario {
        .preset("standard", config: ["footer": ["prefetchRows": 0]], source: .init(total: 50), events: events)
    }

    /// Runs the core with a clean environment and the snapshots in the scratch folder.
    func verify(_ scenario: FramesScenario, as strategies: [FrameStrategy] = [.text, .json], record: RecordMode? = nil,
                environment: [String: String] = [:], testName: String = #function) -> FramesFailure? {
        verifyFrames(of: scenario, as: strategies, record: record, snapshotDirectory: folder.path,
                     environment: environment, testFile: "/tests/ListTests.swift", testName: testName)
    }

    func files(_ test: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(test).path)) ?? []).sorted()
    }

    func testAMissingReferenceIsRecordedAndFailsThenMatches() throws {
        let first = try XCTUnwrap(verify(list))
        XCTAssertEqual(first.kind, .missingReference(recorded: true))
        XCTAssertTrue(first.message.contains("recorded 7 frames to \(folder.path)/testAMissingReferenceIsRecordedAndFailsThenMatches"),
                      first.message)
        XCTAssertEqual(files("testAMissingReferenceIsRecordedAndFailsThenMatches"),
                       (1...7).flatMap { ["000\($0).json", "000\($0).txt"] })
        XCTAssertNil(verify(list), "the second run compares against what the first wrote")
    }

    func testNeverRecordsNothingAndSaysWhereTheFramesAre() throws {
        let failure = try XCTUnwrap(verify(list, record: .never))
        XCTAssertEqual(failure.kind, .missingReference(recorded: false))
        XCTAssertEqual(files("testNeverRecordsNothingAndSaysWhereTheFramesAre"), [])
        let actual = try XCTUnwrap(failure.actualFolder)
        XCTAssertTrue(actual.hasSuffix("/feedframes-snapshots/actual/ListTests/testNeverRecordsNothingAndSaysWhereTheFramesAre"),
                      "/tests/ListTests.swift is in no package: the temporary folder: \(actual)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: actual + "/0007.txt"))
        XCTAssertTrue(failure.message.contains("FEEDFRAMES_RECORD=missing"), failure.message)
    }

    func testAMismatchNamesTheFramesAndShowsTheFirstDifferingLines() throws {
        XCTAssertNotNil(verify(list, testName: "rule"))
        let failure = try XCTUnwrap(verify(noPrefetch, testName: "rule"))
        XCTAssertEqual(failure.kind, .mismatch)
        let lines = failure.message.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[0], "Frames differ from the reference: 1 changed, 0 added, 0 removed (7 → 7 frames).")
        XCTAssertEqual(lines[1], "changed: 0003")
        for expected in ["--- reference/0003.txt", "+++ actual/0003.txt", "@@ -1,5 +1,5 @@",
                         "-standard en 375x667 · offset 100 of 880 · 20 items, page 1 · request 2 more p2",
                         "+standard en 375x667 · offset 100 of 880 · 20 items, page 1",
                         "0003.json:", "  footer.state: loading → idle", "Reference: \(folder.path)/rule"] {
            XCTAssertTrue(lines.contains(expected), "missing \(expected) in\n\(failure.message)")
        }
        let actual = try XCTUnwrap(failure.actualFolder)
        XCTAssertTrue(lines.contains("Actual frames: \(actual)"), failure.message)
        let relativeActual = actual.replacingOccurrences(of: FileManager.default.currentDirectoryPath + "/", with: "")
        XCTAssertTrue(lines.contains("Compare: swift run feedframes diff '\(folder.path)/rule' '\(relativeActual)'"), failure.message)
        let report = try XCTUnwrap(lines.first { $0.hasPrefix("Diff report: ") }, failure.message).dropFirst("Diff report: ".count)
        XCTAssertTrue(report.hasSuffix("/feedframes-snapshots/diff/ListTests/rule/index.html"), String(report))
        let page = try String(contentsOfFile: String(report), encoding: .utf8)
        XCTAssertTrue(page.contains("0003"), "the report shows the changed frame")
        XCTAssertEqual(try String(contentsOfFile: actual + "/0003.txt", encoding: .utf8).split(separator: "\n")[1],
                       "standard en 375x667 · offset 100 of 880 · 20 items, page 1")
        XCTAssertNotNil(verify(noPrefetch, testName: "rule"), "the reference is left as it was")
    }

    func testAddedAndRemovedFramesAreListed() throws {
        XCTAssertNotNil(verify(list, testName: "length"))
        let longer = FramesScenario.preset("standard", source: .init(total: 50), events: events + ["scroll to top", "drag to -60"])
        let added = try XCTUnwrap(verify(longer, testName: "length"))
        XCTAssertTrue(added.message.hasPrefix("""
            Frames differ from the reference: 0 changed, 2 added, 0 removed (7 → 9 frames).
            added (not in the reference): 0008, 0009
            """), added.message)
        XCTAssertNotNil(verify(longer, record: .failed, testName: "length"))
        let removed = try XCTUnwrap(verify(list, testName: "length"))
        XCTAssertTrue(removed.message.contains("removed (only in the reference): 0008, 0009"), removed.message)
    }

    func testFailedRecordsOverAMismatchAndAllAlwaysRecords() throws {
        XCTAssertNotNil(verify(list, testName: "modes"))
        let failed = try XCTUnwrap(verify(noPrefetch, record: .failed, testName: "modes"))
        XCTAssertEqual(failed.kind, .mismatch)
        XCTAssertTrue(failed.message.contains("Recorded the actual frames as the new reference"), failed.message)
        XCTAssertNil(verify(noPrefetch, testName: "modes"))
        XCTAssertNil(verify(noPrefetch, record: .failed, testName: "modes"), "failed writes nothing when the frames match")

        let all = try XCTUnwrap(verify(list, record: .all, testName: "modes"))
        XCTAssertEqual(all.kind, .recorded, "recording everything still fails, so it is never left on by accident")
        XCTAssertNil(verify(list, testName: "modes"))
    }

    func testTheParameterWinsOverTheEnvironmentWhichWinsOverTheDefault() throws {
        func mode(_ explicit: RecordMode?, _ environment: [String: String]) -> Result<RecordMode, FramesFailure> {
            RecordMode.resolve(explicit: explicit, environment: environment)
        }
        XCTAssertEqual(try mode(nil, [:]).get(), .missing)
        XCTAssertEqual(try mode(nil, ["CI": "true"]).get(), .never, "a build server never writes references")
        XCTAssertEqual(try mode(nil, ["CI": "true", "FEEDFRAMES_RECORD": "missing"]).get(), .missing)
        XCTAssertEqual(try mode(nil, ["FEEDFRAMES_RECORD": "FAILED"]).get(), .failed)
        XCTAssertEqual(try mode(.never, ["FEEDFRAMES_RECORD": "all"]).get(), .never)
        guard case .failure(let failure) = mode(nil, ["FEEDFRAMES_RECORD": "yes"]) else { return XCTFail("accepted yes") }
        XCTAssertEqual(failure.message, "FEEDFRAMES_RECORD=yes is not a record mode (expected all, missing, never or failed)")

        // Through the whole call: the environment says never, so nothing is recorded.
        let failure2 = try XCTUnwrap(verify(list, environment: ["FEEDFRAMES_RECORD": "never"], testName: "env"))
        XCTAssertEqual(failure2.kind, .missingReference(recorded: false))
        XCTAssertEqual(try XCTUnwrap(verify(list, environment: ["FEEDFRAMES_RECORD": "bad"], testName: "env")).kind, .badRecordMode)
        XCTAssertEqual(files("env"), [])
    }

    func testABadScenarioFailsWithTheReadersMessage() throws {
        let failure = try XCTUnwrap(verify(.preset("standard", events: ["launch", "jump 3"])))
        XCTAssertEqual(failure.kind, .badScenario)
        XCTAssertEqual(failure.message, """
            The scenario has problems:
            scenario "standard": events[1]: unknown event "jump 3" (expected launch, wait S, scroll to top|bottom|Y, \
            scroll by DY, drag to Y, drag by DY, release, fling V, tap retry, tap footer, refresh, resize WxH, insert N)
            """)
        let missing = try XCTUnwrap(verify(.file("nowhere.json")))
        XCTAssertEqual(missing.message, "/tests/nowhere.json: no such scenario file", "relative to the test file's folder")
    }

    func testScenarioFilesHTMLAndCustomStrategies() throws {
        let scenario = #"{ "name": "mine", "preset": "seed000", "source": { "total": 30 }, "events": ["launch", "wait 1", "drag to -70"] }"#
        try Data(scenario.utf8).write(to: folder.appendingPathComponent("mine.json"))
        let states = FrameStrategy(pathExtension: "states.txt", diffing: .lines()) { frame, _ in
            Array("\(frame.layout.header.state) \(frame.layout.footer.state)\n".utf8)
        }
        let file = FramesScenario.file(folder.appendingPathComponent("mine.json").path)
        XCTAssertNotNil(verify(file, as: [.html, states], testName: "file"))
        XCTAssertEqual(files("file"), ["0001.html", "0001.states.txt", "0002.html", "0002.states.txt", "0003.html", "0003.states.txt"])
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("file/0003.states.txt"), encoding: .utf8), "armed idle\n")
        XCTAssertNil(verify(file, as: [.html, states], testName: "file"))
        XCTAssertEqual(try XCTUnwrap(verify(file, as: [.json, .json], testName: "file")).kind, .renderFailed)
    }

    func testReferencesSitBesideTheTestFile() {
        let location = SnapshotLocation(testFile: "/repo/Tests/AppTests/FeedTests.swift", testName: "testRefresh()")
        XCTAssertEqual(location.referenceFolder.path, "/repo/Tests/AppTests/__Snapshots__/FeedTests/testRefresh")
        XCTAssertTrue(location.actualFolder.path.hasSuffix("/feedframes-snapshots/actual/FeedTests/testRefresh"),
                      "no package around /repo: the temporary folder")
        let named = SnapshotLocation(testFile: "/repo/Tests/AppTests/FeedTests.swift", testName: "demo(_:)", name: "a/b c")
        XCTAssertEqual(named.referenceFolder.lastPathComponent, "demo.a_b_c")
    }

    func testArtifactsGoIntoTheBuildFolderOfThePackageThatHoldsTheTest() throws {
        let package = FileManager.default.temporaryDirectory.appendingPathComponent("feedframes-pkg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: package.appendingPathComponent("Tests/AppTests"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: package) }
        try Data("// swift-tools-version:6.1\n".utf8).write(to: package.appendingPathComponent("Package.swift"))
        let file = package.appendingPathComponent("Tests/AppTests/FeedTests.swift").path
        let location = SnapshotLocation(testFile: file, testName: "testRefresh()", environment: [:])
        XCTAssertEqual(location.actualFolder.path, package.standardizedFileURL.path + "/.build/feedframes-snapshots/actual/FeedTests/testRefresh")
        XCTAssertEqual(location.reportFolder.path, package.standardizedFileURL.path + "/.build/feedframes-snapshots/diff/FeedTests/testRefresh")
        let moved = SnapshotLocation(testFile: file, testName: "testRefresh()", environment: ["FEEDFRAMES_ARTIFACTS": "/ci/upload"])
        XCTAssertEqual(moved.actualFolder.path, "/ci/upload/actual/FeedTests/testRefresh")
    }

    func testTheDiffCommandIsRelativeToWhereTheTestRuns() {
        XCTAssertEqual(FrameSnapshots.diffCommand(reference: "/pkg/Tests/A/__Snapshots__/T/t", actual: "/pkg/.build/x/t", from: "/pkg"),
                       "swift run feedframes diff 'Tests/A/__Snapshots__/T/t' '.build/x/t'")
        XCTAssertEqual(FrameSnapshots.diffCommand(reference: "/elsewhere/it's", actual: "/pkg/a", from: "/pkg"),
                       "swift run feedframes diff '/elsewhere/it'\\''s' 'a'")
    }
}

extension VerifyFramesTests {
    /// The look of SPEC §9 from code: a dark, large-text list fails against the light one's reference.
    func testAppearanceAndContentSizeFromCode() throws {
        XCTAssertNotNil(verify(list, testName: "look"), "recorded")
        let dark = FramesScenario.preset("standard", appearance: "dark", contentSize: "accessibility2", source: .init(total: 50), events: events)
        let failure = try XCTUnwrap(verify(dark, testName: "look"))
        XCTAssertTrue(failure.message.contains("  appearance: added dark"), failure.message)
        XCTAssertTrue(failure.message.contains("  contentSize: added accessibility2"), failure.message)
        let wrong = FramesScenario.preset("standard", appearance: "dim", events: ["launch"])
        XCTAssertTrue(try XCTUnwrap(verify(wrong, testName: "wrong")).message.contains("appearance: expected one of \"light\", \"dark\""))
    }
}
