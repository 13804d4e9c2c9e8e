import FeedEngine
import FeedExplorer
import FeedScenario

/// The reducer: `(state, event) -> (state, effects)`, the rules of SPEC §3.
extension FeedState {
    /// Applies one event. The state moves on; what the world must do (start a
    /// request, expire a toast later) comes back as effects.
    ///
    /// - Complexity: O(log n) for a gesture or tick; O(k) for a reply of k
    ///   items (a reply that replaces the rows also releases the old ones).
    public mutating func reduce(_ event: FeedEvent) -> [Effect] {
        var effects: [Effect] = []
        switch event {
        case .launch:
            guard !launched else { return [] }
            launched = true
            effects.append(start(.initial))
            if headerIsRefreshing { contentOffset = minOffset }
        case .scroll(let target):
            switch target {
            case .top: contentOffset = minOffset
            case .bottom: contentOffset = maxOffset
            case .offset(let y): contentOffset = clamped(y)
            case .by(let dy): contentOffset = clamped(contentOffset + dy)
            }
        case .drag(let target):
            if !isDragging {
                // A new drag: a failed footer goes back to idle and may load again.
                isDragging = true
                footerFailed = false
                autoLoadBlocked = false
            }
            switch target {
            case .offset(let y): contentOffset = y
            case .by(let dy): contentOffset += dy
            }
        case .release:
            guard isDragging else { return [] }
            effects = release()
        case .tapRetry:
            guard retryVisible, let kind = retryKind else { return [] }
            effects = trigger(kind)
            if !effects.isEmpty && headerIsRefreshing { contentOffset = minOffset }
        case .tapFooter:
            guard footerTappable, footerVisible else { return [] }
            effects = trigger(.more)
            if !effects.isEmpty {
                footerFailed = false
                autoLoadBlocked = false
            }
        case .refresh:
            guard headerState != .hidden else { return [] }
            effects = trigger(.refresh)
            if !effects.isEmpty { contentOffset = minOffset }
        case .resize(let newViewport):
            viewport = newViewport
            if !isDragging { contentOffset = clamped(contentOffset) }
        case .clockAdvanced(let now):
            time = now
        case .replyArrived(let reply):
            effects = receive(reply)
        case .toastExpired(let until):
            if toast?.until == until { toast = nil }
        }
        return effects + autoLoadIfNeeded()
    }

    /// The finger lifts: start what is armed, then settle (SPEC §3, "where the view settles").
    private mutating func release() -> [Effect] {
        let header = headerState
        let footer = footerState
        isDragging = false
        if header == .armed {
            let effects = trigger(.refresh)
            contentOffset = effects.isEmpty ? clamped(contentOffset) : minOffset
            return effects
        }
        if footer == .armed {
            let effects = trigger(.more)
            contentOffset = effects.isEmpty ? clamped(contentOffset) : maxOffset
            return effects
        }
        contentOffset = clamped(contentOffset)
        return []
    }

    /// A user trigger: starts `kind`, unless a request runs, in which case it is
    /// suppressed — or, for a refresh over a load-more with `cancel`, replaces it.
    private mutating func trigger(_ kind: RequestKind) -> [Effect] {
        // Before `launch` the list has not appeared: a pull or a `refresh` starts
        // nothing. (Otherwise a refresh before launch, then `launch`, put two
        // requests in flight, against SPEC §3 "one request in flight".)
        guard launched else { return [] }
        if let running = request {
            let cancels = kind == .refresh && running.kind == .more && config.refreshWhileLoading == .cancel
            guard cancels else {
                suppressed += 1
                return []
            }
        }
        return [start(kind)]
    }

    /// Issues a request; any request it replaces becomes stale.
    private mutating func start(_ kind: RequestKind) -> Effect {
        requestsIssued += 1
        let started = Request(id: requestsIssued, kind: kind, page: kind == .more ? pageIndex + 1 : 1)
        request = started
        return .startRequest(started)
    }

    /// A reply arrives: a stale one is dropped; a success replaces or appends;
    /// a failure loses nothing and shows what the preset shows.
    private mutating func receive(_ reply: Reply) -> [Effect] {
        guard let running = request, running.id == reply.requestID else {
            staleReplies += 1
            return []
        }
        request = nil
        var effects: [Effect] = []
        switch reply.outcome {
        case .success(let page):
            if running.kind.replacesRows {
                items.removeAll(keepingCapacity: true)
                sectionStarts.removeAll(keepingCapacity: true)
                offsets = RowOffsets()
                knownIDs.removeAll(keepingCapacity: true)
                pageIndex = 1
                hasData = true
                footerFailed = false
                autoLoadBlocked = false
                stuck = false
                emptyShown = page.isEmpty
            } else {
                pageIndex += 1
            }
            exhausted = page.count < config.pageSize
            retryKind = nil
            lastFailure = nil
            append(page)
        case .failure(let reason):
            lastFailure = RequestFailure(request: running.id, reason: reason)
            hasFailed = true
            switch running.kind {
            case .initial:
                if config.firstLoadFailure == .retry { retryKind = .initial } else { stuck = true }
            case .refresh:
                switch config.refreshFailure {
                case .retry: retryKind = .refresh
                case .toast: effects.append(showToast())
                }
            case .more:
                switch config.loadMoreFailure {
                case .toast:
                    effects.append(showToast())
                    autoLoadBlocked = true
                case .toastAndFailedFooter:
                    effects.append(showToast())
                    footerFailed = true
                    autoLoadBlocked = true
                case .stuck:
                    stuck = true
                }
            }
        }
        if !isDragging { contentOffset = clamped(contentOffset) }
        return effects
    }

    /// Appends a page, dropping items whose ids the list already holds.
    /// - Complexity: O(k) for k items.
    private mutating func append(_ page: [Item]) {
        for item in page {
            guard knownIDs.insert(item.id).inserted else {
                duplicatesDropped += 1
                continue
            }
            // A row begins a section when its `section` differs from the row above it (SPEC §9).
            var header = 0.0
            if let style {
                let starts = ListStyle.beginsSection(item, after: items.last)
                sectionStarts.append(starts)
                if starts { header = style.headerSpace(first: items.isEmpty) }
            }
            items.append(item)
            offsets.append(header + (item.height ?? config.rowHeight))
        }
    }

    private mutating func showToast() -> Effect {
        let shown = Toast(text: config.texts.toast, until: time + config.toastDuration)
        toast = shown
        return .expireToast(until: shown.until)
    }

    /// The auto footer loads when the last visible row is within `prefetchRows`
    /// of the end, nothing runs, and nothing it showed says to wait.
    private mutating func autoLoadIfNeeded() -> [Effect] {
        guard config.footer.mode == .auto, launched, request == nil, !autoLoadBlocked, !stuck,
              !exhausted, !footerFailed, footerState != .hidden,
              showsRow(atOrBelow: items.count - 1 - config.footer.prefetchRows)
        else { return [] }
        return [start(.more)]
    }

    /// The footer is drawn and overlaps the visible area.
    public var footerVisible: Bool {
        footerState != .hidden && overlapsVisibleArea(top: footerTop, height: config.footer.height)
    }

    /// The header is drawn and overlaps the visible area (not hidden under a navigation bar).
    public var headerVisible: Bool {
        headerState != .hidden && overlapsVisibleArea(top: -headerHeight, height: headerHeight)
    }
}
