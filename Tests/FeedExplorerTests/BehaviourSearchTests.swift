import FeedEngine
import Foundation
@testable import FeedExplorer
import FeedScenario
import PlantedBehaviours
import XCTest

/// Issue 23 for a team's logic: the fingerprint search of a behaviour (`search`) against its naive twin,
/// the search that keeps every state (`run`): the same counts, the same broken rules with the same
/// shortest counterexamples, on the planted bugs and on the presets' own behaviours.
final class BehaviourSearchTests: XCTestCase {
    func scenario(_ preset: String = "standard", total: Int = 60) throws -> Scenario {
        try ExplorerFixtures.scenario(#"{ "name": "pager", "preset": "\#(preset)", "source": { "total": \#(total), "pageSize": 20, "latency": 1 }, "events": ["launch"] }"#)
    }

    /// `search` on one thread and on three (parents expanded in parallel, merged in order) against `run`.
    func assertSame<Logic: PagingBehaviour>(_ explorer: BehaviourExplorer<Logic>, _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        let whole = explorer.run()
        for jobs in [1, 3] {
            assertSame(whole, explorer.search(jobs: jobs), "\(label), \(jobs) job\(jobs == 1 ? "" : "s")", file: file, line: line)
        }
    }

    func assertSame<Logic: PagingBehaviour>(_ whole: BehaviourExploration<Logic>, _ printed: BehaviourSearch, _ label: String,
                                            file: StaticString, line: UInt) {
        let (a, b) = (whole.statistics, printed.statistics)
        XCTAssertEqual([a.states, a.transitions, a.expanded, a.depthReached], [b.states, b.transitions, b.expanded, b.depthReached], label, file: file, line: line)
        XCTAssertEqual([a.complete, a.capped], [b.complete, b.capped], label, file: file, line: line)
        let expected = whole.violations.filter { $0.invariant != "way-forward" }
        XCTAssertEqual(printed.violations.map(\.invariant), expected.map(\.invariant), label, file: file, line: line)
        for (found, reference) in zip(printed.violations, expected) {
            XCTAssertEqual(found.path.map(\.description), reference.path.map(\.description), "\(label): \(found.invariant)", file: file, line: line)
            XCTAssertEqual(found.message, reference.message, "\(label): \(found.invariant)", file: file, line: line)
            XCTAssertEqual(found.occurrences, reference.occurrences, "\(label): \(found.invariant)", file: file, line: line)
            XCTAssertEqual(ScenarioWriter.bytes(of: found.counterexample), ScenarioWriter.bytes(of: reference.counterexample),
                           "\(label): \(found.invariant)", file: file, line: line)
        }
        XCTAssertEqual(printed.skipped, ["way-forward"], label, file: file, line: line)
    }

    func testThePlantedBugsAreFoundAsTheSearchOfWholeStatesFindsThem() throws {
        for bug in [nil] + PlantedPager.Bug.allCases {
            let explorer = BehaviourExplorer(PlantedPager(bug: bug), scenario: try scenario(), key: PlantedPager.key, maxDepth: 6)
            assertSame(explorer, "\(bug.map { "\($0)" } ?? "no bug")")
            XCTAssertEqual(explorer.search().violations.isEmpty, bug == nil)
        }
    }

    /// The threads' working time is counted, and lies within the time the threads had: `jobs` × the search's.
    func testTheThreadsBusyTimeIsCountedWithinTheirTime() throws {
        let list = try scenario("standard", total: 45)
        let explorer = BehaviourExplorer(RulesBehaviour(config: list.config, style: list.style), scenario: list, maxDepth: 6)
        for jobs in [1, 2, 3] {
            let statistics = explorer.search(jobs: jobs).statistics
            XCTAssertGreaterThan(statistics.busySeconds, 0, "jobs \(jobs)")
            XCTAssertLessThanOrEqual(statistics.busySeconds, Double(jobs) * statistics.seconds, "jobs \(jobs)")
        }
    }

    func testThePresetsBehavioursSearchAsWholeStates() throws {
        for preset in ["seed000", "seed001", "standard"] {
            let list = try scenario(preset, total: 45)
            let behaviour = try XCTUnwrap(list.presetBehaviour)
            func check<Logic: PagingBehaviour>(_ logic: Logic) {
                assertSame(BehaviourExplorer(logic, scenario: list, maxDepth: 5), preset)
            }
            check(behaviour)
        }
    }

    /// The standard rules say they hold on any callback that changes nothing, and on any that asks for no effect
    /// and keeps the rows, so a search builds no record for those: the same rules judging every callback find
    /// the same, on every planted bug.
    func testRulesThatHoldWhenNothingChangesFindWhatTheyFindJudgingEveryCallback() throws {
        for bug in [nil] + PlantedPager.Bug.allCases {
            let label = bug.map { "\($0)" } ?? "no bug"
            let everyCallback = BehaviourInvariant<PlantedPager.State>.standard.map { rule in
                var rule = rule
                rule.holdsWhenNothingChanges = false
                rule.holdsUnlessEffectsOrRowsChange = false
                return rule
            }
            XCTAssertTrue(BehaviourInvariant<PlantedPager.State>.standard.filter { $0.callback != nil }.allSatisfy(\.holdsWhenNothingChanges))
            XCTAssertTrue(BehaviourInvariant<PlantedPager.State>.standard.filter { $0.callback != nil }.allSatisfy(\.holdsUnlessEffectsOrRowsChange))
            let skipping = BehaviourExplorer(PlantedPager(bug: bug), scenario: try scenario(), key: PlantedPager.key, maxDepth: 6).search()
            let judging = BehaviourExplorer(PlantedPager(bug: bug), scenario: try scenario(), invariants: everyCallback, key: PlantedPager.key,
                                            maxDepth: 6).search()
            XCTAssertEqual(skipping.statistics.states, judging.statistics.states, label)
            XCTAssertEqual(skipping.violations.map { [$0.invariant, $0.message] + $0.path.map(\.description) },
                           judging.violations.map { [$0.invariant, $0.message] + $0.path.map(\.description) }, label)
            XCTAssertEqual(skipping.violations.map(\.occurrences), judging.violations.map(\.occurrences), label)
        }
    }

    /// A team's callback rule sees every callback, those that change nothing included (a row scrolled
    /// out of view, which the planted pager ignores), unless it says it holds on them.
    func testATeamsCallbackRuleSeesCallbacksThatChangeNothing() throws {
        try assertSeen(calling: "no-row-leaves", { holds in
            BehaviourInvariant(name: "no-row-leaves", summary: "No row scrolls out of view.", holdsWhenNothingChanges: holds,
                               callback: { record in
                                   guard case .didEndDisplaying(let row, _) = record.callback, record.effects.isEmpty,
                                         record.screenBefore == record.screenAfter else { return nil }
                                   return "row \(row) left the screen"
                               })
        })
    }

    /// A team's rule that says it holds unless a callback asks for effects or changes the rows is not shown a
    /// scroll that does neither (the logic's state changes: it notes the offset); without saying so, it is.
    func testARuleThatHoldsUnlessEffectsOrRowsChangeIsNotShownAPlainScroll() throws {
        try assertSeen(calling: "no-plain-scroll", { holds in
            BehaviourInvariant(name: "no-plain-scroll", summary: "No scroll without effects.", holdsUnlessEffectsOrRowsChange: holds,
                               callback: { record in
                                   guard case .scrollViewDidScroll = record.callback, record.effects.isEmpty,
                                         record.screenBefore.rows == record.screenAfter.rows else { return nil }
                                   return "a plain scroll"
                               })
        })
    }

    /// `rule(holds)` breaks on callbacks that its `holds` says it holds on: both searches find it broken when
    /// it does not say so, and neither when it does.
    private func assertSeen(calling name: String, _ rule: (Bool) -> BehaviourInvariant<PlantedPager.State>,
                            file: StaticString = #filePath, line: UInt = #line) throws {
        for (holds, found) in [(false, true), (true, false)] {
            let explorer = BehaviourExplorer(PlantedPager(bug: nil), scenario: try scenario(), invariants: [rule(holds)],
                                             key: PlantedPager.key, maxDepth: 4)
            XCTAssertEqual(explorer.search().violation(name) != nil, found, "\(name), saying it holds: \(holds)", file: file, line: line)
            XCTAssertEqual(explorer.run().violations.contains { $0.invariant == name }, found, "\(name), saying it holds: \(holds)",
                           file: file, line: line)
        }
    }

    /// A search fingerprints each state's key without building it: `hashSearchKey` feeds the very hash of the key
    /// `run` compares, and the fingerprint (`searchFingerprint`, the state fed by `fingerprintSearchKey`) tells the
    /// same states apart, at every state of the presets' behaviours and of a planted bug's.
    func testAStatesKeyIsHashedAsTheKeyItselfHashes() throws {
        func check<Logic: PagingBehaviour>(_ explorer: BehaviourExplorer<Logic>, _ label: String) {
            let states = explorer.run().graph.states
            XCTAssertGreaterThan(states.count, 50, label)
            for runner in states {
                let phase = explorer.latencyPhase(runner)
                var hasher = Hasher()
                runner.hashSearchKey(into: &hasher, explorer.key, latencyPhase: phase)
                let expected = runner.searchKey(explorer.key, latencyPhase: phase).hashValue
                XCTAssertEqual(hasher.finalize(), expected, label)
                // The behaviour's own key fed by its `hashSearchKey` (no `AnyHashable` built, no copy), as a search does when the key is the behaviour's.
                if explorer.keyIsBehaviours {
                    var direct = Hasher()
                    runner.hashSearchKey(into: &direct, hashingState: { explorer.behaviour.hashSearchKey($0, into: &$1) }, latencyPhase: phase)
                    XCTAssertEqual(direct.finalize(), expected, "\(label): the behaviour's searchKey unboxed")
                }
            }
            // The fingerprints a search keeps (`searchFingerprint`, mixed by `Fingerprint`): of the key boxed, and, when
            // the key is the behaviour's, of the state fed by its `fingerprintSearchKey`, as a search feeds it. Each alike:
            // the states of `run`, each key once, all differ; a successor whose key is an old state's has that state's.
            func fingerprints(_ runner: BehaviourRunner<Logic>) -> [UInt64] {
                let phase = explorer.latencyPhase(runner)
                let boxed = runner.searchFingerprint(hashingState: { $1.combine(explorer.key($0)) }, latencyPhase: phase)
                guard explorer.keyIsBehaviours else { return [boxed] }
                return [boxed, runner.searchFingerprint(feedingState: { explorer.behaviour.fingerprintSearchKey($0, into: &$1) }, latencyPhase: phase)]
            }
            var printsByKey: [PlayKey: [UInt64]] = [:]
            for runner in states { printsByKey[runner.searchKey(explorer.key, latencyPhase: explorer.latencyPhase(runner))] = fingerprints(runner) }
            for kind in 0..<(explorer.keyIsBehaviours ? 2 : 1) {
                XCTAssertEqual(Set(printsByKey.values.map { $0[kind] }).count, states.count, label)
            }
            var matched = 0
            for runner in states.prefix(60) {
                for (_, reached) in explorer.successors(of: runner, source: explorer.source) {
                    var reached = reached
                    _ = explorer.callbackBreaches(&reached)
                    guard let old = printsByKey[reached.searchKey(explorer.key, latencyPhase: explorer.latencyPhase(reached))] else { continue }
                    XCTAssertEqual(fingerprints(reached), old, label)
                    matched += 1
                }
            }
            XCTAssertGreaterThan(matched, 100, label)
        }
        for preset in ["seed000", "seed001", "standard"] {
            let list = try scenario(preset, total: 45)
            func explore<Logic: PagingBehaviour>(_ logic: Logic) { check(BehaviourExplorer(logic, scenario: list, maxDepth: 6), preset) }
            let behaviour = try XCTUnwrap(list.presetBehaviour)
            explore(behaviour)
        }
        // A key set after the explorer is made is the one hashed.
        var rekeyed = BehaviourExplorer(RulesBehaviour(config: try scenario().config), scenario: try scenario(), maxDepth: 2)
        XCTAssertTrue(rekeyed.keyIsBehaviours)
        rekeyed.key = { AnyHashable($0.pageIndex) }
        XCTAssertFalse(rekeyed.keyIsBehaviours)
        var inserting = BehaviourExplorer(PlantedPager(bug: nil), scenario: try scenario(), key: PlantedPager.key, maxDepth: 6)
        inserting.insertLimit = 1
        check(inserting, "planted pager, inserts")
    }

    /// A cap on the states ends the search with the counts so far, as `run` ends.
    func testACapEndsBothSearchesAlike() throws {
        var explorer = BehaviourExplorer(RulesBehaviour(config: try scenario().config), scenario: try scenario(),
                                         maxDepth: 12, maxStates: 300)
        assertSame(explorer, "capped")
        XCTAssertTrue(explorer.search().statistics.capped)
        // Caps that fall inside a batch, at its edge and past the end, with batches of 5 parents merged in
        // turn on three threads: the counts and findings of `run`.
        for cap in [2, 37, 40, 5_000] {
            explorer.maxStates = cap
            explorer.maxDepth = 6
            assertSame(explorer.run(), explorer.search(jobs: 3, timeLimit: nil, batch: 5, progress: { _ in }), "cap \(cap), batches of 5",
                       file: #filePath, line: #line)
        }
        // Batches of 40 on two threads: each begun while the one before is merged, checked against the visited
        // set as it stood before that one (`run`'s pipeline), a level's first begun while the last of the level
        // before is merged, and a cap inside a batch while the next is begun.
        explorer.maxDepth = 8
        let whole = explorer.run()
        XCTAssertGreaterThan(whole.statistics.states, 400, "levels of several batches")
        for cap in [97, 330, 5_000] {
            explorer.maxStates = cap
            assertSame(explorer.run(), explorer.search(jobs: 2, timeLimit: nil, batch: 40, progress: { _ in }), "cap \(cap), batches of 40",
                       file: #filePath, line: #line)
        }
    }

    /// A successor made alone (`successor(_:of:)`, what a rebuild and a counterexample re-run) is the one the
    /// search makes among all (`successors(of:source:)`), in every state of a small search, ordinal by ordinal.
    func testASuccessorMadeAloneIsTheOneMadeAmongAll() throws {
        let explorer = BehaviourExplorer(PlantedPager(bug: .stalePageAfterRefresh), scenario: try scenario(), key: PlantedPager.key, maxDepth: 3)
        let graph = explorer.run().graph
        var checked = 0
        for runner in graph.states {
            let all = explorer.successors(of: runner, source: explorer.source)
            for (ordinal, (transition, reached)) in all.enumerated() {
                let alone = try XCTUnwrap(explorer.successor(ordinal, of: runner))
                XCTAssertEqual(alone.0.description, transition.description)
                XCTAssertEqual(alone.1.searchKey(explorer.key), reached.searchKey(explorer.key))
                checked += 1
            }
            XCTAssertNil(explorer.successor(all.count, of: runner))
        }
        XCTAssertGreaterThan(checked, 100)
    }

    /// Issue 23 for a team's logic: a search stopped by its depth, its states or its time continues from its
    /// checkpoint — written to bytes and read back, as a file between two processes — to what one
    /// uninterrupted search finds, on one thread or three.
    func testAStoppedSearchResumesToTheUninterruptedResult() throws {
        for bug in [nil, PlantedPager.Bug.spinnerNeverStops, .pageIndexMovesOnFailure] {
            var explorer = BehaviourExplorer(PlantedPager(bug: bug), scenario: try scenario(), key: PlantedPager.key, maxDepth: 7)
            let whole = explorer.run()
            var stops: [(String, BehaviourSearch)] = []
            var shallow = explorer
            shallow.maxDepth = 3
            stops.append(("depth 3", shallow.search(jobs: 2)))
            var capped = explorer
            capped.maxStates = 40
            stops.append(("40 states", capped.search()))
            stops.append(("no time", explorer.search(timeLimit: 0)))
            for (bound, stopped) in stops {
                let label = "\(bug.map { "\($0)" } ?? "no bug"), stopped at \(bound)"
                let checkpoint = try XCTUnwrap(stopped.checkpoint, label)
                XCTAssertNotEqual(stopped.stop, .exhausted, label)
                let read = try SearchCheckpoint.read(checkpoint.bytes(), file: "c.checkpoint")
                for (jobs, frontier) in [(1, 200_000), (3, 2)] {
                    var resuming = explorer
                    resuming.frontierLimit = frontier
                    let resumed = try resuming.search(resuming: read, jobs: jobs)
                    XCTAssertEqual(resumed.stop, whole.statistics.complete ? .exhausted : .depthLimit, label)
                    assertSame(whole, resumed, "\(label), resumed on \(jobs) job\(jobs == 1 ? "" : "s")", file: #filePath, line: #line)
                }
            }
            // A chain: stopped at 40 states, resumed to 80 (stopped again), then to the end.
            var chained = explorer
            chained.maxStates = 80
            let second = try chained.search(resuming: try XCTUnwrap(stops[1].1.checkpoint), jobs: 3)
            XCTAssertEqual(second.stop, .stateLimit)
            assertSame(whole, try explorer.search(resuming: try XCTUnwrap(second.checkpoint)), "chain of three", file: #filePath, line: #line)
            // Another logic's checkpoint is refused, naming both searches.
            explorer.invariants = [.oneRequestInFlight]
            XCTAssertThrowsError(try explorer.search(resuming: stops[0].1.checkpoint!)) { error in
                guard case CheckpointError.otherSearch = error else { return XCTFail("\(error)") }
            }
        }
    }

    /// Issue 23's shards for a team's logic: shards 1…n, each on its own share of the states first reached at the
    /// shard depth, merged through the file format, find what one search finds — the counts, each rule's
    /// shortest counterexample and how often it was broken — on the planted bugs and a preset's behaviour.
    func testMergedShardsOfALogicFindWhatOneSearchFinds() throws {
        let list = try scenario()
        let cases: [(PlantedPager.Bug?, Int, Int, Int)] = [(nil, 6, 2, 3), (.stalePageAfterRefresh, 6, 1, 2),
                                                             (.spinnerNeverStops, 5, 3, 4), (.pageIndexMovesOnFailure, 6, 2, 2)]
        for (bug, depth, shardDepth, count) in cases {
            let label = "\(bug.map { "\($0)" } ?? "no bug"), \(count) shards at depth \(shardDepth)"
            let explorer = BehaviourExplorer(PlantedPager(bug: bug), scenario: list, key: PlantedPager.key, maxDepth: depth)
            let whole = explorer.search()
            // Which shard owns a state depends on this process's `Hasher` seed, but each state first reached at the
            // shard depth is owned by exactly one shard and left by the others.
            func states(toDepth depth: Int) -> Int {
                var shallow = explorer
                shallow.maxDepth = depth
                return shallow.search().statistics.states
            }
            let atShardDepth = states(toDepth: shardDepth) - states(toDepth: shardDepth - 1)
            var excluded = 0
            let results = try (1...count).map { index in
                var shard = explorer
                shard.shard = SearchShard(index: index, count: count, depth: shardDepth)
                let found = shard.search(jobs: index % 2 + 1)
                excluded += found.excluded
                XCTAssertLessThanOrEqual(found.statistics.states, whole.statistics.states, label)
                return try ShardResult.read(try XCTUnwrap(found.shardResult, label).bytes(), file: "shard-\(index)")
            }
            XCTAssertEqual(excluded, (count - 1) * atShardDepth, label)
            XCTAssertTrue(results.allSatisfy { $0.hasher == ShardResult.hasherProbe && $0.identity == explorer.searchIdentity }, label)
            let merged = try ShardMerge.merge(results.reversed(), identity: explorer.searchIdentity)
            let (a, b) = (merged.statistics, whole.statistics)
            XCTAssertEqual([a.states, a.transitions, a.expanded, a.depthReached], [b.states, b.transitions, b.expanded, b.depthReached], label)
            let violations = try explorer.violations(of: merged)
            XCTAssertEqual(violations.map(\.invariant), whole.violations.map(\.invariant), label)
            XCTAssertEqual(violations.isEmpty, bug == nil, label)
            for (found, reference) in zip(violations, whole.violations) {
                XCTAssertEqual(found.path.map(\.description), reference.path.map(\.description), "\(label): \(found.invariant)")
                XCTAssertEqual([found.message, "\(found.occurrences)"], [reference.message, "\(reference.occurrences)"], label)
                XCTAssertEqual(ScenarioWriter.bytes(of: found.counterexample), ScenarioWriter.bytes(of: reference.counterexample), label)
            }
        }
    }

    /// A moment's key reads the clock's distances to the microsecond: a reply owed 0.3 s from now is the same moment
    /// whenever now is (in floating point 1.2 − 0.9 is not 0.6 − 0.3). Read as plain differences, the same moment
    /// reached at other times had other fingerprints, which of them a search kept decided what it found next, and
    /// merged shards, which keep others, found more states than one search.
    func testAMomentIsTheSameMomentWhateverTheClockReads() throws {
        let list = try ExplorerFixtures.scenario(#"{ "name": "pager", "preset": "standard", "source": { "total": 60, "pageSize": 20, "latency": [0.3, 1.1] }, "events": ["launch"] }"#)
        let explorer = BehaviourExplorer(RulesBehaviour(config: list.config, style: list.style), scenario: list, maxDepth: 9)
        func launched(after wait: Double) -> BehaviourRunner<RulesBehaviour> {
            var runner = BehaviourRunner(explorer.behaviour, scenario: list)
            runner.searching = true
            for step: ScriptStep in wait > 0 ? [.wait(wait), .event(.launch)] : [.event(.launch)] { runner.perform(step) }
            return runner
        }
        let (now, later) = (launched(after: 0), launched(after: 0.9))
        XCTAssertEqual([now.nextDue, later.nextDue], [0.3, 1.2])
        XCTAssertEqual(now.searchKey(explorer.key), later.searchKey(explorer.key))
        XCTAssertEqual(now.searchFingerprint(hashingState: { $1.combine(explorer.key($0)) }),
                       later.searchFingerprint(hashingState: { $1.combine(explorer.key($0)) }))

        let whole = explorer.search()
        let results = try (1...2).map { index in
            var shard = explorer
            shard.shard = SearchShard(index: index, count: 2, depth: 3)
            return try ShardResult.read(try XCTUnwrap(shard.search().shardResult).bytes(), file: "shard-\(index)")
        }
        let merged = try ShardMerge.merge(results, identity: explorer.searchIdentity).statistics
        XCTAssertEqual([merged.states, merged.transitions], [whole.statistics.states, whole.statistics.transitions])
    }

    /// A checkpoint of another search is refused naming the parts that differ, not by two identities of a thousand
    /// characters in which to find them.
    func testACheckpointOfAnotherSearchIsRefusedSayingWhatDiffers() throws {
        let list = try scenario()
        var found = BehaviourExplorer(RulesBehaviour(config: list.config), scenario: list, maxDepth: 3)
        var expected = found
        found.insertLimit = 2
        found.shard = SearchShard(index: 1, count: 2, depth: 4)
        expected.insertLimit = 1
        expected.pageLimit = 3
        XCTAssertEqual(SearchIdentity.differences(found: found.checkpointIdentity, expected: expected.checkpointIdentity, labels: ("there", "here")),
                       ["--inserts: 2 there, 1 here", "--pages: none there, 3 here", "--shard or --shard-depth: 1/2 at depth 4 there, none here"])
        XCTAssertEqual(SearchIdentity.differences(found: found.checkpointIdentity, expected: found.checkpointIdentity, labels: ("there", "here")), [])
        let other = BehaviourExplorer(RulesBehaviour(config: list.config), scenario: try scenario(total: 80), maxDepth: 3)
        XCTAssertEqual(SearchIdentity.differences(found: other.searchIdentity, expected: expected.searchIdentity, labels: ("there", "here"))
                        .map { String($0.prefix(44)) }, ["the scenario (its list, items or latencies): pager", "--inserts: none there, 1 here", "--pages: none there, 3 here"]
                        .map { String($0.prefix(44)) })
        let error = CheckpointError.otherSearch(file: "c", expected: expected.checkpointIdentity, found: found.checkpointIdentity)
        XCTAssertTrue(error.description.hasPrefix("checkpoint c was written for another search (--inserts: 2 in the checkpoint, 1 in this run; "
                                                  + "--pages: none in the checkpoint, 3 in this run; "), error.description)
    }

    /// A shard stopped early leaves a checkpoint and no result; resumed (its visited set rebuilt by re-running the
    /// trail, the states it left to other shards included), it leaves the uninterrupted shard's result, byte for byte.
    /// Shards whose `Hasher`s were seeded differently are refused, saying how to run them.
    func testAShardOfALogicResumesAndRefusesAnotherHasher() throws {
        let explorer = BehaviourExplorer(PlantedPager(bug: .spinnerNeverStops), scenario: try scenario(), key: PlantedPager.key, maxDepth: 6)
        func shard(_ index: Int) -> BehaviourExplorer<PlantedPager> {
            var shard = explorer
            shard.shard = SearchShard(index: index, count: 3, depth: 2)
            return shard
        }
        var results = try (1...3).map { index in
            var result = try XCTUnwrap(shard(index).search().shardResult)
            result.file = "shard-\(index)-of-3.result"
            return result
        }
        // Which shard is largest depends on this process's `Hasher` seed: that one is stopped a third and two
        // thirds of the way.
        let largest = results.indices.max { results[$0].states < results[$1].states }!
        var straight = results[largest]
        let sharded = shard(largest + 1)
        XCTAssertGreaterThan(straight.states, 20)
        for (bound, jobs) in [(straight.states / 3, 1), (straight.states * 2 / 3, 3)] {
            var capped = sharded
            capped.maxStates = bound
            let stopped = capped.search(jobs: jobs)
            XCTAssertNil(stopped.shardResult, "stopped at \(bound) states")
            let read = try SearchCheckpoint.read(try XCTUnwrap(stopped.checkpoint).bytes(), file: "c")
            var result = try XCTUnwrap(try sharded.search(resuming: read, jobs: jobs).shardResult)
            (result.seconds, result.file, straight.seconds) = (0, straight.file, 0)
            XCTAssertEqual(result.bytes(), straight.bytes(), "resumed from \(bound) states")
        }
        // The whole search's checkpoint is not the shard's.
        var whole = explorer
        whole.maxStates = 30
        XCTAssertThrowsError(try sharded.search(resuming: try XCTUnwrap(whole.search().checkpoint))) { error in
            guard case CheckpointError.otherSearch = error else { return XCTFail("\(error)") }
        }
        XCTAssertNoThrow(try ShardMerge.merge(results))
        results[1].hasher ^= 1
        XCTAssertThrowsError(try ShardMerge.merge(results)) { error in
            XCTAssertTrue("\(error)".contains("shard-2-of-3.result and shard-1-of-3.result hold fingerprints of Swift's Hasher seeded differently")
                          && "\(error)".contains("SWIFT_DETERMINISTIC_HASHING=1"), "\(error)")
        }
    }

    /// Past `frontierLimit`, a level's states are kept only in the trail and re-run from the start when
    /// expanded: the result does not change, whatever the bound (one state, a handful, all), on 1 or 3 jobs.
    func testAFrontierPastItsBoundIsReRunFromTheTrail() throws {
        for bug in [nil, PlantedPager.Bug.stalePageAfterRefresh] {
            var explorer = BehaviourExplorer(PlantedPager(bug: bug), scenario: try scenario(), key: PlantedPager.key, maxDepth: 6)
            let whole = explorer.run()
            for limit in [1, 7] {
                explorer.frontierLimit = limit
                for jobs in [1, 3] {
                    assertSame(whole, explorer.search(jobs: jobs), "\(bug.map { "\($0)" } ?? "no bug"), frontier \(limit), \(jobs) jobs",
                               file: #filePath, line: #line)
                }
            }
        }
    }

    /// With inserts a team's logic that appends pages by number as they come shows a row twice: the search
    /// finds it with its shortest path (an insert before the load-more), both searches alike, and the path
    /// replays from its file. The presets' behaviours drop repeated ids and stay clean.
    func testInsertsFindAPagerThatAppendsARepeatedRow() throws {
        var pager = BehaviourExplorer(PlantedPager(), scenario: try scenario(), key: PlantedPager.key, maxDepth: 5)
        XCTAssertTrue(pager.run().violations.filter { $0.invariant != "way-forward" }.isEmpty, "clean without inserts")
        pager.insertLimit = 1
        assertSame(pager, "PlantedPager with inserts")
        let found = pager.run()
        let repeated = try XCTUnwrap(found.violations.first { $0.invariant == "no-row-lost-or-duplicated" })
        XCTAssertEqual(repeated.message, "after reply 2 the row with id \"20\" appears twice")
        XCTAssertEqual(repeated.path.map(\.move), [.wait, .insert, .scrollToBottom, .wait])
        let replay = try ScenarioReader.read(ScenarioWriter.bytes(of: repeated.counterexample), file: "repeat.json")
        XCTAssertTrue(replay.steps.contains(.insert(1)))
        XCTAssertEqual(replay.frames(playing: PlantedPager()).last?.layout.rows.map(\.item.id).filter { $0 == "20" }.count, 2)

        var rules = BehaviourExplorer(RulesBehaviour(config: try scenario().config), scenario: try scenario(), maxDepth: 5)
        rules.insertLimit = 2
        rules.pageLimit = 2
        assertSame(rules, "RulesBehaviour with inserts")
        XCTAssertFalse(rules.run().violations.contains { $0.invariant == "no-row-lost-or-duplicated" })
        XCTAssertNotEqual(rules.checkpointIdentity, BehaviourExplorer(RulesBehaviour(config: try scenario().config),
                                                                      scenario: try scenario(), maxDepth: 5).checkpointIdentity)
    }

    /// A search hands the rows its states share through each thread's `SearchMemo`: the same search without one is
    /// its twin, and so is one whose memo keeps a single result a table (it forgets at nearly every step). The
    /// presets' behaviours, deep enough for pages to arrive, repeat and fail, with inserts; on one thread and on two.
    func testASearchWithItsMemoFindsWhatOneWithoutFinds() throws {
        for preset in ["seed000", "seed001", "standard"] {
            let list = try scenario(preset, total: 45)
            let behaviour = try XCTUnwrap(list.presetBehaviour)
            func check<Logic: PagingBehaviour>(_ logic: Logic) {
                var explorer = BehaviourExplorer(logic, scenario: list, maxDepth: 9)
                explorer.insertLimit = 1
                explorer.memoSlots = nil
                let without = explorer.search()
                XCTAssertGreaterThan(without.statistics.states, 500, preset)
                for (slots, jobs) in [(1, 1), (1_024, 1), (1_024, 2)] {
                    explorer.memoSlots = slots
                    let with = explorer.search(jobs: jobs)
                    let (a, b) = (without.statistics, with.statistics)
                    let label = "\(preset): \(slots) slot\(slots == 1 ? "" : "s"), \(jobs) job\(jobs == 1 ? "" : "s")"
                    XCTAssertEqual([a.states, a.transitions, a.expanded, a.depthReached], [b.states, b.transitions, b.expanded, b.depthReached], label)
                    XCTAssertEqual(with.violations.map { [$0.invariant, $0.message, "\($0.occurrences)"] + $0.path.map(\.description) },
                                   without.violations.map { [$0.invariant, $0.message, "\($0.occurrences)"] + $0.path.map(\.description) }, label)
                }
            }
            check(behaviour)
        }
    }

    /// seed000's logic and the standard rules answer the row callbacks alike (`answersRowCallbacksAlike`), so a
    /// search stops a settling's row callbacks at the first that changes nothing: it finds what the same logic
    /// finds without saying so — states, transitions, every rule's first breach and count — making fewer callbacks.
    func testALogicThatAnswersRowCallbacksAlikeSearchesAsOneThatDoesNotSaySo() throws {
        for preset in ["seed000", "standard"] {
            let list = try scenario(preset, total: 45)
            let behaviour = try XCTUnwrap(list.presetBehaviour)
            func check<Logic: PagingBehaviour>(_ logic: Logic) {
                XCTAssertTrue(logic.answersRowCallbacksAlike, preset)
                let (saying, silent) = (CountingCallbacks(logic, alike: true), CountingCallbacks(logic, alike: false))
                let (said, unsaid) = (BehaviourExplorer(saying, scenario: list, maxDepth: 6).search(),
                                      BehaviourExplorer(silent, scenario: list, maxDepth: 6).search())
                let (a, b) = (said.statistics, unsaid.statistics)
                XCTAssertGreaterThan(a.states, 100, preset)
                XCTAssertEqual([a.states, a.transitions, a.expanded, a.depthReached], [b.states, b.transitions, b.expanded, b.depthReached], preset)
                XCTAssertEqual(said.violations.map { [$0.invariant, $0.message, "\($0.occurrences)"] + $0.path.map(\.description) },
                               unsaid.violations.map { [$0.invariant, $0.message, "\($0.occurrences)"] + $0.path.map(\.description) }, preset)
                XCTAssertLessThan(saying.calls.value * 2, silent.calls.value, "\(preset): fewer than half the callbacks")
            }
            check(behaviour)
        }
    }
}

/// `logic` counting the callbacks it is given, and saying `alike` of its row callbacks.
private struct CountingCallbacks<Logic: PagingBehaviour>: PagingBehaviour {
    final class Count: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func add() { lock.withLock { count += 1 } }
    }

    let logic: Logic
    let answersRowCallbacksAlike: Bool
    let calls = Count()

    init(_ logic: Logic, alike: Bool) {
        self.logic = logic
        answersRowCallbacksAlike = alike
    }

    var initialState: Logic.State { logic.initialState }
    var prefetchDistance: Int { logic.prefetchDistance }
    func handle(_ callback: ListCallback, state: inout Logic.State) -> [ListEffect] {
        calls.add()
        return logic.handle(callback, state: &state)
    }
    func screen(_ state: Logic.State) -> ListScreen { logic.screen(state) }
    func searchKey(_ state: Logic.State) -> Logic.SearchKey { logic.searchKey(state) }
    func hashSearchKey(_ state: Logic.State, into hasher: inout Hasher) { logic.hashSearchKey(state, into: &hasher) }
}
