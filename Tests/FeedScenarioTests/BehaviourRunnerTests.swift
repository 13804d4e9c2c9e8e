import FeedEngine
import FeedScenario
import JSONText
import XCTest

/// SPEC §10: FeedFrames plays UIKit around a team's logic, and calls it in UIKit's order.
final class BehaviourRunnerTests: XCTestCase {
    /// Loads one page of 30 rows on `viewDidLoad` and does nothing else: its callbacks are the test.
    struct Recorder: PagingBehaviour {
        struct State: Hashable, Sendable { var rows: [Item] = [] }
        var initialState: State { State() }
        func handle(_ callback: ListCallback, state: inout State) -> [ListEffect] {
            switch callback {
            case .viewDidLoad: return [.request(.initial, page: 1)]
            case .reply(_, .success(let items)): state.rows = items
            default: break
            }
            return []
        }
        func screen(_ state: State) -> ListScreen { ListScreen(rows: state.rows, header: state.rows.isEmpty ? .hidden : .idle) }
    }

    func runner() -> BehaviourRunner<Recorder> {
        BehaviourRunner(Recorder(), config: Preset.standard.config()!,
                        source: SyntheticSource(total: 30, pageSize: 30, latency: .fixed(1), title: "Item {n}"))
    }

    /// The callbacks one step adds.
    func step<Logic>(_ runner: inout BehaviourRunner<Logic>, _ text: String) throws -> [String] {
        let before = runner.callbacks.count
        try runner.perform(ScriptStep.parse(text).get()) { (_: Frame) throws(Never) in }
        return Array(runner.callbacks[before...])
    }

    /// A runner whose caller chooses every reply's outcome asks the source only for the latency; a reply
    /// delivered without one is the source's answer all the same, and the play is the one a runner plays
    /// that asks for whole replies.
    func testARunnerThatChoosesOutcomesAsksOnlyForLatencyAndFallsBackToTheSource() throws {
        var plain = runner(), choosing = runner()
        choosing.choosesOutcomes = true
        for var played in [plain, choosing] {
            played.perform(.event(.launch))
            XCTAssertEqual(played.nextDue, 1, "the source's latency")
            played.deliverNext(by: 1).map { XCTAssertEqual($0, .delivered("reply 1: page 1, 30 items")) }
            XCTAssertEqual(played.screen.rows.map(\.id), (1...30).map(String.init))
        }
        plain.perform(.event(.launch))
        choosing.perform(.event(.launch))
        let chosen = (1...5).map { Item(id: "c\($0)", title: "chosen") }
        XCTAssertEqual(plain.deliverNext(by: 1, outcome: .success(chosen)), .delivered("reply 1: page 1, 5 items"))
        XCTAssertEqual(choosing.deliverNext(by: 1, outcome: .success(chosen)), .delivered("reply 1: page 1, 5 items"))
        XCTAssertEqual(choosing.screen, plain.screen)
        XCTAssertEqual(choosing.callbacks, plain.callbacks)
    }

    /// Such a runner tells its source of an insert only when the source answers a reply itself (a search never has it
    /// answer, and telling it at once copied a source every run shared): the answer counts the insert all the same.
    func testARunnerThatChoosesOutcomesTellsItsSourceOfInsertsBeforeItAnswers() throws {
        let items = SyntheticSource(total: nil, pageSize: 4, latency: .fixed(1), title: "Item {n}")
        var choosing = BehaviourRunner(Recorder(), config: Preset.standard.config()!, source: ScriptedSource(items: items, replies: []))
        choosing.choosesOutcomes = true
        choosing.perform(.event(.launch))
        choosing.perform(.insert(2))
        XCTAssertEqual(choosing.insertedItems, 2)
        XCTAssertEqual(choosing.deliverNext(by: 1), .delivered("reply 1: page 1, 4 items"))
        XCTAssertEqual(choosing.screen.rows.map(\.id), ["new-2", "new-1", "1", "2"], "answered at 1 s, after the insert at 0 s")
    }

