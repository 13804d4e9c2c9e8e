import FeedEngine
import FeedScenario

/// A rule every state a search finds in a team's logic must keep (SPEC §10), with a name to report it by.
///
/// The standard rules (`standard`) read only what FeedFrames sees — the screen and its own request
/// log, one callback at a time (`callback`) — so they judge any logic. A team adds its own as a named
/// predicate over its state and screen (`init(name:summary:check:)`). A check returns `nil` when the
/// rule holds, else what was seen.
public struct BehaviourInvariant<State>: Sendable {
    public var name: String
    /// One line for reports: what the rule says.
    public var summary: String
    /// A rule over one state: the logic's, what it shows, and what FeedFrames holds.
    public var state: (@Sendable (State, ListScreen, PlayFacts) -> String?)?
    /// A rule over one callback and what it changed.
    public var callback: (@Sendable (CallbackRecord) -> String?)?
    /// `callback` holds on any callback that changes nothing (no effect, the logic's state as it was), as
    /// the standard rules do: a search then builds no record for those, most of its callbacks. `false`
    /// unless a rule says so.
    public var holdsWhenNothingChanges = false
    /// `callback` holds on any callback that asks for no effect and leaves the rows as they were, whatever else
    /// of the logic's state it changes (a scroll, most often), as the standard rules do: a search then builds no
    /// record for those either. Implies `holdsWhenNothingChanges`. `false` unless a rule says so.
    public var holdsUnlessEffectsOrRowsChange = false
    /// For a graph rule: the states every explored state must be able to reach.
    public var atRest: (@Sendable (ListScreen, PlayFacts) -> Bool)?

    public init(name: String, summary: String, state: (@Sendable (State, ListScreen, PlayFacts) -> String?)? = nil,
                holdsWhenNothingChanges: Bool = false, holdsUnlessEffectsOrRowsChange: Bool = false,
                callback: (@Sendable (CallbackRecord) -> String?)? = nil, atRest: (@Sendable (ListScreen, PlayFacts) -> Bool)? = nil) {
        self.name = name
        self.summary = summary
        self.state = state
        self.holdsWhenNothingChanges = holdsWhenNothingChanges
        self.holdsUnlessEffectsOrRowsChange = holdsUnlessEffectsOrRowsChange
        self.callback = callback
        self.atRest = atRest
    }

    /// A team's own rule: a named predicate over its state and what the list shows.
    /// `check` returns `nil` when the rule holds, else what was seen.
    public init(name: String, summary: String, check: @escaping @Sendable (State, ListScreen) -> String?) {
        self.init(name: name, summary: summary, state: { state, screen, _ in check(state, screen) })
    }
}

/// What FeedFrames holds at a state, beside the logic's own state: what rules may read.
public struct PlayFacts: Hashable, Sendable {
    /// Requests whose replies are awaited, oldest first.
    public var inFlight: [Request]
    /// Timers the logic started that have not fired.
    public var timersOwed: Int
    public var pageIndex: Int
    /// The header and footer views show and overlap the visible area, as the frame draws them.
    public var headerInView = false
    public var footerInView = false
}

extension ListScreen {
    /// A spinner shows: the header refreshing, the footer loading, or a part drawn with one that is not hidden
    /// (as the frames draw it).
    public var showsSpinner: Bool {
        header == .refreshing || footer == .loading || (header != .hidden && headerPart.spinner)
            || (footer != .hidden && footerPart.spinner)
    }
}

extension BehaviourInvariant {
    /// SPEC §3's rules, read from the screen and FeedFrames' request log, in the order reports list them.
    public static var standard: [BehaviourInvariant] {
        [oneRequestInFlight, noRowLostOrDuplicated, pageIndexMovesOnlyOnSuccess, spinnerHasARequest,
         headerAndFooterNotBothLoading, wayForward]
    }

    /// SPEC §3 "one request in flight": a callback never leaves two requests awaited (a refresh that
    /// cancels a load-more first is fine: the cancelled one is no longer in flight).
    public static var oneRequestInFlight: BehaviourInvariant {
        BehaviourInvariant(
            name: "one-request-in-flight",
            summary: "At most one request in flight: a new one starts only when none runs, or after cancelling it.",
            holdsWhenNothingChanges: true, holdsUnlessEffectsOrRowsChange: true,
            callback: { record in
                guard !record.started.isEmpty, record.inFlight.count > 1, let newest = record.inFlight.last else { return nil }
                let older = record.inFlight.dropLast().map { "\($0.id) (\($0.kind.rawValue))" }.joined(separator: ", ")
                return "\(record.callback.name) started request \(newest.id) (\(newest.kind.rawValue)) while request \(older) was in flight"
            })
    }

