@testable import FeedEngine
@testable import FeedExplorer
import FeedScenario
import XCTest
@testable import ReferenceEngine

/// `insert N` and the explorer's `insert` move: items that appear at the feed's head while it is read
/// shift the pages asked for by number, in a scenario as in a search, and a path with inserts replays.
final class InsertTests: XCTestCase {
    func testInsertIsAnEventOfTheScenarioGrammar() throws {
        XCTAssertEqual(try ScriptStep.parse("insert 3").get(), .insert(3))
        XCTAssertEqual(ScriptStep.insert(3).description, "insert 3")
        for bad in ["insert", "insert 0", "insert -1", "insert 2.5", "insert x", "insert 10001", "insert 1 2", "insert 03"] {
            guard case .failure(let error) = ScriptStep.parse(bad) else { return XCTFail("\(bad) was read") }
            XCTAssertTrue(error.message.contains("insert N"), error.message)
        }
        XCTAssertTrue(ScriptStep.grammar.hasSuffix("insert N"))
    }

    /// Page 2 asked for after two inserts starts two items earlier: its first two rows repeat page 1's
    /// last two, and the list drops them — for a synthetic source and a scripted one alike.
    func testAPageAskedForAfterAnInsertRepeatsTheRowsItWasShiftedBy() throws {
        for kind in ["\"kind\": \"synthetic\", \"total\": 100", "\"kind\": \"scripted\", \"replies\": [\"full\"]"] {
            let scenario = try ExplorerFixtures.scenario("""
                { "name": "grows", "preset": "standard", "source": { \(kind), "pageSize": 20, "latency": 1 },
                  "events": ["launch", "wait 1", "insert 2", "scroll to bottom", "wait 1"] }
                """)
            var runner = ScenarioRunner(scenario)
            try runner.run(scenario.steps) { _ in }
            XCTAssertEqual(runner.state.items.map(\.id), (1...38).map(String.init), kind)
            XCTAssertEqual(runner.state.duplicatesDropped, 2, kind)
            // The new items show only after a refresh, at the top.
            var refreshed = runner
            try refreshed.run([.event(.refresh), .wait(1)]) { _ in }
            XCTAssertEqual(refreshed.state.items.prefix(3).map(\.id), ["new-2", "new-1", "1"], kind)
        }
    }

    /// A request made before the insert at the same moment has its page already; one made after it sees it.
    func testAnInsertCountsForTheRequestsMadeAfterIt() throws {
        var source = ScriptedSource(items: SyntheticSource(total: nil, pageSize: 4, latency: .fixed(1), title: "Item {n}"), replies: [])
        let before = source.respond(to: Request(id: 1, kind: .more, page: 2), at: 3)
        source.insertAtHead(1, at: 3)
        let after = source.respond(to: Request(id: 2, kind: .more, page: 2), at: 3)
        XCTAssertEqual(before.outcome, .success((5...8).map { source.items.item($0) }))
        XCTAssertEqual(after.outcome, .success((4...7).map { source.items.item($0) }))
        XCTAssertEqual(source.page(1, .full, head: 2).map(\.id), ["new-2", "new-1", "1", "2"])
        XCTAssertEqual(source.page(1, .short, head: 3).map(\.id), ["new-3", "new-2"])
    }

    func testInsertIsRefusedForASourceThatCannotGrow() throws {
        let json = """
            { "name": "x", "preset": "standard", "source": { "kind": "file", "path": "items.ndjson" },
              "events": ["launch", "insert 1"] }
            """
        XCTAssertThrowsError(try ScenarioReader.read(Array(json.utf8), file: "x.json")) { error in
            XCTAssertTrue("\(error)".contains("events[1]: \"insert 1\" needs a synthetic or scripted source"), "\(error)")
        }
    }

    // MARK: The explorer's move

    func model(_ preset: String, inserts: Int) throws -> (Scenario, ExplorerModel) {
        let scenario = try ExplorerFixtures.preset(preset)
        var model = ExplorerModel(scenario: scenario)
        model.insertLimit = inserts
        return (scenario, model)
    }

    func testTheInsertMoveIsOfferedOnlyUpToTheLimit() throws {
        let (scenario, none) = try model("standard", inserts: 0)
        let start = none.start(scenario.initialState).0
        XCTAssertFalse(none.successors(of: start, check: { _ in [] }).contains { $0.transition.move == .insert })
        var (_, two) = try model("standard", inserts: 2)
        var state = start
        for expected in 1...2 {
            let insert = try XCTUnwrap(two.successors(of: state, check: { _ in [] }).first { $0.transition.move == .insert })
            XCTAssertEqual(insert.transition.steps, [.insert(1)])
            XCTAssertEqual(insert.state.feed, state.feed, "the list sees nothing yet")
            XCTAssertEqual(insert.state.inserted, expected)
            state = insert.state
        }
        XCTAssertFalse(two.successors(of: state, check: { _ in [] }).contains { $0.transition.move == .insert })
        two.insertLimit = 3
        XCTAssertTrue(two.successors(of: state, check: { _ in [] }).contains { $0.transition.move == .insert })
    }

