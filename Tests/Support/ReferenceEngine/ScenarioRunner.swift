import FeedEngine
import FeedExplorer
import FeedScenario

/// Drives the pure engine through a script: owns the virtual clock and the
/// data source, carries out effects, and emits a frame whenever what the
/// screen shows changes (SPEC §6).
///
/// Frames are handed to `emit` one at a time and not kept, so memory stays
/// bounded however long the scenario runs; the items the list holds are
/// bounded by `ItemLimits`, and a run that would cross a limit stops with a
/// `RunLimitError`.
public struct ScenarioRunner {
    /// A reply as the source gave it when asked, waiting on the timeline.
    struct Answer: Hashable, Sendable {
        var outcome: Reply.Outcome
        /// `reply 3: page 2, 20 items`, for the frame's cause.
        var note: String
    }

    public private(set) var state: FeedState
    private var source: any FeedSource
    /// What the clock still owes: the one effect interpreter the explorer shares.
    private var timeline = Timeline<Answer>()
    private var lastLayout: Layout
    public private(set) var framesEmitted = 0
    private var held = HeldItems()
    /// Steps performed so far: the index of the next one in the script.
    private var stepsPerformed = 0
    /// The first step that did nothing (see `IneffectiveStep`), and how many did.
    public private(set) var firstIneffective: IneffectiveStep?
    public private(set) var ineffectiveSteps = 0
    /// Measures arriving items when the list's cells decide their heights.
    private let sizer: (any RowSizer)?

    public init(state: FeedState, source: any FeedSource, sizer: (any RowSizer)? = nil) {
        self.state = state
        self.source = source
        self.sizer = sizer
        self.lastLayout = state.layout()
    }

    /// A runner at the start of `scenario`, with a fresh data source.
    public init(_ scenario: Scenario, sizer: (any RowSizer)? = nil) {
        self.init(state: scenario.initialState, source: scenario.source.makeSource(), sizer: sizer)
    }

    /// Runs every step, calling `emit` for each frame.
    /// - Throws: `.emitted` with what `emit` threw, or `.limit` when a reply would
    ///   make the list hold more than `ItemLimits` allows.
    public mutating func run<E: Error>(_ steps: [ScriptStep], emit: (Frame) throws(E) -> Void) throws(RunFailure<E>) {
        for step in steps { try perform(step, emit: emit) }
    }

