import FeedEngine
import Foundation

/// FeedFrames playing UIKit around a team's paging logic (SPEC §10): it owns the scroll view (offset,
/// drags, insets, settling, the header and footer views' frames), the virtual clock and the data
/// source, calls the logic with UIKit's callbacks in UIKit's order, carries out its effects, and
/// writes a frame whenever what the screen shows changes.
///
/// Every render plays a behaviour through it: a team's, or its preset's (`Scenario.behaviour`); `BehaviourExplorer`
/// (FeedExplorer) searches a behaviour by stepping this runner (`deliverNext(by:outcome:)`, `searchKey`).
public struct BehaviourRunner<Behaviour: PagingBehaviour> {
    /// What a run never changes, behind one reference (`Fixed`).
    private var fixed: Fixed
    public var behaviour: Behaviour { _read { yield fixed.behaviour } }
    public private(set) var state: Behaviour.State
    /// `state` as `screen` was last worked out from. It holds the buffers `state` holds (unless a state equal by
    /// `==` came in other storage, which `same` then compares by `==`), so a callback that
    /// changes the state in place copies what it changes (no storage it sees is uniquely referenced), and the
    /// bits of the two then tell a change apart (`same`) with no copy of the state a callback: a search makes
    /// millions of callbacks, most changing nothing, and a copy and its release were a sixth of its time, more
    /// on two threads, where both retain the same rows.
    private var shown: Behaviour.State
    /// The views' sizes (header, footer, row height, arming distance) and the texts keys resolve to.
    public var config: FeedConfig { _read { yield fixed.config } }
    public private(set) var viewport: Viewport
    public var insets: ListInsets { fixed.insets }
    /// The table's style, when the rows form sections (SPEC §9).
    public var style: ListStyle? { _read { yield fixed.style } }
    private var source: any FeedSource
    /// Measures a page's items as it arrives, when the list's cells decide their heights.
    private var sizer: (any RowSizer)? { _read { yield fixed.sizer } }
    /// Why the run stopped, if it did: a page the sizer could not measure, or rows past `ItemLimits` (a
    /// logic that never stops appending). From then on nothing is played, delivered or carried out and
    /// no frame is written; `frames(playing:sizer:)` throws it, the library's render stops with it.
    public private(set) var stopped: RunLimitError?
    /// The logic's rows, counted against `ItemLimits` whenever they change.
    private var held = HeldItems()

    public private(set) var contentOffset: Double
    public private(set) var isDragging = false
    /// The `contentInset` the logic set, on top of what covers the edges.
    var contentInsetTop = 0.0, contentInsetBottom = 0.0
    /// Between `beginRefreshing` and `endRefreshing`: the refresh control holds its height in view.
    public private(set) var refreshing = false
    /// `valueChanged` has been sent in this drag.
    var pulledPastThreshold = false
    /// The rows shown, as they were last settled: a run of rows (`ListScreen.Stack.visible(from:to:)`).
    var visibleRows: Range<Int> = 0..<0
    /// Rows `prefetchRowsAt` was called for that are still in the prefetch window.
    var prefetched: [Int] = []

    public private(set) var time = 0.0
    /// Items inserted at the feed's head so far (`insert N`).
    public private(set) var insertedItems = 0
    /// The inserts the source has not heard of yet, in order: with `choosesOutcomes` it hears of them only before it
    /// answers a reply itself. Told at once, a source that a search's thousands of runs share was copied into a box
    /// of the run's own at every insert, retaining its every array — which the runs on another thread retained too.
    private var unheardInserts: [(count: Int, time: Double)] = []
    /// Requests the logic has started, FeedFrames numbering them from 1.
    public private(set) var requestsIssued = 0
    /// The requests whose replies are awaited, oldest first, as they were issued (one answered or cancelled leaves).
    /// An array: there are one or two, and a dictionary was copied and rehashed at each reply a search delivered,
    /// and sorted for each callback record and state check.
    public private(set) var requestsInOrder: [Request] = []
    /// The same by id.
    public var inFlight: [Int: Request] { Dictionary(uniqueKeysWithValues: requestsInOrder.map { ($0.id, $0) }) }
    /// FeedFrames' own count of the pages the logic has been given (SPEC §10): 1 after a replacing reply, +1 after a load-more.
    public private(set) var pageIndex = 0
    /// FeedFrames' log of the newest failed reply, cleared by a success (frame JSON `lastFailure`, SPEC §6);
    /// `hasFailed` once any reply has failed.
    public private(set) var lastFailure: RequestFailure? { didSet { hasFailed = hasFailed || lastFailure != nil } }
    public private(set) var hasFailed = false
    /// What the clock owes, in due order, ties in the order they were scheduled (`schedule`): the next is the first,
    /// and a search key reads them in order with no sorted copy.
    var owed: [OwedEvent] = []
    public private(set) var toast: Toast?
    /// What a render keeps of its play and a search never writes (`PlayLog`), behind one reference.
    private var log = PlayLogBox()
    public var framesEmitted: Int { log.value.framesEmitted }
    /// The script's `launch` has come.
    public private(set) var launched = false
    /// Steps performed so far: the index of the next one in the script.
    private var stepsPerformed = 0
    /// The first command of the script that did nothing (see `IneffectiveStep`), and how many did.
    public var firstIneffective: IneffectiveStep? { log.value.firstIneffective }
    public var ineffectiveSteps: Int { log.value.ineffectiveSteps }
    /// Every callback the logic received, by name, in order: what SPEC §10's table promises.
    public var callbacks: [String] { log.value.callbacks }
    /// On for a search, which makes millions of callbacks and reads neither their names (`callbacks`),
    /// nor frames, nor the steps that did nothing: `perform` then emits and notes none.
    public var searching = false
    /// The caller chooses the outcome of every reply to a request in flight (`deliverNext(by:outcome:)`), as
    /// a search does: the source is then asked only how long a request takes — which must not depend on the items
    /// inserted, as a scripted source's does not — and makes no page that would be thrown away. A reply delivered
    /// without an outcome is then answered by the source as it arrives, told of the inserts first.
    public var choosesOutcomes = false
    /// Each callback with its effects and the screen before and after, while not `nil`: what the
    /// explorer's invariants read (they never see the logic's state type). The reader empties it.
    public var journal: [CallbackRecord]? {
        get { log.journal }
        set { log.value.journal = newValue }
    }
    /// Rules over one callback, each judged on its record as the callback happens (a search's, which
    /// keeps no journal: a record is hundreds of bytes, and a move makes dozens). What they find is
    /// gathered in `breaches`.
    public var callbackChecks: [CallbackCheck] {
        get { fixed.callbackChecks }
        set { fixed = fixed.copy(callbackChecks: newValue) }
    }
    /// Some check must see the callbacks that change nothing too.
    private var judgesQuietCallbacks: Bool { fixed.judgesQuietCallbacks }
    /// What `callbackChecks` found since the reader last emptied it: (the check's rule, what was seen).
    public var breaches: [(rule: Int, message: String)] = []
    /// The newest request that replaces the rows (initial or refresh): a reply to any request before it is stale.
    var newestReplacing = 0
    /// Replies FeedFrames delivered to requests older than the newest that replaces the rows: their pages are out of date.
    public private(set) var staleReplies = 0
    /// Replies to requests the logic cancelled, which arrived and were dropped (frame JSON `staleReplies`,
    /// as SPEC §2 counts a reply to a request no longer in flight).
    public private(set) var repliesDropped = 0


