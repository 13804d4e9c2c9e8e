import FeedEngine
import FeedFramesResources
import FeedScenario
import FrameRendering
import JSONText
import XCTest
import ReferenceEngine

/// SPEC §9's look in the frames that exist today: `appearance`, `contentSize` and a
/// right-to-left `direction` in frame JSON (only when not the default), and text frames
/// mirrored right to left.
final class LookFieldsTests: XCTestCase {
    func scenario(_ extra: String) throws -> Scenario {
        try ScenarioReader.read(Array(#"{ "name": "s", "preset": "standard", \#(extra) "source": { "total": 30 }, "events": ["launch", "wait 1"] }"#.utf8),
                                file: "s.json")
    }

    func frame(_ scenario: Scenario) -> Frame {
        var runner = ScenarioRunner(scenario)
        var frames: [Frame] = []
        try? runner.run(scenario.steps) { (frame: Frame) throws(RunFailure<Never>) in frames.append(frame) }
        return frames[1]
    }

    func testDefaultsAddNothingAndTheKeysAddTheirFields() throws {
        let plain = try scenario("")
        let json = FrameJSON.bytes(of: frame(plain), in: FrameContext(plain))
        XCTAssertEqual(json, FrameJSON.bytes(of: frame(plain)), "without §9 keys the JSON is byte for byte as before")
        let styled = try scenario(#""locale": "he", "appearance": "dark", "contentSize": "accessibility3","#)
        XCTAssertEqual(styled.appearance, .dark)
        XCTAssertEqual(styled.contentSize.points(), 40)
        XCTAssertEqual(styled.direction, .rightToLeft)
        let value = try JSONParser.parse(FrameJSON.bytes(of: frame(styled), in: FrameContext(styled))).plain
        guard case .object(let object) = value else { return XCTFail("not an object") }
        XCTAssertEqual(Array(object.keys.prefix(8)), ["frame", "time", "cause", "viewport", "appearance", "contentSize", "direction", "contentOffset"])
        XCTAssertEqual(object["direction"], "rtl")
        XCTAssertEqual(FrameJSON.value(of: frame(styled), in: FrameContext(styled)), value, "the value and the bytes agree")
    }

    func testDynamicTypeFollowsApplesTable() {
        XCTAssertEqual(ContentSize.allCases.map { $0.points() }, [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53])
        XCTAssertEqual(ContentSize.large.points(.subheadline), 15)
        XCTAssertEqual(ContentSize.xSmall.points(.footnote), ContentSize.medium.points(.footnote), "not proportional")
        XCTAssertEqual(ContentSize.standard, .large)
    }

    func testDirectionComesFromTheLanguage() {
        for tag in ["ar", "ar-EG", "he", "fa-IR", "ur"] { XCTAssertEqual(TextDirection(locale: tag), .rightToLeft, tag) }
        for tag in ["en", "zh-Hant", "ja", "arn"] { XCTAssertEqual(TextDirection(locale: tag), .leftToRight, tag) }
    }

    func testTextFramesAreMirroredRightToLeft() throws {
        var sources = Embedded.templates
        sources["frame.txt"] = "{{heading}}\n{{border}}\n{{#rows}}{{.}}\n{{/rows}}{{border}}\n"
        let templates = try FrameTemplates(sources: sources)
        let rtl = try scenario(#""locale": "ar","#)
        let text = try templates.text(of: frame(rtl), in: FrameContext(rtl))
        let lines = text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[1], "+-+" + String(repeating: "-", count: 56) + "+", "the scroll bar's column on the left")
        XCTAssertTrue(lines[2].hasPrefix("|#| 44 "), lines[2])
        XCTAssertTrue(lines[2].hasSuffix(" Item 1 0 |"), "the title at the right edge: \(lines[2])")
        let ltr = try scenario("")
        let plain = try templates.text(of: frame(ltr), in: FrameContext(ltr)).split(separator: "\n").map(String.init)
        XCTAssertEqual(Set(lines.dropFirst().map(\.count)), Set(plain.dropFirst().map(\.count)), "every line as wide as left to right")
        XCTAssertTrue(plain[2].hasSuffix(" 44 |#|"), plain[2])
    }
}

extension LookFieldsTests {
    /// MJRefresh's header (`config.header.indicator: "arrow"`): an arrow, flipped once armed, then a
    /// spinner while refreshing; and the key survives being written back.
    func testTheArrowHeaderFlipsWhenArmed() throws {
        let text = #"{ "name": "mj", "preset": "standard", "config": { "header": { "indicator": "arrow" } }, "source": { "total": 30 }, "events": ["launch", "wait 1", "drag to -30", "drag to -70", "release"] }"#
        let mj = try ScenarioReader.read(Array(text.utf8), file: "mj.json")
        XCTAssertEqual(mj.config.header?.indicator, .arrow)
        XCTAssertEqual(try ScenarioReader.read(ScenarioWriter.bytes(of: mj), file: "mj.json"), mj, "written back, read again")
        var runner = ScenarioRunner(mj)
        var frames: [Frame] = []
        try? runner.run(mj.steps) { (frame: Frame) throws(RunFailure<Never>) in frames.append(frame) }
        let templates = try FrameTemplates(sources: Embedded.templates)
        let html = try frames.map { try templates.html(of: $0, in: FrameContext(mj)) }
        XCTAssertTrue(html[2].contains(#"<span class="arrow">↓</span>"#), "pulling: the arrow down")
        XCTAssertTrue(html[3].contains(#"<span class="arrow armed">↓</span>"#), "armed: flipped")
        XCTAssertFalse(html[4].contains(#"<span class="arrow"#), "refreshing: no arrow")
        XCTAssertTrue(html[4].contains(#"<span class="spinner"></span>"#), "refreshing: the spinner")
        XCTAssertFalse(html[4].contains(#"class="tick"#), "no refresh-control ticks with the arrow")
        let standard = try scenario("")
        XCTAssertNil(ScenarioWriter.configOverrides(standard.config, preset: standard.preset.config())["header"], "the default indicator is not written")
    }
}
