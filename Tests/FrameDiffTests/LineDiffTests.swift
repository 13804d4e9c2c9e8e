import TestSupport
import FrameDiff
import XCTest

final class LineDiffTests: XCTestCase {
    /// Replays an edit script: the result must be the new sequence.
    func apply<T: Equatable>(_ edits: [LineDiff.Edit], _ a: [T], _ b: [T]) -> [T] {
        var result: [T] = []
        var nextOld = 0
        for edit in edits {
            switch edit {
            case .same(let old, let new):
                XCTAssertEqual(old, nextOld)
                XCTAssertEqual(a[old], b[new])
                result.append(a[old])
                nextOld += 1
            case .delete(let old):
                XCTAssertEqual(old, nextOld)
                nextOld += 1
            case .insert(let new):
                result.append(b[new])
            }
        }
        XCTAssertEqual(nextOld, a.count, "every old element is kept or deleted")
        return result
    }

    /// The length of a longest common subsequence, by dynamic programming.
    func lcs<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0..<a.count {
            for j in 0..<b.count {
                table[i + 1][j + 1] = a[i] == b[j] ? table[i][j] + 1 : max(table[i][j + 1], table[i + 1][j])
            }
        }
        return table[a.count][b.count]
    }

    func testMyersPaperExampleTakesFiveEdits() {
        let a = Array("ABCABBA"), b = Array("CBABAC")
        let edits = LineDiff.edits(a, b)
        XCTAssertEqual(apply(edits, a, b), b)
        XCTAssertEqual(edits.filter { if case .same = $0 { false } else { true } }.count, 5)
    }

    func testEqualEmptyAndDisjointSequences() {
        XCTAssertEqual(LineDiff.edits([1, 2, 3], [1, 2, 3]), [.same(old: 0, new: 0), .same(old: 1, new: 1), .same(old: 2, new: 2)])
        XCTAssertEqual(LineDiff.edits([Int](), []), [])
        XCTAssertEqual(LineDiff.edits([], [7, 8]), [.insert(new: 0), .insert(new: 1)])
        XCTAssertEqual(LineDiff.edits([7, 8], []), [.delete(old: 0), .delete(old: 1)])
        XCTAssertEqual(LineDiff.edits([1], [2]), [.delete(old: 0), .insert(new: 0)])
    }

    /// On random inputs the script is correct and minimal: it keeps as many
    /// elements as a longest common subsequence has.
    func testRandomScriptsAreCorrectAndMinimal() {
        let seed = randomSeed(4)
        var generator = SplitMix64(seed: seed)
        for _ in 0..<400 {
            let a = (0..<Int.random(in: 0...14, using: &generator)).map { _ in Int.random(in: 0...3, using: &generator) }
            let b = (0..<Int.random(in: 0...14, using: &generator)).map { _ in Int.random(in: 0...3, using: &generator) }
            let edits = LineDiff.edits(a, b)
            XCTAssertEqual(apply(edits, a, b), b, "seed \(seed): \(a) → \(b)")
            let kept = edits.filter { if case .same = $0 { true } else { false } }.count
            XCTAssertEqual(kept, lcs(a, b), "seed \(seed): \(a) → \(b)")
        }
    }

    func testLargeInputsWithFewChangesStayFast() {
        let a = (0..<20_000).map { "line \($0)" }
        var b = a
        b[100] = "changed"
        b.insert("new", at: 15_000)
        let start = Date()
        let edits = LineDiff.edits(a, b)
        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
        XCTAssertEqual(apply(edits, a, b), b)
        XCTAssertEqual(edits.filter { if case .same = $0 { false } else { true } }.count, 3)
    }

    func testTotallyDifferentLargeInputsFallBackToReplaceAll() {
        let a = (0..<3_000).map { "a\($0)" }, b = (0..<3_000).map { "b\($0)" }
        let edits = LineDiff.edits(a, b)
        XCTAssertEqual(apply(edits, a, b), b)
        XCTAssertEqual(edits.count, 6_000)
    }
}
