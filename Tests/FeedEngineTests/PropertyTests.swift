import TestSupport
import Foundation
import XCTest
@testable import FeedEngine
@testable import ReferenceEngine

/// Thousands of random event sequences against random sources and configs,
/// driving the reducer directly with a tiny in-test clock that delivers
/// replies and toast expiries in (due, scheduled) order — and, on purpose,
/// stale replies for old request ids. After every reduce, the invariants of
/// SPEC §2–§3 are checked (see `Simulation.check`).
///
/// `FEEDFRAMES_PROPERTY_RUNS=N` changes the number of runs (default 5,000);
/// `FEEDFRAMES_PROPERTY_SEED=S` replays the one run with seed S, and
/// `FEEDFRAMES_SEED=S` starts the runs at seed S instead of 0x5EEDF00D. A
/// failure prints the seed, the configuration and the event sequence.
final class PropertyTests: XCTestCase {
    static let baseSeed = randomSeed(0x5EED_F00D)

    func testRandomEventSequencesKeepTheInvariants() {
        let env = ProcessInfo.processInfo.environment
        let seeds: [UInt64]
        if let one = env["FEEDFRAMES_PROPERTY_SEED"].flatMap(UInt64.init) {
            seeds = [one]
        } else {
            let runs = env["FEEDFRAMES_PROPERTY_RUNS"].flatMap(Int.init) ?? 5_000
            seeds = (0..<UInt64(max(runs, 0))).map { Self.baseSeed &+ $0 }
        }
        var failed = 0
        var steps = 0
        var coverage: [String: Int] = [:]
        for seed in seeds {
            var simulation = Simulation(seed: seed)
            if let problem = simulation.run() {
                failed += 1
                XCTFail(problem)
                if failed >= 3 { break }
            }
            steps += simulation.log.count
            coverage.merge(simulation.coverage, uniquingKeysWith: +)
        }
        print("PropertyTests: \(seeds.count) runs, \(steps) events; covered: "
              + coverage.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        XCTAssertGreaterThan(steps, seeds.count * 10, "the runs did something (seeds \(seeds.first ?? 0)…\(seeds.last ?? 0))")
        // The generator must reach every interesting transition, or the invariants prove little.
        if seeds.count >= 1_000 {
            for key in Simulation.coverageKeys {
                XCTAssertGreaterThan(coverage[key, default: 0], 0, "no run reached: \(key) (seeds \(seeds.first ?? 0)…\(seeds.last ?? 0))")
            }
        }
    }

    /// The checker must be able to fail: a corrupted state is caught.
    func testTheCheckerCatchesBrokenStates() {
        var simulation = Simulation(seed: 1)
        _ = simulation.apply(.launch)
        var before = simulation.state
        before.setRows(items(1...30))
        before.request = nil
        before.launched = true
        before.hasData = true
        // Scrolled past the resting range while not dragging.
        var after = before
        after.contentOffset = after.maxOffset + 10
        XCTAssertNotNil(simulation.check(before: before, event: .tapFooter, effects: [], after: after))
        // A row lost by a failure.
        after = before
        after.items.removeLast()
        after.offsets = RowOffsets(heights: after.items.map { $0.height ?? after.config.rowHeight })
        after.knownIDs.remove("30")
        XCTAssertNotNil(simulation.check(before: before, event: failure(99), effects: [], after: after))
        // A second request while one is in flight.
        before.request = req(1, .more, page: 2)
        before.requestsIssued = 1
        after = before
        after.request = req(2, .more, page: 2)
        after.requestsIssued = 2
        XCTAssertNotNil(simulation.check(before: before, event: .tapFooter, effects: [start(2, .more, page: 2)], after: after))
        // pageIndex moved without a success.
        after = before
        after.pageIndex += 1
        XCTAssertNotNil(simulation.check(before: before, event: .tapFooter, effects: [], after: after))
        // And an honest no-op passes.
        XCTAssertNil(simulation.check(before: before, event: .tapRetry, effects: [], after: before))
    }
}

/// A paged source: item n has id "n"; `overlap` makes each page after the
/// first start that many items early, so pages repeat ids.
struct PagedTestSource: CustomStringConvertible {
    var total: Int?
    var pageSize: Int
    var latencies: [Double]
    var failures: Set<Int>
    var heights: [Double]
    var overlap: Int

