import FeedEngine

/// Where pages come from. The runner asks; the source says how long the
/// answer takes and what it is. Sources are deterministic for a given
/// sequence of requests, so a scenario always renders the same frames.
public protocol FeedSource {
    /// Answers `request`: after `latency` virtual seconds, with `outcome`.
    mutating func respond(to request: Request) -> (latency: Double, outcome: Reply.Outcome)
}

/// How long requests take, in virtual seconds.
public enum Latency: Hashable, Sendable {
    case fixed(Double)
    /// Request n takes `list[(n - 1) % count]` seconds, so replies can overtake each other.
    case perRequest([Double])

    public func seconds(forRequest id: Int) -> Double {
        switch self {
        case .fixed(let seconds): return seconds
        case .perRequest(let list): return list.isEmpty ? 0 : list[(id - 1) % list.count]
        }
    }
}

/// The made-up feed of SPEC §4: item n has id "n", a title from a pattern
/// and a height from a repeating list.
public struct SyntheticSource: FeedSource, Hashable, Sendable {
    /// Items in the feed; `nil` for endless.
    public var total: Int?
    public var pageSize: Int
    public var latency: Latency
    /// `{n}` is replaced by the item's number.
    public var title: String
    public var rowHeights: [Double]
    /// Request numbers (1-based, every request counts) that fail.
    public var failures: Set<Int>

    public init(total: Int?, pageSize: Int, latency: Latency, title: String,
                rowHeights: [Double] = [], failures: Set<Int> = []) {
        self.total = total
        self.pageSize = pageSize
        self.latency = latency
        self.title = title
        self.rowHeights = rowHeights
        self.failures = failures
    }

    /// Item number `n`, from 1.
    public func item(_ n: Int) -> Item {
        Item(id: String(n), title: title.replacing("{n}", with: String(n)),
             height: rowHeights.isEmpty ? nil : rowHeights[(n - 1) % rowHeights.count])
    }

    /// The items of page `page` (from 1): fewer than `pageSize` at the end.
    /// - Complexity: O(pageSize).
    public func page(_ page: Int) -> [Item] {
        let first = (page - 1) * pageSize + 1
        let last = min(page * pageSize, total ?? Int.max)
        return first <= last ? (first...last).map(item) : []
    }

    public mutating func respond(to request: Request) -> (latency: Double, outcome: Reply.Outcome) {
        let seconds = latency.seconds(forRequest: request.id)
        if failures.contains(request.id) {
            return (seconds, .failure("request \(request.id) fails (source.failures)"))
        }
        return (seconds, .success(page(request.page)))
    }
}
