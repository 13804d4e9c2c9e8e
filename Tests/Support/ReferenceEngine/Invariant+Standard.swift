import FeedEngine
import FeedExplorer
import FeedScenario

/// The rules of SPEC §3 that the explorer checks in every state.
extension Invariant {
    /// Every rule, in the order reports list them.
    public static let standard: [Invariant] = [
        oneRequestInFlight, noRowLostOrDuplicated, pageIndexMovesOnlyOnSuccess, headerAndFooterNotBothLoading,
        visibleRowsOverlapViewport, refreshClearsExhausted, wayForward,
    ]

    /// SPEC §3 "one request in flight": a request starts only when none runs,
    /// or when a refresh cancels a load-more under `refreshWhileLoading: cancel`;
    /// and the request in flight is the one whose reply is awaited.
    public static let oneRequestInFlight = Invariant(
        name: "one-request-in-flight",
        summary: "At most one request in flight; a new one starts only when none runs (or a refresh cancels a load-more).",
        state: { state in
            guard let request = state.feed.request else { return nil }
            let owed = state.timeline.owedReplies.filter { $0.id == request.id }.count
            return owed == 1 ? nil : "request \(request.id) is in flight but \(owed) replies to it are owed"
        },
        event: { record in
            let started = record.effects.compactMap { if case .startRequest(let request) = $0 { request } else { nil } }
            guard let first = started.first else { return nil }
            if started.count > 1 { return "\(record.event.summary) started \(started.count) requests at once" }
            guard let running = record.before.request else { return nil }
            if case .replyArrived(let reply) = record.event, reply.requestID == running.id { return nil }
            let cancels = running.kind == .more && first.kind == .refresh
                && record.before.config.refreshWhileLoading == .cancel
            if cancels { return nil }
            return "\(record.event.summary) started request \(first.id) (\(first.kind.rawValue)) while request \(running.id) (\(running.kind.rawValue)) was in flight"
        })

    /// SPEC §3 "failure loses nothing" and the stale-reply rule: a failed or
    /// stale reply leaves the rows as they were, only replies change rows, an
    /// append keeps the rows before it, and no id appears twice.
    public static let noRowLostOrDuplicated = Invariant(
        name: "no-row-lost-or-duplicated",
        summary: "A failed or stale reply changes no rows; a load-more keeps the rows before it; no row appears twice.",
        event: { record in
            let before = record.before.items, after = record.after.items
            if before == after { return nil }
            guard case .replyArrived(let reply) = record.event else {
                return "\(record.event.summary) changed the rows (\(before.count) → \(after.count)); only replies may"
            }
            let running = record.before.request
            if running?.id != reply.requestID {
                return "stale reply \(reply.requestID) changed the rows (\(before.count) → \(after.count))"
            }
            if case .failure = reply.outcome {
                return "failed reply \(reply.requestID) changed the rows (\(before.count) → \(after.count))"
            }
            if running?.kind == .more && !after.starts(with: before) {
                return "load-more reply \(reply.requestID) lost rows: the \(before.count) rows before it are not all kept"
            }
            if let id = RepeatedIDs.first(in: after) {
                return "after reply \(reply.requestID) the row with id \"\(id)\" appears twice"
            }
            return nil
        })

    /// SPEC §3 "success" and "failure loses nothing": pageIndex is 1 after a
    /// successful first load or refresh, one more after a successful load-more,
    /// and unchanged by everything else.
    public static let pageIndexMovesOnlyOnSuccess = Invariant(
        name: "page-index-moves-only-on-success",
        summary: "pageIndex changes only on a successful reply: to 1 for a first load or refresh, +1 for a load-more.",
        event: { record in
            let before = record.before.pageIndex, after = record.after.pageIndex
            if case .replyArrived(let reply) = record.event, let running = record.before.request,
               running.id == reply.requestID, case .success = reply.outcome {
                let expected = running.kind.replacesRows ? 1 : before + 1
                return after == expected ? nil
                    : "successful \(running.kind.rawValue) reply \(reply.requestID) moved pageIndex \(before) → \(after) (expected \(expected))"
            }
            return before == after ? nil : "\(record.event.summary) moved pageIndex \(before) → \(after) without a successful reply"
        })

    /// SPEC §3: one request at a time, so the header never shows refreshing
    /// while the footer shows loading.
    public static let headerAndFooterNotBothLoading = Invariant(
        name: "header-and-footer-not-both-loading",
        summary: "The header is never refreshing while the footer is loading.",
        state: { state in
            state.feed.headerState == .refreshing && state.feed.footerState == .loading
                ? "header refreshing and footer loading together" : nil
        })

    /// SPEC §2: the layout shows exactly the rows that overlap the viewport, at
    /// their places, checked against a naive scan from the first row.
    public static let visibleRowsOverlapViewport = Invariant(
        name: "visible-rows-overlap-viewport",
        summary: "The layout's rows are exactly those overlapping the viewport (checked by a naive scan).",
        state: { state in
            let feed = state.feed
            let top = feed.contentOffset, bottom = feed.contentOffset + feed.viewport.height
            var expected: [(index: Int, y: Double)] = []
            var rowTop = 0.0
            let rowHeight = feed.config.rowHeight
            for (index, item) in feed.items.enumerated() {
                if rowTop >= bottom { break }
                let height = item.height ?? rowHeight
                if rowTop < bottom && rowTop + height > top { expected.append((index, rowTop - top)) }
                rowTop += height
            }
            let shown = feed.visibleRows
            if shown.count == expected.count
                && zip(shown, expected).allSatisfy({ $0.index == $1.index && $0.y == $1.y }) { return nil }
            func describe(_ indices: [Int]) -> String {
                guard let first = indices.first, let last = indices.last else { return "none" }
                return "\(first)–\(last) (\(indices.count))"
            }
            return "layout shows rows \(describe(shown.map(\.index))) but rows \(describe(expected.map(\.index))) overlap the viewport at offset \(formatPoints(top))"
        })

    /// SPEC §3: a successful refresh with a full page clears `exhausted` and `failed`.
    public static let refreshClearsExhausted = Invariant(
        name: "refresh-clears-exhausted",
        summary: "A successful refresh (or first load) with a full page clears exhausted and failed.",
        event: { record in
            guard case .replyArrived(let reply) = record.event, let running = record.before.request,
                  running.id == reply.requestID, running.kind.replacesRows,
                  case .success(let page) = reply.outcome, page.count >= record.before.config.pageSize else { return nil }
            if record.after.exhausted { return "successful \(running.kind.rawValue) reply \(reply.requestID) left the footer exhausted" }
            if record.after.footerFailed { return "successful \(running.kind.rawValue) reply \(reply.requestID) left the footer failed" }
            return nil
        })

    /// A way forward: from every state some moves lead back to one at rest —
    /// nothing in flight and something to load with (a usable header, a usable
    /// footer, or the retry button), or the feed's end reached (an exhausted
    /// footer, or the empty view of an empty feed), which is complete rather
    /// than stuck. A list that can never load again is a finding (seed001 after
    /// a failure).
    public static let wayForward = Invariant(
        name: "way-forward",
        summary: "From every state some moves lead back to one with nothing in flight and a usable header, footer or retry button (or the feed's end).",
        atRest: { feed in
            guard feed.request == nil else { return false }
            if feed.exhausted && !feed.stuck { return true }
            switch feed.headerState {
            case .idle, .armed: return true
            case .hidden, .refreshing: break
            }
            switch feed.footerState {
            case .idle, .armed, .failed, .exhausted: return true
            case .hidden, .loading: break
            }
            return feed.retryVisible
        })
}