    func item(_ n: Int) -> Item {
        Item(id: String(n), title: "Item \(n)", height: heights.isEmpty ? nil : heights[(n - 1) % heights.count])
    }

    func page(_ page: Int) -> [Item] {
        let first = max(1, (page - 1) * pageSize + 1 - (page > 1 ? overlap : 0))
        let last = min(first + pageSize - 1, total ?? Int.max)
        return first <= last ? (first...last).map(item) : []
    }

    func respond(to request: Request) -> (latency: Double, outcome: Reply.Outcome) {
        let latency = latencies[(request.id - 1) % latencies.count]
        return failures.contains(request.id) ? (latency, .failure("request \(request.id) fails")) : (latency, .success(page(request.page)))
    }

    var description: String {
        "total \(total.map(String.init) ?? "endless"), pageSize \(pageSize), latencies \(latencies), "
            + "failures \(failures.sorted()), heights \(heights), overlap \(overlap)"
    }
}

/// One random run: a config, a source, a viewport, a clock, and a script made up as it goes.
struct Simulation {
    struct Scheduled {
        var due: Double
        var order: Int
        var event: FeedEvent
    }

    let seed: UInt64
    var rng: SplitMix64
    var state: FeedState
    var source: PagedTestSource
    var configDescription: String
    /// The preset, when the config is exactly a preset's.
    var exactPreset: String?
    var queue: [Scheduled] = []
    var scheduled = 0
    var issued: [Request] = []
    var log: [String] = []
    /// seed001 as-is: once stuck, no request may ever start again.
    var stuckForever = false
    /// How often each interesting transition happened.
    var coverage: [String: Int] = [:]
    var latestReplied = 0
    static let coverageKeys = [
        "stale reply", "cancelling refresh", "suppressed trigger", "duplicate dropped", "failure kept rows",
        "stuck", "exhausted", "empty view", "retry shown", "footer failed", "toast expired", "released refresh",
        "released load-more", "auto load-more", "tap footer load", "tap retry", "resize clamp", "out-of-order replies",
        "seed001 stuck and tried again",
    ]

