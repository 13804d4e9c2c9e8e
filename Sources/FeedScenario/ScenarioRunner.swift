import FeedEngine

/// Drives the pure engine through a script: owns the virtual clock and the
/// data source, carries out effects, and emits a frame whenever what the
/// screen shows changes (SPEC §6).
///
/// Frames are handed to `emit` one at a time and not kept, so memory stays
/// bounded however long the scenario runs; the items the list holds are
/// bounded by `ItemLimits`, and a run that would cross a limit stops with a
/// `RunLimitError`.
public struct ScenarioRunner {
    /// Something the clock will deliver: a reply or a toast's expiry.
    private struct Scheduled {
        var due: Double
        /// Ties go in the order they were scheduled (SPEC §3).
        var order: Int
        var event: FeedEvent
        var note: String
    }

    public private(set) var state: FeedState
    private var source: any FeedSource
    private var queue: [Scheduled] = []
    private var scheduledCount = 0
    private var lastLayout: Layout
    public private(set) var framesEmitted = 0
    private var held = HeldItems()

    public init(state: FeedState, source: any FeedSource) {
        self.state = state
        self.source = source
        self.lastLayout = state.layout()
    }

    /// A runner at the start of `scenario`, with a fresh data source.
    public init(_ scenario: Scenario) {
        self.init(state: scenario.initialState, source: scenario.source.makeSource())
    }

    /// Runs every step, calling `emit` for each frame.
    /// - Throws: what `emit` throws, or a `RunLimitError` when a reply would
    ///   make the list hold more than `ItemLimits` allows.
    public mutating func run(_ steps: [ScriptStep], emit: (Frame) throws -> Void) throws {
        for step in steps { try perform(step, emit: emit) }
    }

    /// Performs one step of the script.
    /// - Throws: as `run` does.
    public mutating func perform(_ step: ScriptStep, emit: (Frame) throws -> Void) throws {
        switch step {
        case .event(let event):
            try apply(event, cause: step.description, emit: emit)
        case .wait(let seconds):
            let end = Self.rounded(state.time + seconds)
            while let next = queue.first, next.due <= end {
                queue.removeFirst()
                _ = state.reduce(.clockAdvanced(to: next.due))
                try apply(next.event, cause: "\(step) → \(describe(next))", emit: emit)
            }
            _ = state.reduce(.clockAdvanced(to: end))
        }
    }

    private mutating func apply(_ event: FeedEvent, cause: String, emit: (Frame) throws -> Void) throws {
        let running = state.request
        let count = state.items.count
        let effects = state.reduce(event)
        if case .replyArrived(let reply) = event, case .success = reply.outcome, let running, running.id == reply.requestID {
            if running.kind.replacesRows { held.reset() }
            do {
                try held.add(state.items, from: running.kind.replacesRows ? 0 : count)
            } catch {
                throw RunLimitError("at \(formatPoints(state.time)) s, reply \(reply.requestID): \(error.message)")
            }
        }
        for effect in effects { carryOut(effect) }
        let layout = state.layout()
        guard layout != lastLayout else { return }
        lastLayout = layout
        framesEmitted += 1
        try emit(Frame(number: framesEmitted, time: state.time, cause: cause, layout: layout))
    }

    private mutating func carryOut(_ effect: Effect) {
        switch effect {
        case .startRequest(let request):
            var (latency, outcome) = source.respond(to: request, at: state.time)
            let note: String
            switch outcome {
            case .success(let items): note = "reply \(request.id): page \(request.page), \(items.count) item\(items.count == 1 ? "" : "s")"
            case .failure(let reason):
                // The reason goes into the frame's cause and `lastFailure`: one short line.
                let shown = FailureText.reason(reason)
                outcome = .failure(shown)
                note = "reply \(request.id): failed (\(shown))"
            }
            schedule(.replyArrived(Reply(requestID: request.id, outcome: outcome)),
                     at: state.time + latency, note: note)
        case .expireToast(let until):
            schedule(.toastExpired(until: until), at: until, note: "toast expired")
        }
    }

    private mutating func schedule(_ event: FeedEvent, at time: Double, note: String) {
        scheduledCount += 1
        let entry = Scheduled(due: Self.rounded(time), order: scheduledCount, event: event, note: note)
        let index = queue.firstIndex { ($0.due, $0.order) > (entry.due, entry.order) } ?? queue.endIndex
        queue.insert(entry, at: index)
    }

    /// A reply for a request no longer in flight says so in the cause.
    private func describe(_ entry: Scheduled) -> String {
        if case .replyArrived(let reply) = entry.event, state.request?.id != reply.requestID {
            return "reply \(reply.requestID): stale, dropped"
        }
        return entry.note
    }

    /// Virtual time to the microsecond, so that sums of decimal waits meet due times exactly.
    static func rounded(_ time: Double) -> Double { (time * 1_000_000).rounded() / 1_000_000 }
}

extension Scenario {
    /// Every frame the scenario produces, held in memory: for tests and short
    /// scenarios. A render streams them through `ScenarioRunner.run` instead.
    /// - Throws: a `RunLimitError` when the list would hold more than `ItemLimits` allows.
    public func frames() throws(RunLimitError) -> [Frame] {
        var runner = ScenarioRunner(self)
        var frames: [Frame] = []
        do {
            try runner.run(steps) { frames.append($0) }
        } catch let error as RunLimitError {
            throw error
        } catch {
            // `emit` above never throws: only the runner's own limit can.
        }
        return frames
    }
}
