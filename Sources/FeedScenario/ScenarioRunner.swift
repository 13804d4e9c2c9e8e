import FeedEngine

/// Drives the pure engine through a script: owns the virtual clock and the
/// data source, carries out effects, and emits a frame whenever what the
/// screen shows changes (SPEC §6).
///
/// Frames are handed to `emit` one at a time and not kept, so memory stays
/// bounded however long the scenario runs.
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
    /// Steps performed so far: the index of the next one in the script.
    private var stepsPerformed = 0
    /// The first step that did nothing (see `IneffectiveStep`), and how many did.
    public private(set) var firstIneffective: IneffectiveStep?
    public private(set) var ineffectiveSteps = 0

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
    public mutating func run(_ steps: [ScriptStep], emit: (Frame) throws -> Void) rethrows {
        for step in steps { try perform(step, emit: emit) }
    }

    /// Performs one step of the script.
    public mutating func perform(_ step: ScriptStep, emit: (Frame) throws -> Void) rethrows {
        defer { stepsPerformed += 1 }
        switch step {
        case .event(let event):
            // A command that leaves the state exactly as it was and asks for nothing did nothing.
            let before = IneffectiveStep.counts(event) ? state : nil
            let effects = try apply(event, cause: step.description, emit: emit)
            if let before, effects.isEmpty, state == before {
                ineffectiveSteps += 1
                if firstIneffective == nil {
                    firstIneffective = IneffectiveStep(index: stepsPerformed, step: step,
                                                       reason: IneffectiveStep.reason(event, in: before))
                }
            }
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

    @discardableResult
    private mutating func apply(_ event: FeedEvent, cause: String, emit: (Frame) throws -> Void) rethrows -> [Effect] {
        let effects = state.reduce(event)
        for effect in effects { carryOut(effect) }
        let layout = state.layout()
        guard layout != lastLayout else { return effects }
        lastLayout = layout
        framesEmitted += 1
        try emit(Frame(number: framesEmitted, time: state.time, cause: cause, layout: layout))
        return effects
    }

    private mutating func carryOut(_ effect: Effect) {
        switch effect {
        case .startRequest(let request):
            let (latency, outcome) = source.respond(to: request, at: state.time)
            let note: String
            switch outcome {
            case .success(let items): note = "reply \(request.id): page \(request.page), \(items.count) item\(items.count == 1 ? "" : "s")"
            case .failure: note = "reply \(request.id): failed"
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
    public func frames() -> [Frame] {
        var runner = ScenarioRunner(self)
        var frames: [Frame] = []
        runner.run(steps) { frames.append($0) }
        return frames
    }
}