    init(seed: UInt64) {
        self.seed = seed
        var rng = SplitMix64(seed: seed)
        let preset = Preset.all.randomElement(using: &rng)!
        let locale = FeedTexts.locales.randomElement(using: &rng)!
        var config = preset.config(locale: locale)!
        var description = "\(preset.name) \(locale)"
        if Bool.random(using: &rng) {
            exactPreset = preset.name
        } else {
            func maybe(_ change: () -> Void) { if Int.random(in: 0..<10, using: &rng) < 3 { change() } }
            maybe { config.rowHeight = rng.grid(10...100, step: 0.5) }
            maybe { config.pageSize = Int.random(in: 1...25, using: &rng) }
            maybe {
                config.header = Bool.random(using: &rng) ? nil
                    : .init(height: rng.grid(20...120, step: 1), armDistance: rng.grid(10...120, step: 1))
            }
            maybe { config.footer.mode = Bool.random(using: &rng) ? .auto : .release }
            maybe { config.footer.height = rng.grid(20...120, step: 1) }
            maybe { config.footer.armDistance = rng.grid(10...120, step: 1) }
            maybe { config.footer.prefetchRows = Int.random(in: 0...5, using: &rng) }
            maybe { config.footer.spinner = Bool.random(using: &rng) ? .always : .loading }
            maybe { config.hideUntilFirstData.toggle() }
            maybe { config.hideFooterWhenFits.toggle() }
            maybe { config.firstLoadIndicator = FeedConfig.FirstLoadIndicator.allCases.randomElement(using: &rng)! }
            maybe { config.firstLoadFailure = FeedConfig.FirstLoadFailure.allCases.randomElement(using: &rng)! }
            maybe { config.refreshFailure = FeedConfig.RefreshFailure.allCases.randomElement(using: &rng)! }
            maybe { config.loadMoreFailure = FeedConfig.LoadMoreFailure.allCases.randomElement(using: &rng)! }
            maybe { config.refreshWhileLoading = FeedConfig.RefreshWhileLoading.allCases.randomElement(using: &rng)! }
            maybe { config.toastDuration = rng.grid(0.5...3, step: 0.5) }
            maybe { config.holdWhileLoading.toggle() }
            description += " varied: rowHeight \(config.rowHeight), pageSize \(config.pageSize), header \(config.header.map { "\($0.height)/\($0.armDistance)" } ?? "none"), "
                + "footer \(config.footer.mode) \(config.footer.height)/\(config.footer.armDistance) prefetch \(config.footer.prefetchRows) \(config.footer.spinner), "
                + "hideUntilFirstData \(config.hideUntilFirstData), hideFooterWhenFits \(config.hideFooterWhenFits), "
                + "firstLoad \(config.firstLoadIndicator)/\(config.firstLoadFailure), refreshFailure \(config.refreshFailure), "
                + "loadMoreFailure \(config.loadMoreFailure), refreshWhileLoading \(config.refreshWhileLoading), toast \(config.toastDuration), "
                + "holdWhileLoading \(config.holdWhileLoading)"
        }
        let viewport = Self.randomViewport(&rng)
        let failureRate = [0, 0, 15, 40][Int.random(in: 0..<4, using: &rng)]
        let pageSize = config.pageSize
        source = PagedTestSource(
            total: Int.random(in: 0..<10, using: &rng) < 3 ? nil
                : (Int.random(in: 0..<10, using: &rng) == 0 ? 0 : Int.random(in: 1...120, using: &rng)),
            pageSize: pageSize,
            latencies: (0..<Int.random(in: 1...4, using: &rng)).map { _ in [0, 0.5, 1, 1.5, 2, 3].randomElement(using: &rng)! },
            failures: Set((1...40).filter { _ in Int.random(in: 0..<100, using: &rng) < failureRate }),
            heights: Int.random(in: 0..<10, using: &rng) < 4 ? []
                : (0..<Int.random(in: 1...4, using: &rng)).map { _ in rng.grid(1...150, step: 0.5) },
            overlap: pageSize > 1 && Int.random(in: 0..<100, using: &rng) < 15 ? Int.random(in: 1...min(3, pageSize - 1), using: &rng) : 0)
        state = FeedState(config: config, viewport: viewport)
        configDescription = description + "; viewport \(viewport); source: \(source)"
        self.rng = rng
    }

    static func randomViewport(_ rng: inout SplitMix64) -> Viewport {
        Int.random(in: 0..<10, using: &rng) < 6 ? .standard
            : Viewport(width: rng.grid(100...1500, step: 1), height: rng.grid(100...1500, step: 1))
    }

    // MARK: running

    /// Runs the script; returns a description of the first broken invariant, if any.
    mutating func run() -> String? {
        // Now and then, user events before `launch` (they must start nothing).
        if Int.random(in: 0..<10, using: &rng) == 0 {
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                if let problem = randomUserEvent() { return report(problem) }
            }
        }
        if let problem = apply(.launch) { return report(problem) }
        for _ in 0..<Int.random(in: 10...50, using: &rng) {
            let problem: String?
            switch Int.random(in: 0..<100, using: &rng) {
            case 0..<28: problem = wait(rng.grid(0.25...3, step: 0.25))
            case 28..<32: problem = injectStaleReply()
            case 32..<33: problem = apply(.toastExpired(until: rng.grid(0...10, step: 0.5)))
            case 33..<34: problem = apply(.launch)
            default: problem = randomUserEvent()
            }
            if let problem { return report(problem) }
        }
        return nil
    }

