/// The rows a preset's behaviour shows, kept as SPEC §3 keeps them: an item whose id the
/// list already holds is dropped and counted, and the rows' height — section headers included, for a
/// table with a `style` (SPEC §9) — is summed as pages arrive, for the rules that read where the rows end.
public struct PresetRows: Hashable, Sendable {
    public private(set) var items: [Item] = []
    private var ids = RowIDs()
    /// The rows' slots summed: where the content above the footer ends.
    public private(set) var height = 0.0
    /// Items dropped as repeats, over the whole run (frame JSON `duplicatesDropped`).
    public private(set) var duplicatesDropped = 0
    /// Every row's id, in order, folded into one number as the rows arrive: what the hash reads of the rows.
    private var idsHash = 0

    public init() {}

    /// Equal rows are the same items (`==` compares them all, at once when they share storage, as a state's
    /// successors do); the hash reads every row's id through `idsHash`, kept as pages arrive. A search hashes
    /// every state it reaches, and hashing every row of each was most of its time; a hash of the count and
    /// the two ends only, as it was, made two states whose middle rows differ one state to a fingerprint search.
    /// - Complexity: O(1).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(items.count)
        hasher.combine(height)
        hasher.combine(duplicatesDropped)
        hasher.combine(idsHash)
    }

    public static func == (lhs: PresetRows, rhs: PresetRows) -> Bool {
        lhs.items == rhs.items && lhs.height == rhs.height && lhs.duplicatesDropped == rhs.duplicatesDropped
    }

    /// What hashing `forgettingDrops` feeds, without the copy.
    func hashForgettingDrops(into hasher: inout Hasher) {
        hasher.combine(items.count)
        hasher.combine(height)
        hasher.combine(0)
        hasher.combine(idsHash)
    }

    /// What `hashForgettingDrops` feeds, as words of a fingerprint (`RulesBehaviour.fingerprintSearchKey`).
    /// - Complexity: O(1).
    func fingerprintForgettingDrops(into print: inout Fingerprint) {
        print.combine(items.count)
        print.combine(height)
        print.combine(idsHash)
    }

    /// The same rows with no drops counted: for a search key (the count never repeats).
    public var forgettingDrops: PresetRows {
        var rows = self
        rows.duplicatesDropped = 0
        return rows
    }

    public var count: Int { items.count }
    public var isEmpty: Bool { items.isEmpty }

    /// Swift's per-process hash seed, for `idsHash`.
    private static let seed = UInt64(truncatingIfNeeded: 0x51_7CC1_B727_220A.hashValue)

    /// Gives the items and their ids the storage the thread's memo keeps for them (`SearchMemo.home`), copied the
    /// first time: a search thread does it to a state another thread made, so that the states it makes from it retain
    /// arrays of its own (two threads retaining one array pass its count between cores at every copy of a state).
    /// The rows stay equal, and equal to what any other thread's copy holds.
    /// - Complexity: O(1) expected from the memo; O(rows) to copy.
    package mutating func rehome(in memo: SearchMemo) {
        guard !items.isEmpty else { return }
        (items, ids) = memo.home(items) { (items.map { $0 }, ids.copied()) }
    }

    /// A refresh or first load replaces the rows.
    mutating func removeAll() {
        items.removeAll()
        ids.removeAll()
        height = 0
        idsHash = 0
    }

    /// Appends `page`, dropping the items whose ids the list holds. In a search, the result some other state
    /// made of these very rows and page, when the thread's `SearchMemo` has it.
    /// - Complexity: O(k) for k items; O(1) expected from the memo.
    mutating func append(_ page: [Item], rowHeight: Double, style: ListStyle?) {
        guard let memo = SearchMemo.current else { return appendItems(page, rowHeight: rowHeight, style: style) }
        let key = SearchMemo.AppendKey(rows: StorageKey(items), page: StorageKey(page), height: height.bitPattern, idsHash: idsHash,
                                       rowHeight: rowHeight.bitPattern, style: style)
        let made = memo.appended(key, rows: items, page: page) {
            var rows = self
            rows.appendItems(page, rowHeight: rowHeight, style: style)
            return SearchMemo.AppendResult(items: rows.items, ids: rows.ids, height: rows.height,
                                           dropped: rows.duplicatesDropped - duplicatesDropped, idsHash: rows.idsHash)
        }
        items = made.items
        ids = made.ids
        height = made.height
        duplicatesDropped += made.dropped
        idsHash = made.idsHash
    }

    /// `append`'s work.
    private mutating func appendItems(_ page: [Item], rowHeight: Double, style: ListStyle?) {
        ids.reserveCapacity(items.count + page.count)
        for item in page {
            let hash = RowIDs.hash(item.id)
            guard ids.insert(item.id, hash: hash, row: items.count, in: items) else {
                duplicatesDropped += 1
                continue
            }
            // Without a style no row begins a section: the last row is not read (a copy of it retained its texts).
            height += (item.height ?? rowHeight) + (style == nil ? 0 : Self.headerSpace(above: item, after: items.last, style: style))
            items.append(item)
            // Order matters: multiplied by an odd constant before each id's hash goes in, mixed with this process's
            // seed (as `Hasher`'s are), so that two lists folding alike in one run would not in the next.
            idsHash = (idsHash &* -7_046_029_254_386_353_131) ^ Int(truncatingIfNeeded: (hash ^ Self.seed) &* 0xD6E8_FEB8_6659_FD93)
        }
    }

    /// The room row `index` takes: its height, and its section's header above it when it begins one.
    func slot(_ index: Int, rowHeight: Double, style: ListStyle?) -> Double {
        (items[index].height ?? rowHeight) + headerSpace(index, style: style)
    }

    func headerSpace(_ index: Int, style: ListStyle?) -> Double {
        // Without a style no row begins a section: the items are not read (each read copies an item's texts).
        guard style != nil else { return 0 }
        return Self.headerSpace(above: items[index], after: index > 0 ? items[index - 1] : nil, style: style)
    }

    static func headerSpace(above item: Item, after previous: Item?, style: ListStyle?) -> Double {
        guard let style, ListStyle.beginsSection(item, after: previous) else { return 0 }
        return style.headerSpace(first: previous == nil)
    }
}
