import FeedEngine
import FeedFramesTesting
import Foundation
import XCTest

/// A team's own logic in its own snapshot tests (SPEC §10): `.playing(logic)` renders the scenario
/// with the logic playing the app; references record, match, and a changed logic fails readably.
final class BehaviourSnapshotTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("behaviour-snapshots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// Loads a page at launch and the next when the last row's cell is asked for; `pageSize` lets a test change it.
    struct Loader: PagingBehaviour {
        var footerText = "footer.loading"
        struct State: Hashable, Sendable { var rows: [Item] = []; var page = 0; var loading = false }
        var initialState: State { State() }
        func handle(_ callback: ListCallback, state: inout State) -> [ListEffect] {
            switch callback {
            case .viewDidLoad:
                state.loading = true
                return [.request(.initial, page: 1)]
            case .cellForRowAt(let row, _) where row == state.rows.count - 1 && !state.loading:
                state.loading = true
                return [.request(.more, page: state.page + 1)]
            case .reply(_, .success(let items)):
                state.rows += items
                state.page += 1
                state.loading = false
            default: break
            }
            return []
        }
        func screen(_ state: State) -> ListScreen {
            ListScreen(rows: state.rows, footer: state.rows.isEmpty ? .hidden : (state.loading ? .loading : .idle),
                       footerPart: .init(text: .key(footerText)))
        }
    }

    func verify(_ logic: Loader, testName: String = #function) -> FramesFailure? {
        let list = FramesScenario.preset("standard", source: .init(total: 45), events: ["launch", "wait 1", "scroll to bottom", "wait 1"])
        return verifyFrames(of: list.playing(logic), snapshotDirectory: folder.path, environment: [:],
                            testFile: "/tests/LoaderTests.swift", testName: testName)
    }

    /// Adapters to other snapshot libraries (`frames(as:relativeTo:)`, swift-snapshot-testing's
    /// strategy) get the frames the logic plays, as `verifyFrames` does, not the preset's.
    func testFramesForOtherLibrariesArePlayedByTheLogic() throws {
        let list = FramesScenario.preset("standard", source: .init(total: 45), events: ["launch", "wait 1", "scroll to bottom", "wait 1"])
        func text(_ scenario: FramesScenario) throws -> String {
            try scenario.frames(as: .text, relativeTo: folder).map { String(decoding: $0.bytes, as: UTF8.self) }.joined()
        }
        XCTAssertTrue(try text(list.playing(Loader(footerText: "footer.exhausted"))).contains("No more data"))
        XCTAssertFalse(try text(list).contains("No more data"))
    }

    func testALogicsFramesRecordMatchAndFailWhenTheLogicChanges() throws {
        let first = try XCTUnwrap(verify(Loader(), testName: "loader"))
        XCTAssertEqual(first.kind, .missingReference(recorded: true))
        XCTAssertNil(verify(Loader(), testName: "loader"), "the same logic matches its references")
        let reference = try String(contentsOf: folder.appendingPathComponent("loader/0003.json"), encoding: .utf8)
        XCTAssertTrue(reference.contains("\"suppressed\" : null") || reference.contains("\"suppressed\": null"), reference)
        let changed = try XCTUnwrap(verify(Loader(footerText: "footer.exhausted"), testName: "loader"))
        XCTAssertEqual(changed.kind, .mismatch)
        XCTAssertTrue(changed.message.contains("No more data"), changed.message)
    }
}