    public init(_ behaviour: Behaviour, config: FeedConfig, viewport: Viewport = .standard, insets: ListInsets = .none,
                style: ListStyle? = nil, source: any FeedSource, sizer: (any RowSizer)? = nil) {
        fixed = Fixed(behaviour, config: config, insets: insets, style: style, sizer: sizer, callbackChecks: [])
        self.state = behaviour.initialState
        shown = state
        screen = behaviour.screen(behaviour.initialState)
        stack = screen.stack(rowHeight: config.rowHeight, style: style)
        self.viewport = viewport
        self.source = source
        contentOffset = 0 - insets.top
    }

    /// What a run never changes: the logic, the list's configuration, insets and style, the sizer and the
    /// callback rules. Behind one reference, since a search copies the runner for every successor: held
    /// inline they were a dozen references to retain a copy, on objects every runner of the search shares,
    /// whose counts two threads then took turns at (`detach()`).
    private final class Fixed {
        let behaviour: Behaviour
        let config: FeedConfig
        let insets: ListInsets
        let style: ListStyle?
        let sizer: (any RowSizer)?
        let callbackChecks: [CallbackCheck]
        let judgesQuietCallbacks: Bool
        /// Some check must see the callbacks that ask for no effect and keep the rows too.
        let judgesRowKeepingCallbacks: Bool
        /// A search may stop a settling's row callbacks at the first that changes nothing (`settleRows`):
        /// the logic answers them alike and no check judges a callback that changes nothing.
        let skipsQuietRowCallbacks: Bool

        init(_ behaviour: Behaviour, config: FeedConfig, insets: ListInsets, style: ListStyle?, sizer: (any RowSizer)?,
             callbackChecks: [CallbackCheck]) {
            self.behaviour = behaviour
            self.config = config
            self.insets = insets
            self.style = style
            self.sizer = sizer
            self.callbackChecks = callbackChecks
            judgesQuietCallbacks = callbackChecks.contains { !$0.holdsWhenNothingChanges }
            judgesRowKeepingCallbacks = callbackChecks.contains { !$0.holdsUnlessEffectsOrRowsChange }
            skipsQuietRowCallbacks = behaviour.answersRowCallbacksAlike && !judgesQuietCallbacks
        }

        /// The same, with `callbackChecks` when given, in an object of its own.
        func copy(callbackChecks: [CallbackCheck]? = nil) -> Fixed {
            Fixed(behaviour, config: config, insets: insets, style: style, sizer: sizer, callbackChecks: callbackChecks ?? self.callbackChecks)
        }

        // The logic is called from here, where it is borrowed from `self`: called through the runner's
        // `fixed`, it was copied out first, a dozen texts retained and released a callback.

        func handle(_ callback: ListCallback, state: inout Behaviour.State) -> [ListEffect] { behaviour.handle(callback, state: &state) }
        func screen(_ state: Behaviour.State) -> ListScreen { behaviour.screen(state) }
        var prefetchDistance: Int { behaviour.prefetchDistance }
    }

    /// Gives the runner its own copy of what the runners of a search share (`Fixed`, the data source's box, and in
    /// a search the rows: `rehomeRows`), for a thread to copy it from: the copies it makes then retain and release
    /// objects no other thread touches, where two threads retaining one object slow each other (each count moves
    /// between cores). In a search the thread's `Fixed` is made once (`SearchMemo.threadsOwn`).
    /// Nothing it does changes. `callbackChecks`, when given, are the same rules behind the thread's own closures
    /// (`CallbackCheck.forOneThread()`).
    /// - Complexity: O(1): an allocation or two, and a retain of each of the shared values' parts; O(rows) the first time
    ///   a thread's memo homes these rows (restacked once, unless the memo has the stack of its copy).
    package mutating func detach(callbackChecks: [CallbackCheck]? = nil) {
        // In a search, one copy a thread (the thread's memo keeps it): every `Fixed` of a search is alike. Its class is
        // told by its metadata pointer: `as? Fixed` looked up a generic class's metadata, a third of this.
        if let own = SearchMemo.current?.threadsOwn, ObjectIdentifier(type(of: own)) == ObjectIdentifier(type(of: fixed)) {
            fixed = unsafeDowncast(own, to: Fixed.self)
        } else {
            fixed = fixed.copy(callbackChecks: callbackChecks)
            SearchMemo.current?.threadsOwn = fixed
        }
        source = Self.reboxed(source)
        rehomeRows()
    }

    /// In a search, gives the rows of a preset's state the storage of the thread's memo (`RehomingRows`), and the
    /// screen and its stack with them: the states this thread makes from the run then retain rows no other thread's
    /// states retain. Made on another thread, they retained the rows that thread's first levels made, which every
    /// state after them shares (an interposed `swift_retain` counted those counts passing between cores most).
    /// The run plays on as it would have: the state, screen and stack stay equal (`shown` is `state` at rest).
    private mutating func rehomeRows() {
        guard let memo = SearchMemo.current, let rows = Behaviour.State.self as? any RehomingRows.Type else { return }
        Self.rehome(&state, as: rows, in: memo)
        shown = state
        screen = fixed.screen(state)
        stack = memo.stack(of: screen.rows, rowHeight: config.rowHeight, style: style) {
            screen.stack(rowHeight: config.rowHeight, style: style)
        }
    }

    /// `state.rehomeRows(in: memo)`, `state` being a `Rows` (the type `rehomeRows()` found it is): in place, where a
    /// cast of the state to `any RehomingRows` and back boxed it, a third of a search thread's time detaching a parent
    /// another made (callgrind, the large model to depth 13, `--jobs 2`).
    private static func rehome<Rows: RehomingRows>(_ state: inout Behaviour.State, as _: Rows.Type, in memo: SearchMemo) {
        withUnsafeMutablePointer(to: &state) { state in
            state.withMemoryRebound(to: Rows.self, capacity: 1) { $0.pointee.rehomeRows(in: memo) }
        }
    }

    /// Tells the source of the inserts it has not heard of (`unheardInserts`).
    private mutating func tellSourceOfInserts() {
        for (count, time) in unheardInserts { source.insertAtHead(count, at: time) }
        unheardInserts = []
    }

    /// `source` in a box of its own.
    private static func reboxed<Source: FeedSource>(_ source: Source) -> any FeedSource { source }