    /// A command after which nothing changed is reported with the reason the frame before it shows, for a
    /// preset's behaviour and a team's; a trigger the logic refused and counted is not "nothing".
    func testACommandThatDidNothingIsReportedWithItsReason() throws {
        func first(_ json: String, playing logic: (any PagingBehaviour)? = nil) throws -> (String?, Int) {
            let scenario = try ScenarioReader.read(Array(json.utf8), file: "steps.json")
            func play<Logic: PagingBehaviour>(_ logic: Logic) -> (String?, Int) {
                var runner = BehaviourRunner(logic, scenario: scenario)
                runner.run(scenario.steps) { (_: Frame) throws(Never) in }
                return (runner.firstIneffective?.description, runner.ineffectiveSteps)
            }
            let chosen: any PagingBehaviour = logic ?? scenario.behaviour
            return play(chosen)
        }
        XCTAssertEqual(try first(#"{ "preset": "standard", "events": ["launch", "wait 1", "tap retry", "release"] }"#).0,
                       #"events[2]: "tap retry" did nothing (no retry button is showing)"#)
        XCTAssertEqual(try first(#"{ "preset": "standard", "events": ["launch", "wait 1", "release"] }"#).0,
                       #"events[2]: "release" did nothing (no drag is in progress)"#)
        XCTAssertEqual(try first(#"{ "preset": "seed001", "events": ["launch", "refresh"] }"#).0,
                       #"events[1]: "refresh" did nothing (this list has no header to refresh with)"#)
        XCTAssertEqual(try first(#"{ "preset": "seed000", "events": ["launch", "refresh"] }"#).0,
                       #"events[1]: "refresh" did nothing (the header is hidden until the first data)"#)
        XCTAssertEqual(try first(#"{ "preset": "standard", "events": ["launch", "tap footer"] }"#).0,
                       #"events[1]: "tap footer" did nothing (the footer is hidden)"#)
        XCTAssertEqual(try first(#"{ "preset": "standard", "source": { "total": 100 }, "events": ["launch", "wait 1", "tap footer"] }"#).0,
                       #"events[2]: "tap footer" did nothing (the footer is off screen)"#)
        XCTAssertEqual(try first(#"{ "preset": "standard", "source": { "total": 100 }, "events": ["launch", "wait 1", "scroll to bottom", "tap footer"] }"#).0,
                       #"events[3]: "tap footer" did nothing (the footer is not tappable while it is loading)"#)
        // Refused while the first load runs, and counted (`suppressed`): the logic's state changed.
        XCTAssertEqual(try first(#"{ "preset": "seed000", "config": { "hideUntilFirstData": false }, "events": ["launch", "drag to -70", "release"] }"#).1, 0)
        // A team's logic that shows a tappable footer and ignores the tap.
        XCTAssertEqual(try first(#"{ "preset": "standard", "events": ["launch", "wait 1", "tap footer", "tap footer"] }"#, playing: Recorder()).0,
                       #"events[2]: "tap footer" did nothing (the footer is hidden)"#)
        XCTAssertEqual(try first(#"{ "preset": "standard", "events": ["launch", "wait 1", "tap retry", "tap footer", "release"] }"#, playing: Recorder()).1, 3)
    }

    func testTheListAppearingThenRowsArriving() throws {
        var runner = runner()
        XCTAssertEqual(try step(&runner, "launch"), ["viewDidLoad"], "no rows yet: no cells")
        // 667 pt show rows 0–15 (44 pt each): a cell and willDisplay for each, top to bottom, after the reply.
        XCTAssertEqual(try step(&runner, "wait 1"), ["reply 1"] + (0...15).flatMap { ["cellForRowAt \($0)", "willDisplay \($0)"] })
    }

    /// A logic that answers the row callbacks alike (`answersRowCallbacksAlike`): a search stops a settling's row
    /// callbacks at the first that changes nothing, and ends in the state a render reaches, which makes them all.
    /// Each of the first three row callbacks after a scroll changes this one's state: those three are made.
    func testASearchStopsTheRowCallbacksAtTheFirstThatChangesNothing() throws {
        final class Calls: @unchecked Sendable { var count = 0 }
        struct ThreeRowCallbacks: PagingBehaviour {
            let calls = Calls()
            struct State: Hashable, Sendable {
                var rows = Recorder.State()
                var rowCallbacks = 0
            }
            var initialState: State { State() }
            var answersRowCallbacksAlike: Bool { true }
            func handle(_ callback: ListCallback, state: inout State) -> [ListEffect] {
                calls.count += 1
                switch callback {
                case .cellForRowAt, .willDisplay, .didEndDisplaying: state.rowCallbacks = min(3, state.rowCallbacks + 1)
                case .scrollViewDidScroll: state.rowCallbacks = 0
                default: break
                }
                return Recorder().handle(callback, state: &state.rows)
            }
            func screen(_ state: State) -> ListScreen { Recorder().screen(state.rows) }
        }
        func play(searching: Bool) throws -> (BehaviourRunner<ThreeRowCallbacks>, delivered: Int) {
            let logic = ThreeRowCallbacks()
            var runner = BehaviourRunner(logic, config: Preset.standard.config()!,
                                         source: SyntheticSource(total: 30, pageSize: 30, latency: .fixed(1), title: "Item {n}"))
            var delivered = 0
            for text in ["launch", "wait 1", "scroll to bottom", "drag by -100", "release"] {
                // A render's log counts every callback; a search's counts none, so its logic's state must tell.
                let before = runner.callbacks.count
                runner.searching = searching
                try runner.perform(ScriptStep.parse(text).get()) { (_: Frame) throws(Never) in }
                delivered += runner.callbacks.count - before
            }
            return (runner, searching ? logic.calls.count : delivered)
        }
        let (rendered, delivered) = try play(searching: false), (searched, handled) = try play(searching: true)
        XCTAssertGreaterThan(delivered, 40, "the render makes every row callback")
        // The search: the callbacks besides the rows', and a few row callbacks a pass (three, then a quiet one).
        XCTAssertLessThan(handled * 2, delivered, "the search stops at the first row callback that changes nothing")
        XCTAssertEqual(searched.state, rendered.state)
        XCTAssertEqual(searched.state.rowCallbacks, 3)
        XCTAssertEqual(searched.screen, rendered.screen)
        XCTAssertEqual(searched.contentOffset, rendered.contentOffset)
    }

    /// A row callback that restacks the rows (here the first, which shrinks every row to 4 pt) leaves the rest of
    /// the settling in the order the rows crossed as they were stacked: a search, which makes the first callback before
    /// it orders the rest, makes them in the order a render does, which orders them all first.
    func testARowCallbackThatRestacksTheRowsLeavesTheRestInTheOrderTheyCrossed() throws {
        struct Shrinker: PagingBehaviour {
            struct State: Hashable, Sendable {
                var rows = Recorder.State()
                var shrunk = false
                /// Every row callback, in order: each changes the state, so a search makes them all.
                var log: [String] = []
            }
            var initialState: State { State() }
            var answersRowCallbacksAlike: Bool { true }
            func handle(_ callback: ListCallback, state: inout State) -> [ListEffect] {
                switch callback {
                case .cellForRowAt, .willDisplay, .didEndDisplaying:
                    state.log.append(callback.name)
                    if !state.shrunk && state.log.count > 32 {
                        state.shrunk = true
                        state.rows.rows = state.rows.rows.map { Item(id: $0.id, title: $0.title, height: 4) }
                    }
                default: break
                }
                return Recorder().handle(callback, state: &state.rows)
            }
            func screen(_ state: State) -> ListScreen { Recorder().screen(state.rows) }
        }
        func play(searching: Bool) throws -> [String] {
            var runner = BehaviourRunner(Shrinker(), config: Preset.standard.config()!,
                                         source: SyntheticSource(total: 30, pageSize: 30, latency: .fixed(1), title: "Item {n}"))
            runner.searching = searching
            for text in ["launch", "wait 1", "drag by 100"] { try runner.perform(ScriptStep.parse(text).get()) { (_: Frame) throws(Never) in } }
            return runner.state.log
        }
        let rendered = try play(searching: false), searched = try play(searching: true)
        // Rows 0–15 arrive (32 callbacks); down 100 pt, row 16 enters first and shrinks the rows: as they crossed, row 0
        // leaves next, then row 17 enters and row 1 leaves (stacked anew at 4 pt, rows 16 and 17 would have come first).
        XCTAssertEqual(Array(rendered.dropFirst(32).prefix(6)),
                       ["cellForRowAt 16", "willDisplay 16", "didEndDisplaying 0", "cellForRowAt 17", "willDisplay 17", "didEndDisplaying 1"])
        XCTAssertEqual(searched, rendered)
    }

    func testADragScrollsAndRowsCrossTheEdgesInOrder() throws {
        var runner = runner()
        _ = try step(&runner, "launch"); _ = try step(&runner, "wait 1")
        // Down 100 pt: row 16's top crosses the bottom edge at 37 pt, row 0 leaves at 44, row 17 enters at 81, row 1 leaves at 88.
        XCTAssertEqual(try step(&runner, "drag by 100"), [
            "scrollViewWillBeginDragging", "scrollViewDidScroll",
            "cellForRowAt 16", "willDisplay 16", "didEndDisplaying 0", "cellForRowAt 17", "willDisplay 17", "didEndDisplaying 1",
        ])
        XCTAssertEqual(try step(&runner, "drag by 1"), ["scrollViewDidScroll"], "willBeginDragging once a drag")
        // In range: the list stays where the finger left it.
        XCTAssertEqual(try step(&runner, "release"), ["scrollViewWillEndDragging", "scrollViewDidEndDragging(willDecelerate: false)"])
    }

    func testAReleaseOutOfRangeSettlesAndAPullPastTheThresholdSendsValueChangedDuringTheDrag() throws {
        var runner = runner()
        _ = try step(&runner, "launch"); _ = try step(&runner, "wait 1")
        // Pulled down 30 pt, row 15 (660–704) falls below the bottom edge.
        XCTAssertEqual(try step(&runner, "drag to -30"), ["scrollViewWillBeginDragging", "scrollViewDidScroll", "didEndDisplaying 15"])
        // standard's control arms at 54 pt: valueChanged fires at the scroll that crosses it, not at release.
        XCTAssertEqual(try step(&runner, "drag to -60"), ["scrollViewDidScroll", "valueChanged", "didEndDisplaying 14"])
        XCTAssertEqual(try step(&runner, "drag to -70"), ["scrollViewDidScroll"], "once a drag")
        // Back to rest: the list moves, so it decelerates, and the rows come back in the order they cross the edge.
        XCTAssertEqual(try step(&runner, "release"), [
            "scrollViewWillEndDragging", "scrollViewDidEndDragging(willDecelerate: true)",
            "scrollViewWillBeginDecelerating", "scrollViewDidScroll",
            "cellForRowAt 14", "willDisplay 14", "cellForRowAt 15", "willDisplay 15",
            "scrollViewDidEndDecelerating",
        ])
        XCTAssertEqual(runner.contentOffset, 0, "settled at rest")
    }

    func testAProgrammaticScrollIsOneDidScrollAndRotationTransitionsFirst() throws {
        var runner = runner()
        _ = try step(&runner, "launch"); _ = try step(&runner, "wait 1")
        let scrolled = try step(&runner, "scroll to 44")
        XCTAssertEqual(scrolled, ["scrollViewDidScroll", "cellForRowAt 16", "willDisplay 16", "didEndDisplaying 0"], "no drag or deceleration callbacks")
        // Landscape at the bottom of portrait's range: in range, no scroll; rows below the shorter screen leave.
        let turned = try step(&runner, "resize 667x375")
        XCTAssertEqual(turned.first, "viewWillTransition(to: 667x375)")
        XCTAssertFalse(turned.contains("scrollViewDidScroll"))
        XCTAssertTrue(turned.dropFirst().allSatisfy { $0.hasPrefix("didEndDisplaying") }, "\(turned)")
        // At landscape's bottom, back to portrait: the offset is past portrait's range, clamped: a scroll, then rows.
        _ = try step(&runner, "scroll to bottom")
        let back = try step(&runner, "resize 375x667")
        XCTAssertEqual(Array(back.prefix(2)), ["viewWillTransition(to: 375x667)", "scrollViewDidScroll"])
        XCTAssertFalse(back.contains("scrollViewWillBeginDragging"))
    }

    /// A logic that starts three loads at once and cancels the third when the second's reply comes.
    struct ThreeAtOnce: PagingBehaviour {
        var initialState: Int { 0 }
        func handle(_ callback: ListCallback, state: inout Int) -> [ListEffect] {
            switch callback {
            case .viewDidLoad: return [.request(.initial, page: 1), .request(.more, page: 2), .request(.more, page: 3)]
            case .reply(id: 2, _): return [.cancel(id: 3)]
            default: return []
            }
        }
        func screen(_ state: Int) -> ListScreen { ListScreen(rows: []) }
    }

    /// The requests in flight stay oldest first however their replies overtake each other, and one cancelled or
    /// answered leaves at once: the runner keeps them in the order they were issued (`requestsInOrder`), which the
    /// search key, the callback records and the invariants read.
    func testRequestsInFlightStayInTheOrderTheyWereIssued() throws {
        // Latencies 3, 1, 2 s: request 2 is answered first (and cancels 3), then 3's reply comes and is dropped, then 1's.
        var runner = BehaviourRunner(ThreeAtOnce(), config: Preset.standard.config()!,
                                     source: SyntheticSource(total: 60, pageSize: 20, latency: .perRequest([3, 1, 2]), title: "Item {n}"))
        _ = try step(&runner, "launch")
        XCTAssertEqual(runner.requestsInOrder.map(\.id), [1, 2, 3])
        XCTAssertEqual(Set(runner.inFlight.keys), [1, 2, 3])
        XCTAssertEqual(runner.inFlight[2]?.page, 2)
        _ = try step(&runner, "wait 1")
        XCTAssertEqual(runner.requestsInOrder.map(\.id), [1], "2 answered, 3 cancelled by 2's reply")
        XCTAssertEqual(runner.layout.request?.id, 1, "the frame's request is the newest still in flight")
        _ = try step(&runner, "wait 1")
        XCTAssertEqual(runner.repliesDropped, 1, "3's reply came after it was cancelled")
        XCTAssertEqual(runner.requestsInOrder.map(\.id), [1])
        _ = try step(&runner, "wait 1")
        XCTAssertTrue(runner.requestsInOrder.isEmpty)
        XCTAssertTrue(runner.inFlight.isEmpty)
    }

    /// A `UITableViewDataSourcePrefetching` logic: it opts in with a distance and loads the next page
    /// when the last row is among the rows prefetched, before it shows.
    struct Prefetcher: PagingBehaviour {
        struct State: Hashable, Sendable {
            var rows: [Item] = []
            var loading = false
        }
        var initialState: State { State() }
        var prefetchDistance: Int { 5 }
        func handle(_ callback: ListCallback, state: inout State) -> [ListEffect] {
            switch callback {
            case .viewDidLoad:
                state.loading = true
                return [.request(.initial, page: 1)]
            case .prefetchRowsAt(let rows, _) where rows.contains(state.rows.count - 1) && !state.loading:
                state.loading = true
                return [.request(.more, page: state.rows.count / 20 + 1)]
            case .reply(_, .success(let items)):
                state.rows += items
                state.loading = false
            default: break
            }
            return []
        }
        func screen(_ state: State) -> ListScreen { ListScreen(rows: state.rows) }
    }

    func testPrefetchingOffersTheRowsBelowTheVisibleOnesOnceEach() throws {
        var runner = BehaviourRunner(Prefetcher(), config: Preset.standard.config()!,
                                     source: SyntheticSource(total: 60, pageSize: 20, latency: .fixed(1), title: "Item {n}"))
        _ = try step(&runner, "launch")
        // Rows 0–15 show; the five below them are offered after the cells, once.
        XCTAssertEqual(try step(&runner, "wait 1").suffix(2), ["willDisplay 15", "prefetchRowsAt 16,17,18,19"],
                       "the window stops at the last row (19), which is among them: the logic asks for page 2")
        XCTAssertEqual(runner.inFlight.values.map(\.page), [2])
        // Down 100 pt: rows 16 and 17 show; only the rows new to the window are offered (none: 20 rows, 19 the last).
        XCTAssertFalse(try step(&runner, "drag by 100").contains { $0.hasPrefix("prefetchRowsAt") })
        // Page 2 arrives: rows 20 and 21 join the window below row 17 — and only they are offered.
        XCTAssertEqual(try step(&runner, "wait 1").last, "prefetchRowsAt 20,21,22")
        // Back at the top the window is 16–20: 16 and 17 were on screen, so they are offered anew; 18–20 never left it.
        XCTAssertEqual(try step(&runner, "scroll to 0").last, "prefetchRowsAt 16,17")
    }

    /// seed001's logic ported as a team would port it: `cellForRowAt` of the last row loads the next
    /// 20 while `loadMoreEnable`, which blocks a second request (SPEC §1).
    struct Seed001Port: PagingBehaviour {
        struct State: Hashable, Sendable {
            var rows: [Item] = []
            var page = 0
            var loadMoreEnable = true
        }
        var initialState: State { State() }
        func handle(_ callback: ListCallback, state: inout State) -> [ListEffect] {
            switch callback {
            case .viewDidLoad:
                state.loadMoreEnable = false
                return [.request(.initial, page: 1)]
            case .cellForRowAt(let row, _) where row == state.rows.count - 1 && state.loadMoreEnable:
                state.loadMoreEnable = false
                return [.request(.more, page: state.page + 1)]
            case .reply(_, .success(let items)):
                state.rows += items
                state.page += 1
                state.loadMoreEnable = true
            default: break
            }
            return []
        }
        func screen(_ state: State) -> ListScreen {
            ListScreen(rows: state.rows, footer: state.rows.isEmpty ? .hidden : .loading, footerPart: .init(spinner: true))
        }
    }

    func testAPortOfSeed001LoadsWhenTheLastRowShowsOneRequestAtATime() throws {
        let json = #"{ "preset": "seed001", "source": { "total": 60 }, "events": ["launch", "wait 2", "scroll to bottom", "scroll by -10", "scroll to bottom", "wait 2", "scroll to bottom", "wait 2"] }"#
        let scenario = try ScenarioReader.read(Array(json.utf8), file: "port.json")
        let frames = scenario.frames(playing: Seed001Port())
        let requests = frames.compactMap(\.layout.request).map(\.id)
        XCTAssertEqual(Set(requests).sorted(), [1, 2, 3], "the first page and two more, each once")
        let last = try XCTUnwrap(frames.last)
        XCTAssertEqual(last.layout.itemCount, 60)
        XCTAssertEqual(last.layout.pageIndex, 3, "from FeedFrames' log of the replies")
        XCTAssertTrue(frames.contains { $0.cause == "scroll to bottom" && $0.layout.request?.kind == .more })
        // Frame JSON for a team's logic: suppressed is null, FeedFrames cannot know what it ignored.
        let value = FrameJSONProbe.suppressed(of: last)
        XCTAssertEqual(value, "null")
    }
}

/// The one field of the frame JSON this test reads, without depending on FrameRendering.
enum FrameJSONProbe {
    static func suppressed(of frame: Frame) -> String { frame.layout.suppressedIsKnown ? "\(frame.layout.suppressed)" : "null" }
}

/// A logic that never stops growing its rows ends in a clear error at `ItemLimits`, not in the machine's memory.
final class BehaviourRunnerLimitTests: XCTestCase {
    struct Hoarder: PagingBehaviour {
        var initialState: [Item] { [] }
        func handle(_ callback: ListCallback, state: inout [Item]) -> [ListEffect] {
            if case .viewDidLoad = callback { state = Array(repeating: Item(id: "same", title: "a row"), count: ItemLimits.maxItems + 1) }
            return []
        }
        func screen(_ state: [Item]) -> ListScreen { ListScreen(rows: state) }
    }

    func testRowsPastTheLimitStopTheRunWithAMessage() throws {
        let scenario = try ScenarioReader.read(Array(#"{ "preset": "standard", "events": ["launch", "wait 1", "scroll to bottom"] }"#.utf8), file: "hoard.json")
        var runner = BehaviourRunner(Hoarder(), scenario: scenario)
        var frames = 0
        runner.run(scenario.steps) { (_: Frame) throws(Never) in frames += 1 }
        XCTAssertEqual(frames, 0, "nothing is drawn past the limit")
        XCTAssertEqual(runner.stopped?.message, "at 0 s, viewDidLoad: the list would hold 1,000,001 items, over 1,000,000 (the limit of items held)")
        XCTAssertEqual(runner.callbacks, ["viewDidLoad"], "nothing is played after it")
        XCTAssertThrowsError(try scenario.frames(playing: Hoarder(), sizer: NoSizer()))
    }

    /// Pages until the list is past the limit, then (were it still played) a refresh and more pages.
    struct PageHoarder: PagingBehaviour {
        var initialState: [Item] { [] }
        func handle(_ callback: ListCallback, state: inout [Item]) -> [ListEffect] {
            switch callback {
            case .viewDidLoad: return [.request(.initial, page: 1)]
            case .reply(_, .success):
                let first = state.isEmpty
                state += Array(repeating: Item(id: "same", title: "a row"), count: ItemLimits.maxItems / 2 + 1)
                return first ? [.request(.more, page: 2)] : [.request(.more, page: 3), .beginRefreshing]
            case .scrollViewDidScroll: return [.request(.refresh, page: 1)]
            default: return []
            }
        }
        func screen(_ state: [Item]) -> ListScreen { ListScreen(rows: state) }
    }

    func testAfterAStopNothingMoreIsPlayedAskedOrDrawn() throws {
        let scenario = try ScenarioReader.read(Array(#"{ "preset": "standard", "source": { "latency": 1 }, "events": ["launch", "wait 1", "wait 1", "wait 1", "drag by 100", "fling 2000", "wait 5"] }"#.utf8), file: "pages.json")
        var runner = BehaviourRunner(PageHoarder(), scenario: scenario)
        var causes: [String] = []
        runner.run(scenario.steps) { (frame: Frame) throws(Never) in causes.append(frame.cause) }
        XCTAssertEqual(runner.stopped?.message,
                       "at 2 s, reply 2: the list would hold 1,000,002 items, over 1,000,000 (the limit of items held)",
                       "the first reason is kept")
        XCTAssertEqual(runner.requestsIssued, 2, "the stopping callback's own request is not made, nor any after")
        XCTAssertEqual(causes.last, "wait 1 → reply 1: page 1, 20 items", "no frame after the stop")
        XCTAssertEqual(runner.callbacks.last, "reply 2", "no callback after the stop")
        XCTAssertFalse(runner.refreshing, "its effects are not carried out")
        XCTAssertNil(runner.peekDue(by: 100))
    }

    struct NoSizer: RowSizer {
        func sized(_ items: [Item]) throws(RunLimitError) -> [Item] { items }
    }
}
