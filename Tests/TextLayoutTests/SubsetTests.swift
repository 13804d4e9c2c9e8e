import CHarfBuzz
import XCTest
@testable import TextLayout

/// Subsets the frames ship: loadable, holding exactly the characters drawn, the same bytes
/// every time.
final class SubsetTests: XCTestCase {
    private func usage(_ texts: [(String, String)]) throws -> GlyphUsage {
        let layouter = try Fixtures.get()
        var usage = GlyphUsage()
        for (text, locale) in texts {
            _ = layouter.lines(text, width: 200, style: Fixtures.body, maxLines: 0, locale: locale, usage: &usage)
        }
        return usage
    }

    /// Whether the font in `bytes` maps each scalar to a glyph.
    private func coverage(_ bytes: [UInt8], _ scalars: [UInt32]) throws -> [Bool] {
        let blob = try XCTUnwrap(bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                hb_blob_create_or_fail($0, UInt32(buffer.count), HB_MEMORY_MODE_DUPLICATE, nil, nil)
            }
        })
        defer { hb_blob_destroy(blob) }
        let face = try XCTUnwrap(hb_face_create(blob, 0))
        defer { hb_face_destroy(face) }
        XCTAssertGreaterThan(hb_face_get_glyph_count(face), 1)
        let font = try XCTUnwrap(hb_font_create(face))
        defer { hb_font_destroy(font) }
        return scalars.map { scalar in
            var glyph: hb_codepoint_t = 0
            return hb_font_get_nominal_glyph(font, scalar, &glyph) != 0
        }
    }

    func testSubsetsHoldTheCharactersDrawnAndNoOthers() throws {
        let layouter = try Fixtures.get()
        let usage = try usage([("Loading more… 新闻标题 مرحبا", "zh-Hans")])
        let subsets = try layouter.subsets(for: usage)
        XCTAssertEqual(subsets.map(\.family), ["Inter", "Noto Sans Arabic", "Noto Sans CJK SC"])
        XCTAssertEqual(subsets.map(\.fileExtension), ["otf", "ttf", "otf"])
        for subset in subsets {
            XCTAssertTrue(subset.fileName.hasPrefix(subset.family.filter { !$0.isWhitespace } + "-400-"), subset.fileName)
            XCTAssertEqual(try coverage(subset.bytes, subset.scalars), subset.scalars.map { _ in true }, subset.family)
            let unused: [UInt32] = [0x5A, 0x7A, 0x6C34, 0x0628 /* ب */].filter { !subset.scalars.contains($0) }
            XCTAssertEqual(try coverage(subset.bytes, unused), unused.map { _ in false }, subset.family)
        }
        let inter = try XCTUnwrap(subsets.first)
        XCTAssertEqual(Set(inter.scalars), Set("Loading more… ".scalarValues))
        XCTAssertLessThan(inter.bytes.count, 20_000)
        XCTAssertLessThan(subsets[2].bytes.count, 40_000, "the CJK subset of four ideographs")
    }

    func testSubsettingIsDeterministic() throws {
        let layouter = try Fixtures.get()
        let first = try layouter.subsets(for: usage([("Hello 新闻 مرحبا", "en")]))
        let again = try layouter.subsets(for: usage([("مرحبا", "en"), ("新闻 Hello", "en")]))
        XCTAssertEqual(first, again)
        let other = try layouter.subsets(for: usage([("Hello there", "en")]))
        XCTAssertNotEqual(first[0].name, other[0].name, "other characters, another name")
        XCTAssertTrue(try layouter.subsets(for: GlyphUsage()).isEmpty)
    }

    /// The ligature and joining forms survive: the subset shapes the text as the full font did.
    func testTheSubsetShapesLikeTheFullFont() throws {
        let layouter = try Fixtures.get()
        for (text, family) in [("office fi", "Inter"), ("مرحبا بالعالم", "Noto Sans Arabic")] {
            var usage = GlyphUsage()
            _ = layouter.lines(text, width: 500, style: Fixtures.body, locale: "ar", usage: &usage)
            let face = try XCTUnwrap(usage.scalars.keys.first { $0.family == family })
            let subset = try XCTUnwrap(layouter.subsets(for: usage).first { $0.family == family })
            let full = try LoadedFont(face)
            let path = FileManager.default.temporaryDirectory.appendingPathComponent(subset.fileName).path
            try Data(subset.bytes).write(to: URL(fileURLWithPath: path))
            defer { try? FileManager.default.removeItem(atPath: path) }
            let cut = try LoadedFont(FontFace(family: family, weight: 400, path: path, package: "-"))
            func advance(_ font: LoadedFont) -> Double {
                let shaper = Shaper(fonts: [font], size: 17, locale: "ar")
                let scalars = text.scalarValues.filter { subset.scalars.contains($0) }
                let levels = BidiLine(scalars, rightToLeft: true).levels
                return shaper.width(scalars, runs: shaper.runs(scalars, faces: scalars.map { _ in 0 }, levels: levels))
            }
            XCTAssertEqual(advance(cut), advance(full), family)
            XCTAssertGreaterThan(advance(cut), 20)
            XCTAssertEqual(cut.unitsPerEm, full.unitsPerEm)
            XCTAssertEqual([cut.ascender, cut.descender, cut.lineGap], [full.ascender, full.descender, full.lineGap])
        }
    }
}
