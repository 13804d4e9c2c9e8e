import FeedEngine
import FeedScenario
import FrameFolder
import Foundation
import XCTest
@testable import FrameRendering

/// SPEC §10: the library renders a team's logic to a frame folder without the command line, every
/// HTML frame validated, `suppressed` null in the frame JSON, `request` and `pageIndex` from
/// FeedFrames' own log.
final class BehaviourRenderTests: XCTestCase {
    /// Loads a page on `viewDidLoad` and the next when the footer shows: a small team's logic.
    struct FooterLoader: PagingBehaviour {
        struct State: Hashable, Sendable {
            var rows: [Item] = []
            var page = 0
            var loading = false
        }
        var initialState: State { State() }
        func handle(_ callback: ListCallback, state: inout State) -> [ListEffect] {
            switch callback {
            case .viewDidLoad:
                state.loading = true
                return [.request(.initial, page: 1)]
            case .scrollViewDidScroll(let view) where !state.loading && view.contentOffset + view.height >= view.contentHeight - 44:
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
                       footerPart: .init(text: state.loading ? .key("footer.loading") : .literal("Scroll for more")))
        }
    }

    func testABehaviourRendersToAFolderAllOrNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("behaviour-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = try scenario(#"{ "name": "loader", "preset": "standard", "source": { "total": 60, "pageSize": 20 }, "events": ["launch", "wait 1", "scroll to bottom", "wait 1"] }"#)
        let writer = try FrameWriter(target: folder.appendingPathComponent("loader"), kind: .scenario)
        let report = try ScenarioRenderer(templates: try defaultTemplates(), validator: try defaultValidator())
            .render(list, playing: FooterLoader(), into: writer, displayFolder: "loader")
        try writer.commit()
        XCTAssertEqual(report.frames, 4)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("loader").path)
        for name in ["0001.html", "0004.json", "0004.txt", "frames.json", "scenario.json", "index.html"] { XCTAssertTrue(names.contains(name), name) }
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("loader/0003.json"))) as? [String: Any])
        XCTAssertTrue(json["suppressed"] is NSNull, "FeedFrames cannot know which callbacks the logic ignored")
        XCTAssertEqual((json["request"] as? [String: Any])?["kind"] as? String, "more")
        XCTAssertEqual((json["footer"] as? [String: Any])?["text"] as? String, "Loading...", "a text key resolved in the list's locale")
        let last = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("loader/0004.json"))) as? [String: Any])
        XCTAssertEqual(last["pageIndex"] as? Int, 2)
        XCTAssertEqual((last["footer"] as? [String: Any])?["text"] as? String, "Scroll for more", "a literal text as given")
    }
}
