import FeedEngine
import FeedScenario
import XCTest

final class ScenarioReaderTests: XCTestCase {
    func read(_ text: String) throws -> Scenario {
        try ScenarioReader.read(Array(text.utf8), file: "demo.json")
    }

    /// The problems reading `text` reports, one line each.
    func problems(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        do {
            let scenario = try read(text)
            XCTFail("read without error: \(scenario.name)", file: file, line: line)
            return []
        } catch {
            return (error as? ScenarioErrors)?.problems.map(\.description) ?? ["\(error)"]
        }
    }

    func testAFullScenarioOverridesThePreset() throws {
        let scenario = try read("""
            {
              "name": "seed-001-infinite", "preset": "seed001", "locale": "zh-Hant",
              "viewport": { "width": 320, "height": 480 },
              "config": { "footer": { "prefetchRows": 2, "height": 80 }, "toastDuration": 3,
                          "header": { "height": 60 } },
              "source": { "kind": "synthetic", "total": 45, "pageSize": 10, "latency": [1, 2],
                          "title": "新聞{n}", "rowHeights": [44, 88], "failures": [3] },
              "events": ["launch", "wait 2", "scroll to bottom", "drag to -80", "release", "tap retry"]
            }
            """)
        XCTAssertEqual(scenario.name, "seed-001-infinite")
        XCTAssertEqual(scenario.preset.name, "seed001")
        XCTAssertEqual(scenario.locale, "zh-Hant")
        XCTAssertEqual(scenario.viewport, Viewport(width: 320, height: 480))
        XCTAssertEqual(scenario.config.footer.prefetchRows, 2)
        XCTAssertEqual(scenario.config.footer.height, 80)
        XCTAssertEqual(scenario.config.footer.armDistance, 80, "an arm distance the preset does not set follows the height")
        XCTAssertEqual(scenario.config.footer.colour, "#ff8000", "untouched keys keep the preset's value")
        XCTAssertEqual(scenario.config.header, FeedConfig.Header(height: 60, armDistance: 60))
        XCTAssertEqual(scenario.config.toastDuration, 3)
        XCTAssertEqual(scenario.config.pageSize, 10)
        XCTAssertEqual(scenario.config.texts, .traditionalChinese)
        XCTAssertEqual(scenario.source, .synthetic(SyntheticSource(
            total: 45, pageSize: 10, latency: .perRequest([1, 2]), title: "新聞{n}", rowHeights: [44, 88], failures: [3])))
        XCTAssertEqual(scenario.steps.count, 6)
    }

