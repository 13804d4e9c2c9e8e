import XCTest
@testable import TextLayout

/// Line breaking as the frames see it: greedy fill at UAX #14 opportunities, words whole,
/// CJK punctuation kept, bidi order, mandatory breaks, truncation, hanging spaces.
final class LineLayoutTests: XCTestCase {
    private var layouter: TextLayouter!

    override func setUpWithError() throws {
        layouter = try Fixtures.get()
    }

    private func lines(_ text: String, _ width: Double, maxLines: Int = 0, locale: String = "en",
                       style: TextStyle = Fixtures.body) -> [TextLine] {
        layouter.lines(text, width: width, style: style, maxLines: maxLines, locale: locale)
    }

    private func width(_ text: String, locale: String = "en") -> Double {
        layouter.measure(text, style: Fixtures.body, locale: locale)
    }

    func testLatinWrapsBetweenWordsAndFillsGreedily() {
        let text = "The quick brown fox jumps over the lazy dog and keeps running until the end of the line"
        for maxWidth in stride(from: 120.0, through: 400, by: 17) {
            let result = lines(text, maxWidth)
            XCTAssertEqual(result.map(\.text).joined(separator: " "), text, "width \(maxWidth)")
            for (index, line) in result.enumerated() {
                XCTAssertLessThanOrEqual(line.width, maxWidth)
                XCTAssertEqual(line.width, width(line.text), "a line's width is its own shaping")
                guard index + 1 < result.count, let nextWord = result[index + 1].text.split(separator: " ").first else { continue }
                XCTAssertGreaterThan(width(line.text + " " + nextWord), maxWidth, "the next word would have fitted on \(line.text)")
            }
        }
    }

    func testAWordWiderThanTheLineBreaksBetweenGraphemes() {
        let word = "Supercalifragilisticexpialidocious"
        let result = lines("A \(word) word", 100)
        XCTAssertEqual(result.first?.text, "A")
        XCTAssertEqual(result.map(\.text).joined(), "A\(word)word")
        XCTAssertTrue(result.allSatisfy { $0.width <= 100 && !$0.text.isEmpty })
        XCTAssertGreaterThan(result.count, 3)
        // Graphemes stay whole: é as e + U+0301, a flag.
        let accented = String(repeating: "e\u{301}", count: 30) + "🇫🇷🇫🇷🇫🇷"
        let pieces = lines(accented, 40)
        XCTAssertEqual(pieces.map(\.text).joined(), accented)
        for piece in pieces {
            XCTAssertFalse(piece.text.unicodeScalars.first.map { $0.properties.generalCategory == .nonspacingMark } ?? true)
            XCTAssertEqual(piece.text.unicodeScalars.filter { (0x1F1E6...0x1F1FF).contains($0.value) }.count % 2, 0)
        }
    }

    func testNarrowerThanOneGraphemeStillProgresses() {
        let result = lines("abc", 1)
        XCTAssertEqual(result.map(\.text), ["a", "b", "c"])
        XCTAssertEqual(lines("abc", 0).count, 3)
        XCTAssertEqual(lines("abc", -5).count, 3)
        XCTAssertEqual(lines("abc", .nan).count, 3)
        for size in [0, -1, .nan, .infinity, 1e300] {
            XCTAssertEqual(lines("a b", 100, style: TextStyle(size: size)).map(\.text).joined().filter { $0 != " " }, "ab", "size \(size)")
        }
    }

    func testCJKNeverStartsALineWithClosingPunctuation() {
        // At 17 px an ideograph is 17 px: a width of nine fits 正在加载更多的数据 but not its 。,
        // which may not begin a line: the break moves one ideograph earlier.
        let result = lines("正在加载更多的数据。请稍候", 9 * 17, locale: "zh-Hans")
        XCTAssertEqual(result.map(\.text), ["正在加载更多的数", "据。请稍候"])

        let text = "新闻「标题」，正在加载更多的数据。请稍候，好的！（完）还有『更多』内容、以及其他。"
        let closing = Set("。，」』）、！".unicodeScalars)
        for ideographs in 3...12 {
            let result = lines(text, Double(ideographs) * 17, locale: "zh-Hans")
            XCTAssertEqual(result.map(\.text).joined(), text)
            for line in result {
                XCTAssertLessThanOrEqual(line.width, Double(ideographs) * 17)
                XCTAssertFalse(closing.contains(line.text.unicodeScalars.first!), "\(line.text) at \(ideographs)")
                XCTAssertFalse("「『（".unicodeScalars.contains(line.text.unicodeScalars.last!), "\(line.text) ends in an opening bracket")
            }
        }
    }

