import FeedEngine

/// Turns requests into pages of a `ShiftingFeed`, by page number or by
/// cursor; keeps the cursors of the pages it delivered.
///
/// A source answers as the feed is when the request is made (the reply then
/// takes its latency to arrive). For cursor paging, page p+1 starts after the
/// last item of page p; an initial load or refresh (page 1) forgets the old
/// cursors. The engine only asks for page p+1 after page p succeeded, and a
/// `more` it cancels is followed by a refresh, so the cursor is always there.
public struct FeedPager: Hashable, Sendable {
    /// Where a page ended.
    enum Cursor: Hashable, Sendable {
        /// The page was empty and began at the top: the next starts there too.
        case start
        /// After the item with this id.
        case after(String)
    }

    private var cursors: [Int: Cursor] = [:]

    public init() {}

    /// The reply to `request` at virtual time `time`.
    /// - Complexity: O(pageSize + inserts), whatever the page number.
    public mutating func page<Base: FeedItems>(for request: Request, in feed: ShiftingFeed<Base>, at time: Double,
                                               pageSize: Int, paging: Paging) -> Reply.Outcome {
        let head = feed.insertedCount(at: time)
        let start: Int
        switch paging {
        case .page:
            let (offset, overflow) = (request.page - 1).multipliedReportingOverflow(by: pageSize)
            start = overflow ? Int.max : offset
        case .cursor:
            if request.page <= 1 {
                cursors.removeAll()
                start = 0
            } else {
                switch cursors[request.page - 1] {
                case nil:
                    return .failure("no cursor for page \(request.page) (page \(request.page - 1) was never delivered)")
                case .start:
                    start = 0
                case .after(let id):
                    guard let position = feed.position(ofID: id, head: head) else {
                        return .failure("the cursor item \"\(id)\" is no longer in the feed")
                    }
                    start = position + 1
                }
            }
        }
        let end = min(start.addingReportingOverflow(pageSize).overflow ? Int.max : start + pageSize,
                      feed.count(head: head) ?? Int.max)
        let items = start < end ? (start..<end).map { feed.item(at: $0, head: head) } : []
        if paging == .cursor {
            cursors[request.page] = items.last.map { .after($0.id) } ?? cursors[request.page - 1] ?? .start
        }
        return .success(items)
    }
}