    func testDefaultsComeFromThePresetAndTheFileName() throws {
        let scenario = try ScenarioReader.read(Array(#"{"preset": "seed000", "events": ["launch"]}"#.utf8), file: "dir/my-list.json")
        XCTAssertEqual(scenario.name, "my-list")
        XCTAssertEqual(scenario.locale, "zh-Hans")
        XCTAssertEqual(scenario.config.texts.headerIdle, "下拉刷新列表", "seed000's own words")
        XCTAssertEqual(scenario.viewport, .standard)
        XCTAssertEqual(scenario.source, .synthetic(SyntheticSource(total: nil, pageSize: 20, latency: .fixed(1), title: "新闻{n}")))
    }

    func testSeed000InEnglishUsesTheTable() throws {
        let scenario = try read(#"{"preset": "seed000", "locale": "en", "events": ["launch"]}"#)
        XCTAssertEqual(scenario.config.texts, .english)
    }

    func testSyntaxErrorsGiveLineAndColumn() {
        let truncated = problems("{\"preset\": \"standard\", \"events\": [")
        XCTAssertEqual(truncated.count, 1)
        XCTAssertTrue(truncated[0].hasPrefix("demo.json:1:35: "), truncated[0])
        let trailing = problems("{\n  \"preset\": \"standard\",\n  \"events\": [\"launch\",]\n}")
        XCTAssertEqual(trailing.count, 1)
        XCTAssertEqual(trailing[0], "demo.json:3:23: expected a value after ',', found ']' (trailing commas are not allowed)")
    }

    func testProblemsNameTheKeyPathAndPosition() {
        let found = problems("""
            {
              "preset": "standard",
              "viewport": { "width": "wide", "height": 0 },
              "config": { "footer": { "mode": "sideways", "colr": "red" }, "rowHeigth": 44 },
              "source": { "pageSize": 2.5, "failures": [0], "latency": -1 },
              "events": ["launch", "jump 3", "launch", 7]
            }
            """)
        XCTAssertEqual(found, [
            "demo.json:3:26: viewport.width: expected a number of points above 0 and at most 100000, found \"wide\"",
            "demo.json:3:44: viewport.height: expected a number of points above 0 and at most 100000, found 0",
            "demo.json:4:64: config.rowHeigth: unknown key \"rowHeigth\" (did you mean \"rowHeight\"?)",
            "demo.json:4:47: config.footer.colr: unknown key \"colr\" (did you mean \"colour\"?)",
            "demo.json:4:35: config.footer.mode: expected one of \"auto\", \"release\", found \"sideways\"",
            "demo.json:5:27: source.pageSize: expected a whole number from 1 to 10000, found 2.5",
            "demo.json:5:60: source.latency: expected a number of seconds from 0 to 86400, or a list of them, found -1",
            "demo.json:5:45: source.failures[0]: expected a whole number from 1 to 100000000, found 0",
            "demo.json:6:24: events[1]: unknown event \"jump 3\" (expected \(ScriptStep.grammar))",
            "demo.json:6:34: events[2]: \"launch\" again (expected it once, as the first event)",
            "demo.json:6:44: events[3]: expected a string, found 7",
        ])
    }

    /// SPEC §8's `holdWhileLoading`: false for seed000, true otherwise, and a scenario may set it.
    func testHoldWhileLoadingIsReadAndChecked() throws {
        XCTAssertFalse(try read(#"{"preset": "seed000", "events": ["launch"]}"#).config.holdWhileLoading)
        XCTAssertTrue(try read(#"{"preset": "seed001", "events": ["launch"]}"#).config.holdWhileLoading)
        XCTAssertTrue(try read(#"{"preset": "seed000", "config": {"holdWhileLoading": true}, "events": ["launch"]}"#).config.holdWhileLoading)
        XCTAssertFalse(try read(#"{"preset": "standard", "config": {"holdWhileLoading": false}, "events": ["launch"]}"#).config.holdWhileLoading)
        XCTAssertEqual(problems(#"{"preset": "seed000", "config": {"holdWhileLoading": "no"}, "events": ["launch"]}"#),
                       [#"demo.json:1:54: config.holdWhileLoading: expected true or false, found "no""#])
    }

    func testUnknownPresetLocaleAndKeys() {
        XCTAssertEqual(problems(#"{"preset": "fancy", "events": ["launch"]}"#),
                       ["demo.json:1:12: preset: unknown preset \"fancy\" (expected one of seed000, seed001, standard, or a preset file ending in .json)"])
        XCTAssertEqual(problems(#"{"preset": "standard", "locale": "fr_FR", "events": ["launch"]}"#),
                       ["demo.json:1:34: locale: \"fr_FR\" is not a BCP 47 language tag (expected e.g. en, zh-Hant, ar-EG; built-in texts: en, zh-Hans, zh-Hant, ja, ko, ar)"])
        let french = try? ScenarioReader.read(Array(#"{"preset": "standard", "locale": "fr", "events": ["launch"]}"#.utf8), file: "demo.json")
        XCTAssertEqual(french?.config.texts, .english, "any BCP 47 tag; fr falls back to en")
        XCTAssertEqual(french?.notes, ["locale fr has no texts of its own; using the built-in en texts"])
        XCTAssertEqual(problems(#"{"preset": "standard", "events": ["launch"], "extra": 1}"#),
                       ["demo.json:1:46: extra: unknown key \"extra\" (expected one of name, description, preset, locale, texts, device, appearance, contentSize, list, viewport, config, source, events)"])
        XCTAssertEqual(problems(#"{"events": ["launch"]}"#),
                       ["demo.json:1:1: preset: missing (expected one of seed000, seed001, standard)"])
    }

    func testEventsMustStartWithLaunch() {
        XCTAssertEqual(problems(#"{"preset": "standard"}"#),
                       ["demo.json:1:1: events: missing (expected a list of events starting with \"launch\")"])
        XCTAssertEqual(problems(#"{"preset": "standard", "events": []}"#),
                       ["demo.json:1:34: events: empty (expected a list of events starting with \"launch\")"])
        XCTAssertEqual(problems(#"{"preset": "standard", "events": ["wait 1", "launch"]}"#), [
            "demo.json:1:35: events[0]: \"wait 1\" before \"launch\" (expected \"launch\" first)",
            "demo.json:1:45: events[1]: \"launch\" not first (expected it once, as the first event)",
        ])
    }

    func testUnsafeNamesAndColoursAreRefused() {
        XCTAssertEqual(problems(#"{"name": "../x", "preset": "standard", "events": ["launch"]}"#),
                       ["demo.json:1:10: name: \"../x\" cannot name an output folder (expected letters, digits, '-', '_' or '.', not starting with '.', at most 100 characters and 240 bytes, and not index.html, frames.json, frames.js or scenario.json)"])
        XCTAssertEqual(problems(#"{"preset": "standard", "config": {"footer": {"colour": "red;}</style>"}}, "events": ["launch"]}"#),
                       ["demo.json:1:56: config.footer.colour: \"red;}</style>\" is not a colour (expected #rgb, #rrggbb or a CSS colour name)"])
    }

    func testTheTopLevelMustBeAnObject() {
        XCTAssertEqual(problems("[1, 2]"), ["demo.json:1:1: expected an object, found a list"])
    }
}
