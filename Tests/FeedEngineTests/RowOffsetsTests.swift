import TestSupport
import XCTest
@testable import FeedEngine

/// `RowOffsets` (a Fenwick tree over blocks of row heights) against naive prefix sums.
///
/// Heights are multiples of 0.25, so every sum is exact in binary floating
/// point and the tree's sums must equal the naive ones bit for bit.
final class RowOffsetsTests: XCTestCase {
    /// prefix[i] = top of row i; prefix[n] = total.
    func prefixSums(_ heights: [Double]) -> [Double] {
        var sums = [0.0]
        for h in heights { sums.append(sums.last! + h) }
        return sums
    }

    /// The first row whose bottom lies below y, or n.
    func naiveFirstRow(_ heights: [Double], endingBelow y: Double) -> Int {
        var bottom = 0.0
        for (i, h) in heights.enumerated() {
            bottom += h
            if bottom > y { return i }
        }
        return heights.count
    }

    /// Interesting ys: negative, zero, every boundary and its neighbours, the end and past it, random.
    func probes(_ heights: [Double], rng: inout SplitMix64) -> [Double] {
        let sums = prefixSums(heights)
        var ys: [Double] = [-1_000, -0.25, 0, sums.last!, sums.last! + 0.25, sums.last! + 1_000]
        // Every boundary of a short list; 40 random boundaries of a long one.
        let boundaries = sums.count <= 40 ? sums : (0..<40).map { _ in sums.randomElement(using: &rng)! }
        for s in boundaries { ys += [s - 0.25, s, s + 0.25] }
        for _ in 0..<20 { ys.append(rng.grid(-10...(sums.last! + 10), step: 0.25)) }
        return ys
    }

    func check(_ offsets: RowOffsets, _ heights: [Double], rng: inout SplitMix64, _ context: @autoclosure () -> String,
               file: StaticString = #filePath, line: UInt = #line) {
        let sums = prefixSums(heights)
        XCTAssertEqual(offsets.count, heights.count, context(), file: file, line: line)
        XCTAssertEqual(offsets.total, sums.last!, context(), file: file, line: line)
        for i in 0...heights.count where offsets.top(of: i, heights: heights) != sums[i] {
            XCTFail("top(of: \(i)) = \(offsets.top(of: i, heights: heights)), expected \(sums[i]); \(context())", file: file, line: line)
            return
        }
        XCTAssertEqual(offsets.top(of: heights.count + 7, heights: heights), sums.last!, context(), file: file, line: line)
        for y in probes(heights, rng: &rng) {
            let expected = naiveFirstRow(heights, endingBelow: y)
            if offsets.firstRow(endingBelow: y, heights: heights) != expected {
                XCTFail("firstRow(endingBelow: \(y)) = \(offsets.firstRow(endingBelow: y, heights: heights)), expected \(expected); \(context())",
                        file: file, line: line)
                return
            }
        }
    }

