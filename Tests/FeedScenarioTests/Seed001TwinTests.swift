import FeedEngine
import FeedFramesResources
import FeedScenario
import XCTest

/// Issue 20 §2, first step: seed 001's own code ported as a behaviour (`Seed001Behaviour`) and played
/// by FeedFrames as UIKit would, against the engine's seed001 preset, frame by frame on every seed001
/// demo. What a behaviour cannot say yet (the suppressed count, FeedFrames does not know it) is left out.
final class Seed001TwinTests: XCTestCase {
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
        var description: String {
            "\(cause) t=\(time) y=\(offset) C=\(contentHeight) rows=\(rows.first ?? "-")…\(rows.last ?? "-")(\(rows.count)) footer \(footer) header \(header) request \(request) page \(pageIndex) failure \(failure)"
        }

        init(_ frame: Frame) {
            let layout = frame.layout
            cause = frame.cause
            time = frame.time
            offset = layout.contentOffset
            contentHeight = layout.contentHeight
            rows = layout.rows.map { "\($0.item.id)@\($0.y)" }
            footer = "\(layout.footer.state.rawValue) \(layout.footer.visible) \(layout.footer.spinner) y=\(layout.footer.y) \(layout.footer.text)"
            header = "\(layout.header.state.rawValue) \(layout.header.visible)"
            request = layout.request.map { "\($0.id) \($0.kind.rawValue) \($0.page)" } ?? "none"
            pageIndex = layout.pageIndex
            failure = layout.hasFailed ? layout.lastFailure.map { "\($0.request): \($0.reason)" } ?? "null" : "-"
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
        var demos = Embedded.demos.filter { $0.value.contains(#""preset": "seed001""#) }
        XCTAssertEqual(demos.keys.sorted(), ["seed001-story.json", "seed001-stuck-spinner.json", "seed002-traditional.json"])
        demos.merge(Self.more) { first, _ in first }
        for (name, text) in demos.sorted(by: { $0.key < $1.key }) {
            let scenario = try ScenarioReader.read(Array(text.utf8), file: name)
            var engine = ScenarioRunner(scenario)
            var expected: [Seen] = []
            try engine.run(scenario.steps) { frame in expected.append(Seen(frame)) }
            let played = scenario.frames(playing: Seed001Behaviour()).map(Seen.init)
            XCTAssertEqual(played.count, expected.count, "\(name): frames")
            for (index, (port, reference)) in zip(played, expected).enumerated() where port != reference {
                XCTFail("\(name) frame \(index + 1):\n  port   \(port)\n  engine \(reference)")
                break
            }
        }
    }
}
