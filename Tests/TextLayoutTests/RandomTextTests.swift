import TestSupport
import XCTest
@testable import TextLayout

/// Random text from a mix of scripts, marks, emoji, controls and breaks, at random widths:
/// the layout never traps and its lines keep their promises.
final class RandomTextTests: XCTestCase {
    /// xorshift64*, so a failure can be replayed from its seed.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return state &* 0x2545_F491_4F6C_DD1D
        }
    }

    /// The line shaped on its own in its paragraph's direction, as the browser draws it.
    static func widthAlone(_ line: TextLine, style: TextStyle, locale: String, layouter: TextLayouter) -> Double {
        let fonts = layouter.stack(style: style, locale: locale).faces.compactMap(layouter.loadedFont)
        let shaper = Shaper(fonts: fonts, size: style.size, locale: locale)
        let scalars = line.text.scalarValues
        let levels = BidiLine(scalars, rightToLeft: line.isRightToLeft).levels
        return shaper.width(scalars, runs: shaper.runs(scalars, faces: shaper.faces(for: scalars), levels: levels))
    }

    static let pieces: [String] = [
        "The", "quick", "brown", "fox", "iPhone", "12,345", "$9.99", "(", ")", "\"", "—", "-", "…", "e\u{301}",
        "新闻", "标题", "。", "，", "「", "」", "さらに", "한국어", "مرحبا", "بالعالم", "١٢٣", "שלום", "🇫🇷", "👍🏽",
        "👨‍👩‍👧", "\u{200D}", "\u{200B}", "\u{00A0}", "\t", "\u{202B}", "\u{202C}", "\u{FE0F}", "\u{0301}", "\u{E000}",
        " ", " ", " ", "  ", "\n", "\r\n", "\u{2028}", "x", "Supercalifragilistic",
    ]

    func testRandomTextKeepsTheLayoutsPromises() throws {
        let layouter = try Fixtures.get()
        let seed = randomSeed(0x9E37_79B9_7F4A_7C15)
        var generator = Generator(state: seed | 1)  // xorshift never leaves a zero state
        let locales = ["en", "zh-Hans", "ja", "ar", "he"]
        for round in 0..<500 {
            let text = (0..<Int.random(in: 1...24, using: &generator))
                .map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
            let width = Double.random(in: 0...360, using: &generator)
            let maxLines = Int.random(in: 0...3, using: &generator)
            let locale = locales.randomElement(using: &generator)!
            let style = TextStyle(size: [15.0, 17, 28].randomElement(using: &generator)!)
            var usage = GlyphUsage()
            let lines = layouter.lines(text, width: width, style: style, maxLines: maxLines, locale: locale, usage: &usage)
            let context = "seed \(seed) round \(round): \(text.debugDescription) at \(width), \(maxLines) lines, \(locale)"
            if maxLines > 0 { XCTAssertLessThanOrEqual(lines.count, maxLines, context) }
            let truncated = lines.last?.text.hasSuffix("…") == true && !text.hasSuffix("…")
            for line in lines {
                XCTAssertFalse(line.text.contains("\n"), context)
                XCTAssertFalse(line.text.hasSuffix(" ") && !line.text.allSatisfy { $0 == " " }, context)
                XCTAssertTrue(line.width <= width || line.text.drop(while: \.isWhitespace).count <= 1 || line.text == "…", "\(line.text.debugDescription) \(line.width) — \(context)")
                XCTAssertEqual(line.visual.unicodeScalars.count, line.text.unicodeScalars.count, context)
                XCTAssertGreaterThan(line.height, 0, context)
                XCTAssertEqual(line.width, Self.widthAlone(line, style: style, locale: locale, layouter: layouter),
                               "a line is as wide as it is shaped alone — \(context)")
            }
            if !truncated && maxLines == 0 {
                // Only line-end spaces and the breaks themselves are dropped.
                let kept = lines.map(\.text).joined().unicodeScalars.filter { !ParagraphFitter.isTrailingSpace($0.value) }
                let all = text.unicodeScalars.filter { !ParagraphFitter.isTrailingSpace($0.value) && !LineBreakClass.isMandatoryBreak($0.value) }
                XCTAssertEqual(String(String.UnicodeScalarView(kept)), String(String.UnicodeScalarView(all)), context)
            }
            XCTAssertNoThrow(try layouter.subsets(for: usage), context)
        }
    }
}
