import FeedEngine
import FeedExplorer
import FeedScenario

/// What makes two search states behave alike; the search deduplicates by it.
///
/// `FeedState` is `Hashable`, but as a search key it is too fine: it carries the
/// absolute clock and counters that never change what happens next (requests
/// issued, triggers suppressed, stale replies, duplicates dropped, the last
/// failure's reason). With those
/// in, no state ever repeats and the graph is a tree that grows without end.
/// Here times are relative to now and request ids relative to the last one
/// issued; everything else `FeedState` stores is kept, except what follows from
/// it (row offsets and known ids follow from the rows). `StateKeyTests` pins
/// `FeedState`'s stored fields, so adding one forces a decision here.
///
/// Hashing looks at the rows' count, first and last ids and the content height
/// rather than every row, since rows are long and nearly always a prefix of the
/// same feed; equality still compares every row (Array's `==` first checks
/// whether both share storage, which is the common case).
public struct StateKey: Hashable, Sendable {
    var viewport: Viewport
    var items: [Item]
    var contentHeight: Double
    var pageIndex: Int
    /// The request in flight, its id counted back from the last one issued (0 is the last).
    var request: Request?
    /// Where per-request latencies are in their cycle (0 for a fixed latency).
    var latencyPhase: Int
    var contentOffset: Double
    /// isDragging, launched, hasData, exhausted, footerFailed, autoLoadBlocked, stuck, emptyShown.
    var flags: UInt8
    var retryKind: RequestKind?
    /// The toast, with `until` as seconds from now.
    var toast: Toast?
    /// Due times from now; request ids as in `request`; toast expiries as seconds from now; each reply
    /// with the items inserted when it was asked for.
    var timeline: SearchTimeline
    /// Items inserted at the feed's head so far: later pages are shifted by them.
    var inserted: Int

    /// - Parameter latencyPhase: see `ExplorerModel.latencyPhase(_:)`.
    /// - Complexity: O(what is owed); the rows are shared, not copied.
    public init(_ state: SearchState, latencyPhase: Int) {
        let feed = state.feed
        let now = feed.time
        let issued = feed.requestsIssued
        func relative(_ request: Request) -> Request {
            Request(id: request.id - issued, kind: request.kind, page: request.page)
        }
        viewport = feed.viewport
        items = feed.items
        contentHeight = feed.contentHeight
        pageIndex = feed.pageIndex
        request = feed.request.map(relative)
        self.latencyPhase = latencyPhase
        contentOffset = feed.contentOffset
        var bits: UInt8 = 0
        for (index, flag) in [feed.isDragging, feed.launched, feed.hasData, feed.exhausted, feed.footerFailed,
                              feed.autoLoadBlocked, feed.stuck, feed.emptyShown].enumerated() where flag {
            bits |= 1 << UInt8(index)
        }
        flags = bits
        retryKind = feed.retryKind
        toast = feed.toast.map { Toast(text: $0.text, until: SearchTimeline.rounded($0.until - now)) }
        timeline = state.timeline.map(shiftedBy: -now) { request, payload in (relative(request), payload) }
        inserted = state.inserted
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(viewport)
        hasher.combine(items.count)
        hasher.combine(items.first?.id)
        hasher.combine(items.last?.id)
        hasher.combine(contentHeight)
        hasher.combine(pageIndex)
        hasher.combine(request)
        hasher.combine(latencyPhase)
        hasher.combine(contentOffset)
        hasher.combine(flags)
        hasher.combine(retryKind)
        hasher.combine(toast)
        hasher.combine(timeline)
        hasher.combine(inserted)
    }

    public static func == (lhs: StateKey, rhs: StateKey) -> Bool {
        lhs.viewport == rhs.viewport && lhs.contentHeight == rhs.contentHeight && lhs.pageIndex == rhs.pageIndex
            && lhs.request == rhs.request && lhs.latencyPhase == rhs.latencyPhase
            && lhs.contentOffset == rhs.contentOffset && lhs.flags == rhs.flags && lhs.retryKind == rhs.retryKind
            && lhs.toast == rhs.toast && lhs.timeline == rhs.timeline && lhs.inserted == rhs.inserted
            && lhs.items == rhs.items
    }
}