    mutating func randomUserEvent() -> String? {
        let c = state.contentHeight
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<6: return apply(.scroll(.top))
        case 6..<12: return apply(.scroll(.bottom))
        case 12..<16: return apply(.scroll(.offset(rng.grid(-200...(c + 200), step: 0.5))))
        case 16..<20: return apply(.scroll(.by(rng.grid(-300...300, step: 0.5))))
        case 20..<34: return apply(.drag(.offset(rng.grid(-400...(c + 400), step: 0.5))))
        case 34..<44: return apply(.drag(.by(rng.grid(-300...300, step: 0.5))))
        case 44..<62: return apply(.release)
        case 62..<72: return apply(.tapRetry)
        case 72..<82: return apply(.tapFooter)
        case 82..<92: return apply(.refresh)
        default: return apply(.resize(Bool.random(using: &rng) ? state.viewport.rotated : Self.randomViewport(&rng)))
        }
    }

    /// The clock runs `seconds`; what is due by the end happens, in order.
    mutating func wait(_ seconds: Double) -> String? {
        let end = state.time + seconds
        while let next = queue.first, next.due <= end {
            queue.removeFirst()
            if case .replyArrived(let reply) = next.event {
                // A reply overtaken by a later request's reply (latencies vary).
                if reply.requestID < latestReplied { coverage["out-of-order replies", default: 0] += 1 }
                latestReplied = max(latestReplied, reply.requestID)
            }
            if let problem = apply(.clockAdvanced(to: next.due)) { return problem }
            if let problem = apply(next.event) { return problem }
        }
        return apply(.clockAdvanced(to: end))
    }

    /// A reply for an old request (not the one in flight), now.
    mutating func injectStaleReply() -> String? {
        let old = issued.filter { $0.id != state.request?.id }
        guard let request = old.randomElement(using: &rng) else { return nil }
        let outcome: Reply.Outcome = Bool.random(using: &rng) ? .success(source.page(request.page)) : .failure("stale")
        return apply(.replyArrived(Reply(requestID: request.id, outcome: outcome)), note: " (injected)")
    }

    mutating func schedule(_ event: FeedEvent, at due: Double) {
        scheduled += 1
        let entry = Scheduled(due: due, order: scheduled, event: event)
        let index = queue.firstIndex { ($0.due, $0.order) > (entry.due, entry.order) } ?? queue.endIndex
        queue.insert(entry, at: index)
    }

    /// Applies one event, checks the invariants, carries out the effects.
    mutating func apply(_ event: FeedEvent, note: String = "") -> String? {
        log.append(Self.describe(event) + note)
        let before = state
        let effects = state.reduce(event)
        if let problem = check(before: before, event: event, effects: effects, after: state) { return problem }
        for effect in effects {
            switch effect {
            case .startRequest(let request):
                issued.append(request)
                let (latency, outcome) = source.respond(to: request)
                schedule(.replyArrived(Reply(requestID: request.id, outcome: outcome)), at: state.time + latency)
            case .expireToast(let until):
                schedule(.toastExpired(until: until), at: until)
            }
        }
        return nil
    }

    func report(_ problem: String) -> String {
        var lines = ["property broken (seed \(seed); replay with FEEDFRAMES_PROPERTY_SEED=\(seed)): \(problem)",
                     "config: \(configDescription)", "events:"]
        lines += log.enumerated().map { "  \($0.offset + 1). \($0.element)" }
        return lines.joined(separator: "\n")
    }

    static func describe(_ event: FeedEvent) -> String {
        switch event {
        case .launch: return "launch"
        case .scroll(.top): return "scroll to top"
        case .scroll(.bottom): return "scroll to bottom"
        case .scroll(.offset(let y)): return "scroll to \(y)"
        case .scroll(.by(let dy)): return "scroll by \(dy)"
        case .drag(.offset(let y)): return "drag to \(y)"
        case .drag(.by(let dy)): return "drag by \(dy)"
        case .release: return "release"
        case .tapRetry: return "tap retry"
        case .tapFooter: return "tap footer"
        case .refresh: return "refresh"
        case .resize(let v): return "resize \(v)"
        case .clockAdvanced(let t): return "clock \(t)"
        case .toastExpired(let until): return "toast expired (until \(until))"
        case .replyArrived(let reply):
            switch reply.outcome {
            case .success(let rows): return "reply \(reply.requestID): \(rows.count) items \(rows.first?.id ?? "-")…\(rows.last?.id ?? "-")"
            case .failure: return "reply \(reply.requestID): failure"
            }
        }
    }

    mutating func coverageCount(a: FeedState, b: FeedState, event: FeedEvent, starts: [Request], current: Bool, stale: Bool) {
        func hit(_ key: String, _ condition: Bool) { if condition { coverage[key, default: 0] += 1 } }
        hit("stale reply", stale)
        hit("cancelling refresh", starts.first?.kind == .refresh && b.request?.kind == .more && !current)
        hit("suppressed trigger", a.suppressed > b.suppressed)
        hit("duplicate dropped", a.duplicatesDropped > b.duplicatesDropped)
        if current, case .replyArrived(let reply) = event, case .failure = reply.outcome { hit("failure kept rows", !a.items.isEmpty) }
        hit("stuck", a.stuck && !b.stuck)
        hit("exhausted", a.exhausted && !b.exhausted)
        hit("empty view", a.emptyVisible && !b.emptyVisible)
        hit("retry shown", a.retryVisible && !b.retryVisible)
        hit("footer failed", a.footerFailed && !b.footerFailed)
        if case .toastExpired = event { hit("toast expired", b.toast != nil && a.toast == nil) }
        if case .release = event {
            hit("released refresh", starts.first?.kind == .refresh)
            hit("released load-more", starts.first?.kind == .more && a.config.footer.mode == .release)
        }
        hit("auto load-more", starts.first?.kind == .more && a.config.footer.mode == .auto)
        if case .tapFooter = event { hit("tap footer load", !starts.isEmpty) }
        if case .tapRetry = event { hit("tap retry", !starts.isEmpty) }
        if case .resize = event { hit("resize clamp", a.contentOffset != b.contentOffset) }
        if stuckForever {
            switch event {
            case .tapFooter, .tapRetry, .refresh, .release: hit("seed001 stuck and tried again", true)
            default: break
            }
        }
    }

    // MARK: the invariants

    /// Every invariant after one reduce; `nil` when all hold.
    mutating func check(before b: FeedState, event: FeedEvent, effects: [Effect], after a: FeedState) -> String? {
        let config = a.config
        var reply: Reply?
        if case .replyArrived(let r) = event { reply = r }
        let current = reply != nil && b.request?.id == reply!.requestID
        let stale = reply != nil && !current
        let starts = effects.compactMap { effect -> Request? in
            if case .startRequest(let r) = effect { return r }
            return nil
        }
        let toasts = effects.compactMap { effect -> Double? in
            if case .expireToast(let until) = effect { return until }
            return nil
        }

        // The clock alone changes only the time (nothing else is due: the
        // runner delivers replies and expiries as their own events).
        if case .clockAdvanced(let time) = event {
            var expected = b
            expected.time = time
            if a != expected || !effects.isEmpty {
                return "the clock changed more than the time:\n" + stateDiff(expected: expected, actual: a).joined(separator: "\n")
            }
            return nil
        }

        // One request in flight; every request id fresh.
        if starts.count > 1 { return "one event started \(starts.count) requests: \(starts)" }
        if let r = starts.first {
            if r.id != b.requestsIssued + 1 || a.requestsIssued != r.id || issued.contains(where: { $0.id == r.id }) {
                return "request id \(r.id) is not fresh (issued before: \(b.requestsIssued))"
            }
            if a.request != r { return "started \(r) but \(String(describing: a.request)) is in flight" }
            if !a.launched { return "a request started before launch" }
            if let running = b.request, !current {
                let cancels = config.refreshWhileLoading == .cancel && running.kind == .more && r.kind == .refresh
                if !cancels { return "\(r) started while \(running) was in flight" }
            }
            if r.page != (r.kind == .more ? a.pageIndex + 1 : 1) { return "\(r) asks for the wrong page (pageIndex \(a.pageIndex))" }
            if stuckForever { return "seed001 started \(r) after getting stuck" }
        } else {
            if a.requestsIssued != b.requestsIssued { return "requestsIssued moved without a request" }
            if current ? a.request != nil : a.request != b.request {
                return "request in flight changed from \(String(describing: b.request)) to \(String(describing: a.request))"
            }
        }
        if exactPreset == "seed001" && a.stuck { stuckForever = true }
        if a.stuck && !b.stuck && !(current && { if case .failure = reply!.outcome { return true } else { return false } }()) {
            return "stuck without a failure"
        }

        // A stale reply changes nothing but its counter.
        if stale {
            var expected = b
            expected.staleReplies += 1
            if a != expected || !effects.isEmpty {
                return "a stale reply changed the state:\n" + stateDiff(expected: expected, actual: a).joined(separator: "\n")
            }
        } else if a.staleReplies != b.staleReplies {
            return "staleReplies moved without a stale reply"
        }

        // Rows: none lost or duplicated; pageIndex moves only on a success.
        // (Checked in full when the rows change; otherwise they must be untouched.)
        if a.items != b.items || a.knownIDs.count != b.knownIDs.count || a.offsets.count != b.offsets.count {
            let ids = a.items.map(\.id)
            if Set(ids).count != ids.count { return "duplicate ids among the rows" }
            if a.knownIDs != Set(ids) { return "knownIDs disagree with the rows" }
            if a.offsets != RowOffsets(heights: a.items.map({ $0.height ?? config.rowHeight })) { return "row offsets disagree with the rows" }
        }
        if current, let reply, let running = b.request, case .success(let page) = reply.outcome {
            var seen = running.kind.replacesRows ? Set<String>() : Set(b.items.map(\.id))
            let added = page.filter { seen.insert($0.id).inserted }
            let expected = (running.kind.replacesRows ? [] : b.items) + added
            if a.items != expected { return "rows after a \(running.kind) success are not the expected \(expected.count)" }
            let pageIndex = running.kind.replacesRows ? 1 : b.pageIndex + 1
            if a.pageIndex != pageIndex { return "pageIndex \(a.pageIndex) after a \(running.kind) success, expected \(pageIndex)" }
            if a.duplicatesDropped != b.duplicatesDropped + page.count - added.count { return "duplicates miscounted" }
            if a.exhausted != (page.count < config.pageSize) { return "exhausted \(a.exhausted) after a page of \(page.count)" }
            if running.kind.replacesRows && (a.footerFailed || a.stuck || a.retryKind != nil) {
                return "a successful \(running.kind) left failed/stuck/retry behind"
            }
        } else {
            if a.items != b.items { return "rows changed without a success (\(b.items.count) → \(a.items.count))" }
            if a.pageIndex != b.pageIndex { return "pageIndex changed without a success" }
            if a.duplicatesDropped != b.duplicatesDropped { return "duplicatesDropped changed without a success" }
            if a.exhausted != b.exhausted { return "exhausted changed without a success" }
        }

        // Suppressed: only user triggers while a request runs, one at a time.
        if a.suppressed != b.suppressed {
            let trigger: Bool
            switch event {
            case .release, .tapFooter, .tapRetry, .refresh: trigger = true
            default: trigger = false
            }
            if !(trigger && a.suppressed == b.suppressed + 1 && b.request != nil && starts.isEmpty) {
                return "suppressed \(b.suppressed) → \(a.suppressed) on \(Self.describe(event))"
            }
        }

        // Toasts: shown by a failure (with its expiry effect), gone only at their own time.
        if toasts.count > 1 { return "two toasts at once" }
        if let until = toasts.first, a.toast?.until != until || until != a.time + config.toastDuration {
            return "toast effect \(until) does not match the toast \(String(describing: a.toast))"
        }
        if a.toast != b.toast && toasts.isEmpty {
            guard case .toastExpired(let until) = event, b.toast?.until == until, a.toast == nil else {
                return "toast changed from \(String(describing: b.toast)) to \(String(describing: a.toast)) on \(Self.describe(event))"
            }
        }

        // Where the view settles.
        if !a.isDragging && (a.contentOffset < a.minOffset || a.contentOffset > a.maxOffset) {
            return "offset \(a.contentOffset) outside the resting range [\(a.minOffset), \(a.maxOffset)] while not dragging"
        }
        if case .release = event, b.isDragging {
            // A preset that holds nothing open (seed000, SPEC §8) settles back into its resting range.
            if !config.holdWhileLoading, !starts.isEmpty, a.contentOffset != a.clamped(b.contentOffset) {
                return "a release that started a request without holding settled at \(a.contentOffset), not at rest"
            }
            if config.holdWhileLoading, let r = starts.first, r.kind == .refresh, a.contentOffset != -(config.header?.height ?? 0) {
                return "a released refresh settled at \(a.contentOffset), not at the whole header"
            }
            if config.holdWhileLoading, let r = starts.first, r.kind == .more, config.footer.mode == .release,
               a.contentOffset != max(a.contentHeight, a.viewport.height) + config.footer.height - a.viewport.height {
                return "a released load-more settled at \(a.contentOffset), not showing the whole footer"
            }
            if starts.isEmpty && a.contentOffset != a.clamped(b.contentOffset) {
                return "a release that started nothing moved the view to \(a.contentOffset)"
            }
        }
        if current && !a.isDragging && a.contentOffset != a.clamped(b.contentOffset) {
            return "the end of a request moved the view from \(b.contentOffset) to \(a.contentOffset), not its clamp"
        }

        // What shows: layout agrees with the state and with a naive scan.
        let layout = a.layout()
        if layout.header.state != a.headerState || layout.footer.state != a.footerState || layout.retryVisible != a.retryVisible {
            return "layout disagrees with the derived states"
        }
        // The naive O(n) scan: rows with top < y + H and top + height > y.
        let heights = a.items.map { $0.height ?? config.rowHeight }, rows = layout.rows
        let y = a.contentOffset, bottom = a.contentOffset + a.viewport.height
        var top = 0.0, matched = 0, naiveLast: Int?
        for i in heights.indices {
            let height = heights[i]
            if top < bottom && top + height > y {
                guard matched < rows.count, rows[matched].index == i else {
                    return "row \(i) overlaps the viewport at y \(y) but the layout shows \(rows.map(\.index))"
                }
                if rows[matched].y != top - y || rows[matched].height != height {
                    return "row \(i) at y \(rows[matched].y) height \(rows[matched].height), expected \(top - y), \(height)"
                }
                if matched > 0 && rows[matched].y != rows[matched - 1].y + rows[matched - 1].height {
                    return "rows \(i - 1) and \(i) are not consecutive"
                }
                matched += 1
                naiveLast = i
            }
            top += height
        }
        if matched != rows.count { return "the layout shows rows \(rows.map(\.index)) beyond the \(matched) overlapping the viewport" }
        if a.lastVisibleRow != naiveLast { return "lastVisibleRow \(String(describing: a.lastVisibleRow)) ≠ naive \(String(describing: naiveLast))" }
        // The auto-load check's shortcut agrees with the last visible row, around it and at the ends.
        for k in Set([-1, 0, a.items.count - 1, a.items.count] + (naiveLast.map { [$0 - 1, $0, $0 + 1] } ?? [])) {
            if a.showsRow(atOrBelow: k) != (naiveLast.map { $0 >= k } ?? false) {
                return "showsRow(atOrBelow: \(k)) disagrees with the last visible row \(String(describing: naiveLast))"
            }
        }

        coverageCount(a: a, b: b, event: event, starts: starts, current: current, stale: stale)

        // Never loading at once; indicators follow the request in flight.
        let header = layout.header.state, footer = layout.footer.state
        if header == .refreshing && footer == .loading && !a.stuck { return "header refreshing and footer loading at once" }
        if header == .refreshing, !(a.request?.kind == .refresh || (a.request?.kind == .initial && config.firstLoadIndicator == .header)) {
            return "header refreshing with \(String(describing: a.request)) in flight"
        }
        if a.request?.kind == .refresh && header != .refreshing { return "a refresh runs but the header is \(header)" }
        if footer == .loading, !(a.request?.kind == .more || a.stuck
                                 || (a.items.isEmpty && a.request?.kind == .initial && config.firstLoadIndicator == .footer)) {
            return "footer loading with \(String(describing: a.request)) in flight"
        }
        if a.request?.kind == .more && footer != .loading
            && !(footer == .hidden && config.hideFooterWhenFits && a.contentHeight <= a.viewport.height) {
            return "a load-more runs but the footer is \(footer)"
        }
        if header == .armed && !a.isDragging { return "header armed without a drag" }
        if footer == .armed && (!a.isDragging || config.footer.mode != .release) { return "footer armed without a release-mode drag" }
        if a.items.isEmpty && footer != .hidden && footer != .loading { return "footer \(footer) with no rows" }
        if a.retryVisible && (a.retryKind == nil || a.request?.kind == .initial || a.request?.kind == .refresh) {
            return "retry visible while its request runs"
        }
        if a.emptyVisible && !a.items.isEmpty { return "empty view beside rows" }
        if config.header == nil && header != .hidden { return "a header-less config shows a header" }
        if a.time < b.time { return "time ran backwards" }
        return nil
    }
}