    /// A runner for `scenario`'s list, device and data source, playing `behaviour` instead of the preset's rules.
    public init(_ behaviour: Behaviour, scenario: Scenario, sizer: (any RowSizer)? = nil) {
        self.init(behaviour, config: scenario.config, viewport: scenario.viewport, insets: scenario.insets, style: scenario.style,
                  source: scenario.source.makeSource(), sizer: sizer)
    }

    // MARK: Geometry

    /// What the logic says the list shows now.
    /// Cached: the logic's state changes only in `deliver`, which computes it anew.
    public private(set) var screen: ListScreen
    /// `screen`'s rows stacked, section headers included.
    private var stack: ListScreen.Stack { didSet { stackVersion &+= 1 } }
    /// Changes with every change of `stack`: the rows shown were settled for this version, offset and height.
    private var stackVersion = 0
    /// How deep rows are settling (`settleRows`, which a callback's effects may call again), and each stack a callback
    /// replaced meanwhile, with its version: a settling reads the rows as they crossed from here. (It copied the stack
    /// before its first callback, in case one restacked the rows: at nearly every move of a search, for a rare case.)
    private var settling = 0
    private var replacedStacks: [(version: Int, stack: ListScreen.Stack)]?
    private var settled: (version: Int, offset: Double, height: Double)?

    /// The rows' slots summed (section headers included), and the footer view below them while it shows
    /// (a table footer view).
    public var contentHeight: Double {
        stack.height + (screen.footer == .hidden ? 0 : config.footer.height)
    }

    public var adjustedInsetTop: Double {
        @_specialize(exported: true, where Behaviour == RulesBehaviour)
        @_specialize(exported: true, where Behaviour == Seed000Behaviour)
        @_specialize(exported: true, where Behaviour == Seed001Behaviour)
        get { insets.top + contentInsetTop + (refreshing ? config.header?.height ?? 0 : 0) }
    }
    public var adjustedInsetBottom: Double { insets.bottom + contentInsetBottom }
    public var minOffset: Double { 0 - adjustedInsetTop }
    public var maxOffset: Double {
        @_specialize(exported: true, where Behaviour == RulesBehaviour)
        @_specialize(exported: true, where Behaviour == Seed000Behaviour)
        @_specialize(exported: true, where Behaviour == Seed001Behaviour)
        get { max(minOffset, contentHeight + adjustedInsetBottom - viewport.height) }
    }
    func clamped(_ y: Double) -> Double { min(max(y, minOffset), maxOffset) }

    var snapshot: ScrollViewSnapshot {
        ScrollViewSnapshot(contentOffset: contentOffset, contentHeight: contentHeight, height: viewport.height,
                           adjustedInsetTop: adjustedInsetTop, adjustedInsetBottom: adjustedInsetBottom, isDragging: isDragging)
    }

    /// The rows overlapping the viewport at `offset`.
    /// - Complexity: `ListScreen.Stack.visible(from:to:)`'s: O(log n) where the rows' edges rise exactly.
    func rowsVisible(at offset: Double) -> Range<Int> { stack.visible(from: offset, to: offset + viewport.height) }

    /// Where the scroll view is, as the frame's layout reads it.
    private var geometry: ListScreen.Geometry {
        // The frame's `adjustedInset` counts a footer view below the rows, as SPEC counts its auto
        // footer (README, "a held header or footer included"); the scroll view here holds it as content.
        let footer = screen.footer == .hidden ? 0 : config.footer.height
        return ListScreen.Geometry(viewport: viewport, insets: insets, contentOffset: contentOffset,
                                   adjustedInsetTop: adjustedInsetTop, adjustedInsetBottom: adjustedInsetBottom + footer)
    }

    /// Whether the header and footer views are in view, as the frame shows them.
    /// - Complexity: O(1).
    public var viewsInView: (header: Bool, footer: Bool) {
        @_specialize(exported: true, where Behaviour == RulesBehaviour)
        @_specialize(exported: true, where Behaviour == Seed000Behaviour)
        @_specialize(exported: true, where Behaviour == Seed001Behaviour)
        get { screen.viewsInView(geometry, headerHeight: config.header?.height ?? 0, footerHeight: config.footer.height, rowsHeight: stack.height) }
    }

    public var layout: Layout {
        let request = requestsInOrder.last
        return screen.layout(geometry, config: config, style: style, stack: stack, texts: config.texts, toast: toast, request: request, pageIndex: pageIndex,
                             staleReplies: repliesDropped, hasFailed: hasFailed, lastFailure: lastFailure)
    }

    /// What a command may change: the logic's state, the scroll view, the requests, what the clock owes.
    private struct Moment: Equatable {
        var state: Behaviour.State
        var contentOffset, contentInsetTop, contentInsetBottom: Double
        var isDragging, refreshing: Bool
        var requestsIssued, inFlight, owed: Int
        var toast: Toast?
    }

    private var moment: Moment {
        Moment(state: state, contentOffset: contentOffset, contentInsetTop: contentInsetTop, contentInsetBottom: contentInsetBottom,
               isDragging: isDragging, refreshing: refreshing, requestsIssued: requestsIssued, inFlight: requestsInOrder.count, owed: owed.count,
               toast: toast)
    }

    // MARK: The script

    /// Runs every step, calling `emit` for each frame.
    public mutating func run<E: Error>(_ steps: [ScriptStep], emit: (Frame) throws(E) -> Void) throws(E) {
        for step in steps { try perform(step, emit: emit) }
    }

    /// One step with no frames to emit, as a search takes it (specialised for the presets' behaviours, as
    /// `BehaviourExplorer`'s expansion is, so that a search of them runs no generic code).
    @_specialize(exported: true, where Behaviour == RulesBehaviour)
    @_specialize(exported: true, where Behaviour == Seed000Behaviour)
    @_specialize(exported: true, where Behaviour == Seed001Behaviour)
    public mutating func perform(_ step: ScriptStep) {
        perform(step) { (_: Frame) throws(Never) in }
    }

