import Foundation
import FeedFramesProcess
import XCTest

/// A team's own texts and any BCP 47 locale, as `render` shows them (SPEC §9).
final class TextsCommandTests: XCTestCase {
    var cli: Subprocess!

    override func setUpWithError() throws {
        cli = try Subprocess()
        _ = try Subprocess.binary()
    }

    override func tearDown() { cli?.cleanUp() }

    func frame(_ scenario: String, _ number: Int) throws -> [String: Any] {
        let url = cli.folder.appendingPathComponent("out/\(scenario)/000\(number).json")
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    func testACatalogsTextsReplaceTheBuiltInOnesAndTheRunSaysWhatFellBack() throws {
        try cli.write(#"""
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "header.refreshing": {"localizations": {"ar": {"stringUnit": {"state": "translated", "value": "لحظة"}}}},
              "footer.loading": {"localizations": {"ar": {"stringUnit": {"state": "translated", "value": "المزيد…"}}}}}}
            """#, to: "texts/App.xcstrings")
        try cli.write(#"{ "name": "inbox", "preset": "standard", "locale": "ar-EG", "texts": "texts/App.xcstrings", "source": { "total": 30 }, "events": ["launch", "wait 1", "scroll to bottom"] }"#,
                      to: "inbox.json")
        let outcome = try cli.run("render", "inbox.json", "--out", "out")
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertEqual(outcome.stderrLines, [
            "inbox.json: locale ar-EG has no texts of its own; using the built-in ar texts",
            "inbox.json: texts texts/App.xcstrings has no header.idle, header.armed, footer.idle, footer.armed, footer.exhausted, "
                + "footer.failed, toast.failed, retry, empty for ar-EG; those keep the built-in ar texts",
        ])
        XCTAssertEqual((try frame("inbox", 1)["header"] as? [String: Any])?["text"] as? String, "لحظة")
        XCTAssertEqual((try frame("inbox", 3)["footer"] as? [String: Any])?["text"] as? String, "المزيد…")
        XCTAssertEqual((try frame("inbox", 2)["header"] as? [String: Any])?["text"] as? String, "اسحب للأسفل للتحديث", "a built-in ar text")
        let html = try String(contentsOf: cli.folder.appendingPathComponent("out/inbox/0001.html"), encoding: .utf8)
        XCTAssertTrue(html.contains(#"lang="ar-EG""#), "the page keeps the tag as given")
    }

    func testAStringsFileForAnyLocaleAndLocalesWithTheirOwnTexts() throws {
        try cli.write("\"footer.idle\" = \"Plus\";\n\"footer.loading\" = \"Chargement…\";\n", to: "fr.lproj/Localizable.strings")
        try cli.write(#"{ "name": "fr", "preset": "standard", "locale": "fr-CA", "texts": "fr.lproj/Localizable.strings", "source": { "total": 30 }, "events": ["launch", "wait 1"] }"#,
                      to: "fr.json")
        try cli.write(#"{ "name": "ja", "preset": "standard", "locale": "ja", "source": { "total": 30 }, "events": ["launch", "wait 1"] }"#, to: "ja.json")
        let outcome = try cli.run("render", "fr.json", "ja.json", "--out", "out")
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertEqual(outcome.stderrLines.first, "fr.json: locale fr-CA has no texts of its own; using the built-in en texts")
        XCTAssertEqual(outcome.stderrLines.count, 2, "ja has texts of its own: nothing to say about it")
        XCTAssertEqual((try frame("fr", 2)["footer"] as? [String: Any])?["text"] as? String, "Plus")
        XCTAssertEqual((try frame("ja", 2)["footer"] as? [String: Any])?["text"] as? String, "タップまたは上に引いてさらに読み込む")
        XCTAssertEqual((try frame("ja", 1)["header"] as? [String: Any])?["text"] as? String, "読み込み中...")
    }
}