    /// Performs one step of the script.
    /// - Throws: as `run` does.
    public mutating func perform<E: Error>(_ step: ScriptStep, emit: (Frame) throws(E) -> Void) throws(RunFailure<E>) {
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
                                                       reason: IneffectiveStep.reason(event, seen: before.layout(), hasHeader: before.config.header != nil,
                                                                                     launched: before.launched))
                }
            }
        case .wait(let seconds):
            try advanceClock(to: Timeline<Answer>.rounded(state.time + seconds), during: step, emit: emit)
        case .fling(let velocity):
            try fling(velocity, step: step, emit: emit)
        case .insert(let count):
            // The feed grows at its head; the screen shows nothing of it until the list loads.
            source.insertAtHead(count, at: state.time)
        }
    }

    /// Lets the clock run to `end`: replies and toast expiries due by then happen in due order.
    private mutating func advanceClock<E: Error>(to end: Double, during step: ScriptStep, emit: (Frame) throws(E) -> Void) throws(RunFailure<E>) {
        while let next = timeline.takeNext(dueBy: end) {
            _ = state.reduce(.clockAdvanced(to: next.due))
            switch next.event {
            case .reply(let request, let answer):
                // A reply for a request no longer in flight says so in the cause.
                let current = state.request?.id == request.id
                let note = current ? answer.note : "reply \(request.id): stale, dropped"
                var outcome = answer.outcome
                // Heights are measured once, as the page arrives (a stale page is dropped unmeasured).
                if current, let sizer, case .success(let items) = outcome {
                    do { outcome = .success(try sizer.sized(items)) } catch {
                        throw .limit(RunLimitError("at \(formatPoints(state.time)) s, reply \(request.id): \(error.message)"))
                    }
                }
                try apply(.replyArrived(Reply(requestID: request.id, outcome: outcome)), cause: "\(step) → \(note)", emit: emit)
            case .toastExpiry(let until):
                try apply(.toastExpired(until: until), cause: "\(step) → toast expired", emit: emit)
            }
        }
        _ = state.reduce(.clockAdvanced(to: end))
    }

    /// `fling V` (SPEC §9): the list decelerates from V as UIScrollView does, stepped at 60 Hz of
    /// virtual time, a frame at each step where the screen changed. It stops when the speed falls
    /// below 10 pt/s or at the end of the resting range (no rubber band); what the geometry triggers
    /// on the way happens on the way (an auto footer may load mid-fling; a fling never arms the
    /// header, nothing being dragged), and replies due meanwhile arrive at their times.
    private mutating func fling<E: Error>(_ velocity: Double, step: ScriptStep, emit: (Frame) throws(E) -> Void) throws(RunFailure<E>) {
        let deceleration = Deceleration(velocity: velocity)
        let duration = deceleration.duration
        let start = state.contentOffset, began = state.time
        var elapsed = 0.0
        while elapsed < duration {
            elapsed = min(elapsed + 1000 / 60, duration)
            try advanceClock(to: Timeline<Answer>.rounded(began + elapsed / 1000), during: step, emit: emit)
            let target = start + deceleration.distance(after: elapsed)
            try apply(.scroll(.offset(target)), cause: step.description, emit: emit)
            // At an end of the resting range the list stops there.
            if state.contentOffset != target { break }
        }
    }

    @discardableResult
    private mutating func apply<E: Error>(_ event: FeedEvent, cause: String, emit: (Frame) throws(E) -> Void) throws(RunFailure<E>) -> [Effect] {
        let running = state.request
        let count = state.items.count
        let effects = state.reduce(event)
        if case .replyArrived(let reply) = event, case .success = reply.outcome, let running, running.id == reply.requestID {
            if running.kind.replacesRows { held.reset() }
            do {
                try held.add(state.items, from: running.kind.replacesRows ? 0 : count)
            } catch {
                throw .limit(RunLimitError("at \(formatPoints(state.time)) s, reply \(reply.requestID): \(error.message)"))
            }
        }
        var owed = timeline
        owed.schedule(effects, now: state.time) { request in ask(request) }
        timeline = owed
        let layout = state.layout()
        guard layout != lastLayout else { return effects }
        lastLayout = layout
        framesEmitted += 1
        do { try emit(Frame(number: framesEmitted, time: state.time, cause: cause, layout: layout)) } catch { throw .emitted(error) }
        return effects
    }

    /// Asks the source now, as the request starts: its answer waits on the timeline for its latency.
    private mutating func ask(_ request: Request) -> (latency: Double, payload: Answer) {
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
        return (latency, Answer(outcome: outcome, note: note))
    }
}

/// Why a run stopped: the list would hold more than `ItemLimits` allows, or
/// the caller's `emit` threw (a frame could not be written, say).
public enum RunFailure<Emitted: Error>: Error {
    case limit(RunLimitError)
    case emitted(Emitted)
}

extension Scenario {
    /// Every frame the scenario produces, held in memory: for tests and short
    /// scenarios. A render streams them through `ScenarioRunner.run` instead.
    /// - Throws: a `RunLimitError` when the list would hold more than `ItemLimits` allows.
    public func frames(sizer: (any RowSizer)? = nil) throws(RunLimitError) -> [Frame] {
        var runner = ScenarioRunner(self, sizer: sizer)
        var frames: [Frame] = []
        do throws(RunFailure<Never>) {
            try runner.run(steps) { (frame: Frame) throws(Never) in frames.append(frame) }
        } catch {
            switch error {
            case .limit(let limit): throw limit
            }
        }
        return frames
    }
}

extension Scenario {
    /// The state before the first event.
    public var initialState: FeedState { FeedState(config: config, viewport: viewport, insets: insets, style: style) }
}