    public mutating func perform<E: Error>(_ step: ScriptStep, emit: (Frame) throws(E) -> Void) throws(E) {
        guard stopped == nil else { return }
        defer { stepsPerformed += 1 }
        switch step {
        case .event(let event):
            // A command after which the logic's state, the scroll view, the requests and the clock's
            // debts are as they were did nothing (a render's warning: a search does not look, and makes
            // no copy to compare: an empty optional of the moment and layout was copied twice a step).
            guard !searching && IneffectiveStep.counts(event) else {
                play(event)
                try frame(step.description, emit)
                return
            }
            let (momentBefore, seen) = (moment, layout)
            play(event)
            if momentBefore == moment {
                log.value.ineffectiveSteps += 1
                if firstIneffective == nil {
                    log.value.firstIneffective = IneffectiveStep(index: stepsPerformed, step: step, reason: IneffectiveStep.reason(
                        event, seen: seen, hasHeader: config.header != nil, launched: launched))
                }
            }
            try frame(step.description, emit)
        case .wait(let seconds):
            try advance(to: VirtualTime.rounded(time + seconds), during: step, emit)
        case .fling(let velocity):
            // A fling (SPEC §9): 60 Hz of virtual time, what is due meanwhile arriving at its
            // time, stopping at an end of the resting range.
            let deceleration = Deceleration(velocity: velocity)
            deliver(.scrollViewWillBeginDecelerating(snapshot))
            let start = contentOffset, began = time
            var elapsed = 0.0
            while elapsed < deceleration.duration && stopped == nil {
                elapsed = min(elapsed + 1000 / 60, deceleration.duration)
                try advance(to: VirtualTime.rounded(began + elapsed / 1000), during: step, emit)
                let target = start + deceleration.distance(after: elapsed)
                let reached = clamped(target)
                move(to: reached)
                try frame(step.description, emit)
                if reached != target { break }
            }
            deliver(.scrollViewDidEndDecelerating(snapshot))
            try frame(step.description, emit)  // what a logic does as the list comes to rest
        case .insert(let count):
            // The feed grows at its head; the app hears of it only through the pages it asks for.
            if choosesOutcomes { unheardInserts.append((count, time)) } else { source.insertAtHead(count, at: time) }
            insertedItems += count
        }
    }

    /// Delivers everything due by `end`, a frame for each, then sets the clock to `end`.
    private mutating func advance<E: Error>(to end: Double, during step: ScriptStep, _ emit: (Frame) throws(E) -> Void) throws(E) {
        while let delivery = deliverNext(by: end) {
            switch delivery {
            case .delivered(let note): try frame("\(step) → \(note)", emit)
            case .dropped(let id): try frame("\(step) → reply \(id): stale, dropped", emit)
            }
        }
        time = end
    }

    // MARK: The clock, stepped from outside

    /// What is owed next: a reply (to a request still in flight, or one the logic cancelled, with the items
    /// inserted at the feed's head when it was made), a timer, a toast's expiry.
    public enum Due: Hashable, Sendable {
        case reply(Request, inFlight: Bool, head: Int)
        case timer(String)
        case toastExpiry
    }

    /// The next thing due by `end`, without taking it (the explorer branches on a reply's outcome).
    public func peekDue(by end: Double) -> Due? {
        guard stopped == nil, nextIsDue(by: end) else { return nil }
        switch owed[0].event {
        case .reply(let request, _, let head): return .reply(request, inFlight: requestsInOrder.contains { $0.id == request.id }, head: head)
        case .timer(let name): return .timer(name)
        case .toastExpiry: return .toastExpiry
        }
    }

    /// Timers the logic started that have not fired or been stopped.
    /// - Complexity: O(owed), a handful, with no list made (a search asks at every state it checks).
    public var timersOwed: Int {
        @_specialize(exported: true, where Behaviour == RulesBehaviour)
        @_specialize(exported: true, where Behaviour == Seed000Behaviour)
        @_specialize(exported: true, where Behaviour == Seed001Behaviour)
        get { owed.reduce(0) { if case .timer = $1.event { $0 + 1 } else { $0 } } }
    }

    /// The time of the next thing owed, whenever it is due.
    public var nextDue: Double? {
        @_specialize(exported: true, where Behaviour == RulesBehaviour)
        @_specialize(exported: true, where Behaviour == Seed000Behaviour)
        @_specialize(exported: true, where Behaviour == Seed001Behaviour)
        get { owed.first?.due }
    }

    /// What `deliverNext(by:outcome:)` did.
    public enum Delivery: Hashable, Sendable {
        /// Delivered, with a note for the frame's cause (`reply 2: page 2, 20 items`).
        case delivered(String)
        /// The reply to request `id`, which the logic cancelled: the clock moved and FeedFrames counted it
        /// (`repliesDropped`); the logic never sees it.
        case dropped(Int)
    }

    /// Takes the next thing due by `end`, moves the clock to it and delivers it (then the rows that
    /// arrive); `nil` when nothing is due. For a reply to a request in flight, `outcome` (when given)
    /// replaces what the source answered: the explorer chooses each reply's outcome itself.
    @_specialize(exported: true, where Behaviour == RulesBehaviour)
    @_specialize(exported: true, where Behaviour == Seed000Behaviour)
    @_specialize(exported: true, where Behaviour == Seed001Behaviour)
    public mutating func deliverNext(by end: Double, outcome chosen: Reply.Outcome? = nil) -> Delivery? {
        guard stopped == nil, nextIsDue(by: end) else { return nil }
        let next = owed.remove(at: 0)
        time = next.due
        switch next.event {
        case .reply(let request, let answered, _):
            guard removeInFlight(request.id) else {  // cancelled
                repliesDropped += 1
                return .dropped(request.id)
            }
            var outcome: Reply.Outcome
            if let given = chosen.map(Self.reasoned) ?? answered { outcome = given } else {
                tellSourceOfInserts()
                outcome = Self.reasoned(source.respond(to: request, at: time).outcome)
            }
            // Heights are measured once, as the page arrives.
            if let sizer, case .success(let items) = outcome {
                do { outcome = .success(try sizer.sized(items)) } catch {
                    stopped = RunLimitError("at \(formatPoints(time)) s, reply \(request.id): \(error.message)")
                    return nil
                }
            }
            if request.id < newestReplacing { staleReplies += 1 }
            let note: String
            switch outcome {
            case .success(let items):
                pageIndex = request.kind.replacesRows ? 1 : pageIndex + 1
                lastFailure = nil
                // A frame's cause; a search draws no frames.
                note = searching ? "" : "reply \(request.id): page \(request.page), \(items.count) item\(items.count == 1 ? "" : "s")"
            case .failure(let reason):
                lastFailure = RequestFailure(request: request.id, reason: reason)
                note = searching ? "" : "reply \(request.id): failed (\(reason))"
            }
            deliver(.reply(id: request.id, outcome), answering: request)
            reloaded()
            return .delivered(note)
        case .timer(let name):
            deliver(.timerFired(name))
            reloaded()
            return .delivered("timer \(name)")
        case .toastExpiry(let until):
            if toast?.until == until { toast = nil }
            return .delivered("toast expired")
        }
    }

    /// The rows may have changed (`reloadData`): a scroll view left past its new range comes back
    /// within it (UIKit keeps `contentOffset` in range when `contentSize` shrinks, unless a finger
    /// holds it), then cells for the rows newly visible.
    private mutating func reloaded() {
        let y = clamped(contentOffset)
        if !isDragging && y != contentOffset { move(to: y) } else { settleRows() }
    }

    /// Moves the clock to `time` with nothing delivered (the end of a wait).
    public mutating func advanceClock(to time: Double) { self.time = max(self.time, time) }

