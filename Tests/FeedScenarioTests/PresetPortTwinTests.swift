import FeedEngine
import FeedFramesResources
import FeedScenario
import XCTest
import ReferenceEngine

/// Issue 20 §2: each preset's behaviour (`Seed000Behaviour`, `Seed001Behaviour`, `RulesBehaviour`)
/// played by FeedFrames as UIKit would, against the engine's preset, frame by frame on every demo of the
/// preset and on hand-picked scenarios. Each counts the triggers it refuses, so `suppressed` is compared too.
final class PresetPortTwinTests: XCTestCase {
    /// What the frames of both must agree on.
    struct Seen: Equatable, CustomStringConvertible {
        var cause: String
        var time: Double
        var offset: Double
        var contentHeight: Double
        var rows: [String]
        var footer: String
        var header: String
        var request: String
        var pageIndex: Int
        var failure: String
        /// The retry button, the toast, the empty view and the separators.
        var others: String
        var description: String {
            "\(cause) t=\(time) y=\(offset) C=\(contentHeight) rows=\(rows.first ?? "-")…\(rows.last ?? "-")(\(rows.count)) footer \(footer) header \(header) request \(request) page \(pageIndex) failure \(failure) \(others)"
        }

        init(_ frame: Frame) {
            let layout = frame.layout
            cause = frame.cause
            time = frame.time
            offset = layout.contentOffset
            contentHeight = layout.contentHeight
            rows = layout.rows.map { "\($0.item.id)@\($0.y)" }
            footer = "\(layout.footer.state.rawValue) \(layout.footer.visible) \(layout.footer.spinner) y=\(layout.footer.y) \(layout.footer.text)"
            header = "\(layout.header.state.rawValue) \(layout.header.visible) y=\(layout.header.y) \(layout.header.text)"
            request = layout.request.map { "\($0.id) \($0.kind.rawValue) \($0.page)" } ?? "none"
            pageIndex = layout.pageIndex
            failure = layout.hasFailed ? layout.lastFailure.map { "\($0.request): \($0.reason)" } ?? "null" : "-"
            others = "suppressed \(layout.suppressedIsKnown ? "\(layout.suppressed)" : "null") stale \(layout.staleReplies) duplicates \(layout.duplicatesDropped) retry \(layout.retryVisible) \(layout.retryTitle) y=\(layout.retryY.map { "\($0)" } ?? "-") toast \(layout.toast.map { "\($0.text) until \($0.until)" } ?? "-")"
                + " empty \(layout.emptyText ?? "-") separators \(layout.separators) tappable \(layout.footer.tappable)"
        }
    }

    /// Beyond the demos: the end of the feed, taps, a pull, a refresh without a header, a rotation, failures.
    static let more: [String: String] = [
        "short-feed": #"{ "preset": "seed001", "source": { "total": 30 }, "events": ["launch", "wait 2", "scroll to bottom", "wait 2", "scroll to bottom", "wait 2", "scroll to top"] }"#,
        "empty-first-page": #"{ "preset": "seed001", "source": { "total": 0 }, "events": ["launch", "wait 2", "tap footer", "wait 2"] }"#,
        "taps-and-pulls": #"{ "preset": "seed001", "events": ["launch", "tap footer", "wait 2", "tap footer", "wait 2", "drag to -80", "release", "refresh", "wait 2", "tap retry", "scroll to bottom", "drag by 90", "release", "wait 4"] }"#,
        "rotation": #"{ "preset": "seed001", "events": ["launch", "wait 2", "scroll to bottom", "resize 667x375", "wait 2", "resize 375x667", "scroll to bottom", "wait 2"] }"#,
        "first-load-fails": #"{ "preset": "seed001", "source": { "failures": [1] }, "events": ["launch", "wait 2", "tap footer", "drag to -100", "release", "wait 4"] }"#,
    ]

    func testThePortPlaysEverySeed001DemoAsTheEngineDoes() throws {
        try Self.assertPortPlaysAsTheEngine(preset: "seed001", demos: ["seed001-story.json", "seed001-stuck-spinner.json", "seed002-traditional.json"],
                                            more: Self.more)
    }

