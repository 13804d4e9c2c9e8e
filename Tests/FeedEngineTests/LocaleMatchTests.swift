import FeedEngine
import XCTest

/// BCP 47 tags to built-in texts (SPEC §9): by language and script, then English.
final class LocaleMatchTests: XCTestCase {
    func table(_ tag: String) -> String? { LocaleMatch.match(tag)?.table }

    func testBuiltInTablesMatchThemselvesInAnyCase() {
        for locale in FeedTexts.locales {
            XCTAssertEqual(table(locale), locale)
            XCTAssertEqual(LocaleMatch.match(locale)?.isExact, true, locale)
            XCTAssertNotNil(FeedTexts.forLocale(locale), "a table for \(locale)")
        }
        XCTAssertEqual(table("ZH-hant"), "zh-Hant")
        XCTAssertEqual(LocaleMatch.match("ZH-hant")?.isExact, false, "said, so the run can tell")
    }

    func testChineseFallsBackByScriptThenRegion() {
        XCTAssertEqual(table("zh-HK"), "zh-Hant")
        XCTAssertEqual(table("zh-TW"), "zh-Hant")
        XCTAssertEqual(table("zh-MO"), "zh-Hant")
        XCTAssertEqual(table("zh-SG"), "zh-Hans")
        XCTAssertEqual(table("zh-CN"), "zh-Hans")
        XCTAssertEqual(table("zh"), "zh-Hans")
        XCTAssertEqual(table("zh-Hant-CN"), "zh-Hant", "the script wins over the region")
        XCTAssertEqual(table("zh-hans-hk"), "zh-Hans")
    }

    func testOtherLanguagesByLanguageThenEnglish() {
        XCTAssertEqual(table("ar-EG"), "ar")
        XCTAssertEqual(table("ja-JP"), "ja")
        XCTAssertEqual(table("ko-KR"), "ko")
        XCTAssertEqual(table("en-GB"), "en")
        XCTAssertEqual(table("fr"), "en")
        XCTAssertEqual(table("de-CH-1996"), "en", "variants are allowed")
        XCTAssertEqual(table("sr-Latn-RS"), "en")
        XCTAssertEqual(table("es-419"), "en", "a UN M.49 region")
        XCTAssertEqual(LocaleMatch.match("ar-EG")?.requested, "ar-EG", "the frames keep the tag as given")
    }

    func testMalformedTagsAreRefused() {
        for tag in ["", "e", "en_US", "en-", "-en", "en--US", "toolongxx", "1en", "en-US!", "zh-Hant-", "日本"] {
            XCTAssertNil(LocaleMatch.match(tag), tag)
        }
    }

    func testTheSeedsTakeTheirTextsThroughTheMatch() throws {
        let seed000 = try XCTUnwrap(Preset.seed000.config(locale: "zh-CN"))
        XCTAssertEqual(seed000.texts.headerIdle, "下拉刷新列表", "zh-CN is zh-Hans, with seed000's own words")
        XCTAssertEqual(Preset.standard.config(locale: "ar-EG")?.texts, Preset.standard.config(locale: "ar")?.texts)
        XCTAssertNil(Preset.standard.config(locale: "en_US"))
    }

    func testATeamsTextsReplaceOnlyTheirKeys() {
        let texts = FeedTexts.english.replacing(["footer.idle": "More", "retry": "Again", "settings.title": "ignored"])
        XCTAssertEqual(texts.footerIdleAuto, "More")
        XCTAssertEqual(texts.footerIdleRelease, "More", "footer.idle is the idle footer in either mode")
        XCTAssertEqual(texts.retry, "Again")
        XCTAssertEqual(texts.headerIdle, FeedTexts.english.headerIdle)
        var expected = FeedTexts.english
        expected.footerIdleAuto = "More"
        expected.footerIdleRelease = "More"
        expected.retry = "Again"
        XCTAssertEqual(texts, expected, "nothing else changed")
    }
}
