import TestSupport
import FeedEngine
import FeedScenario
@testable import FrameGallery
import FrameRendering
import XCTest
import ReferenceEngine

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
                // The preset's behaviour, as the gallery and render play it.
                for frame in scenario.frames(playing: scenario.behaviour) {
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

    /// The gallery plays each preset's behaviour (issue 20); its frames are those the engine made, byte for
    /// byte: every state of every preset, in three locales, with and without a device.
    func testTheGalleryThroughTheBehavioursIsTheEnginesGallery() throws {
        var compared = 0
        for device in [nil, Device.all.first { $0.safeTop > 20 }] {
            for preset in Preset.all {
                for locale in ["en", "zh-Hans", "ar"] {
                    let config = try XCTUnwrap(preset.config(locale: locale))
                    for state in GalleryState.allCases where state.unreachableReason(config) == nil {
                        let label = "\(preset.name) \(locale) \(state) \(device?.name ?? "no device")"
                        let (found, script) = try XCTUnwrap(Gallery.find(state, preset: preset, locale: locale, config: config, device: device), label)
                        let scenario = try XCTUnwrap(Gallery.scenario(script, preset: preset, locale: locale, config: config, state: state, device: device))
                        var engine: Frame?
                        var runner = ScenarioRunner(scenario)
                        try runner.run(scenario.steps) { frame in
                            if state.isShown(in: FrameJSON.value(of: frame)) { engine = frame }
                        }
                        XCTAssertEqual(FrameJSON.bytes(of: found), engine.map { FrameJSON.bytes(of: $0) }, label)
                        compared += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(compared, 100)
    }
}