    /// Seed 000's scrolling code against the engine: pulls that arm and do not, releases while a page
    /// loads (suppressed), a failed load-more's toast, a failed refresh's retry button, short content.
    static let more000: [String: String] = [
        "pulls-and-rotation": #"{ "preset": "seed000", "source": { "total": 45 }, "events": ["launch", "drag to -40", "release", "wait 1", "drag to -50", "release", "drag to -61", "release", "drag to -90", "release", "wait 1", "scroll to bottom", "drag by 59", "release", "drag by 61", "release", "wait 1", "scroll to bottom", "drag by 80", "release", "wait 1", "scroll to bottom", "drag by 80", "release", "resize 667x375", "drag to -70", "release", "wait 1", "tap footer"] }"#,
        "english-refresh": #"{ "preset": "seed000", "locale": "en", "source": { "total": 60, "failures": [2] }, "events": ["launch", "refresh", "wait 1", "refresh", "scroll to bottom", "drag by 70", "drag to -70", "release", "drag to -80", "wait 1", "release", "wait 1", "tap retry", "wait 1", "refresh", "wait 1"] }"#,
        "empty-refresh": #"{ "preset": "seed000", "source": { "total": 0 }, "events": ["launch", "wait 1", "drag to -80", "release", "wait 1", "tap retry"] }"#,
        "toast-then-retry": #"{ "preset": "seed000", "source": { "total": 100, "failures": [2, 3] }, "events": ["launch", "wait 1", "scroll to bottom", "drag by 80", "release", "wait 1", "scroll to top", "drag to -70", "release", "wait 1", "wait 1", "scroll to bottom", "drag by 80", "release", "tap retry", "wait 1", "wait 3"] }"#,
        "device": #"{ "preset": "seed000", "device": "iPhone 15", "source": { "total": 25, "latency": 2 }, "events": ["launch", "wait 2", "scroll to bottom", "drag by 75", "release", "wait 1", "drag to -200", "release", "wait 2", "wait 2"] }"#,
    ]

    func testThePortPlaysEverySeed000DemoAsTheEngineDoes() throws {
        try Self.assertPortPlaysAsTheEngine(preset: "seed000", demos: ["footer-on-short-content.json", "seed000-first-load-failure.json",
                                                                       "seed000-footer-follows-rows.json", "seed000-story.json"],
                                            more: Self.more000)
    }

    /// The standard preset's rules written as a view controller: refresh cancelling a page, a failed page's
    /// footer, taps, the end of the feed, a rotation, device insets.
    static let moreStandard: [String: String] = [
        "races": #"{ "preset": "standard", "source": { "total": 70, "latency": 2 }, "events": ["launch", "wait 2", "scroll to bottom", "drag to -80", "release", "wait 1", "wait 1", "scroll to bottom", "refresh", "refresh", "wait 2", "wait 2", "scroll to bottom", "wait 2", "scroll to bottom", "wait 2", "scroll to bottom", "tap footer", "wait 2"] }"#,
        "failed-footer": #"{ "preset": "standard", "source": { "total": 100, "failures": [2, 4] }, "events": ["launch", "wait 1", "scroll to bottom", "wait 1", "wait 2", "tap footer", "wait 1", "scroll to bottom", "wait 1", "scroll by -100", "drag by 10", "release", "wait 1", "wait 3"] }"#,
        "first-load-fails": #"{ "preset": "standard", "source": { "failures": [1, 2] }, "events": ["launch", "wait 1", "tap retry", "wait 1", "tap retry", "drag to -90", "release", "wait 1", "refresh", "wait 1"] }"#,
        "rotation": #"{ "preset": "standard", "device": "iPhone 15", "events": ["launch", "wait 1", "scroll to bottom", "resize 852x393", "wait 1", "scroll to bottom", "resize 393x852", "wait 1", "drag to -200", "release", "wait 1"] }"#,
        "refresh-fails": #"{ "preset": "standard", "source": { "failures": [2] }, "events": ["launch", "wait 1", "drag to -60", "release", "wait 1", "wait 2", "scroll to bottom", "wait 1"] }"#,
    ]

