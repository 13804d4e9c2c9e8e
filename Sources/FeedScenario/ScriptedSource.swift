import FeedEngine

/// What a scripted source answers to one request.
public enum ScriptedReply: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// A whole page: `pageSize` items.
    case full
    /// A page of `pageSize / 2` items, which ends the feed (none when `pageSize` is 1).
    case short
    /// A page with no items, which also ends the feed.
    case empty
    /// A failed request.
    case fail

    public var description: String { rawValue }
}

/// A source whose every reply is chosen in advance, request by request:
/// `"source": { "kind": "scripted", "replies": ["full", "fail", "short"] }`.
///
/// It exists so that `feedframes explore` can write any sequence of network
/// outcomes it explored as a ready-to-run scenario: a synthetic source can only
/// say *which* requests fail, not that the third page comes back half full.
/// Items look as the synthetic source's do (ids, titles, heights).
public struct ScriptedSource: FeedSource, Hashable, Sendable {
    /// Titles, heights, page size and latency; its `total` is not used, and its
    /// `failures` fail as for every kind of source.
    public var items: SyntheticSource
    /// Reply n (from 1) answers request n; requests past the end get `full`.
    public var replies: [ScriptedReply]

    public init(items: SyntheticSource, replies: [ScriptedReply]) {
        var items = items
        items.total = nil
        self.items = items
        self.replies = replies
    }

    /// The reply request `id` gets.
    public func reply(forRequest id: Int) -> ScriptedReply {
        if items.failures.contains(id) { return .fail }
        return id >= 1 && id <= replies.count ? replies[id - 1] : .full
    }

    /// The items of page `page` (from 1) as `reply` delivers them; empty for `fail`. Pages go by number,
    /// so after `head` items were inserted at the feed's head (`insert N`) each page starts `head`
    /// items earlier in the old feed: its first rows repeat the page before.
    /// - Complexity: O(pageSize).
    public func page(_ page: Int, _ reply: ScriptedReply, head: Int = 0) -> [Item] {
        switch reply {
        case .full: return shifted(page, head: head)
        case .short: return Array(shifted(page, head: head).prefix(items.pageSize / 2))
        case .empty, .fail: return []
        }
    }

    /// Page `page` whole, `head` items having been inserted.
    private func shifted(_ page: Int, head: Int) -> [Item] {
        guard head > 0 else { return items.page(page) }
        let feed = ShiftingFeed(base: items, inserts: [], insertTitle: items.title)
        let (start, overflow) = (page - 1).multipliedReportingOverflow(by: items.pageSize)
        guard !overflow, start >= 0, start <= Int.max - items.pageSize else { return [] }
        return (start..<start + items.pageSize).map { feed.item(at: $0, head: head) }
    }

    /// The outcome `reply` stands for, for page `page` of request `id`, `head` items having been inserted.
    public func outcome(_ reply: ScriptedReply, page: Int, request id: Int, head: Int = 0) -> Reply.Outcome {
        reply == .fail ? .failure("scripted in source.replies") : .success(self.page(page, reply, head: head))
    }

    /// Items inserted at the feed's head by `time` (`insert N`).
    public func inserted(by time: Double) -> Int {
        ShiftingFeed(base: items, inserts: items.inserts, insertTitle: items.title).insertedCount(at: time)
    }

    public mutating func insertAtHead(_ count: Int, at time: Double) {
        items.insertAtHead(count, at: time)
    }

    public func latency(of request: Request, at time: Double) -> Double { items.latency.seconds(forRequest: request.id) }

    public mutating func respond(to request: Request, at time: Double) -> (latency: Double, outcome: Reply.Outcome) {
        let seconds = latency(of: request, at: time)
        return (seconds, outcome(reply(forRequest: request.id), page: request.page, request: request.id, head: inserted(by: time)))
    }
}