    func testMixedLatinAndCJK() {
        let text = "iPhone 15 Pro 的新闻标题：正在加载更多的数据 loading more"
        for maxWidth in [80.0, 120, 160, 200] {
            let result = lines(text, maxWidth, locale: "zh-Hans")
            XCTAssertTrue(result.allSatisfy { $0.width <= maxWidth })
            for line in result { XCTAssertEqual(line.width, width(line.text, locale: "zh-Hans"), line.text) }
            // Only spaces where a line wrapped disappear.
            XCTAssertEqual(result.map(\.text).joined().filter { $0 != " " }, text.filter { $0 != " " })
            XCTAssertFalse(result.contains { $0.text.hasPrefix("：") })
        }
        // "Pro" stays whole even where an ideograph could break right after it.
        XCTAssertFalse(lines(text, 80, locale: "zh-Hans").contains { $0.text.hasSuffix("Pr") })
        // Latin in Inter, Han in Noto Sans CJK: the line is as tall as the CJK font makes it.
        XCTAssertEqual(lines("Pro 新闻", 200).first?.height, 25)
    }

    func testArabicJoinsRunsRightToLeftAndOrdersVisually() throws {
        let word = "مرحبا"
        let joined = width(word, locale: "ar")
        let isolated = word.map { width(String($0), locale: "ar") }.reduce(0, +)
        XCTAssertGreaterThan(abs(joined - isolated), 1, "joined \(joined), isolated letters \(isolated)")

        let result = lines("مرحبا بالعالم هذا نص طويل للتجربة", 100, locale: "ar")
        XCTAssertGreaterThan(result.count, 1)
        for line in result {
            XCTAssertTrue(line.isRightToLeft)
            XCTAssertLessThanOrEqual(line.width, 100)
            XCTAssertEqual(line.width, width(line.text, locale: "ar"), "taken from the paragraph's shaping = shaped alone")
            XCTAssertEqual(line.visual, String(String.UnicodeScalarView(line.text.unicodeScalars.reversed())))
        }
        // Numbers and Latin keep their order inside right-to-left text; brackets mirror.
        let mixed = try XCTUnwrap(lines("(نص) 123 abc", 500, locale: "ar").first)
        XCTAssertEqual(mixed.visual, "abc 123 (صن)")
        // In a left-to-right locale the paragraph takes its first strong character's direction.
        XCTAssertEqual(lines("مرحبا abc", 500).first?.isRightToLeft, true)
        XCTAssertEqual(lines("abc مرحبا", 500).first?.visual, "abc ابحرم")
        XCTAssertEqual(lines("abc مرحبا", 500, locale: "he").first?.visual, "ابحرم abc")
    }

    /// A line cut inside an Arabic word changes its joining forms: HarfBuzz flags the cut
    /// unsafe, and the line is shaped again on its own.
    func testACutInsideAJoinedWordIsShapedAgain() {
        let word = "المستخدمين"
        for maxWidth in stride(from: 20.0, through: 60, by: 5) {
            let result = lines(word, maxWidth, locale: "ar")
            XCTAssertEqual(result.map(\.text).joined(), word)
            for line in result {
                XCTAssertEqual(line.width, width(line.text, locale: "ar"), line.text)
                XCTAssertTrue(line.width <= maxWidth || line.text.count == 1, "\(line.text) at \(maxWidth)")
            }
        }
    }

    func testHebrewUsesNotoSansHebrew() throws {
        let stack = layouter.stack(style: Fixtures.body, locale: "he")
        try XCTSkipUnless(stack.faces.contains { $0.family == "Noto Sans Hebrew" }, "fonts-noto-core without Hebrew")
        var usage = GlyphUsage()
        _ = layouter.lines("שלום עולם", width: 300, style: Fixtures.body, locale: "he", usage: &usage)
        XCTAssertTrue(usage.scalars.keys.contains { $0.family == "Noto Sans Hebrew" })
    }

    func testMandatoryBreaks() {
        XCTAssertEqual(lines("First line\nSecond line", 500).map(\.text), ["First line", "Second line"])
        XCTAssertEqual(lines("a\r\nb\rc\u{2028}d\u{85}e", 500).map(\.text), ["a", "b", "c", "d", "e"])
        let blank = lines("a\n\nb", 500)
        XCTAssertEqual(blank.map(\.text), ["a", "", "b"])
        XCTAssertEqual(blank[1].height, 20)
        XCTAssertEqual(blank[1].width, 0)
        XCTAssertEqual(lines("a\n", 500).map(\.text), ["a"])
        XCTAssertEqual(lines("", 500), [])
        // A paragraph wraps on its own.
        XCTAssertEqual(lines("one two three\nfour", width("one two")).map(\.text), ["one two", "three", "four"])
    }