    func randomHeight(_ rng: inout SplitMix64) -> Double {
        // Mixed heights: mostly list-like, some tiny, some huge.
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: return rng.grid(0.25...2, step: 0.25)
        case 1: return rng.grid(200...2000, step: 0.25)
        default: return rng.grid(20...150, step: 0.25)
        }
    }

    func testEmpty() {
        let offsets = RowOffsets(), heights: [Double] = []
        XCTAssertEqual(offsets.count, 0)
        XCTAssertEqual(offsets.total, 0)
        XCTAssertEqual(offsets.top(of: 0, heights: heights), 0)
        XCTAssertEqual(offsets.firstRow(endingBelow: -5, heights: heights), 0)
        XCTAssertEqual(offsets.firstRow(endingBelow: 0, heights: heights), 0)
        XCTAssertEqual(offsets.firstRow(endingBelow: 5, heights: heights), 0)
    }

    func testSmallHandComputedCase() {
        let heights: [Double] = [44, 88, 10]
        let offsets = RowOffsets(heights: heights)
        XCTAssertEqual((0...3).map { offsets.top(of: $0, heights: heights) }, [0, 44, 132, 142])
        XCTAssertEqual(offsets.firstRow(endingBelow: -1, heights: heights), 0)
        XCTAssertEqual(offsets.firstRow(endingBelow: 43.75, heights: heights), 0)
        XCTAssertEqual(offsets.firstRow(endingBelow: 44, heights: heights), 1, "a row ending exactly at y is not 'below' it")
        XCTAssertEqual(offsets.firstRow(endingBelow: 131.75, heights: heights), 1)
        XCTAssertEqual(offsets.firstRow(endingBelow: 132, heights: heights), 2)
        XCTAssertEqual(offsets.firstRow(endingBelow: 142, heights: heights), 3)
        XCTAssertEqual(offsets.firstRow(endingBelow: 1e9, heights: heights), 3)
    }

    func testRandomBuildsMatchNaivePrefixSums() {
        let seed = randomSeed(0xF00D)
        var rng = SplitMix64(seed: seed)
        for run in 0..<300 {
            let n = [0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 64, 100, 255, 256, 257, 500][run % 19]
            let heights = (0..<n).map { _ in randomHeight(&rng) }
            // Three ways to build the same offsets.
            let a = RowOffsets(heights: heights)
            var b = RowOffsets()
            for h in heights { b.append(h) }
            var c = RowOffsets()
            var rest = heights[...]
            while !rest.isEmpty {
                let k = Int.random(in: 1...max(1, rest.count), using: &rng)
                c.append(contentsOf: rest.prefix(k))
                rest = rest.dropFirst(k)
            }
            check(a, heights, rng: &rng, "seed \(seed) run \(run) init")
            check(b, heights, rng: &rng, "seed \(seed) run \(run) append")
            check(c, heights, rng: &rng, "seed \(seed) run \(run) append(contentsOf:)")
            XCTAssertEqual(a, b, "seed \(seed) run \(run)")
            XCTAssertEqual(a, c, "seed \(seed) run \(run)")
            XCTAssertEqual(a.hashValue, c.hashValue, "seed \(seed) run \(run)")
        }
    }

    func testRandomInterleavedSetHeightAndAppendMatchNaive() {
        let seed = randomSeed(0xBEEF)
        var rng = SplitMix64(seed: seed)
        for run in 0..<80 {
            var heights: [Double] = []
            var offsets = RowOffsets()
            for step in 0..<60 {
                if heights.isEmpty || Int.random(in: 0..<3, using: &rng) == 0 {
                    let k = Int.random(in: 1...20, using: &rng)
                    let more = (0..<k).map { _ in randomHeight(&rng) }
                    heights += more
                    offsets.append(contentsOf: more)
                } else {
                    let i = Int.random(in: 0..<heights.count, using: &rng)
                    let h = randomHeight(&rng)
                    offsets.changeHeight(at: i, by: h - heights[i])
                    heights[i] = h
                }
                if step % 10 == 9 { check(offsets, heights, rng: &rng, "seed \(seed) run \(run) step \(step)") }
            }
            check(offsets, heights, rng: &rng, "seed \(seed) run \(run) end")
            // Equal to a fresh build of the same heights, whatever the history.
            XCTAssertEqual(offsets, RowOffsets(heights: heights), "seed \(seed) run \(run)")
        }
    }

    func testArbitraryDoublesAgreeWithinRounding() {
        let seed = randomSeed(7)
        var rng = SplitMix64(seed: seed)
        for run in 0..<50 {
            let heights = (0..<Int.random(in: 1...400, using: &rng)).map { _ in Double.random(in: 0.1...300, using: &rng) }
            let offsets = RowOffsets(heights: heights)
            let sums = prefixSums(heights)
            for i in 0...heights.count {
                XCTAssertEqual(offsets.top(of: i, heights: heights), sums[i], accuracy: 1e-9 * max(1, sums[i]),
                               "seed \(seed) run \(run) row \(i)")
            }
            // Away from boundaries (by more than rounding), firstRow agrees with the naive scan.
            for i in 0..<heights.count {
                let mid = sums[i] + heights[i] / 2
                XCTAssertEqual(offsets.firstRow(endingBelow: mid, heights: heights), i, "seed \(seed) run \(run) row \(i)")
            }
        }
    }

    func testLargeListLookupsAgreeAtSampledPoints() {
        let seed = randomSeed(99)
        var rng = SplitMix64(seed: seed)
        let heights = (0..<100_000).map { _ in rng.grid(1...100, step: 1) }
        let offsets = RowOffsets(heights: heights)
        let sums = prefixSums(heights)
        for _ in 0..<2_000 {
            let i = Int.random(in: 0..<heights.count, using: &rng)
            XCTAssertEqual(offsets.top(of: i, heights: heights), sums[i], "seed \(seed) row \(i)")
            XCTAssertEqual(offsets.firstRow(endingBelow: sums[i], heights: heights), i, "seed \(seed) row \(i)")
            XCTAssertEqual(offsets.firstRow(endingBelow: sums[i] - 0.5, heights: heights), i == 0 ? 0 : i - 1, "seed \(seed) row \(i)")
        }
    }
}
