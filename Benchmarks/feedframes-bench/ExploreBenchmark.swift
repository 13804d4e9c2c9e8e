import Dispatch
import FeedEngine
import FeedExplorer
import FeedScenario
import Foundation
import ReferenceEngine
import Synchronization

/// Issue 23: the explorer at model-checker scale. States and transitions a
/// second on one core against the search of whole states, `--jobs 2` against
/// a plain two-thread loop in the same run, and memory per state on a model
/// whose space passes ten million states.
enum ExploreBenchmark {
    static func preset(_ name: String) throws -> Scenario {
        try ScenarioReader.read(Array("{ \"name\": \"\(name)\", \"preset\": \"\(name)\", \"events\": [\"launch\"] }".utf8), file: name)
    }

    /// `standard` with eleven latencies, so that replies overtake each other and the latency's phase is part of a
    /// state, three row heights and pages of 4; as `large()` explores it, a feed of `largePages` full pages into
    /// which up to `largeInserts` items are inserted at the head while it is read (page numbers then shift). The
    /// feed's end bounds the rows, so the search runs to the end of the space: past ten million states.
    static let largeJSON = """
        { "name": "large", "preset": "standard", "source": { "kind": "synthetic", "pageSize": 4, "rowHeights": [44, 60, 88],
          "latency": [0.3, 2.9, 1.1, 0.7, 3.7, 1.9, 0.1, 2.3, 1.3, 4.1, 0.9] }, "events": ["launch"] }
        """
    static let largePages = ProcessInfo.processInfo.environment["FEEDFRAMES_BENCH_PAGES"].flatMap { Int($0) } ?? 4
    static let largeInserts = ProcessInfo.processInfo.environment["FEEDFRAMES_BENCH_INSERTS"].flatMap { Int($0) } ?? 2

    static func large() throws -> Scenario { try ScenarioReader.read(Array(largeJSON.utf8), file: "large") }

    /// The large model's explorer: `large()` with its page limit and inserts, its preset's behaviour playing the app.
    static func largeExplorer(_ scenario: Scenario, depth: Int, frontier: Int = 200_000) -> BehaviourExplorer<RulesBehaviour> {
        var explorer = rules(scenario, depth: depth)
        explorer.pageLimit = largePages
        explorer.insertLimit = largeInserts
        explorer.frontierLimit = frontier
        return explorer
    }

    /// What `feedframes explore` runs for `scenario`: its preset's behaviour (`standard`: `RulesBehaviour`).
    static func rules(_ scenario: Scenario, depth: Int) -> BehaviourExplorer<RulesBehaviour> {
        BehaviourExplorer(RulesBehaviour(config: scenario.config, style: scenario.style), scenario: scenario,
                          maxDepth: depth, maxStates: 100_000_000)
    }

    /// The reference engine's fingerprint search (tests only, `ReferenceEngine`): the figure the behaviour is compared with.
    static func engineSearch(_ scenario: Scenario, depth: Int) throws -> FingerprintExploration {
        try FingerprintSearch(model: ExplorerModel(scenario: scenario), maxDepth: depth, maxStates: 100_000_000, jobs: 1)
            .run(from: scenario.initialState)
    }