    func testTheRulesBehaviourPlaysTheStandardDemosAsTheEngineDoes() throws {
        let all = Embedded.demos.filter { $0.value.contains(#""preset": "standard""#) }.keys.sorted()
        XCTAssertEqual(all.count, 29)
        try Self.assertPortPlaysAsTheEngine(preset: "standard", demos: all, more: Self.moreStandard)
    }

    /// The seeds' ports on what their demos never show: sections (a header's room above a section's first
    /// row counts where the rows end), and a feed that shifts under the reader (repeated ids dropped).
    func testTheSeedsPortsWithSectionsAndRepeatedIds() throws {
        var more: [String: String] = [:]
        for seed in ["seed000", "seed001"] {
            for demo in ["sections-plain.json", "sections-grouped.json", "shifting-feed-offset.json"] {
                let text = try XCTUnwrap(Embedded.demos[demo])
                more["\(seed)-\(demo)"] = text.replacingOccurrences(of: #""preset": "standard""#, with: #""preset": "\#(seed)""#)
            }
            more["\(seed)-shifting-pulled.json"] = #"{ "preset": "\#(seed)", "source": { "total": 60, "paging": "page", "inserts": [{ "at": 3, "count": 5 }] }, "events": ["launch", "wait 2", "wait 2", "scroll to bottom", "drag by 80", "release", "wait 2", "scroll to bottom", "drag by 80", "release", "wait 2"] }"#
        }
        let compared = try Self.assertPlaysAsTheEngine(more)
        XCTAssertGreaterThan(compared, 30)
    }

    /// A seed's own rules are its port; a list that asks for rules a port does not have, and `standard`, are
    /// `RulesBehaviour`; a name no built-in has gets none.
    func testEachListGetsTheBehaviourThatHasItsRules() throws {
        func behaviour(_ json: String) throws -> (any PagingBehaviour)? {
            try ScenarioReader.read(Array(json.utf8), file: "rules.json").presetBehaviour
        }
        XCTAssertTrue(try behaviour(#"{ "preset": "standard", "config": { "rowHeight": 60, "refreshWhileLoading": "ignore" }, "events": ["launch"] }"#) is RulesBehaviour)
        XCTAssertTrue(try behaviour(#"{ "preset": "seed000", "config": { "hideFooterWhenFits": false }, "events": ["launch"] }"#) is Seed000Behaviour)
        XCTAssertTrue(try behaviour(#"{ "preset": "seed001", "config": { "rowHeight": 60 }, "events": ["launch"] }"#) is Seed001Behaviour)
        XCTAssertTrue(try behaviour(#"{ "preset": "standard", "config": { "header": null }, "events": ["launch"] }"#) is RulesBehaviour)
        XCTAssertTrue(try behaviour(#"{ "preset": "seed000", "config": { "refreshWhileLoading": "cancel" }, "events": ["launch"] }"#) is RulesBehaviour)
        XCTAssertTrue(try behaviour(#"{ "preset": "seed001", "config": { "hideFooterWhenFits": true }, "events": ["launch"] }"#) is RulesBehaviour)
        XCTAssertNil(Preset.behaviour(named: "mine", config: try XCTUnwrap(Preset.standard.config())))
    }

    /// Each switch of SPEC §5 away from its preset's value, played by `RulesBehaviour` and by the engine.
    func testTheRulesBehaviourPlaysEverySwitchAsTheEngineDoes() throws {
        let scripts = [
            #"["launch", "wait 1", "scroll to bottom", "wait 1", "drag by 120", "release", "wait 1", "drag to -90", "release", "wait 1", "tap footer", "tap retry", "wait 1", "refresh", "wait 1"]"#,
            #"["launch", "tap retry", "wait 2", "tap retry", "refresh", "wait 2", "scroll to bottom", "drag by 70", "release", "wait 2", "tap footer", "wait 2"]"#,
        ]
        let switches = [
            #""header": null"#, #""hideUntilFirstData": true"#, #""holdWhileLoading": false"#, #""firstLoadIndicator": "footer""#,
            #""firstLoadIndicator": "none""#, #""firstLoadFailure": "stuck""#, #""refreshFailure": "retry""#, #""loadMoreFailure": "stuck""#,
            #""loadMoreFailure": "toast""#, #""footer": { "mode": "release" }"#, #""footer": { "mode": "release", "spinner": "always" }"#,
            #""footer": { "spinner": "always" }"#, #""hideFooterWhenFits": true"#, #""refreshWhileLoading": "ignore""#,
        ]
        var more: [String: String] = [:]
        for preset in ["seed000", "seed001", "standard"] {
            for (number, change) in switches.enumerated() {
                for (index, script) in scripts.enumerated() {
                    more["\(preset)-switch\(number)-\(index).json"] = #"{ "preset": "\#(preset)", "source": { "total": 45, "failures": [\#(index + 1), 3] }, "config": { \#(change) }, "events": \#(script) }"#
                }
            }
        }
        try Self.assertPlaysAsTheEngine(more)
    }

    /// Every demo of `preset` (which must be `demos`) and `more`, played by the engine and by the port, frame by frame.
    /// Each scenario's behaviour is its preset's (`Scenario.presetBehaviour`).
    static func assertPortPlaysAsTheEngine(preset: String, demos names: [String], more: [String: String],
                                           file: StaticString = #filePath, line: UInt = #line) throws {
        var demos = Embedded.demos.filter { $0.value.contains(#""preset": "\#(preset)""#) }
        XCTAssertEqual(demos.keys.sorted(), names.sorted(), file: file, line: line)
        demos.merge(more) { first, _ in first }
        try assertPlaysAsTheEngine(demos, file: file, line: line)
    }

    /// Each of `scenarios` (name: JSON), played by the engine and by its preset's behaviour (`Scenario.presetBehaviour`),
    /// frame by frame. Returns the frames compared.
    @discardableResult
    static func assertPlaysAsTheEngine(_ scenarios: [String: String], file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        var compared = 0
        for (name, text) in scenarios.sorted(by: { $0.key < $1.key }) {
            let scenario = try ScenarioReader.read(Array(text.utf8), file: name)
            var engine = ScenarioRunner(scenario)
            var expected: [Seen] = []
            try engine.run(scenario.steps) { frame in expected.append(Seen(frame)) }
            let behaviour = try XCTUnwrap(scenario.presetBehaviour, name, file: file, line: line)
            let played = scenario.frames(playing: behaviour).map(Seen.init)
            XCTAssertEqual(played.count, expected.count, "\(name): frames", file: file, line: line)
            for (index, (port, reference)) in zip(played, expected).enumerated() where port != reference {
                XCTFail("\(name) frame \(index + 1):\n  port   \(port)\n  engine \(reference)", file: file, line: line)
                break
            }
            compared += expected.count
        }
        return compared
    }
}
