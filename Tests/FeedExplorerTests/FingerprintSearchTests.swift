import Foundation
@testable import FeedEngine
@testable import FeedExplorer
import FeedScenario
import XCTest
@testable import ReferenceEngine

/// The fingerprint search against its naive twin (`Explorer`, which keeps whole
/// states and keys), and what it adds: the same results whatever `jobs`, runs
/// that stop and resume, frontiers rebuilt by replay, shards.
final class FingerprintSearchTests: XCTestCase {
    /// The reducer of `ExplorerTests`' broken rule: a stale reply's page is appended.
    static let broken: ExplorerModel.Step = { state, event in
        if case .replyArrived(let reply) = event, state.request?.id != reply.requestID, case .success(let page) = reply.outcome {
            for item in page {
                state.items.append(item)
                state.offsets.append(item.height ?? state.config.rowHeight)
            }
        }
        return state.reduce(event)
    }

    /// What two searches must agree on: counts, and each broken rule's shortest path, message and count.
    struct Outcome: Equatable {
        var states, transitions, expanded, depthReached: Int
        var complete: Bool
        var violations: [String]
    }

    static func outcome(_ statistics: ExplorationStatistics, _ violations: [Violation]) -> Outcome {
        Outcome(states: statistics.states, transitions: statistics.transitions, expanded: statistics.expanded,
                depthReached: statistics.depthReached, complete: statistics.complete,
                violations: violations.map { "\($0.invariant) ×\($0.occurrences): \($0.message) | \($0.path.map(\.description)) | \($0.state.feed.layout())" })
    }

    func search(_ preset: String, depth: Int, step: @escaping ExplorerModel.Step = ExplorerModel.engineStep,
                configure: (inout FingerprintSearch) -> Void = { _ in }) throws -> FingerprintExploration {
        let scenario = try ExplorerFixtures.preset(preset)
        var search = FingerprintSearch(model: ExplorerModel(scenario: scenario, step: step), maxDepth: depth)
        configure(&search)
        return try search.run(from: scenario.initialState)
    }

    func naive(_ preset: String, depth: Int, step: @escaping ExplorerModel.Step = ExplorerModel.engineStep, maxStates: Int = 1_000_000) throws -> Outcome {
        let scenario = try ExplorerFixtures.preset(preset)
        let rules = Invariant.standard.filter { $0.atRest == nil }
        let exploration = Explorer(model: ExplorerModel(scenario: scenario, step: step), invariants: rules, maxDepth: depth,
                                   maxStates: maxStates).run(from: scenario.initialState)
        return Self.outcome(exploration.statistics, exploration.violations)
    }

    func testTheSameCountsAndCounterexamplesAsTheSearchOfWholeStates() throws {
        for (preset, depth) in [("seed000", 6), ("seed001", 7), ("standard", 6)] {
            let fast = try search(preset, depth: depth)
            XCTAssertEqual(Self.outcome(fast.statistics, fast.violations), try naive(preset, depth: depth), preset)
            XCTAssertGreaterThan(fast.statistics.states, 100)
        }
        let fast = try search("standard", depth: 5, step: Self.broken)
        XCTAssertEqual(Self.outcome(fast.statistics, fast.violations), try naive("standard", depth: 5, step: Self.broken))
        XCTAssertEqual(fast.violation("no-row-lost-or-duplicated")?.path.map(\.move), [.wait, .scrollToBottom, .pullHeader, .wait])
        // Capped mid-level as the naive search is.
        let capped = try search("standard", depth: 8, configure: { $0.maxStates = 300 })
        XCTAssertEqual(Self.outcome(capped.statistics, capped.violations), try naive("standard", depth: 8, maxStates: 300))
        XCTAssertEqual(capped.stop, .stateLimit)
    }

    func testTheWayForwardRuleIsLeftToTheGraphSearch() throws {
        let fast = try search("seed001", depth: 4)
        XCTAssertFalse(fast.invariants.map(\.name).contains("way-forward"))
        XCTAssertEqual(FingerprintSearch.graphRules(Invariant.standard), ["way-forward"])
    }