    private static func reasoned(_ outcome: Reply.Outcome) -> Reply.Outcome {
        if case .failure(let reason) = outcome { return .failure(FailureText.reason(reason)) }
        return outcome
    }

    /// The cause is worked out only when a frame is written: a search writes none, and describing its every
    /// step was a fiftieth of it (perf).
    private mutating func frame<E: Error>(_ cause: @autoclosure () -> String, _ emit: (Frame) throws(E) -> Void) throws(E) {
        guard !searching, stopped == nil else { return }
        let layout = self.layout
        guard layout != log.value.lastLayout else { return }
        log.value.lastLayout = layout
        log.value.framesEmitted += 1
        try emit(Frame(number: framesEmitted, time: time, cause: cause(), layout: layout))
    }

    /// One event of the script, as UIKit would play it (SPEC §10's table).
    mutating func play(_ event: FeedEvent) {
        switch event {
        case .launch:
            launched = true
            deliver(.viewDidLoad(snapshot))
            // The first layout: what covers the top (a device's safe area, bars) moves the offset from 0
            // to −adjustedContentInset.top, which UIKit reports as a scroll.
            if contentOffset != 0 { deliver(.scrollViewDidScroll(snapshot)) }
            settleRows()
        case .drag(let target):
            let begins = !isDragging
            if begins {
                isDragging = true
                pulledPastThreshold = false
                deliver(.scrollViewWillBeginDragging(snapshot))
            }
            let y: Double
            switch target {
            case .offset(let value): y = value
            case .by(let dy): y = contentOffset + dy
            }
            // A pan begins only once the finger has moved the content: one that ends where it began
            // (`drag to` the offset it starts from) has still scrolled on its way.
            if begins && y == contentOffset { deliver(.scrollViewDidScroll(snapshot)) } else { move(to: y) }
        case .release:
            guard isDragging else { return }
            let target = clamped(contentOffset)
            deliver(.scrollViewWillEndDragging(velocity: 0, targetContentOffset: target, snapshot))
            isDragging = false
            let settles = target != contentOffset
            deliver(.scrollViewDidEndDragging(willDecelerate: settles, snapshot))
            if settles {
                deliver(.scrollViewWillBeginDecelerating(snapshot))
                move(to: clamped(contentOffset))
                deliver(.scrollViewDidEndDecelerating(snapshot))
            }
        case .scroll(let target):
            let y: Double
            switch target {
            case .top: y = minOffset
            case .bottom: y = maxOffset
            case .offset(let value): y = clamped(value)
            case .by(let dy): y = clamped(contentOffset + dy)
            }
            move(to: y)  // setContentOffset(animated: false): one scrollViewDidScroll
        case .tapRetry:
            deliver(.tapRetry)
            settleRows()
        case .tapFooter:
            deliver(.tapFooter)
            settleRows()
        case .refresh:
            // The script's pull-to-refresh, as a user's release past the threshold sends it.
            deliver(.refreshControlValueChanged)
            settleRows()
        case .resize(let size):
            deliver(.viewWillTransition(to: size))
            viewport = size
            // Clamped into the new range, unless a finger holds the list.
            let y = isDragging ? contentOffset : clamped(contentOffset)
            if y != contentOffset { move(to: y) } else { settleRows() }
        case .clockAdvanced, .replyArrived, .toastExpired:
            break  // the runner's own, never in a script
        }
    }

    /// The offset changes: `scrollViewDidScroll`, a pulled refresh control's `valueChanged` at the
    /// scroll that crosses its threshold, then the rows entering and leaving.
    private mutating func move(to y: Double) {
        guard y != contentOffset else { return }
        let from = contentOffset
        contentOffset = y
        deliver(.scrollViewDidScroll(snapshot))
        if isDragging, !refreshing, !pulledPastThreshold, let header = config.header, screen.header != .hidden,
           -contentOffset - adjustedInsetTop >= header.armDistance {
            pulledPastThreshold = true
            deliver(.refreshControlValueChanged)
        }
        settleRows(from: from)
    }

    /// `cellForRowAt` then `willDisplay` for each row that entered the viewport, `didEndDisplaying`
    /// for each that left, in the order they crossed its edges as the offset moved from `from`
    /// (rows that arrive without a move enter top to bottom). A callback may change the rows
    /// (a logic that appends in `cellForRowAt`): the check repeats until the rows shown hold still.
    /// A search of a logic that answers the row callbacks alike stops each pass at the first that changes nothing.
    private mutating func settleRows(from: Double? = nil) {
        // Nothing moved and no row changed since the rows were last settled: the same rows show (a search
        // settles after every callback, and most change nothing).
        if let settled, settled == (stackVersion, contentOffset, viewport.height) { return }
        settling += 1
        defer {
            settling -= 1
            if settling == 0 { replacedStacks = nil }
        }
        var start = from ?? contentOffset
        var now = rowsVisible(at: contentOffset)
        var passes = 0
        while now != visibleRows && passes < 8 {
            passes += 1
            let seen = (stackVersion, contentOffset, viewport.height)
            let old = visibleRows
            visibleRows = now
            let moved = (start: start, down: contentOffset >= start, height: viewport.height, arrived: from == nil)
            // The scroll view as each callback sees it, worked out again only after one that changed something
            // (a dozen rows cross in a scroll, and most of their callbacks change nothing).
            var view = snapshot
            // A search of a logic that answers the row callbacks alike stops at the first that changes nothing:
            // each after it would meet the same scroll view and state, and change nothing either. No one would
            // see them: a search keeps no log of the callbacks' names, and no journal. Most often the first
            // changes nothing: the rows' order is then not worked out, only which comes first.
            let stopsWhenQuiet = searching && journal == nil && fixed.skipsQuietRowCallbacks
            /// Makes one row callback: whether the ones after it are still to be made.
            func call(_ callback: ListCallback) -> Bool {
                if deliver(callback) {
                    view = snapshot
                    return true
                }
                return !stopsWhenQuiet
            }
            // The rows as they crossed: the first callback may restack them (`crossingOrder(from:to:_:stackedAt:)`).
            let crossed = stackVersion
            var firstMade = false
            if stopsWhenQuiet, let first = Self.firstCrossing(from: old, to: now, stack: stack, moved) {
                guard call(first.enters ? .cellForRowAt(first.row, view) : .didEndDisplaying(first.row, view)) else {
                    start = contentOffset
                    continue
                }
                firstMade = true
            }
            // In the order the rows crossed: by distance, a row leaving before one entering, then by row.
            for (index, (row, enters)) in crossingOrder(from: old, to: now, moved, stackedAt: crossed).enumerated() {
                // The first row's first callback may have been made above.
                let made = firstMade && index == 0
                if enters {
                    guard made || call(.cellForRowAt(row, view)), call(.willDisplay(row, view)) else { break }
                } else {
                    guard made || call(.didEndDisplaying(row, view)) else { break }
                }
            }
            // The callbacks moved nothing and changed no row (most often): the rows shown are `now` still.
            if seen != (stackVersion, contentOffset, viewport.height) { now = rowsVisible(at: contentOffset) }
            start = contentOffset
        }
        // Settled for these rows, offset and height (a prefetch that changes the rows changes the version).
        settled = now == visibleRows ? (stackVersion, contentOffset, viewport.height) : nil
        prefetch()
    }

