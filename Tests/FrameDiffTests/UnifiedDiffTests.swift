import FrameDiff
import XCTest

final class UnifiedDiffTests: XCTestCase {
    let ten = (1...10).map { "line \($0)" }.joined(separator: "\n") + "\n"

    func testOneChangedLineHasThreeLinesOfContextEachSide() {
        let new = ten.replacingOccurrences(of: "line 5\n", with: "line five\n")
        XCTAssertEqual(UnifiedDiff(old: ten, new: new).lines, [
            "@@ -2,7 +2,7 @@", " line 2", " line 3", " line 4", "-line 5", "+line five", " line 6", " line 7", " line 8",
        ])
    }

    func testChangesFarApartMakeTwoHunksAndNearOnesOne() {
        var lines = (1...20).map { "l\($0)" }
        lines[1] = "x2"
        lines[18] = "x19"
        let far = UnifiedDiff(old: (1...20).map { "l\($0)" }.joined(separator: "\n"), new: lines.joined(separator: "\n"))
        XCTAssertEqual(far.hunks.map(\.header), ["@@ -1,5 +1,5 @@", "@@ -16,5 +16,5 @@"])

        var near = (1...20).map { "l\($0)" }
        near[5] = "x6"
        near[11] = "x12"
        let merged = UnifiedDiff(old: (1...20).map { "l\($0)" }.joined(separator: "\n"), new: near.joined(separator: "\n"))
        XCTAssertEqual(merged.hunks.map(\.header), ["@@ -3,13 +3,13 @@"], "contexts that touch merge into one hunk")
    }

    func testInsertionsAndDeletionsAtTheEdges() {
        XCTAssertEqual(UnifiedDiff(old: "", new: "a\nb\n").lines, ["@@ -0,0 +1,2 @@", "+a", "+b"])
        XCTAssertEqual(UnifiedDiff(old: "a\nb\n", new: "").lines, ["@@ -1,2 +0,0 @@", "-a", "-b"])
        XCTAssertEqual(UnifiedDiff(old: "a\nb\nc\nd\ne\n", new: "a\nb\nc\nd\ne\nf\n").lines,
                       ["@@ -3,3 +3,4 @@", " c", " d", " e", "+f"])
        XCTAssertEqual(UnifiedDiff(old: "x\na\nb\nc\nd\n", new: "a\nb\nc\nd\n").lines, ["@@ -1,4 +1,3 @@", "-x", " a", " b", " c"])
    }

    func testAMissingFinalNewlineIsADifferenceOfItsOwn() {
        XCTAssertEqual(UnifiedDiff(old: "a\nb\n", new: "a\nb").lines,
                       ["@@ -1,2 +1,2 @@", " a", "-b", "+b", "\\ No newline at end of file"])
        XCTAssertTrue(UnifiedDiff(old: "a\nb", new: "a\nb").isEmpty)
    }

    func testContextCanBeNarrowed() {
        let new = ten.replacingOccurrences(of: "line 5\n", with: "line five\n")
        XCTAssertEqual(UnifiedDiff(old: ten, new: new, context: 0).lines, ["@@ -5,1 +5,1 @@", "-line 5", "+line five"])
    }
}