    func testTheResultIsTheSameWhateverTheNumberOfJobs() throws {
        let one = try search("standard", depth: 6, step: Self.broken)
        for jobs in [2, 3] {
            let many = try search("standard", depth: 6, step: Self.broken, configure: { $0.jobs = jobs })
            XCTAssertEqual(Self.outcome(many.statistics, many.violations), Self.outcome(one.statistics, one.violations), "jobs \(jobs)")
        }
        XCTAssertFalse(one.violations.isEmpty)
    }

    func testAFrontierPastItsLimitGoesToDiskAndBackToTheSameResult() throws {
        let kept = try search("standard", depth: 6, step: Self.broken)
        XCTAssertEqual(kept.spilledStates, 0)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spill-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (limit, jobs) in [(1, 1), (7, 2), (100, 3)] {
            let spilled = try search("standard", depth: 6, step: Self.broken, configure: {
                $0.frontierLimit = limit
                $0.jobs = jobs
                $0.spillFolder = folder
            })
            XCTAssertEqual(Self.outcome(spilled.statistics, spilled.violations), Self.outcome(kept.statistics, kept.violations), "bound \(limit)")
            XCTAssertGreaterThan(spilled.spilledStates, limit == 1 ? spilled.statistics.states / 2 : 0, "bound \(limit)")
            XCTAssertGreaterThan(spilled.spillBytes, 0)
        }
        // The file is nameless from the start: nothing is left in the folder.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [])
        // A folder one cannot write to is said so.
        XCTAssertThrowsError(try search("standard", depth: 4, configure: { $0.frontierLimit = 1; $0.spillFolder = folder + "/missing" })) { error in
            guard case .spillFailed(let where_, _)? = error as? CheckpointError else { return XCTFail("\(error)") }
            XCTAssertEqual(where_, folder + "/missing")
        }
    }

    func testStatesReadBackFromDiskAreThoseTheTrailRebuilds() throws {
        let scenario = try ExplorerFixtures.preset("standard")
        let model = ExplorerModel(scenario: scenario)
        let whole = try FingerprintSearch(model: model, maxDepth: 5, identity: "standard").run(from: scenario.initialState)
        let checkpoint = try XCTUnwrap(whole.checkpoint, "stopped at the depth limit")
        let start = model.start(scenario.initialState).0
        let nodes = Array(stride(from: 1, to: checkpoint.trail.count, by: 3))
        let rebuilt = try checkpoint.trail.rebuild(nodes, from: start, model: model)
        let spill = try FrontierSpill(folder: FrontierSpill.defaultFolder, base: 0)
        for node in nodes { spill.append(route: checkpoint.trail.route(to: node)) }
        spill.finishWriting()
        for jobs in [1, 2] {
            let routes = jobs == 1 ? spill.readRoutes(nodes.count) : nodes.map { checkpoint.trail.route(to: $0) }
            let replayed = try FrontierSpill.replay(routes, from: start, model: model, jobs: jobs, firstIndex: 1)
            XCTAssertEqual(replayed, rebuilt, "jobs \(jobs)")
        }
        XCTAssertEqual(spill.consumed, nodes.count)
    }

    func testCachedPagesAreThoseTheSourceMakes() throws {
        var model = ExplorerModel(scenario: try ExplorerFixtures.preset("standard"))
        for round in 0..<2 {
            for page in 0...(OutcomeTable.pages + 3) {
                for reply in ScriptedReply.allCases {
                    XCTAssertEqual(model.outcome(reply, page: page, request: 7), model.source.outcome(reply, page: page, request: 7), "page \(page) \(reply)")
                }
            }
            // A new source, a new cache.
            model.source.items.title = "Other {n}"
            model.source.items.pageSize = 3 + round
        }
        guard case .success(let items) = model.outcome(.full, page: 2, request: 1) else { return XCTFail() }
        XCTAssertEqual(items.map(\.title), ["Other 5", "Other 6", "Other 7", "Other 8"])
    }

    /// The table for inserts (pages shifted by the items inserted, up to `OutcomeTable.heads`) and a thread's
    /// copy of it (`detached()`) give what the source makes, within the table and past it.
    func testPagesShiftedByInsertsAreThoseTheSourceMakes() throws {
        let source = ScriptedSource.searching(try ExplorerFixtures.preset("standard"))
        let table = OutcomeTable(source, heads: 3)
        for (label, pages) in [("table", table), ("detached", table.detached())] {
            for head in [0, 1, 3, 4, OutcomeTable.heads + 1] {
                for page in [0, 1, 2, OutcomeTable.pages, OutcomeTable.pages + 1] {
                    for reply in ScriptedReply.allCases {
                        XCTAssertEqual(pages.outcome(reply, page: page, request: 7, head: head, of: source),
                                       source.outcome(reply, page: page, request: 7, head: head), "\(label): head \(head) page \(page) \(reply)")
                    }
                }
            }
        }
    }

