import FeedEngine
import FeedExplorer
import FeedScenario

extension StateKey {
    /// A 64-bit fingerprint of everything `==` compares, with the rows' part
    /// given (`Fingerprint.items`), since the rows are nearly always those of
    /// the state the key's state was reached from and their hash can be reused.
    /// - Complexity: O(what is owed).
    func fingerprint(itemsHash: UInt64) -> UInt64 {
        var hasher = Fingerprint()
        hasher.combine(itemsHash)
        hasher.combine(viewport.width)
        hasher.combine(viewport.height)
        hasher.combine(contentHeight)
        hasher.combine(pageIndex)
        Self.combine(request, into: &hasher)
        hasher.combine(latencyPhase)
        hasher.combine(contentOffset)
        hasher.combine(UInt64(flags))
        hasher.combine(Self.code(retryKind))
        if let toast {
            hasher.combine(toast.text)
            hasher.combine(toast.until)
        } else {
            hasher.combine(UInt64(0x70A5_7000))
        }
        hasher.combine(timeline.entries.count)
        for entry in timeline.entries {
            hasher.combine(entry.due)
            switch entry.event {
            case .reply(let request, let payload):
                hasher.combine(UInt64(1))
                Self.combine(request, into: &hasher)
                Self.combine(head: payload.head, into: &hasher)
            case .toastExpiry(let until):
                hasher.combine(UInt64(2))
                hasher.combine(until)
            }
        }
        Self.combine(head: inserted, into: &hasher)
        return hasher.value
    }

    /// Items inserted at the feed's head, hashed only when there are any: a model without `insert`
    /// keeps the fingerprints it had.
    static func combine(head: Int, into hasher: inout Fingerprint) {
        guard head != 0 else { return }
        hasher.combine(UInt64(0x1A5E_27ED))
        hasher.combine(head)
    }

    private static func combine(_ request: Request?, into hasher: inout Fingerprint) {
        guard let request else { return hasher.combine(UInt64(0x0123_4567)) }
        hasher.combine(request.id)
        hasher.combine(code(request.kind))
        hasher.combine(request.page)
    }

    static func code(_ kind: RequestKind?) -> UInt64 {
        switch kind {
        case nil: 0
        case .initial: 1
        case .refresh: 2
        case .more: 3
        }
    }
}

extension ExplorerModel {
    /// `key(state).fingerprint(itemsHash:)` without building the key: the same
    /// fields, made relative the same way (times from now, request ids from the
    /// last issued), read straight from the state, so that no array is allocated.
    /// `FingerprintSearchTests` holds the two to the same value.
    /// - Complexity: O(what is owed).
    func fingerprint(_ state: SearchState, itemsHash: UInt64) -> UInt64 {
        let feed = state.feed
        let now = feed.time
        let issued = feed.requestsIssued
        var hasher = Fingerprint()
        hasher.combine(itemsHash)
        hasher.combine(feed.viewport.width)
        hasher.combine(feed.viewport.height)
        hasher.combine(feed.contentHeight)
        hasher.combine(feed.pageIndex)
        Self.combine(feed.request, issued: issued, into: &hasher)
        hasher.combine(latencyPhase(feed))
        hasher.combine(feed.contentOffset)
        var bits: UInt64 = 0
        if feed.isDragging { bits |= 1 }
        if feed.launched { bits |= 2 }
        if feed.hasData { bits |= 4 }
        if feed.exhausted { bits |= 8 }
        if feed.footerFailed { bits |= 16 }
        if feed.autoLoadBlocked { bits |= 32 }
        if feed.stuck { bits |= 64 }
        if feed.emptyShown { bits |= 128 }
        hasher.combine(bits)
        hasher.combine(StateKey.code(feed.retryKind))
        if let toast = feed.toast {
            hasher.combine(toast.text)
            hasher.combine(SearchTimeline.rounded(toast.until - now))
        } else {
            hasher.combine(UInt64(0x70A5_7000))
        }
        hasher.combine(state.timeline.entries.count)
        for entry in state.timeline.entries {
            hasher.combine(SearchTimeline.rounded(entry.due - now))
            switch entry.event {
            case .reply(let request, let payload):
                hasher.combine(UInt64(1))
                Self.combine(request, issued: issued, into: &hasher)
                StateKey.combine(head: payload.head, into: &hasher)
            case .toastExpiry(let until):
                hasher.combine(UInt64(2))
                hasher.combine(SearchTimeline.rounded(until - now))
            }
        }
        StateKey.combine(head: state.inserted, into: &hasher)
        return hasher.value
    }

    private static func combine(_ request: Request?, issued: Int, into hasher: inout Fingerprint) {
        guard let request else { return hasher.combine(UInt64(0x0123_4567)) }
        hasher.combine(request.id - issued)
        hasher.combine(StateKey.code(request.kind))
        hasher.combine(request.page)
    }
}
