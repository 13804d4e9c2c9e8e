import Foundation
import XCTest
@testable import FrameFolder

/// What a folder of each kind may hold, and how temporaries of dead runs are told apart.
final class OutputKindTests: XCTestCase {
    func testPatterns() {
        XCTAssertTrue(OutputKind.matches("0001.html", pattern: "####*.html"))
        XCTAssertTrue(OutputKind.matches("12345.json", pattern: "####*.json"))
        XCTAssertFalse(OutputKind.matches("001.html", pattern: "####*.html"))
        XCTAssertFalse(OutputKind.matches("0001.html.bak", pattern: "####*.html"))
        XCTAssertTrue(OutputKind.matches("standard-en", pattern: "*-*"))
        XCTAssertFalse(OutputKind.matches("standard", pattern: "*-*"))
        XCTAssertTrue(OutputKind.matches("a.b.c", pattern: "*.c"))
        XCTAssertTrue(OutputKind.matches("", pattern: "*"))
    }

    func testAScenarioFolderHoldsOnlyFrameFiles() {
        for name in ["0001.html", "0002.txt", "0003.json", "0004.png", "frames.json", "frames.js", "texts-0001.js", "scenario.json", "index.html", ".feedframes"] {
            XCTAssertTrue(OutputKind.scenario.writes(name), name)
        }
        for name in ["notes.txt", "important.txt", ".git", "README.md", "texts.js", "texts-1.js"] {
            XCTAssertFalse(OutputKind.scenario.writes(name), name)
        }
    }

    func testLeftoversAreNamedByTheirOwner() {
        XCTAssertEqual(FrameWriter.leftoverOwner(".demo-tmp-1234-987654"), 1234)
        XCTAssertEqual(FrameWriter.leftoverOwner(".seed-000-story-old-77-1"), 77)
        XCTAssertEqual(FrameWriter.leftoverOwner(".index.html-tmp-5-6"), 5)
        XCTAssertNil(FrameWriter.leftoverOwner(".demo-tmp-x-1"))
        XCTAssertNil(FrameWriter.leftoverOwner(".hidden"))
        XCTAssertNil(FrameWriter.leftoverOwner(".my-notes-2024-01"), "not tmp or old")
    }

    func testTheMarkerRoundTripsAndAnotherFormatIsNotTrusted() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("marker-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let marker = FolderMarker(kind: "output", files: ["index.html": FolderMarker.checksum(of: Array("x".utf8))])
        try Data(marker.bytes).write(to: folder.appendingPathComponent(FolderMarker.fileName))
        XCTAssertEqual(FolderMarker.read(in: folder.path), marker)
        try Data(#"{"feedframes": 2, "kind": "output"}"#.utf8).write(to: folder.appendingPathComponent(FolderMarker.fileName))
        XCTAssertNil(FolderMarker.read(in: folder.path))
        XCTAssertNotEqual(FolderMarker.checksum(of: Array("a".utf8)), FolderMarker.checksum(of: Array("b".utf8)))
        XCTAssertEqual(FolderMarker.checksum(of: []).count, 16)
    }
}