    /// The fingerprint search against its naive twin, the search of whole states, with inserts; the same
    /// whatever the jobs; one successor is that of all; a state's fingerprint is its key's.
    func testTheFingerprintSearchFindsWhatTheSearchOfWholeStatesFindsWithInserts() throws {
        let (scenario, model) = try model("standard", inserts: 1)
        let rules = Invariant.standard.filter { $0.atRest == nil }
        let naive = Explorer(model: model, invariants: rules, maxDepth: 6).run(from: scenario.initialState)
        let without = Explorer(model: try self.model("standard", inserts: 0).1, invariants: rules, maxDepth: 6)
            .run(from: scenario.initialState)
        XCTAssertGreaterThan(naive.statistics.states, without.statistics.states, "an insert makes states of its own")
        for jobs in [1, 2] {
            var search = FingerprintSearch(model: model, maxDepth: 6)
            search.jobs = jobs
            let fast = try search.run(from: scenario.initialState)
            XCTAssertEqual(FingerprintSearchTests.outcome(fast.statistics, fast.violations),
                           FingerprintSearchTests.outcome(naive.statistics, naive.violations), "jobs \(jobs)")
        }

        var states = [model.start(scenario.initialState).0]
        var checked = 0
        for _ in 0..<4 {
            var next: [SearchState] = []
            for state in states.prefix(300) {
                let all = model.successors(of: state, check: { _ in [] })
                for (ordinal, successor) in all.enumerated() {
                    XCTAssertEqual(model.successor(ordinal, of: state)?.state, successor.state)
                    let items = Fingerprint.items(successor.state.feed.items)
                    XCTAssertEqual(model.fingerprint(successor.state, itemsHash: items),
                                   model.key(successor.state).fingerprint(itemsHash: items))
                    checked += 1
                }
                next += all.map(\.state)
            }
            states = next
        }
        XCTAssertGreaterThan(checked, 1_000)
        XCTAssertTrue(states.contains { $0.inserted == 1 && $0.timeline.entries.contains { entry in
            if case .reply(_, let asked) = entry.event { asked.head == 1 } else { false } } },
                      "a request made after an insert carries it")
    }

    /// The shortest path to a dropped repeat (an insert, then a page by number) is found, and written as a
    /// scenario it replays through the engine's runner to the very state, and plays through the preset's
    /// behaviour (what renders its frames) to the same rows.
    func testAPathWithAnInsertReplaysToTheStateTheSearchReached() throws {
        let (scenario, model) = try model("standard", inserts: 1)
        let repeated = Invariant(name: "nothing-repeated", summary: "No page repeats a row the list holds.",
                                 state: { $0.feed.duplicatesDropped == 0 ? nil : "\($0.feed.duplicatesDropped) dropped" })
        let exploration = Explorer(model: model, invariants: [repeated], maxDepth: 6).run(from: scenario.initialState)
        let violation = try XCTUnwrap(exploration.violation("nothing-repeated"))
        XCTAssertEqual(violation.path.map(\.move), [.wait, .insert, .scrollToBottom, .wait])
        XCTAssertEqual(violation.state.feed.duplicatesDropped, 1)

        let counterexample = CounterexampleWriter.scenario(path: violation.path, end: violation.state.feed, base: scenario,
                                                           source: model.source, name: "repeat", description: violation.message)
        let bytes = ScenarioWriter.bytes(of: counterexample)
        XCTAssertTrue(String(decoding: bytes, as: UTF8.self).contains("\"insert 1\""))
        let (replayed, state) = try ExplorerFixtures.replay(bytes)
        XCTAssertEqual(state.items, violation.state.feed.items)
        XCTAssertEqual(state.layout(), violation.state.feed.layout())
        XCTAssertEqual(state.duplicatesDropped, 1)

        let played = Self.play(replayed.behaviour, replayed)
        XCTAssertEqual(played.rows, state.items.map(\.id))
        XCTAssertEqual(played.inserted, 1)
    }

    /// The rows `behaviour` shows at the end of `scenario`, and the items inserted.
    static func play<Behaviour: PagingBehaviour>(_ behaviour: Behaviour, _ scenario: Scenario) -> (rows: [String], inserted: Int) {
        var player = BehaviourRunner(behaviour, scenario: scenario)
        player.searching = true
        for step in scenario.steps { player.perform(step) { (_: Frame) throws(Never) in } }
        return (player.screen.rows.map(\.id), player.insertedItems)
    }

    // MARK: A feed with an end

    /// With a page limit no reply to a later page is full, the rows stay bounded and the search runs to the end
    /// of the space — the same end, inserts and all, for the fingerprint search and its naive twin.
    func testAFeedOfSomePagesIsSearchedToItsEnd() throws {
        var (scenario, model) = try model("standard", inserts: 1)
        model.pageLimit = 1
        let start = model.start(scenario.initialState).0
        let outcomes = { (state: SearchState) -> [ScriptedReply] in
            model.successors(of: state, check: { _ in [] }).filter { $0.transition.move == .wait }.flatMap(\.transition.replies).map(\.outcome)
        }
        XCTAssertEqual(outcomes(start), [.full, .short, .empty, .fail], "page 1 may be full")
        let rules = Invariant.standard.filter { $0.atRest == nil }
        let naive = Explorer(model: model, invariants: rules, maxDepth: 1_000).run(from: scenario.initialState)
        XCTAssertTrue(naive.statistics.complete)
        var search = FingerprintSearch(model: model, maxDepth: 1_000)
        search.jobs = 2
        let fast = try search.run(from: scenario.initialState)
        XCTAssertEqual(fast.stop, .exhausted)
        XCTAssertEqual(FingerprintSearchTests.outcome(fast.statistics, fast.violations),
                       FingerprintSearchTests.outcome(naive.statistics, naive.violations))
        XCTAssertLessThan(fast.statistics.depthReached, 1_000)
        XCTAssertEqual(naive.graph.states.map(\.feed.items.count).max(), 20 + 10, "page 1 full, page 2 short at most")
    }
}
