import Feed
import FeedEngine
import FeedExplorer
import FeedScenario
import Foundation
import XCTest

/// FeedFrames searches everything a user and the network can do to the feature, against the standard
/// rules: the shipped reducer is caught appending a stale page after a refresh, and the fix keeps every rule.
final class ExploreTests: XCTestCase {
    /// 60 posts in pages of 20. Requests take 1 s and 3 s in turn, so a refresh pulled while the next
    /// page loads can be answered first, as on a slow network.
    static let list = #"{ "name": "feed", "preset": "standard", "source": { "total": 60, "pageSize": 20, "latency": [1, 3] }, "events": ["launch"] }"#

    func explore(_ feature: FeedFeature, depth: Int = 6) throws -> BehaviourExploration<FeedBehaviour> {
        let scenario = try ScenarioReader.read(Array(Self.list.utf8), file: "feed.json")
        return BehaviourExplorer(FeedBehaviour(feature: feature), scenario: scenario, key: FeedBehaviour.key, maxDepth: depth).run()
    }

    func testTheShippedReducerAppendsAStalePageAfterARefresh() throws {
        let found = try explore(FeedFeature())
        // The pull while the next page loads also starts a second request, with both spinners showing.
        XCTAssertEqual(found.violations.map(\.invariant),
                       ["one-request-in-flight", "no-row-lost-or-duplicated", "header-and-footer-not-both-loading"])
        let stale = try XCTUnwrap(found.violation("no-row-lost-or-duplicated"))
        XCTAssertEqual(stale.message, "stale reply 2 (more, asked before a newer refresh) changed the rows (20 → 40)")
        // Breadth-first, so no shorter path exists: the first page, the next page asked for, a pull,
        // the refreshed first page, then the next page asked for before the pull.
        XCTAssertEqual(stale.path.map(\.description), ["wait 1 (reply 1: full)", "scroll to bottom", "drag to -55, release",
                                                       "wait 1 (reply 3: full)", "wait 2 (reply 2: full)"])
    }