    /// How the offset moved in a settling: from `start`, down or up, with the bounds' `height`; or the rows
    /// `arrived` without a move (they enter top to bottom).
    typealias Movement = (start: Double, down: Bool, height: Double, arrived: Bool)

    /// `crossingOrder` of the rows as stacked at `version`: the stack now, or one a callback replaced since.
    private func crossingOrder(from old: Range<Int>, to new: Range<Int>, _ moved: Movement, stackedAt version: Int) -> [(row: Int, enters: Bool)] {
        if version != stackVersion, let replaced = replacedStacks?.first(where: { $0.version == version }) {
            return Self.crossingOrder(from: old, to: new, stack: replaced.stack, moved)
        }
        return Self.crossingOrder(from: old, to: new, stack: stack, moved)
    }

    /// Keeps the stack about to be replaced while rows settle, for `crossingOrder(from:to:_:stackedAt:)`.
    private mutating func keepStackWhileSettling() {
        if settling > 0 { replacedStacks = (replacedStacks ?? []) + [(stackVersion, stack)] }
    }

    /// Each row that left (in `old`, not in `new`) or entered the visible rows, those leaving first, each in row
    /// order, with how far the offset had moved when it crossed an edge.
    /// - Complexity: O(rows crossing).
    private static func forEachCrossing(from old: Range<Int>, to new: Range<Int>, stack: ListScreen.Stack, _ moved: Movement,
                                        _ body: (_ distance: Double, _ row: Int, _ enters: Bool) -> Void) {
        /// A row's edges, `(0, 0)` past the rows.
        func edges(of row: Int) -> (top: Double, bottom: Double) { row < stack.heights.count ? stack.edges(of: row) : (0, 0) }
        for row in old where !new.contains(row) { body(distance(to: edges(of: row), enters: false, moved), row, false) }
        for row in new where !old.contains(row) { body(distance(to: edges(of: row), enters: true, moved), row, true) }
    }

    /// How far the offset had moved when a row with these edges crossed the visible area's edge: downwards, a
    /// row leaves at its bottom and enters at its top; upwards, the reverse; rows that arrived without a move
    /// enter by their top.
    /// - Complexity: O(1).
    @inline(__always) private static func distance(to edge: (top: Double, bottom: Double), enters: Bool, _ moved: Movement) -> Double {
        if enters { return moved.arrived ? edge.top : (moved.down ? edge.top - (moved.start + moved.height) : moved.start - edge.bottom) }
        return moved.down ? edge.bottom - moved.start : moved.start + moved.height - edge.top
    }

    /// The rows that crossed, in `inCrossingOrder`.
    /// - Complexity: O(n) for n rows crossing, O(n log n) when they crossed out of row order.
    static func crossingOrder(from old: Range<Int>, to new: Range<Int>, stack: ListScreen.Stack, _ moved: Movement) -> [(row: Int, enters: Bool)] {
        var leaving = Crossings(), entering = Crossings()
        leaving.reserveCapacity(old.count)
        entering.reserveCapacity(new.count)
        forEachCrossing(from: old, to: new, stack: stack, moved) { distance, row, enters in
            if enters { entering.append((distance, row)) } else { leaving.append((distance, row)) }
        }
        return inCrossingOrder(leaving, entering)
    }

    /// The first of `crossingOrder`: the least distance, a row leaving before one entering, then the least row.
    /// Where the rows' edges rise exactly with the row (`Stack.edgesRiseExactly`, and no row past the rows'
    /// end), a crossing's distance rises or falls with its row, so only the ends of the rows leaving and
    /// of those entering are measured (`firstCrossingAtTheEnds`); else every crossing row is, its naive twin
    /// (`CrossingOrderTests`). Nearly every settling of a search asks it, and measuring each of the dozen
    /// rows a scroll crosses was a tenth of a search (callgrind).
    /// - Complexity: O(n) for n rows crossing, with no list made; where the edges rise exactly, a few integer
    ///   steps and a few rows' edges (`firstCrossingAtTheEnds`).
    static func firstCrossing(from old: Range<Int>, to new: Range<Int>, stack: ListScreen.Stack, _ moved: Movement) -> (row: Int, enters: Bool)? {
        if stack.edgesRiseExactly && max(old.last ?? -1, new.last ?? -1) < stack.heights.count {
            return firstCrossingAtTheEnds(from: old, to: new, stack: stack, moved)
        }
        return firstCrossingOfAll(from: old, to: new, stack: stack, moved)
    }

    /// `firstCrossing` by measuring every row crossing.
    static func firstCrossingOfAll(from old: Range<Int>, to new: Range<Int>, stack: ListScreen.Stack, _ moved: Movement) -> (row: Int, enters: Bool)? {
        var first: (distance: Double, enters: Bool, row: Int)?
        forEachCrossing(from: old, to: new, stack: stack, moved) { distance, row, enters in
            if let best = first, (best.distance, best.enters ? 1 : 0, best.row) <= (distance, enters ? 1 : 0, row) { return }
            first = (distance, enters, row)
        }
        return first.map { ($0.row, $0.enters) }
    }

    /// `firstCrossing` where the rows' edges rise with the row: a row leaving downwards crosses at its bottom,
    /// entering at its top (and rows arriving by their top), so the least row of each crosses first; upwards,
    /// a row leaves at its top and enters at its bottom, so the greatest row of each crosses first, or the least
    /// of the rows before it whose edge is the same (zero-height rows).
    /// - Complexity: O(1): the edges of two rows, and upwards of the one before each; upwards past rows of no height,
    ///   O(rows of no height walked back).
    private static func firstCrossingAtTheEnds(from old: Range<Int>, to new: Range<Int>, stack: ListScreen.Stack, _ moved: Movement) -> (row: Int, enters: Bool)? {
        func distance(_ row: Int, enters: Bool) -> Double { Self.distance(to: stack.edges(of: row), enters: enters, moved) }
        /// The first crossing of the rows of `rows` that `other` lacks (leaving: `old` less `new`; entering: the
        /// reverse): the least of them, or, where their distance falls with the row, the greatest, or the least
        /// row before it at the same distance.
        func first(of rows: Range<Int>, lackedBy other: Range<Int>, enters: Bool) -> (distance: Double, row: Int)? {
            let rising = moved.down || (enters && moved.arrived)
            guard var row = firstLacked(in: rows, by: other, fromTheEnd: !rising) else { return nil }
            let least = distance(row, enters: enters)
            var before = row
            while !rising && before > rows.lowerBound {
                before -= 1
                // The rows `other` holds too cross nothing: past them in one step.
                if other.contains(before) {
                    before = other.lowerBound
                    continue
                }
                guard distance(before, enters: enters) == least else { break }
                row = before
            }
            return (least, row)
        }
        let leaves = first(of: old, lackedBy: new, enters: false), enters = first(of: new, lackedBy: old, enters: true)
        // At the same distance a row leaving goes first.
        guard let leaves else { return enters.map { ($0.row, true) } }
        guard let enters, enters.distance < leaves.distance else { return (leaves.row, false) }
        return (enters.row, true)
    }