    /// A loop that only computes, on `threads` threads: the ceiling two threads reach here.
    static func plainLoop(threads: Int, iterations: Int) -> Double {
        Measure.time {
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                var x: UInt64 = 0x9E37_79B9_7F4A_7C15
                for _ in 0..<(iterations / threads) { x ^= x << 13; x ^= x >> 7; x ^= x << 17 }
                precondition(x != 0)
            }
        }
    }

    /// The same work as six chains side by side, which keep a core's execution units busy where the single chain,
    /// waiting on each of its own results, leaves them mostly free. On a host whose cores' other hardware threads run
    /// other tenants' work (this VM's), two threads of it fall short of 2× while the single chain goes on at 2×: the
    /// plain loop is not a steady ceiling for work that uses the units. Printed beside it, not the target's figure.
    /// It does not see all the host's noise: memory the tenants share slows a search and no loop in registers.
    static func widePlainLoop(threads: Int, iterations: Int) -> Double {
        Measure.time {
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                var a: UInt64 = 0x9E37_79B9_7F4A_7C15 &+ UInt64(thread), b = a &* 3, c = a &* 5, d = a &* 7, e = a &* 11, f = a &* 13
                for _ in 0..<(iterations / threads / 6) {
                    a ^= a << 13; a ^= a >> 7; a ^= a << 17
                    b ^= b << 13; b ^= b >> 7; b ^= b << 17
                    c ^= c << 13; c ^= c >> 7; c ^= c << 17
                    d ^= d << 13; d ^= d >> 7; d ^= d << 17
                    e ^= e << 13; e ^= e >> 7; e ^= e << 17
                    f ^= f << 13; f ^= f >> 7; f ^= f << 17
                }
                precondition(a ^ b ^ c ^ d ^ e ^ f != 0)
            }
        }
    }

    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    static func peakRSS() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
    }

    /// Issue 20: the preset's rules as a behaviour, searched through FeedFrames playing UIKit
    /// (`BehaviourExplorer`, whole runners kept), against the engine's search of the same rules.
    /// `RulesBehaviour` behind a type FeedFrames does not know, as a team's logic is.
    struct TeamsRules: PagingBehaviour {
        var rules: RulesBehaviour
        var initialState: RulesBehaviour.State { rules.initialState }
        func handle(_ callback: ListCallback, state: inout RulesBehaviour.State) -> [ListEffect] { rules.handle(callback, state: &state) }
        func screen(_ state: RulesBehaviour.State) -> ListScreen { rules.screen(state) }
        var prefetchDistance: Int { rules.prefetchDistance }
        var answersRowCallbacksAlike: Bool { rules.answersRowCallbacksAlike }
        func searchKey(_ state: RulesBehaviour.State) -> AnyHashable { rules.searchKey(state) }
    }

    /// Issue 23's figures for what `feedframes explore --preset standard` runs: `RulesBehaviour` played by
    /// FeedFrames' UIKit, searched by `BehaviourExplorer`.
    static func run() throws {
        let standard = try preset("standard")
        let depth = Int(ProcessInfo.processInfo.environment["FEEDFRAMES_BENCH_DEPTH"] ?? "") ?? 14
        Report.heading("Explore: standard (RulesBehaviour, as explore runs it) to depth \(depth), one core")
        let explorer = rules(standard, depth: depth)
        var whole: BehaviourExploration<RulesBehaviour>?
        let naiveSeconds = Measure.time { whole = explorer.run() }
        var best = explorer.search(jobs: 1)
        var cpu = Double.infinity
        // Four more now and five at the end of the run, seconds apart: the host's slow spells last seconds, and the
        // five back to back fell in one whole (54,989 states/s in one run, 100,000–112,000 in the others).
        func measure(_ runs: Int) {
            for _ in 0..<runs {
                let before = cpuSeconds()
                let again = explorer.search(jobs: 1)
                cpu = min(cpu, cpuSeconds() - before)
                if again.statistics.seconds < best.statistics.seconds { best = again }
            }
        }
        measure(4)
        defer {
            measure(5)
            let stats = best.statistics
            Report.line("one core again, best of 10 (5 at the start, 5 at the end)",
                        String(format: "%.0f states/s; per CPU second %.0f", Double(stats.states) / max(stats.seconds, 1e-9), Double(stats.states) / cpu),
                        Report.verdict(Double(stats.states) / max(stats.seconds, 1e-9) >= 100_000, "≥ 100,000 states/s"))
        }
        let stats = best.statistics
        let rate = Double(stats.states) / max(stats.seconds, 1e-9)
        // How fast this host runs a loop in registers on one thread: it tells hosts apart (the same search made 105,000–
        // 115,000 states/s on one, 57,700–92,600 on another), not a run's slow spell, which it does not feel (README).
        let gauge = Double(100_000_000) / (0..<3).map { _ in plainLoop(threads: 1, iterations: 100_000_000) }.min()!
        Report.line("this host, one thread: the plain loop", String(format: "%.0f million steps/s (best of 3)", gauge / 1e6),
                    String(format: "%.0f states per million steps", rate / gauge * 1e6))
        Report.line("states, transitions", "\(stats.states.formatted()), \(stats.transitions.formatted())")
        Report.line("fingerprint search, --jobs 1 (best of 5)", String(format: "%.2f s, %.0f states/s, %.0f transitions/s; %.1f bytes a visited state",
                                                                       stats.seconds, rate, Double(stats.transitions) / stats.seconds, best.bytesPerState),
                    Report.verdict(rate >= 100_000, "≥ 100,000 states/s"))
        Report.line("the same per CPU second (best of 4)", String(format: "%.3f s CPU, %.0f states/s, %.0f transitions/s",
                                                                  cpu, Double(stats.states) / cpu, Double(stats.transitions) / cpu),
                    Report.verdict(Double(stats.states) / cpu >= 100_000, "≥ 100,000 states/s"))
        Report.line("search of whole states (BehaviourExplorer.run), same model", String(format: "%.2f s, %.0f states/s (%@ states)", naiveSeconds,
                                                                            Double(whole?.statistics.states ?? 0) / naiveSeconds,
                                                                            (whole?.statistics.states ?? 0).formatted()),
                    String(format: "fingerprints %.2f× faster", naiveSeconds / stats.seconds))
        let engine = try engineSearch(standard, depth: depth).statistics
        Report.line("the reference engine's search (tests only), same depth", String(format: "%.2f s, %.0f states/s (%@ states)", engine.seconds,
                                                                          engine.statesPerSecond, engine.states.formatted()),
                    String(format: "behaviour / engine %.3f×", rate / engine.statesPerSecond))
        // A team's own type runs the search's generic code (the presets' behaviours are specialised).
        let team = BehaviourExplorer(TeamsRules(rules: RulesBehaviour(config: standard.config, style: standard.style)), scenario: standard,
                                     maxDepth: depth, maxStates: 100_000_000)
        let teamSeconds = Measure.median(try Measure.Turns(3, [{ team.search(jobs: 1).statistics.seconds }]).times[0])
        Report.line("the same rules as a team's own type (generic code), --jobs 1", String(format: "%.2f s, %.0f states/s", teamSeconds,
                                                                                              Double(stats.states) / teamSeconds),
                    String(format: "generic / specialised %.2f×", teamSeconds / stats.seconds))

        // Levels of thousands of states, so that two workers have work to share.
        let wide = try large(), wideDepth = Int(ProcessInfo.processInfo.environment["FEEDFRAMES_BENCH_WIDE_DEPTH"] ?? "") ?? 13
        let wideExplorer = largeExplorer(wide, depth: wideDepth)
        // Nine turns: a turn's speed-up ranges over ±15% here (the host's other tenants), and the median of five missed or met
        // the target by chance (30 turns of the CLI, `--jobs 1` then `--jobs 2`: 1.34–2.13, median 1.84).
        let turnCount = 9
        Report.heading("Explore: --jobs 2 against a plain two-thread loop, the model below to depth \(wideDepth) (median of \(turnCount) turns)")
        let iterations = 400_000_000
        // Each turn's thread-seconds spent working (`ExplorationStatistics.busySeconds`): one job's, two jobs', and two
        // one-job searches' at once (added up).
        var busy: (one: [Double], two: [Double], apart: [Double]) = ([], [], [])
        let turns = try Measure.Turns(turnCount, [
            { plainLoop(threads: 1, iterations: iterations) },
            { plainLoop(threads: 2, iterations: iterations) },
            {
                let statistics = wideExplorer.search(jobs: 1).statistics
                busy.one.append(statistics.busySeconds)
                return statistics.seconds
            },
            {
                let statistics = wideExplorer.search(jobs: 2).statistics
                busy.two.append(statistics.busySeconds)
                return statistics.seconds
            },
            {
                let both = Mutex(0.0)
                let seconds = Measure.time {
                    DispatchQueue.concurrentPerform(iterations: 2) { _ in
                        let one = wideExplorer.search(jobs: 1).statistics.busySeconds
                        both.withLock { $0 += one }
                    }
                }
                busy.apart.append(both.withLock { $0 })
                return seconds
            },
            { widePlainLoop(threads: 1, iterations: 2 * iterations) },
            { widePlainLoop(threads: 2, iterations: 2 * iterations) },
        ])
        let plain = turns.medianRatio(0, over: 1)
        let speedup = turns.medianRatio(2, over: 3)
        // Two searches at once, one thread each, that share nothing: what two threads get of this work here (the
        // plain loop, in registers, meets none of the two cores' contention for caches and memory).
        let apart = Measure.median(zip(turns.times[2], turns.times[4]).map { 2 * $0 / $1 })
        // Each one's least disturbed turn too, as the one-core figure is the best of ten: the host's noise only ever slows
        // a run, and it slows a search on two cores more than one on one (it shares their caches and memory, which the
        // plain loop does not use), so the turns' median mixes the search with the host's spells.
        let bestPlain = turns.best(0) / turns.best(1), bestSpeedup = turns.best(2) / turns.best(3)
        Report.line("plain loop, 2 threads / 1", Report.ratio(plain), String(format: "best / best %.2f×", bestPlain))
        Report.line("explore --jobs 2 / --jobs 1", Report.ratio(speedup), String(format: "best / best %.2f×", bestSpeedup))
        Report.line("explore speed-up / plain loop's", Report.ratio(speedup / plain), Report.verdict(speedup / plain >= 0.9, "≥ 0.9× (median of turns)"))
        Report.line("the same, best over best", Report.ratio(bestSpeedup / bestPlain), Report.verdict(bestSpeedup / bestPlain >= 0.9, "≥ 0.9× (best over best)"))
        Report.line("two --jobs 1 searches at once, throughput / one's", Report.ratio(apart), "what two threads get of this work, sharing nothing")
        Report.line("explore speed-up / two searches at once'", Report.ratio(speedup / apart))
        // The speed-up is 2 × the share of the two threads' time spent working ÷ how much longer the same work took
        // them than one thread alone. The first is the search's (its threads waiting for work); the second is the
        // cores' (each slowing the other's work), which two searches sharing nothing meet too, and the search's (what
        // two threads do that one does not: parents taken across, their rows made the thread's own).
        let working = Measure.median(zip(busy.two, turns.times[3]).map { $0 / (2 * $1) })
        let slower = Measure.median(zip(busy.two, busy.one).map { $0 / $1 })
        let slowerApart = Measure.median(zip(busy.apart, busy.one).map { $0 / (2 * $1) })
        Report.line("--jobs 2: time its threads wait for work", String(format: "%.0f%%", 100 - 100 * working), "the search's part")
        Report.line("--jobs 2: its work's thread-seconds / one job's", Report.ratio(slower),
                    String(format: "two searches at once, sharing nothing: %.2f× (the cores' part)", slowerApart))
        Report.line("2 × the time working ÷ that", Report.ratio(2 * working / slower), "the two parts make the speed-up above")
        // Turn by turn: a run's miss is a few of its turns (a search on two cores meets the host's noise on either
        // core, a search on one on one), and whether the loop that uses the units kept 2× meanwhile.
        Report.line("the plain loop as six chains, 2 threads / 1", Report.ratio(turns.medianRatio(5, over: 6)), "below 2× when other tenants share our cores' units")
        func each(_ a: Int, over b: Int, times factor: Double = 1) -> String {
            zip(turns.times[a], turns.times[b]).map { String(format: "%.2f", factor * $0 / $1) }.joined(separator: " ")
        }
        Report.line("each turn: plain loop", each(0, over: 1))
        Report.line("           six chains", each(5, over: 6))
        Report.line("           explore --jobs 2 / 1", each(2, over: 3))
        Report.line("           two searches at once", each(2, over: 4, times: 2))
        let (a, b) = (wideExplorer.search(jobs: 1), wideExplorer.search(jobs: 2))
        let same = a.statistics.states == b.statistics.states && a.statistics.transitions == b.statistics.transitions
            && a.violations.map { "\($0.invariant) \($0.occurrences) \($0.path)" } == b.violations.map { "\($0.invariant) \($0.occurrences) \($0.path)" }
        Report.line("results identical, --jobs 1 and 2", "\(same ? "yes" : "NO"), \(a.statistics.states.formatted()) states")
    }

    /// Memory and the time of a full search on a model past ten million states.
    /// - Parameter frontier: states of a level kept whole in memory, the rest as their place in the trail (re-run when
    ///   expanded); `FEEDFRAMES_BENCH_FRONTIER` overrides it.
    static func runLarge(depth largeDepth: Int,
                         frontier: Int = ProcessInfo.processInfo.environment["FEEDFRAMES_BENCH_FRONTIER"].flatMap { Int($0) } ?? 1_000_000) throws {
        let large = try large()
        Report.heading("Explore: a model past 10⁷ states, searched to its end, --jobs 2 (a feed of \(largePages) pages of 4, "
                       + "up to \(largeInserts) items inserted, depth limit \(largeDepth), frontier kept whole \(frontier.formatted()) states)")
        print(largeJSON)
        let before = peakRSS()
        var level = 0
        let result = largeExplorer(large, depth: largeDepth, frontier: frontier).search(jobs: 2) { stats in
            if stats.depthReached > level {
                level = stats.depthReached
                print(String(format: "    depth %d: %d states, %.0f s", level, stats.states, stats.seconds))
            }
        }
        let big = result.statistics
        Report.line("states, transitions", "\(big.states.formatted()), \(big.transitions.formatted())",
                    Report.verdict(big.states >= 10_000_000, "≥ 10,000,000 states"))
        Report.line("search, \(result.stop.rawValue), depth reached \(big.depthReached)",
                    String(format: "%.1f s, %.0f states/s, %.0f transitions/s", big.seconds, big.statesPerSecond,
                           Double(big.transitions) / max(big.seconds, 1e-9)),
                    Report.verdict(result.stop == .exhausted, "a full search (every state expanded)"))
        Report.line("bytes a visited state (fingerprints + trail)", String(format: "%.1f", result.bytesPerState),
                    Report.verdict(result.bytesPerState <= 64, "≤ 64 bytes"))
        let rss = peakRSS()
        Report.line("peak RSS (before the search)", String(format: "%.0f MB (%.0f MB), %.0f bytes a state overall", rss, before,
                                                           rss * 1_048_576 / Double(big.states)))
        Report.line("fingerprint collision probability", String(format: "at most %.1e", Fingerprint.collisionProbability(states: big.states)))
        Report.line("rules broken", result.violations.isEmpty ? "none" : result.violations.map(\.invariant).joined(separator: ", "))
    }
}
