import FeedEngine
import FeedScenario
import XCTest

/// A team's texts: String Catalogs and `.strings` files, read for one locale.
final class TextsFileTests: XCTestCase {
    func read(_ text: String, _ format: TextsFile.Format, locale: String = "en") throws -> TextsFile.Texts {
        try TextsFile.read(Array(text.utf8), file: "t", format: format, locale: try XCTUnwrap(LocaleMatch.match(locale)))
    }

    func problems(_ bytes: [UInt8], _ format: TextsFile.Format) -> [String] {
        do {
            _ = try TextsFile.read(bytes, file: "t", format: format, locale: LocaleMatch.match("en")!)
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "footer.loading" : { "localizations" : {
              "ar" : { "stringUnit" : { "state" : "translated", "value" : "ar loading" } },
              "en" : { "stringUnit" : { "state" : "translated", "value" : "One moment..." } },
              "zh-Hant" : { "stringUnit" : { "state" : "translated", "value" : "載入中" } }
            } },
            "header.refreshing" : { "localizations" : {
              "ar-EG" : { "stringUnit" : { "state" : "translated", "value" : "eg refreshing" } }
            } },
            "retry" : { "comment" : "no localizations yet" },
            "settings.title" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "Settings" } } } }
          },
          "version" : "1.0"
        }
        """

    func testACatalogGivesTheLocalesTextsThenItsTablesThenItsLanguages() throws {
        XCTAssertEqual(try read(catalog, .catalog, locale: "ar-EG").values,
                       ["footer.loading": "ar loading", "header.refreshing": "eg refreshing"], "the tag, then its language")
        XCTAssertEqual(try read(catalog, .catalog, locale: "ar").values, ["footer.loading": "ar loading"])
        XCTAssertEqual(try read(catalog, .catalog, locale: "zh-HK").values, ["footer.loading": "載入中"], "zh-HK reads zh-Hant")
        XCTAssertEqual(try read(catalog, .catalog, locale: "ja").values, [:])
        let english = try read(catalog, .catalog)
        XCTAssertEqual(english.values, ["footer.loading": "One moment..."], "an app's other strings are not the list's")
        XCTAssertEqual(english.missing, FeedTexts.keys.filter { $0 != "footer.loading" })
    }

    func testAStringsFile() throws {
        let text = """
            /* The list's texts. */
            "header.idle" = "Pull to \\"refresh\\"";   // quoted
            footer.idle = "More\\nbelow";
            "retry"="\\U00C9tait";
            "other.key" = "not the list's";
            "retry" = "Again";
            """
        let texts = try read(text, .strings)
        XCTAssertEqual(texts.values, ["header.idle": "Pull to \"refresh\"", "footer.idle": "More\nbelow", "retry": "Again"],
                       "an unquoted key, escapes, the last of two values")
    }

    func testUTF16WithAByteOrderMark() throws {
        let text = "\"retry\" = \"再試行\";\n"
        let little: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for bytes in [little, big, [0xEF, 0xBB, 0xBF] + Array(text.utf8)] {
            XCTAssertEqual(try TextsFile.read(bytes, file: "t", format: .strings, locale: LocaleMatch.match("ja")!).values, ["retry": "再試行"])
        }
    }

    func testProblemsNameTheLineAndColumn() {
        XCTAssertEqual(problems(Array("\"retry\" = \"Again\"\n\"empty\" = \"None\";".utf8), .strings),
                       ["t:2:1: expected ';' after the value of \"retry\", found '\"'"])
        XCTAssertEqual(problems(Array("\"retry\" \"Again\";".utf8), .strings), ["t:1:9: expected '=' after the key \"retry\", found '\"'"])
        XCTAssertEqual(problems(Array("\n  \"retry = 1;".utf8), .strings), ["t:2:3: a string that is never closed (expected \")"])
        XCTAssertEqual(problems(Array("/* open".utf8), .strings), ["t:1:1: a comment that is never closed (expected */)"])
        XCTAssertEqual(problems(Array("\"a\" = \"\\U12\";".utf8), .strings), ["t:1:9: expected four hex digits after \\U (e.g. \\U00E9)"])
        XCTAssertEqual(problems([0x22, 0xFF, 0x22], .strings), ["t:1: invalid UTF-8 (expected UTF-8 or UTF-16 text)"])
        XCTAssertEqual(problems([0xFF, 0xFE, 0x00, 0xD8], .strings), ["t: invalid UTF-16 (an unpaired surrogate)"])
        XCTAssertEqual(problems(Array("[]".utf8), .catalog),
                       ["t:1:1: expected a String Catalog (an object with \"sourceLanguage\", \"strings\" and \"version\"), found array"])
        XCTAssertEqual(problems(Array(#"{"strings": {"retry": {"localizations": {"en": {"variations": {"plural": {}}}}}}}"#.utf8), .catalog),
                       [#"t:1:48: strings.retry.localizations.en: plural or device variations, which the list's texts cannot have (expected {"stringUnit": {"state": "translated", "value": "…"}})"#])
        XCTAssertEqual(problems(Array(repeating: 0x20, count: TextsFile.maxBytes + 1), .strings),
                       ["t: file is \(TextsFile.maxBytes + 1) bytes; expected at most \(TextsFile.maxBytes) bytes"])
    }

    func testTheFormatComesFromTheExtension() {
        XCTAssertEqual(TextsFile.Format(file: "Localizable.xcstrings"), .catalog)
        XCTAssertEqual(TextsFile.Format(file: "en.lproj/Localizable.strings"), .strings)
        XCTAssertNil(TextsFile.Format(file: "texts.json"))
    }
}