    /// The first row of `rows` that `other` lacks, or the last (`fromTheEnd`).
    /// - Complexity: O(1).
    @inline(__always) private static func firstLacked(in rows: Range<Int>, by other: Range<Int>, fromTheEnd: Bool) -> Int? {
        guard let end = fromTheEnd ? rows.last : rows.first else { return nil }
        if !other.contains(end) { return end }
        // `other` holds the end: the row past `other` on the way in, if `rows` reaches it.
        let next = fromTheEnd ? other.lowerBound - 1 : other.upperBound
        return rows.contains(next) ? next : nil
    }

    /// Whether the logic's state `a` is `b`: bit for bit, or else by `==`. A callback that changes nothing
    /// (most of them) leaves every field, array and text the very one it was, and comparing such a state
    /// field by field was a twentieth of a search. Bits that differ (a padding byte) fall back to `==`; equal
    /// bits make equal values for any `Equatable` that is reflexive, as `Hashable` requires.
    /// - Complexity: O(size of the state), then `==`'s when the bits differ.
    /// Both are read in place (`inout`): a copy of either would retain its every buffer.
    @inline(__always) static func same(_ a: inout Behaviour.State, _ b: inout Behaviour.State) -> Bool {
        let bitForBit = withUnsafeBytes(of: &a) { x in
            withUnsafeBytes(of: &b) { y in x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
        }
        return bitForBit || a == b
    }

    /// `target = source`, both read in place: written in `stateChanged`, the assignment copied the state twice through
    /// the stack and once back (three copies of its bytes besides the retains and releases), at every change of it.
    @inline(never) private static func assign(_ target: inout Behaviour.State, from source: inout Behaviour.State) {
        target = source
    }

    /// Rows crossing an edge of the visible area, each with how far the offset had moved when it crossed.
    typealias Crossings = [(distance: Double, row: Int)]

    /// The rows of `leaving` and `entering` (each in row order) sorted by distance, a row leaving before one
    /// entering at the same distance, then by row: its naive twin is a sort of both lists together
    /// (`CrossingOrderTests`). A list, not a closure called for each: a closure calling the runner's
    /// `deliver` copied the whole runner at every call.
    ///
    /// A row's edges move monotonically down the rows, so each list is already in distance order, or in
    /// reverse when the list scrolled up; the two are merged in one walk. A list that is not (a row past the
    /// rows' end counts as at 0) is sorted first.
    /// - Complexity: O(n) for n rows, O(n log n) when a list is out of order.
    static func inCrossingOrder(_ leaving: Crossings, _ entering: Crossings) -> [(row: Int, enters: Bool)] {
        func ordered(_ list: Crossings) -> Crossings {
            func sorted(_ list: Crossings) -> Bool {
                zip(list, list.dropFirst()).allSatisfy { ($0.distance, $0.row) < ($1.distance, $1.row) }
            }
            if sorted(list) { return list }
            let reversed = Crossings(list.reversed())
            return sorted(reversed) ? reversed : list.sorted { ($0.distance, $0.row) < ($1.distance, $1.row) }
        }
        let leaving = ordered(leaving), entering = ordered(entering)
        var order: [(row: Int, enters: Bool)] = []
        order.reserveCapacity(leaving.count + entering.count)
        var l = 0, e = 0
        while l < leaving.count || e < entering.count {
            if e == entering.count || (l < leaving.count && leaving[l].distance <= entering[e].distance) {
                order.append((leaving[l].row, false))
                l += 1
            } else {
                order.append((entering[e].row, true))
                e += 1
            }
        }
        return order
    }

    /// `prefetchRowsAt` (UITableViewDataSourcePrefetching), for a logic that opts in: the rows within
    /// `prefetchDistance` below the last visible one, each once while it stays in that window.
    private mutating func prefetch() {
        let distance = fixed.prefetchDistance
        guard distance > 0 else { return }
        let rows = screen.rows.count
        let first = (visibleRows.last ?? -1) + 1
        let window = first < rows ? Array(first..<min(rows, first + distance)) : []
        prefetched = prefetched.filter { window.contains($0) }
        let fresh = window.filter { !prefetched.contains($0) }
        guard !fresh.isEmpty else { return }
        prefetched.append(contentsOf: fresh)
        deliver(.prefetchRowsAt(fresh, snapshot))
    }

    // MARK: Effects

    /// - Returns: whether the callback changed the logic's state or asked for effects (what else may have moved).
    @discardableResult
    private mutating func deliver(_ callback: ListCallback, answering request: Request? = nil) -> Bool {
        guard stopped == nil else { return false }
        if !searching { log.value.callbacks.append(callback.name) }
        let effects = fixed.handle(callback, state: &state)
        let changed = !Self.same(&state, &shown)
        let quiet = effects.isEmpty && !changed
        guard journal != nil || judgesQuietCallbacks || (!quiet && !callbackChecks.isEmpty) else {
            if changed { stateChanged() }
            for effect in effects { carry(effect) }
            return !quiet
        }
        let stale = request.map { $0.id < newestReplacing } ?? false
        // The screen before the callback, for its record: moved out of `screen` when the state changed (a copy
        // retained and released its every text, at each callback a search checks).
        let before = changed ? stateChanged() : screen
        // A callback with no effect that kept the rows (a scroll, most often) breaks none of the checks that say so.
        if journal == nil && effects.isEmpty && !fixed.judgesRowKeepingCallbacks && screen.rows == before.rows { return !quiet }
        var started: [CallbackRecord.Started] = []
        for effect in effects {
            if case .request(let kind, _) = effect {
                let expected = kind.replacesRows ? 1 : pageIndex + 1
                carry(effect)
                if let request = requestsInOrder.last, request.id == requestsIssued { started.append(.init(request: request, expectedPage: expected)) }
            } else {
                carry(effect)
            }
        }
        let record = CallbackRecord(callback: callback, time: time, effects: effects, screenBefore: before, screenAfter: screen,
                                    started: started, inFlight: requestsInOrder,
                                    answered: request, stale: stale)
        for check in callbackChecks {
            if let message = check.check(record) { breaches.append((check.rule, message)) }
        }
        if journal != nil { log.value.journal?.append(record) }
        return !quiet
    }

    /// Takes request `id` out of the requests in flight (answered or cancelled); whether it was there.
    private mutating func removeInFlight(_ id: Int) -> Bool {
        guard let index = requestsInOrder.firstIndex(where: { $0.id == id }) else { return false }
        requestsInOrder.remove(at: index)
        return true
    }

    /// The logic's state has moved on (most callbacks change nothing); the screen follows it.
    /// - Returns: the screen it replaced.
    /// - Complexity: O(1) when the rows are the array they were; O(rows) when they changed (compared
    ///   to tell an append, which is stacked on in O(rows added), from a change, restacked).
    @discardableResult
    private mutating func stateChanged() -> ListScreen {
        Self.assign(&shown, from: &state)
        var replaced = fixed.screen(state)
        swap(&screen, &replaced)
        let old = replaced.rows, rows = screen.rows
        let appended = rows.count > old.count && rows.begins(with: old)
        // Most changes leave the rows as they were (a flag, the scroll view kept): the stack stays.
        guard appended || rows != old else { return replaced }
        if !appended { held.reset() }
        // In a search, the thread's memo (`SearchMemo`): read once here, for the text held and the stack.
        let memo = SearchMemo.current
        do { try held.add(rows, from: appended ? old.count : 0, memo: memo) } catch {
            // The run ends here: the callback's effects are not carried out, and nothing follows.
            stopped = RunLimitError("at \(formatPoints(time)) s, \(callbacks.last ?? "a callback"): \(error.message)")
            return replaced
        }
        // A stack is its rows' (`Stack`, bit for bit however it was built): in a search, the one some other state made
        // of these very rows, when the memo has it; else stacked on in place (a render's rows may be millions).
        keepStackWhileSettling()
        if let memo {
            stack = memo.stack(of: rows, rowHeight: config.rowHeight, style: style) {
                appended ? stack.appending(rows, from: old.count, rowHeight: config.rowHeight, style: style)
                    : screen.stack(rowHeight: config.rowHeight, style: style)
            }
        } else if appended {
            stack.append(rows, from: old.count, rowHeight: config.rowHeight, style: style)
        } else {
            stack = screen.stack(rowHeight: config.rowHeight, style: style)
        }
        return replaced
    }

    private mutating func carry(_ effect: ListEffect) {
        guard stopped == nil else { return }
        switch effect {
        case .request(let kind, let page):
            requestsIssued += 1
            let request = Request(id: requestsIssued, kind: kind, page: page)
            requestsInOrder.append(request)
            if kind.replacesRows { newestReplacing = request.id }
            if choosesOutcomes {
                schedule(VirtualTime.rounded(time + source.latency(of: request, at: time)), .reply(request, nil, head: insertedItems))
            } else {
                let (latency, outcome) = source.respond(to: request, at: time)
                schedule(VirtualTime.rounded(time + latency), .reply(request, Self.reasoned(outcome), head: insertedItems))
            }
        case .cancel(let id):
            _ = removeInFlight(id)
        case .setContentInset(let top, let bottom):
            contentInsetTop = top
            contentInsetBottom = bottom
        case .setContentOffset(let y, _):
            move(to: y)
        case .beginRefreshing:
            let atRest = contentOffset <= minOffset
            refreshing = true
            if atRest && !isDragging { move(to: minOffset) }
        case .endRefreshing:
            refreshing = false
            if !isDragging { move(to: clamped(contentOffset)) }
        case .showToast(let text, let seconds):
            let shown = Toast(text: config.texts.resolve(text), until: time + seconds)
            toast = shown
            schedule(VirtualTime.rounded(shown.until), .toastExpiry(shown.until))
        case .startTimer(let name, let seconds):
            owed.removeAll { if case .timer(name) = $0.event { return true } else { return false } }
            schedule(VirtualTime.rounded(time + seconds), .timer(name))
        case .stopTimer(let name):
            owed.removeAll { if case .timer(name) = $0.event { return true } else { return false } }
        }
    }

    /// Owes `event` at `due`: after everything due by then, so that `owed` stays in due order, ties in the order
    /// they were scheduled (SPEC §3).
    /// - Complexity: O(owed), a handful.
    private mutating func schedule(_ due: Double, _ event: OwedEvent.Event) {
        owed.insert(OwedEvent(due: due, event: event), at: owed.firstIndex { $0.due > due } ?? owed.count)
    }

    /// Whether the next thing owed (the first: `owed` is in due order) is due by `end`.
    private func nextIsDue(by end: Double) -> Bool { !owed.isEmpty && owed[0].due <= end }
}

extension Scenario {
    /// The rules of the scenario's preset written as a behaviour, for its list (`Preset.behaviour(named:config:style:)`);
    /// `nil` for a preset that names no built-in behaviour.
    public var presetBehaviour: (any PagingBehaviour)? { Preset.behaviour(named: preset.behaviour, config: config, style: style) }

