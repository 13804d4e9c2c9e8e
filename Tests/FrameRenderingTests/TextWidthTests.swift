import TestSupport
import XCTest
@testable import FrameRendering

/// `TextWidth`'s fast paths (plain ASCII; one column per scalar) give what
/// its general, character-by-character path gives, on random text.
final class TextWidthTests: XCTestCase {
    /// The general path: every character measured with the Unicode tables.
    func slowWidth(_ text: String) -> Int { text.reduce(0) { $0 + TextWidth.columns(of: $1) } }

    func slowFit(_ text: String, _ width: Int) -> String {
        var result = "", used = 0, cut = false
        for character in text {
            let taken = TextWidth.columns(of: character)
            if used + taken > width { cut = true; break }
            result.append(character)
            used += taken
        }
        if cut {
            while used + 1 > width, let last = result.popLast() { used -= TextWidth.columns(of: last) }
            result.append("…")
            used += 1
        }
        return result + String(repeating: " ", count: max(0, width - used))
    }

    /// Scalars from the ranges the fast paths take, and from just outside them.
    static let pools: [ClosedRange<UInt32>] = [0x20...0x7E, 0xA0...0x2FF, 0x300...0x36F, 0xAD...0xAD, 0x80...0x9F,
                                               0x4E00...0x4E20, 0x1F600...0x1F610, 0x200B...0x200F]

    static func randomText(_ generator: inout some RandomNumberGenerator, fastOnly: Bool) -> String {
        let pools = fastOnly ? Array(Self.pools.prefix(2)) : Self.pools
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...30, using: &generator) {
            let pool = pools.randomElement(using: &generator)!
            scalars.append(Unicode.Scalar(UInt32.random(in: pool, using: &generator))!)
        }
        return String(scalars)
    }

    func testFastPathsAgreeWithTheGeneralPath() {
        let seed = randomSeed(0x7E47)
        var generator = SplitMix64(seed: seed)
        var fast = 0
        for run in 0..<20_000 {
            let text = Self.randomText(&generator, fastOnly: run % 2 == 0)
            if TextWidth.isOneColumnPerScalar(text) { fast += 1 }
            XCTAssertEqual(TextWidth.width(of: text), slowWidth(text), "seed \(seed): width of \(text.debugDescription)")
            let width = Int.random(in: 1...35, using: &generator)
            XCTAssertEqual(TextWidth.fit(text, width), slowFit(text, width), "seed \(seed): fit \(text.debugDescription) in \(width)")
            if TextWidth.isOneColumnPerScalar(text) {
                XCTAssertEqual(TextWidth.sanitized(text), text, "seed \(seed): \(text.debugDescription)")
                XCTAssertEqual(text.unicodeScalars.count, text.count, "seed \(seed): one character a scalar: \(text.debugDescription)")
            }
        }
        XCTAssertGreaterThan(fast, 5_000, "seed \(seed): the fast path was taken")
    }

    func testSoftHyphenAndControlsLeaveTheFastPath() {
        XCTAssertFalse(TextWidth.isOneColumnPerScalar("a\u{AD}b"))
        XCTAssertFalse(TextWidth.isOneColumnPerScalar("a\u{85}b"))
        XCTAssertFalse(TextWidth.isOneColumnPerScalar("e\u{301}"))
        XCTAssertTrue(TextWidth.isOneColumnPerScalar("frame 3 · t=0.5s · café"))
        XCTAssertEqual(TextWidth.fit("t=0.5s · café", 8), "t=0.5s …")
        XCTAssertEqual(TextWidth.width(of: "a\u{AD}b"), 2)
    }
}

/// `TextFrame.rowLine`'s byte-built path gives the general path's line.
final class TextFrameRowTests: XCTestCase {
    func testRowLinesAgreeWithTheGeneralPath() {
        let seed = randomSeed(0x12011)
        var generator = SplitMix64(seed: seed)
        let rights = ["44", "88 ·", "61.5", "1200.25 ·", "x"]
        var fast = 0
        for run in 0..<20_000 {
            var title = TextWidthTests.randomText(&generator, fastOnly: run % 3 != 0)
            if run % 7 == 0 { title += String(repeating: "long ", count: 12) }
            let index = [0, 7, 42, 9_999, 99_999, 123_456][run % 6]
            let right = rights[run % rights.count]
            if TextWidth.isOneColumnPerScalar(title) { fast += 1 }
            XCTAssertEqual(TextFrame.rowLine(index, title, right), TextFrame.rowLineGeneral(index, title, right),
                           "seed \(seed): row \(index) \(title.debugDescription) \(right)")
        }
        XCTAssertGreaterThan(fast, 5_000, "seed \(seed): the fast path was taken")
    }

    func testTrimmingTrailingSpaces() {
        XCTAssertEqual("a b  ".trimmingTrailingSpaces(), "a b")
        XCTAssertEqual("   ".trimmingTrailingSpaces(), "")
        XCTAssertEqual("漢字 ".trimmingTrailingSpaces(), "漢字")
        XCTAssertEqual("e\u{301} ".trimmingTrailingSpaces(), "e\u{301}")
        XCTAssertEqual("x".trimmingTrailingSpaces(), "x")
        XCTAssertEqual("".trimmingTrailingSpaces(), "")
    }
}