    /// SPEC §3 "failure loses nothing" and the stale-reply rule: a failed or stale reply leaves the rows
    /// as they were, a load-more keeps the rows before it, and no id appears twice.
    public static var noRowLostOrDuplicated: BehaviourInvariant {
        BehaviourInvariant(
            name: "no-row-lost-or-duplicated",
            summary: "A failed or stale reply changes no rows; a load-more keeps the rows before it; no row appears twice.",
            holdsWhenNothingChanges: true, holdsUnlessEffectsOrRowsChange: true,
            callback: { record in
                let before = record.screenBefore.rows, after = record.screenAfter.rows
                guard before != after, let request = record.answered, case .reply(let id, let outcome) = record.callback else { return nil }
                if record.stale {
                    return "stale reply \(id) (\(request.kind.rawValue), asked before a newer \(RequestKind.refresh.rawValue)) changed the rows (\(before.count) → \(after.count))"
                }
                if case .failure = outcome { return "failed reply \(id) changed the rows (\(before.count) → \(after.count))" }
                if request.kind == .more && !after.begins(with: before) {
                    return "load-more reply \(id) lost rows: the \(before.count) rows before it are not all kept"
                }
                if let repeated = RepeatedIDs.first(in: after) { return "after reply \(id) the row with id \"\(repeated)\" appears twice" }
                return nil
            })
    }

    /// SPEC §3 "success" and "failure loses nothing", read from the request log: a load-more asks for
    /// the page after the ones given so far, an initial load or refresh for page 1 — so the page
    /// counter moves only on success.
    public static var pageIndexMovesOnlyOnSuccess: BehaviourInvariant {
        BehaviourInvariant(
            name: "page-index-moves-only-on-success",
            summary: "A load-more asks for the page after those given so far (the count moves only on success); a refresh asks for page 1.",
            holdsWhenNothingChanges: true, holdsUnlessEffectsOrRowsChange: true,
            callback: { record in
                for started in record.started where started.request.page != started.expectedPage {
                    return "\(record.callback.name) asked for page \(started.request.page) (\(started.request.kind.rawValue)); "
                        + "\(started.expectedPage - 1) page\(started.expectedPage == 2 ? " has" : "s have") arrived, so page \(started.expectedPage) was due"
                }
                return nil
            })
    }

    /// A spinner that never stops: the screen shows one while nothing is awaited.
    public static var spinnerHasARequest: BehaviourInvariant {
        BehaviourInvariant(
            name: "spinner-has-a-request",
            summary: "A spinner in view (header refreshing, footer loading) shows only while a request is in flight or a timer is owed.",
            state: { _, screen, facts in
                guard facts.inFlight.isEmpty, facts.timersOwed == 0 else { return nil }
                let header = facts.headerInView && (screen.header == .refreshing || screen.headerPart.spinner)
                let footer = facts.footerInView && (screen.footer == .loading || screen.footerPart.spinner)
                guard header || footer else { return nil }
                return "\(header ? "the header's" : "the footer's") spinner shows with no request in flight"
            })
    }

    /// SPEC §3: one request at a time, so the header never refreshes while the footer loads.
    public static var headerAndFooterNotBothLoading: BehaviourInvariant {
        BehaviourInvariant(
            name: "header-and-footer-not-both-loading",
            summary: "The header is never refreshing while the footer is loading.",
            state: { _, screen, _ in
                screen.header == .refreshing && screen.footer == .loading ? "header refreshing and footer loading together" : nil
            })
    }

    /// Every state can get back to rest — no spinner, nothing in flight — by some moves.
    public static var wayForward: BehaviourInvariant {
        BehaviourInvariant(
            name: "way-forward",
            summary: "From every state some moves lead back to rest: no spinner and no request in flight.",
            atRest: { screen, facts in !screen.showsSpinner && facts.inFlight.isEmpty })
    }
}