    /// The counterexample is a scenario file: written, read back and played, its last frame holds the
    /// fresh first page and the stale page after it; the fixed reducer, played the same way, does not.
    func testTheCounterexampleReplaysFromItsFile() throws {
        let stale = try XCTUnwrap(try explore(FeedFeature()).violation("no-row-lost-or-duplicated"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feed-explore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("stale-page.json")
        try Data(ScenarioWriter.bytes(of: stale.counterexample)).write(to: file)

        let replay = try ScenarioReader.read(Array(try Data(contentsOf: file)), file: file.path)
        XCTAssertEqual(replay.steps.count, 1 + stale.path.flatMap(\.steps).count, "launch, then the path")
        let frames = replay.frames(playing: FeedBehaviour())
        let refreshed = try XCTUnwrap(frames.last { $0.cause.contains("reply 3") })
        XCTAssertEqual(refreshed.layout.itemCount, 20, "the refresh's fresh first page")
        let last = try XCTUnwrap(frames.last)
        XCTAssertTrue(last.cause.contains("reply 2"), last.cause)
        XCTAssertEqual(last.layout.itemCount, 40, "the stale second page, appended after the fresh rows")
        XCTAssertEqual(try rows(after: replay, FeedFeature()), (1...40).map(String.init))

        let fixed = replay.frames(playing: FeedBehaviour(feature: FeedFeature(cancelsNextPageOnRefresh: true)))
        XCTAssertEqual(fixed.last?.layout.itemCount, 20, "the next page was cancelled; its reply never lands")
        XCTAssertEqual(try rows(after: replay, FeedFeature(cancelsNextPageOnRefresh: true)), (1...20).map(String.init))
    }

    /// The ids of every row (a frame holds only those in view) once `scenario` has played.
    func rows(after scenario: Scenario, _ feature: FeedFeature) throws -> [String] {
        var runner = BehaviourRunner(FeedBehaviour(feature: feature), scenario: scenario)
        try runner.run(scenario.steps) { (_: Frame) throws(Never) in }
        return runner.screen.rows.map(\.id)
    }

    /// The committed `Scenarios/stale-page.json` (which `SnapshotTests` plays) is what explore writes.
    func testTheCommittedScenarioIsTheCounterexample() throws {
        let stale = try XCTUnwrap(try explore(FeedFeature()).violation("no-row-lost-or-duplicated"))
        let committed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scenarios/stale-page.json")
        XCTAssertEqual(String(decoding: try Data(contentsOf: committed), as: UTF8.self),
                       String(decoding: ScenarioWriter.bytes(of: stale.counterexample), as: UTF8.self))
    }

    /// Eight moves deep (the shipped reducer breaks its rules within five): the fix breaks none.
    func testTheFixedReducerKeepsEveryRule() throws {
        let found = try explore(FeedFeature(cancelsNextPageOnRefresh: true), depth: 8)
        XCTAssertEqual(found.violations.map { "\($0.invariant): \($0.message)" }, [])
        XCTAssertEqual(found.statistics.depthReached, 8, "\(found.statistics)")
        XCTAssertGreaterThan(found.statistics.states, 500, "the search went somewhere: \(found.statistics)")
    }

    /// At scale: the fingerprint search keeps about 30 bytes a state instead of whole runs, on two threads,
    /// and finds the same shortest path; stopped after a few hundred states, it resumes from its checkpoint
    /// (as a file would carry it to another process) to the same result.
    func testTheFingerprintSearchFindsTheSameAndResumes() throws {
        let scenario = try ScenarioReader.read(Array(Self.list.utf8), file: "feed.json")
        var explorer = BehaviourExplorer(FeedBehaviour(feature: FeedFeature()), scenario: scenario, key: FeedBehaviour.key, maxDepth: 6)
        let whole = explorer.run()
        let printed = explorer.search(jobs: 2)
        XCTAssertEqual(printed.statistics.states, whole.statistics.states)
        XCTAssertEqual(printed.violation("no-row-lost-or-duplicated")?.path.map(\.description),
                       whole.violation("no-row-lost-or-duplicated")?.path.map(\.description))
        XCTAssertLessThan(printed.bytesPerState, 64)

        explorer.maxStates = 300
        let stopped = explorer.search(jobs: 2)
        XCTAssertEqual(stopped.stop, .stateLimit)
        let checkpoint = try SearchCheckpoint.read(try XCTUnwrap(stopped.checkpoint).bytes(), file: "feed.checkpoint")
        explorer.maxStates = 200_000
        let resumed = try explorer.search(resuming: checkpoint, jobs: 2)
        XCTAssertEqual(resumed.statistics.states, whole.statistics.states)
        XCTAssertEqual(resumed.violations.map(\.invariant), printed.violations.map(\.invariant))
    }

    /// A CI matrix of three machines: each explores one shard (the states first reached at depth 2, split by
    /// fingerprint) and keeps its `shardResult` as a file; a last job merges the three into what one search finds.
    /// (On separate machines each shard runs with SWIFT_DETERMINISTIC_HASHING=1, so their fingerprints agree.)
    func testThreeShardsMergeToTheWholeSearch() throws {
        let scenario = try ScenarioReader.read(Array(Self.list.utf8), file: "feed.json")
        let explorer = BehaviourExplorer(FeedBehaviour(feature: FeedFeature()), scenario: scenario, key: FeedBehaviour.key, maxDepth: 6)
        let whole = explorer.search(jobs: 2)
        let files = try (1...3).map { index in
            var shard = explorer
            shard.shard = SearchShard(index: index, count: 3, depth: 2)
            return try XCTUnwrap(shard.search(jobs: 2).shardResult).bytes()
        }
        let merged = try ShardMerge.merge(files.enumerated().map { try ShardResult.read($1, file: "shard-\($0 + 1)-of-3.result") },
                                          identity: explorer.searchIdentity)
        XCTAssertEqual(merged.statistics.states, whole.statistics.states)
        XCTAssertEqual(merged.statistics.transitions, whole.statistics.transitions)
        let violations = try explorer.violations(of: merged)
        XCTAssertEqual(violations.map(\.invariant), whole.violations.map(\.invariant))
        XCTAssertEqual(violations.map { $0.path.map(\.description) }, whole.violations.map { $0.path.map(\.description) })
    }
}
