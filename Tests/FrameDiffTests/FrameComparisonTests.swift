import FrameFolder
import FrameDiff
import XCTest

final class FrameComparisonTests: XCTestCase {
    func files(_ pairs: [String: String]) -> InMemoryFrameFiles {
        InMemoryFrameFiles(files: pairs.mapValues { Array($0.utf8) })
    }

    func testFramesAddedRemovedAndChanged() {
        let expected = files([
            "0001.txt": "a\n", "0001.json": #"{"frame":1,"cause":"launch","footer":{"state":"idle"}}"#,
            "0002.txt": "b\n", "0002.json": #"{"frame":2,"cause":"wait 1"}"#,
            "0003.txt": "gone\n", "0003.json": #"{"frame":3,"cause":"release"}"#,
            "frames.json": "[]", "index.html": "<html/>",
        ])
        let actual = files([
            "0001.txt": "a\n", "0001.json": #"{"frame":1,"cause":"launch","footer":{"state":"loading"}}"#,
            "0002.txt": "b\n", "0002.json": #"{"frame":2,"cause":"wait 1"}"#,
        ])
        let comparison = FrameComparison.compare(expected: expected, actual: actual)
        XCTAssertEqual(comparison.changed.map(\.number), [1])
        XCTAssertEqual(comparison.changed[0].files.map(\.lines), [["footer.state: idle → loading"]])
        XCTAssertEqual(comparison.removed.map(\.number), [3])
        XCTAssertEqual(comparison.removed[0].cause, "release")
        XCTAssertEqual(comparison.added.map(\.number), [])
        XCTAssertEqual(comparison.expectedFrames, 3)
        XCTAssertEqual(comparison.actualFrames, 2)
        XCTAssertFalse(comparison.isEqual)

        let reverse = FrameComparison.compare(expected: actual, actual: expected)
        XCTAssertEqual(reverse.added.map(\.number), [3])
        XCTAssertTrue(FrameComparison.compare(expected: actual, actual: actual).isEqual)
    }

    func testOnlyTheChosenExtensionsAndMissingFiles() {
        let expected = files(["0001.txt": "a\n", "0001.html": "<p>1</p>\n"])
        let actual = files(["0001.txt": "a\n", "0001.html": "<p>2</p>\n", "0001.json": "{}"])
        XCTAssertTrue(FrameComparison.compare(expected: expected, actual: actual, extensions: ["txt"]).isEqual)
        let all = FrameComparison.compare(expected: expected, actual: actual)
        XCTAssertEqual(all.changed.first?.files.map(\.file), ["0001.json", "0001.html"])
        XCTAssertEqual(all.changed.first?.files.first?.detail, .onlyIn(.actual))
    }

    func testJSONEqualAsValuesIsEqual() {
        let expected = files(["0001.json": #"{"a": 1, "b": [1, 2]}"#])
        let actual = files(["0001.json": "{\n  \"a\": 1,\n  \"b\": [1, 2]\n}\n"])
        XCTAssertTrue(FrameComparison.compare(expected: expected, actual: actual).isEqual)
    }

    func testTextPrintsTheDiffAndTheSummary() {
        let expected = files(["0001.txt": "one\ntwo\n", "0002.txt": "x\n"])
        let actual = files(["0001.txt": "one\nthree\n", "0003.txt": "y\n"])
        let comparison = FrameComparison.compare(expected: expected, actual: actual)
        XCTAssertEqual(DiffText(expectedLabel: "old", actualLabel: "new").lines(comparison, folder: "list"), [
            "frame 0001 changed", "--- old/list/0001.txt", "+++ new/list/0001.txt",
            "@@ -1,2 +1,2 @@", " one", "-two", "+three",
            "frame 0003 added", "frame 0002 removed",
        ])
        XCTAssertEqual(DiffText.summary(comparison), "1 changed, 1 added, 1 removed (2 → 2 frames)")
        let short = DiffText(maxLinesPerFile: 4).lines(comparison)
        XCTAssertEqual(short[1...5], ["--- expected/0001.txt", "+++ actual/0001.txt", "@@ -1,2 +1,2 @@", " one", "… 2 more lines"])
    }

    /// Frames are aligned by cause: an inserted frame renumbers the rest, which stay equal.
    func testFramesAreAlignedByCause() {
        func frame(_ number: Int, _ cause: String, _ state: String = "idle") -> [String: String] {
            let name = String(format: "%04d", number)
            return ["\(name).json": #"{"frame": \#(number), "cause": "\#(cause)", "footer": {"state": "\#(state)"}}"#,
                    "\(name).txt": "frame \(number) · t=0s · \(cause)\nbody \(cause)\n"]
        }
        let expected = files(frame(1, "launch").merging(frame(2, "wait 1")) { a, _ in a }.merging(frame(3, "release")) { a, _ in a })
        let actual = files(frame(1, "launch").merging(frame(2, "scroll by 5")) { a, _ in a }
            .merging(frame(3, "wait 1")) { a, _ in a }.merging(frame(4, "release", "loading")) { a, _ in a })
        let comparison = FrameComparison.compare(expected: expected, actual: actual)
        XCTAssertEqual(comparison.added.map(\.number), [2])
        XCTAssertEqual(comparison.added.first?.cause, "scroll by 5")
        XCTAssertEqual(comparison.removed.map(\.number), [])
        XCTAssertEqual(comparison.changed.map(\.number), [4], "frame 3 moved to 4 and changed; frame 2 moved to 3 unchanged")
        XCTAssertEqual(comparison.changed.first?.expectedNumber, 3)
        XCTAssertEqual(comparison.changed.first?.files.map(\.lines), [["footer.state: idle → loading"]])
    }

    func testFrameFileNames() {
        XCTAssertEqual(FrameFileName.number(of: "0003.txt"), 3)
        XCTAssertEqual(FrameFileName.number(of: "12345.json"), 12345)
        XCTAssertEqual(FrameFileName.number(of: "0003.states.txt"), 3)
        XCTAssertNil(FrameFileName.number(of: "003.txt"))
        XCTAssertNil(FrameFileName.number(of: "frames.json"))
        XCTAssertNil(FrameFileName.number(of: "0003"))
        XCTAssertNil(FrameFileName.number(of: "00a3.txt"))
    }
}