    /// The logic that plays the scenario's list: its preset's behaviour, else SPEC §5's rules with its configuration.
    public var behaviour: any PagingBehaviour { presetBehaviour ?? RulesBehaviour(config: config, style: style) }

    /// Every frame of the scenario with `behaviour` playing the app's logic, in memory (SPEC §10).
    /// A run that stops (rows past `ItemLimits`) ends with the frames before it, silently: the library's
    /// render and `frames(playing:sizer:)` say why.
    public func frames<Behaviour: PagingBehaviour>(playing behaviour: Behaviour) -> [Frame] {
        var runner = BehaviourRunner(behaviour, scenario: self)
        var frames: [Frame] = []
        runner.run(steps) { (frame: Frame) throws(Never) in frames.append(frame) }
        return frames
    }

    /// The same, with the list's cells measured by `sizer` (when given) as pages arrive.
    /// - Throws: why the run stopped: the first page `sizer` could not measure, or rows past `ItemLimits`.
    public func frames<Behaviour: PagingBehaviour>(playing behaviour: Behaviour, sizer: (any RowSizer)?) throws(RunLimitError) -> [Frame] {
        var runner = BehaviourRunner(behaviour, scenario: self, sizer: sizer)
        var frames: [Frame] = []
        runner.run(steps) { (frame: Frame) throws(Never) in frames.append(frame) }
        if let failure = runner.stopped { throw failure }
        return frames
    }
}

/// What the clock owes a behaviour's run: a reply, a timer, a toast's expiry, due at a time (ties in the order
/// they were scheduled). Outside `BehaviourRunner`, so that it is one type whatever the logic: a type nested in
/// a generic one has its metadata looked up at run time wherever the code is not specialised (a search's).
struct OwedEvent {
    enum Event {
        /// The reply to `request` as the source answered it (`nil` when the caller chooses it: `choosesOutcomes`),
        /// `head` items having been inserted when it was made.
        case reply(Request, Reply.Outcome?, head: Int)
        case timer(String)
        case toastExpiry(Double)
    }

    var due: Double
    var event: Event
}
