import FeedEngine
import FeedScenario
import Foundation
import PlantedBehaviours
import XCTest

/// SPEC §10: a team's logic reads the same data sources as the presets — FeedFrames owns them and
/// answers the logic's request effects from them.
final class BehaviourSourceTests: XCTestCase {
    func testATeamsLogicPagesAFileAndASQLiteTable() throws {
        let folder = try temporaryFolder(self)
        try write("[\n" + itemObjects(1...45).joined(separator: ",\n") + "\n]", to: folder.appendingPathComponent("items.json"))
        try makeDatabase(at: folder.appendingPathComponent("feed.db").path, keys: Array(1...45))
        let sources = [
            #"{ "kind": "file", "path": "items.json" }"#,
            #"{ "kind": "sqlite", "path": "feed.db", "table": "posts", "orderBy": "pk", "columns": { "id": "pk", "title": "headline" } }"#,
        ]
        for source in sources {
            let url = folder.appendingPathComponent("scenario.json")
            try write(#"{ "preset": "standard", "source": \#(source), "events": \#(loadEverything) }"#, to: url)
            let scenario = try readScenario(url)
            let frames = scenario.frames(playing: PlantedPager())
            let last = try XCTUnwrap(frames.last, source)
            XCTAssertEqual(last.layout.itemCount, 45, source)
            XCTAssertEqual(last.layout.pageIndex, 3, "\(source): pages from FeedFrames' log")
            XCTAssertEqual(last.layout.footer.state, .exhausted, "\(source): a short page ends the logic's feed")
            XCTAssertEqual(Set(frames.compactMap(\.layout.request).map(\.page)), [1, 2, 3], source)
        }
    }
}
