import TestSupport
import FeedEngine
import FeedScenario
import FrameGallery
import FrameRendering
import XCTest

final class GalleryTests: XCTestCase {
    func testEveryStateTheRulesAllowIsReachedAndShown() throws {
        let gallery = try Gallery.build(presets: Preset.all, locales: ["en", "zh-Hant"])
        XCTAssertEqual(gallery.rows.map(\.folder), ["seed000-en", "seed000-zh-Hant", "seed001-en", "seed001-zh-Hant",
                                                    "standard-en", "standard-zh-Hant"])
        for row in gallery.rows {
            XCTAssertEqual(row.cells.map(\.state), GalleryState.allCases)
            for cell in row.cells {
                guard case .frame(let frame, _) = cell.content else { continue }
                XCTAssertTrue(cell.state.isShown(in: FrameJSON.value(of: frame)), "\(row.folder) \(cell.state)")
            }
        }
    }

    /// The states marked unreachable never show, whatever a user does: random
    /// scripts over every event kind, random failures and feed lengths.
    func testUnreachableStatesNeverShowInRandomScenarios() throws {
        let seed = randomSeed(2_024)
        var random = SeededRandom(seed: seed)
        let pool = ["wait 0.5", "wait 1", "wait 2", "scroll to top", "scroll to bottom", "scroll by 300", "scroll by -200",
                    "drag to -120", "drag to -30", "drag by 80", "drag by 30", "drag by 700", "drag to 900", "release",
                    "tap retry", "tap footer", "refresh", "resize 667x375", "resize 375x667"]
        for preset in Preset.all {
            let config = try XCTUnwrap(preset.config())
            let never = GalleryState.allCases.filter { $0.unreachableReason(config) != nil }
            for _ in 0..<300 {
                let events = ["launch"] + (0..<24).map { _ in pool[Int(random.next() % UInt64(pool.count))] }
                let totals: [Int?] = [nil, 0, 5, 30, 45]
                let script = GalleryScript(total: totals[Int(random.next() % 5)],
                                           failures: Set((1...6).filter { _ in random.next() % 3 == 0 }), events: events)
                let scenario = try XCTUnwrap(Gallery.scenario(script, preset: preset, locale: preset.defaultLocale,
                                                              config: config, state: .toast), "seed \(seed): \(script)")
                var runner = ScenarioRunner(scenario)
                try runner.run(scenario.steps) { frame in
                    let json = FrameJSON.value(of: frame)
                    for state in never where state.isShown(in: json) {
                        XCTFail("\(preset.name) showed \(state) (seed \(seed)): \(script)")
                    }
                }
            }
        }
    }

    func testUnknownLocaleIsAnError() {
        XCTAssertThrowsError(try Gallery.build(presets: [.standard], locales: ["fr_FR"])) { error in
            XCTAssertEqual("\(error)", "unknown locale 'fr_FR' (expected en, zh-Hans, zh-Hant, ja, ko, ar)")
        }
    }
}

