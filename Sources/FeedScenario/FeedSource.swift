import FeedEngine

/// Where pages come from. The runner asks; the source says how long the
/// answer takes and what it is. Sources are deterministic for a given
/// sequence of requests, so a scenario always renders the same frames.
public protocol FeedSource {
    /// Answers `request`, issued at virtual time `time`: after `latency` virtual
    /// seconds, with `outcome`. The time lets a feed change under the reader
    /// (`source.inserts`) while staying deterministic.
    mutating func respond(to request: Request, at time: Double) -> (latency: Double, outcome: Reply.Outcome)
    /// `insert N` at virtual time `time`: `count` new items appear at the feed's head, seen by the
    /// requests made from then on. Sources that cannot grow ignore it (the reader refuses `insert`
    /// for them).
    mutating func insertAtHead(_ count: Int, at time: Double)
    /// How long `request`, issued at `time`, takes: what `respond(to:at:)` says, without making the page,
    /// for a caller that chooses every reply's outcome itself (`BehaviourRunner.choosesOutcomes`). It
    /// changes nothing: a search asks it in every copy of a run, and a mutating call on a source held
    /// as `any FeedSource` copied the whole source into a box of the copy's own.
    func latency(of request: Request, at time: Double) -> Double
}

extension FeedSource {
    public mutating func insertAtHead(_ count: Int, at time: Double) {}
    /// What `respond(to:at:)` says, asked of a copy.
    public func latency(of request: Request, at time: Double) -> Double {
        var asked = self
        return asked.respond(to: request, at: time).latency
    }
}

/// How long requests take, in virtual seconds.
public enum Latency: Hashable, Sendable {
    case fixed(Double)
    /// Request n takes `list[(n - 1) % count]` seconds, so replies can overtake each other.
    case perRequest([Double])
    /// Request n takes a duration drawn for n from [min, max] by a generator
    /// seeded with `seed`: replies overtake each other, and every run is the same.
    case seeded(min: Double, max: Double, seed: UInt64)

    public func seconds(forRequest id: Int) -> Double {
        switch self {
        case .fixed(let seconds): return seconds
        case .perRequest(let list): return list.isEmpty ? 0 : list[(id - 1) % list.count]
        case .seeded(let low, let high, let seed):
            // Drawn per request id, not from a running stream, so a request's
            // latency does not depend on how many came before; rounded to the ms.
            var random = SeededRandom(seed: seed, stream: UInt64(truncatingIfNeeded: id))
            return ((low + random.nextUnit() * (high - low)) * 1000).rounded() / 1000
        }
    }
}

/// The made-up feed of SPEC §4: item n has id "n", a title from a pattern
/// and a height from a repeating list.
public struct SyntheticSource: PagedSource, Hashable, Sendable {
    /// Items in the feed; `nil` for endless.
    public var total: Int?
    public var pageSize: Int
    public var latency: Latency
    /// `{n}` is replaced by the item's number. Without `{n}`, every item shares
    /// this one string, so a long title costs its length once, not once an item.
    public var title: String { didSet { titleParts = Self.parts(title) } }
    /// `title` cut at each `{n}`; one part: no `{n}`, and every item shares `title`.
    private var titleParts: [Substring]
    public var rowHeights: [Double]
    /// Request numbers (1-based, every request counts) that fail.
    public var failures: Set<Int>
    /// Items that appear at the head of the feed at given virtual times.
    public var inserts: [HeadInsert]
    /// Page numbers (offsets) or cursors (the last id delivered).
    public var paging: Paging
    /// The cursors of the pages delivered so far (cursor paging).
    private var pager = FeedPager()

    public init(total: Int?, pageSize: Int, latency: Latency, title: String,
                rowHeights: [Double] = [], failures: Set<Int> = [], inserts: [HeadInsert] = [], paging: Paging = .page) {
        self.total = total
        self.pageSize = pageSize
        self.latency = latency
        self.title = title
        self.titleParts = Self.parts(title)
        self.rowHeights = rowHeights
        self.failures = failures
        self.inserts = inserts
        self.paging = paging
    }

    /// Item number `n`, from 1.
    public func item(_ n: Int) -> Item {
        let number = String(n)
        return Item(id: number, title: titleParts.count == 1 ? title : Self.title(titleParts, number),
                    height: rowHeights.isEmpty ? nil : rowHeights[(n - 1) % rowHeights.count])
    }

    /// The title's parts with `number` between them: what `joined(separator:)` makes, without its generic
    /// machinery (a search makes millions of items).
    private static func title(_ parts: [Substring], _ number: String) -> String {
        var title = String(parts[0])
        for part in parts.dropFirst() {
            title += number
            title += part
        }
        return title
    }

    private static func parts(_ title: String) -> [Substring] {
        title.split(separator: "{n}", omittingEmptySubsequences: false)
    }

    /// The most UTF-8 bytes of titles one page can make: `pageSize` copies of
    /// the title with every `{n}` as 20 digits, or none when the title is shared.
    public var pageTextBytes: Int {
        guard titleParts.count > 1 else { return 0 }
        let (bytes, overflow) = (title.utf8.count + (titleParts.count - 1) * 17).multipliedReportingOverflow(by: pageSize)
        return overflow ? Int.max : bytes
    }

    /// Why a page of this source would be over `ItemLimits.maxPageTextBytes`, if it would.
    public var pageTextProblem: String? {
        guard pageTextBytes > ItemLimits.maxPageTextBytes else { return nil }
        return "a title with {n} of \(title.utf8.count) bytes makes \(pageSize) distinct titles a page, "
            + "over \(ItemLimits.describe(bytes: ItemLimits.maxPageTextBytes)) (the limit of one page's text; "
            + "use a shorter title, a smaller pageSize, or a title without {n}, which all items share)"
    }

    /// The items of page `page` (from 1): fewer than `pageSize` at the end.
    /// - Complexity: O(pageSize).
    public func page(_ page: Int) -> [Item] {
        let first = (page - 1) * pageSize + 1
        let last = min(page * pageSize, total ?? Int.max)
        return first <= last ? (first...last).map { item($0) } : []
    }

    /// Recorded as one more `inserts` entry at `time`: a request made later at the same time sees it,
    /// one made before it already has its page.
    public mutating func insertAtHead(_ count: Int, at time: Double) {
        inserts.append(HeadInsert(at: time, count: count))
    }

    public mutating func page(for request: Request, at time: Double) -> Reply.Outcome {
        // The reader refuses such a source; this stops one built otherwise (a sweep) before it allocates.
        if let problem = pageTextProblem { return .failure(problem) }
        let feed = ShiftingFeed(base: self, inserts: inserts, insertTitle: title)
        return pager.page(for: request, in: feed, at: time, pageSize: pageSize, paging: paging)
    }
}

extension SyntheticSource: FeedItems {
    public var itemCount: Int? { total }

    public func item(at index: Int) -> Item { item(index + 1) }

    /// Ids are the item numbers, written plainly ("7", never "07" or "+7").
    public func index(ofID id: String) -> Int? {
        guard let n = Int(id), n >= 1, n <= (total ?? Int.max), String(n) == id else { return nil }
        return n - 1
    }
}