    func testTheFirstRepeatedIDIsTheNaiveOnes() {
        var random = SystemRandomNumberGenerator()
        let memo = SearchMemo(slots: 4)
        var found = 0
        for round in 0..<400 {
            let count = Int.random(in: 0...60, using: &random)
            let pool = Int.random(in: 1...90, using: &random)
            let items = (0..<count).map { _ in
                let n = Int.random(in: 1...pool, using: &random)
                return Item(id: round % 3 == 0 ? "new-\(n)" : round % 3 == 1 ? String(n) : "an id longer than fifteen bytes \(n)", title: "t")
            }
            XCTAssertEqual(RepeatedIDs.first(in: items), RepeatedIDs.naive(in: items), "\(items.map(\.id))")
            // In a search, through the thread's memo (a few slots, so that it forgets too): asked twice, the same.
            for _ in 0..<2 {
                XCTAssertEqual(SearchMemo.bind(memo) { RepeatedIDs.first(in: items) }, RepeatedIDs.naive(in: items), "\(items.map(\.id))")
            }
            if RepeatedIDs.naive(in: items) != nil { found += 1 }
        }
        XCTAssertGreaterThan(found, 50)
        XCTAssertNil(RepeatedIDs.first(in: (1...1_000).map { Item(id: String($0), title: "") }))
        XCTAssertEqual(RepeatedIDs.first(in: (1...1_000).map { Item(id: String($0), title: "") } + [Item(id: "999", title: "")]), "999")
    }

    func testOneSuccessorIsThatOfAllTheSuccessors() throws {
        let scenario = try ExplorerFixtures.preset("standard")
        let model = ExplorerModel(scenario: scenario)
        var states = [model.start(scenario.initialState).0]
        var checked = 0
        for _ in 0..<3 {
            var next: [SearchState] = []
            for state in states.prefix(40) {
                let all = model.successors(of: state, check: { _ in [] })
                for (ordinal, successor) in all.enumerated() {
                    let one = try XCTUnwrap(model.successor(ordinal, of: state))
                    XCTAssertEqual(one.state, successor.state)
                    XCTAssertEqual(one.transition, successor.transition)
                    checked += 1
                }
                XCTAssertNil(model.successor(all.count, of: state))
                XCTAssertNil(model.successor(-1, of: state))
                next += all.map(\.state)
            }
            states = next
        }
        XCTAssertGreaterThan(checked, 200)
    }

    func testABoundedSearchResumesFromItsCheckpointToTheUninterruptedResult() throws {
        let scenario = try ExplorerFixtures.preset("standard")
        let model = ExplorerModel(scenario: scenario, step: Self.broken)
        let whole = try FingerprintSearch(model: model, maxDepth: 6, identity: "standard").run(from: scenario.initialState)
        XCTAssertEqual(whole.stop, .depthLimit)

        // Stopped by the state cap, mid-level; then by the depth; then by a time budget already spent.
        let bounds: [(inout FingerprintSearch) -> Void] = [{ $0.maxStates = 300 }, { $0.maxDepth = 3 }, { $0.timeLimit = 0 }]
        for bound in bounds {
            var first = FingerprintSearch(model: model, maxDepth: 6, identity: "standard")
            bound(&first)
            let stopped = try first.run(from: scenario.initialState)
            let checkpoint = try XCTUnwrap(stopped.checkpoint)
            XCTAssertLessThan(stopped.statistics.expanded, whole.statistics.expanded)
            // Through the file format, and with more jobs: neither changes the result.
            let read = try SearchCheckpoint.read(checkpoint.bytes(), file: "c")
            var second = FingerprintSearch(model: model, maxDepth: 6, jobs: 2, identity: "standard")
            second.frontierLimit = 50
            let resumed = try second.run(from: scenario.initialState, resuming: read)
            XCTAssertEqual(Self.outcome(resumed.statistics, resumed.violations), Self.outcome(whole.statistics, whole.violations))
            XCTAssertEqual(resumed.stop, .depthLimit)
        }
    }

