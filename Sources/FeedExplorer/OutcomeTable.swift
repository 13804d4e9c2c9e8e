import FeedEngine
import FeedScenario

/// Each reply outcome of a scripted source's first pages, made once. A search explores every reply as
/// each outcome, and building its items anew every time (ids and titles written out) took a tenth of a
/// search's time.
package struct OutcomeTable: Sendable {
    /// How many pages are made up front, and for at most how many items inserted at the feed's head; other
    /// pages are made when asked for.
    static let pages = 64, heads = 8
    /// `table[head][page - 1][reply]`, replies in `ScriptedReply.allCases` order.
    private let table: [[[Reply.Outcome]]]

    /// The pages for each number of items inserted up to `heads` (at most `OutcomeTable.heads`).
    package init(_ source: ScriptedSource, heads: Int = 0) {
        table = (0...min(max(heads, 0), Self.heads)).map { head in
            (1...Self.pages).map { page in ScriptedReply.allCases.map { source.outcome($0, page: page, request: 0, head: head) } }
        }
    }

    /// The same pages in arrays of their own, for a thread of a search: two threads retaining the same
    /// page as its reply arrives slow each other (each reference count moves between cores).
    /// - Complexity: O(pages × page size), copies without making any item anew.
    package func detached() -> OutcomeTable {
        OutcomeTable(table: table.map { pages in
            pages.map { outcomes in
                outcomes.map { outcome in
                    guard case .success(let items) = outcome else { return outcome }
                    return .success(items.map { $0 })
                }
            }
        })
    }

    private init(table: [[[Reply.Outcome]]]) { self.table = table }

    /// `source.outcome(reply, page:, request:, head:)` (which does not depend on the request), from the
    /// table when it holds the page for that many items inserted.
    /// - Complexity: O(1) from the table; O(page size) otherwise.
    @inline(__always) package func outcome(_ reply: ScriptedReply, page: Int, request: Int, head: Int, of source: ScriptedSource) -> Reply.Outcome {
        guard head >= 0 && head < table.count, page >= 1 && page <= Self.pages else {
            return source.outcome(reply, page: page, request: request, head: head)
        }
        let column: Int
        switch reply {
        case .full: column = 0
        case .short: column = 1
        case .empty: column = 2
        case .fail: column = 3
        }
        return table[head][page - 1][column]
    }
}