    func testMaxLinesTruncatesTheLastLineWithAnEllipsis() throws {
        let text = "The quick brown fox jumps over the lazy dog and keeps running until the end of the line"
        let all = lines(text, 150)
        XCTAssertGreaterThan(all.count, 2)
        let two = lines(text, 150, maxLines: 2)
        XCTAssertEqual(two.count, 2)
        XCTAssertEqual(two[0], all[0])
        let last = try XCTUnwrap(two.last)
        XCTAssertTrue(last.text.hasSuffix("…"))
        XCTAssertFalse(last.text.hasSuffix(" …"))
        XCTAssertLessThanOrEqual(last.width, 150)
        XCTAssertEqual(last.width, width(last.text))
        XCTAssertTrue(text.hasPrefix(all[0].text + " " + last.text.dropLast()), last.text)
        // It is the longest cut that fits: one more grapheme would not.
        let kept = last.text.dropLast()
        let next = text.dropFirst(all[0].text.count + 1 + kept.count).first!
        XCTAssertGreaterThan(width(String(kept) + String(next) + "…"), 150)

        // Text that fits in the lines allowed is not cut; text after a hard break is.
        XCTAssertEqual(lines("Short", 150, maxLines: 1).map(\.text), ["Short"])
        XCTAssertEqual(lines(all[0].text + " " + all[1].text, 150, maxLines: 2).map(\.text), [all[0].text, all[1].text])
        XCTAssertEqual(lines("Hello\nWorld", 150, maxLines: 1).map(\.text), ["Hello…"])
        XCTAssertEqual(lines("新闻标题正在加载更多的数据", 5 * 17, maxLines: 1, locale: "zh-Hans").map(\.text), ["新闻标题…"])
        XCTAssertEqual(lines("Hello world", 5, maxLines: 1).map(\.text), ["…"])
        XCTAssertEqual(lines(text, 150, maxLines: 0), all)
    }

    func testTrailingSpacesDoNotCount() {
        let hello = width("Hello")
        XCTAssertEqual(lines("Hello   ", 500).first?.text, "Hello")
        XCTAssertEqual(lines("Hello   ", 500).first?.width, hello)
        // "Hello " is wider than the line, "Hello" is not: the space hangs and the line breaks after it.
        XCTAssertGreaterThan(width("Hello\u{A0}"), hello, "a space has a width")
        XCTAssertEqual(lines("Hello you", hello).map(\.text), ["Hello", "you"])
        XCTAssertEqual(lines("Hello    you", hello).map(\.text), ["Hello", "you"])
        // Leading spaces are the author's and stay.
        XCTAssertEqual(lines("  Hello", 500).first?.text, "  Hello")
    }

    func testGlyphUsageRecordsEachFontsCharacters() throws {
        var usage = GlyphUsage()
        _ = layouter.lines("Hi 新闻 مرحبا", width: 500, style: Fixtures.body, locale: "en", usage: &usage)
        let byFamily = Dictionary(uniqueKeysWithValues: usage.scalars.map { ($0.key.family, $0.value) })
        XCTAssertEqual(byFamily["Inter"], Set("Hi ".scalarValues))
        XCTAssertEqual(byFamily["Noto Sans CJK SC"], Set("新闻".scalarValues))
        XCTAssertEqual(byFamily["Noto Sans Arabic"], Set("مرحبا".scalarValues))
    }

    func testCJKFaceFollowsTheLocale() {
        func cjk(_ locale: String) -> (String, Int)? {
            layouter.stack(style: Fixtures.body, locale: locale).faces.first { $0.family.hasPrefix("Noto Sans CJK") }
                .map { ($0.family, $0.index) }
        }
        XCTAssertEqual(cjk("zh-Hans")?.1, 2)
        XCTAssertEqual(cjk("zh-Hant")?.1, 3)
        XCTAssertEqual(cjk("zh-TW")?.1, 3)
        XCTAssertEqual(cjk("zh-HK")?.1, 4)
        XCTAssertEqual(cjk("zh-Hant-HK")?.1, 4)
        XCTAssertEqual(cjk("ja")?.1, 0)
        XCTAssertEqual(cjk("ko-KR")?.1, 1)
        XCTAssertEqual(cjk("en")?.0, "Noto Sans CJK SC")
        XCTAssertEqual(layouter.stack(style: Fixtures.body, locale: "en").faces.map(\.family).prefix(3),
                       ["Inter", "Noto Sans CJK SC", "Noto Sans Arabic"])
    }
}