    func testACheckpointIsWrittenAtomicallyAndReadBack() throws {
        let stopped = try search("standard", depth: 3)
        let checkpoint = try XCTUnwrap(stopped.checkpoint)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ckpt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("run.checkpoint").path
        try checkpoint.write(to: path)
        try checkpoint.write(to: path)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["run.checkpoint"], "no temporary file left")
        XCTAssertEqual(try SearchCheckpoint.load(path).bytes(), checkpoint.bytes())
    }

    func testBadCheckpointsAreRefusedWithWhatWasExpected() throws {
        let scenario = try ExplorerFixtures.preset("standard")
        let model = ExplorerModel(scenario: scenario)
        let checkpoint = try XCTUnwrap(try FingerprintSearch(model: model, maxDepth: 2, identity: "standard").run(from: scenario.initialState).checkpoint)
        let bytes = checkpoint.bytes()
        XCTAssertThrowsError(try SearchCheckpoint.read(Array("{\"name\": 1}".utf8), file: "x.json")) { error in
            XCTAssertEqual(error as? CheckpointError, .notACheckpoint(file: "x.json"))
            XCTAssertTrue("\(error)".contains("not an explore checkpoint"), "\(error)")
        }
        XCTAssertThrowsError(try SearchCheckpoint.read(Array(bytes.dropLast(20)), file: "cut")) { error in
            guard case .damaged(let file, _)? = error as? CheckpointError else { return XCTFail("\(error)") }
            XCTAssertEqual(file, "cut")
        }
        var flipped = bytes
        flipped[40] ^= 1
        XCTAssertThrowsError(try SearchCheckpoint.read(flipped, file: "flipped")) { error in
            XCTAssertTrue("\(error)".contains("checksum"), "\(error)")
        }
        XCTAssertThrowsError(try SearchCheckpoint.load("/nonexistent/run.checkpoint")) { error in
            XCTAssertEqual("\(error)", "cannot read checkpoint /nonexistent/run.checkpoint: no such file")
        }
        // A trail that names successors the model does not have (a hand-made file with a valid checksum).
        var forged = try SearchCheckpoint.read(bytes, file: "forged")
        forged.trail = SearchTrail(parents: forged.trail.parents, ordinals: forged.trail.ordinals.map { _ in 999 })
        XCTAssertThrowsError(try FingerprintSearch(model: model, maxDepth: 4, identity: "standard").run(from: scenario.initialState, resuming: forged)) { error in
            guard case .damaged(let file, let reason)? = error as? CheckpointError else { return XCTFail("\(error)") }
            XCTAssertEqual(file, "forged")
            XCTAssertTrue(reason.contains("does not replay"), reason)
        }
        // Another scenario's checkpoint.
        let read = try SearchCheckpoint.read(bytes, file: "run.checkpoint")
        XCTAssertThrowsError(try FingerprintSearch(model: model, maxDepth: 4, identity: "seed000").run(from: scenario.initialState, resuming: read)) { error in
            guard case .otherSearch(let file, _, _)? = error as? CheckpointError else { return XCTFail("\(error)") }
            XCTAssertEqual(file, "run.checkpoint")
            XCTAssertTrue("\(error)".contains("written for another search"), "\(error)")
        }
    }

    func testShardsTogetherFindWhatOneSearchFinds() throws {
        let whole = try search("standard", depth: 6, step: Self.broken)
        let shards = try (1...3).map { index in
            try search("standard", depth: 6, step: Self.broken, configure: { $0.shard = SearchShard(index: index, count: 3, depth: 2) })
        }
        XCTAssertEqual(Set(shards.flatMap { $0.violations.map(\.invariant) }), Set(whole.violations.map(\.invariant)))
        for violation in whole.violations {
            let shortest = shards.compactMap { $0.violation(violation.invariant)?.path.count }.min()
            XCTAssertEqual(shortest, violation.path.count, violation.invariant)
        }
        // Every state at the shard depth is expanded by exactly one shard.
        let atDepth = try search("standard", depth: 2).statistics.states - search("standard", depth: 1).statistics.states
        let kept = try (1...3).map { index in
            try search("standard", depth: 2, configure: { $0.shard = SearchShard(index: index, count: 3, depth: 2) })
        }
        XCTAssertEqual(kept.map { $0.statistics.states - (try! search("standard", depth: 1)).statistics.states }.reduce(0, +), atDepth)
        XCTAssertTrue(kept.allSatisfy { $0.excluded > 0 }, "each shard leaves some to the others")
        XCTAssertLessThan(shards.map(\.statistics.states).max()!, whole.statistics.states)
    }

    func testMergedShardsGiveTheCountsAndFindingsOfOneSearch() throws {
        let scenario = try ExplorerFixtures.preset("standard")
        let start = ExplorerModel(scenario: scenario).start(scenario.initialState).0
        for (step, depth, shardDepth, count) in [(Self.broken, 6, 2, 3), (ExplorerModel.engineStep, 7, 3, 2), (Self.broken, 5, 1, 4)] {
            let whole = try search("standard", depth: depth, step: step)
            let results = try (1...count).map { index in
                let shard = try search("standard", depth: depth, step: step, configure: {
                    $0.shard = SearchShard(index: index, count: count, depth: shardDepth)
                    $0.jobs = index % 2 + 1
                })
                // Through the file format.
                let result = try XCTUnwrap(shard.shardResult)
                return try ShardResult.read(result.bytes(), file: "shard-\(index)")
            }
            let merged = try ShardMerge.merge(results.reversed())
            let names = whole.invariants.map(\.name)
            let violations = try merged.violations(names: names, model: ExplorerModel(scenario: scenario, step: step), start: start)
            var statistics = merged.statistics
            statistics.seconds = whole.statistics.seconds
            XCTAssertEqual(Self.outcome(statistics, violations), Self.outcome(whole.statistics, whole.violations), "depth \(depth) shards \(count)")
            XCTAssertLessThan(results.map(\.states).max()!, whole.statistics.states)
            if step as AnyObject === Self.broken as AnyObject { XCTAssertFalse(violations.isEmpty) }
        }
        // The merge refuses what is not the n shards of one search.
        let one = try XCTUnwrap(search("standard", depth: 4, configure: { $0.shard = SearchShard(index: 1, count: 2, depth: 2) }).shardResult)
        XCTAssertThrowsError(try ShardMerge.merge([one])) { XCTAssertTrue("\($0)".contains("missing 2"), "\($0)") }
        XCTAssertThrowsError(try ShardMerge.merge([one, one])) { XCTAssertTrue("\($0)".contains("given twice 1"), "\($0)") }
        let other = try XCTUnwrap(search("standard", depth: 5, configure: { $0.shard = SearchShard(index: 2, count: 2, depth: 2) }).shardResult)
        XCTAssertThrowsError(try ShardMerge.merge([one, other])) { XCTAssertTrue("\($0)".contains("to depth 5"), "\($0)") }
        XCTAssertThrowsError(try ShardMerge.merge([one], identity: "another")) { XCTAssertTrue("\($0)".contains("another in this run"), "\($0)") }
        var bytes = one.bytes()
        bytes[bytes.count / 2] ^= 1
        XCTAssertThrowsError(try ShardResult.read(bytes, file: "x")) { XCTAssertTrue("\($0)".contains("checksum"), "\($0)") }
        XCTAssertThrowsError(try ShardResult.read(Array("{}".utf8), file: "x")) { XCTAssertEqual($0 as? ShardMergeError, .notAResult(file: "x")) }
        // A shard stopped early leaves a checkpoint, not a result; a resumed one leaves the same result.
        let scenarioModel = ExplorerModel(scenario: scenario, step: Self.broken)
        var stopped = FingerprintSearch(model: scenarioModel, maxDepth: 6, shard: SearchShard(index: 2, count: 3, depth: 2), identity: "s")
        stopped.maxStates = 150
        let partial = try stopped.run(from: scenario.initialState)
        XCTAssertNil(partial.shardResult)
        stopped.maxStates = 100_000_000
        let resumed = try stopped.run(from: scenario.initialState, resuming: SearchCheckpoint.read(XCTUnwrap(partial.checkpoint).bytes(), file: "c"))
        let straight = try FingerprintSearch(model: scenarioModel, maxDepth: 6, shard: SearchShard(index: 2, count: 3, depth: 2), identity: "s")
            .run(from: scenario.initialState)
        var (a, b) = (try XCTUnwrap(resumed.shardResult), try XCTUnwrap(straight.shardResult))
        (a.seconds, b.seconds) = (0, 0)
        XCTAssertEqual(a.bytes(), b.bytes())
    }

    func testTheFingerprintOfAStateIsThatOfItsKey() throws {
        let scenario = try ExplorerFixtures.preset("standard")
        let model = ExplorerModel(scenario: scenario)
        var states = [model.start(scenario.initialState).0]
        var checked = 0
        for _ in 0..<4 {
            states = states.flatMap { model.successors(of: $0, check: { _ in [] }).map(\.state) }
            for state in states {
                let items = Fingerprint.items(state.feed.items)
                XCTAssertEqual(model.fingerprint(state, itemsHash: items), model.key(state).fingerprint(itemsHash: items))
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 1_000)
    }

    func testTheFingerprintSetAgreesWithASetOfIntegers() {
        var generator = SystemRandomNumberGenerator()
        var fast = FingerprintSet(capacity: 4)
        var naive = Set<UInt64>()
        for _ in 0..<50_000 {
            // Few distinct values, so that many inserts are repeats.
            let value = UInt64.random(in: 1...20_000, using: &generator) &* 0x9E37_79B9_7F4A_7C15 | 1
            XCTAssertEqual(fast.insert(value), naive.insert(value).inserted)
        }
        XCTAssertEqual(fast.count, naive.count)
        XCTAssertTrue(naive.allSatisfy(fast.contains))
        XCTAssertFalse(fast.contains(2))
        XCTAssertEqual(FingerprintSet(slots: fast.slots)?.count, naive.count)
        XCTAssertNil(FingerprintSet(slots: [1, 2, 3]))
    }

    /// The visited set the merge adds to while other threads look up in it, against a set of integers: begun from a
    /// `FingerprintSet`, grown only by `reserve`.
    func testTheSharedFingerprintsAgreeWithASetOfIntegers() {
        var generator = SystemRandomNumberGenerator()
        var start = FingerprintSet(capacity: 4)
        var naive = Set<UInt64>()
        for value in [UInt64(7), 99, 1 << 40] {
            _ = start.insert(value)
            naive.insert(value)
        }
        let shared = SharedFingerprints(start)
        var sizes: Set<Int> = [shared.bytes]
        for _ in 0..<50_000 {
            let value = UInt64.random(in: 1...20_000, using: &generator) &* 0x9E37_79B9_7F4A_7C15 | 1
            shared.reserve(adding: 1)
            sizes.insert(shared.bytes)
            XCTAssertEqual(shared.insert(value), naive.insert(value).inserted)
            XCTAssertLessThanOrEqual(shared.count * 4, shared.bytes / 8 * 3)
        }
        XCTAssertEqual(shared.count, naive.count)
        XCTAssertTrue(naive.allSatisfy(shared.contains))
        XCTAssertFalse(shared.contains(2))
        XCTAssertGreaterThan(sizes.count, 3, "the table grew")
        XCTAssertTrue(sizes.allSatisfy { ($0 / 8) & ($0 / 8 - 1) == 0 }, "sizes a power of two: \(sizes)")
    }

    /// One thread adds while another looks up, as the merge and the workers of the batch begun ahead do (run under
    /// `--sanitize=thread`, it must report nothing): whatever was added before a lookup began is found, one never
    /// added is not, and every one is there at the end.
    func testTheSharedFingerprintsAreLookedUpInWhileTheyAreAddedTo() {
        let values = (1...20_000).map { UInt64($0) &* 0x9E37_79B9_7F4A_7C15 | 1 }
        let shared = SharedFingerprints(FingerprintSet())
        shared.reserve(adding: values.count)
        let lookup = shared.lookup
        let added = ManagedCounter()
        let wrong = ManagedCounter()
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            if thread == 0 {
                for value in values {
                    _ = shared.insert(value)
                    added.increment()
                }
            } else {
                var seen = 0
                while seen < values.count {
                    // What was added before this look is there; a later one may be or not.
                    let before = added.value
                    for index in 0..<before where !lookup.contains(values[index]) { wrong.increment() }
                    if lookup.contains(values[values.count - 1] &+ 2) { wrong.increment() }
                    seen = before
                }
            }
        }
        XCTAssertEqual(wrong.value, 0)
        XCTAssertEqual(shared.count, values.count)
        XCTAssertTrue(values.allSatisfy(shared.contains))
    }

    /// A lookup taken before the table grows goes on finding what was there, in the old table, while the merge adds to
    /// the new one (as the batch begun ahead does, until the next `reserve`).
    func testALookupTakenBeforeTheTableGrowsStillFindsWhatWasThere() {
        let values = (1...1_000).map { UInt64($0) &* 0x9E37_79B9_7F4A_7C15 | 1 }
        let shared = SharedFingerprints(FingerprintSet(capacity: 4))
        shared.reserve(adding: 100)
        for value in values.prefix(100) { XCTAssertTrue(shared.insert(value)) }
        let before = shared.lookup, bytesBefore = shared.bytes
        shared.reserve(adding: 900)
        XCTAssertGreaterThan(shared.bytes, bytesBefore, "the table grew")
        for value in values.dropFirst(100) { XCTAssertTrue(shared.insert(value)) }
        XCTAssertTrue(values.prefix(100).allSatisfy(before.contains), "the old table still holds what it held")
        XCTAssertFalse(before.contains(values[500]), "the old table is not added to")
        XCTAssertTrue(values.allSatisfy(shared.contains))
        shared.reserve(adding: 0)
        XCTAssertEqual(shared.count, values.count)
    }

    /// A count several threads change and read, under a lock.
    final class ManagedCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func increment() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }

    /// A text's words read whole against its naive twin, which assembles each byte by byte: texts of every
    /// length up to 40 bytes, stored inline and not, ASCII and not.
    func testATextIsHashedAsItsBytesAssembledOneByOne() {
        func naive(_ text: String) -> UInt64 {
            var print = Fingerprint()
            let bytes = Array(text.utf8)
            var index = 0
            func word(_ range: Range<Int>) -> UInt64 {
                var word: UInt64 = 0
                for (shift, byte) in bytes[range].enumerated() { word |= UInt64(byte) << (8 * UInt64(shift)) }
                return word
            }
            while index + 8 <= bytes.count {
                print.combine(word(index..<index + 8))
                index += 8
            }
            print.combine(word(index..<bytes.count))
            print.combine(UInt64(bytes.count) | 0x8000_0000_0000_0000)
            return print.value
        }
        var generator = SeededRandom(seed: 3)
        let pieces = ["a", "Z", "7", "-", " ", "é", "中", "✓", "😀"]
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...40, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            XCTAssertEqual(Fingerprint.of(text), naive(text), text)
            // The same text in storage of its own (not a literal's, and not inline below 16 bytes).
            XCTAssertEqual(Fingerprint.of(String(decoding: Array(text.utf8), as: UTF8.self)), naive(text), text)
        }
    }

    func testFingerprintsAreStableAcrossProcessesAndTellRowsApart() throws {
        // Fixed values: checkpoints and shards written by one process are read by another (worked out by hand
        // from the definition: each eight bytes a little-endian word, then the rest, then the length).
        XCTAssertEqual(Fingerprint.of(""), 0xD2D8_8F68_EAED_ABF0)
        XCTAssertEqual(Fingerprint.of("standard"), 0xB520_1F70_628E_B731)
        XCTAssertEqual(Fingerprint.of("Pull down to refresh — 中文 ✓"), 0x168C_FADF_5D91_79C9)
        XCTAssertNotEqual(Fingerprint.of("ab"), Fingerprint.of("ba"))
        let rows = [Item(id: "1", title: "a"), Item(id: "2", title: "b")]
        XCTAssertNotEqual(Fingerprint.items(rows), Fingerprint.items(rows.reversed()))
        XCTAssertNotEqual(Fingerprint.items(rows), Fingerprint.items([Item(id: "1", title: "a", height: 44), rows[1]]))
        XCTAssertEqual(Fingerprint.collisionProbability(states: 1), 0)
        XCTAssertEqual(Fingerprint.collisionProbability(states: 10_000_000), 2.7e-6, accuracy: 0.05e-6)
    }
}
