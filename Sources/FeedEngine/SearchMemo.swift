#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a search works out again and again from the same rows, kept for the thread that works it out: a page
/// appended to rows (`PresetRows.append`), the rows' stack (`BehaviourRunner`), the bytes of text they hold
/// (`HeldItems`), the first repeated id (`RepeatedIDs`), and the thread's own copy of rows another thread made
/// (`PresetRows.rehome(in:)`).
///
/// A search reaches the same rows in thousands of states, and each state made them anew: a page appended to a
/// state's rows copied them, hashed every id, stacked and measured them — a sixth of a search's time on
/// `standard` (perf). With the memo, the first state to append a page to some rows makes the result and the memo
/// keeps it; every later state appending that page to those rows takes the very same arrays. The rows of a
/// search are then shared, not just equal, so the rows' stack, their repeats and their text are found by the
/// rows' storage too (hash-consing, as model checkers and decision-diagram packages keep their states).
///
/// An array is known by its storage (`StorageKey`): the memo holds every array it is keyed by, so that storage
/// is never freed (its address never reused) nor changed in place (never uniquely referenced): equal keys are
/// the same elements. Each result is the one worked out without the memo (its twin, `SearchMemoTests`).
///
/// Each table is direct-mapped, as a decision-diagram package's computed table is: a key has one slot, chosen
/// by a multiplicative hash of its words, and a new result takes the slot from whatever held it. A lookup is a
/// few instructions (a `Dictionary` fed Swift's `Hasher` cost more than a small page's work), and the memory
/// is bounded: `slots` results a table, each holding arrays other states hold too.
///
/// One thread at a time uses a memo: a search's worker binds its own (`current`) while it expands a state. A
/// render binds none and keeps nothing.
package final class SearchMemo: @unchecked Sendable {
    /// The memo of the search this thread works for, if any (`bind(_:_:)`).
    package static var current: SearchMemo? {
        guard let bound = pthread_getspecific(threadSlot) else { return nil }
        return Unmanaged<SearchMemo>.fromOpaque(bound).takeUnretainedValue()
    }

    /// Runs `body` with `memo` as this thread's `current`. The memo is kept in a slot of the thread's own: a
    /// task-local's key is one object for every thread, retained at each binding, and on two threads its count
    /// passed between cores at every state (an interposed `swift_retain` counted it).
    package static func bind<T>(_ memo: SearchMemo?, _ body: () -> T) -> T {
        let outer = pthread_getspecific(threadSlot)
        pthread_setspecific(threadSlot, memo.map { Unmanaged.passUnretained($0).toOpaque() })
        defer { pthread_setspecific(threadSlot, outer) }
        return withExtendedLifetime(memo) { body() }
    }

    /// Each thread's slot for `current`.
    private static let threadSlot: pthread_key_t = {
        var slot = pthread_key_t()
        pthread_key_create(&slot, nil)
        return slot
    }()

    /// The thread's own copy of what the runners of the search share, made by the first `BehaviourRunner.detach` on
    /// the thread and given by every one after it (a copy each was a fifth of the cost of detaching a parent).
    @exclusivity(unchecked) package var threadsOwn: AnyObject?

    // One thread at a time: no access needs checking for exclusivity at run time (a check cost as much as a lookup).
    @exclusivity(unchecked) private var appends: Table<AppendKey, (rows: [Item], page: [Item]), AppendResult>
    @exclusivity(unchecked) private var stacks: Table<StackKey, [Item], ListScreen.Stack>
    @exclusivity(unchecked) private var heldBytes: Table<RowsFrom, [Item], Int>
    @exclusivity(unchecked) private var repeats: Table<StorageKey, [Item], String?>
    @exclusivity(unchecked) private var homes: Table<StorageKey, [Item], (items: [Item], ids: RowIDs)>

    /// Room that keeps two threads' memos off each other's cache lines: reading `current` retains the memo, and memos
    /// made one after the other would share a line, which both threads' counts would then pass between cores.
    private let apart: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    /// - Parameter slots: each table's, a power of two (a search's rows take dozens; a model with inserts hundreds).
    package init(slots: Int = 1_024) {
        appends = Table(slots: slots)
        stacks = Table(slots: slots)
        heldBytes = Table(slots: slots)
        repeats = Table(slots: slots)
        homes = Table(slots: slots)
    }

    // One method a table, each specialised here (a generic table called from another module goes through its
    // key's witnesses).

    /// `PresetRows.append`'s result for `key` (`rows` and `page` by their storage), else `make()`'s, kept.
    func appended(_ key: AppendKey, rows: [Item], page: [Item], _ make: () -> AppendResult) -> AppendResult {
        appends.value(key, hash: key.rows.hash ^ key.page.hash &* 31 ^ Int(truncatingIfNeeded: key.height) ^ key.idsHash,
                      holding: (rows, page), make)
    }

    /// The stack of `rows` with this row height and style, else `make()`'s, kept.
    package func stack(of rows: [Item], rowHeight: Double, style: ListStyle?, _ make: () -> ListScreen.Stack) -> ListScreen.Stack {
        let key = StackKey(rows: StorageKey(rows), rowHeight: rowHeight.bitPattern, style: style)
        return stacks.value(key, hash: key.rows.hash ^ Int(truncatingIfNeeded: key.rowHeight), holding: rows, make)
    }

    /// The bytes of text `rows[start...]` hold (`HeldItems`), else `make()`'s, kept.
    package func heldBytes(of rows: [Item], from start: Int, _ make: () -> Int) -> Int {
        let key = RowsFrom(rows: StorageKey(rows), start: start)
        return heldBytes.value(key, hash: key.rows.hash ^ start, holding: rows, make)
    }

    /// The first id of `rows` that an earlier row has (`RepeatedIDs`), else `make()`'s, kept.
    package func firstRepeat(in rows: [Item], _ make: () -> String?) -> String? {
        let key = StorageKey(rows)
        return repeats.value(key, hash: key.hash, holding: rows, make)
    }

    /// This thread's own copy of `items` (another thread's, most often) and of their ids, else `make()`'s, kept: every
    /// state the thread takes with these rows gets the same copy (`PresetRows.rehome(in:)`).
    func home(_ items: [Item], _ make: () -> (items: [Item], ids: RowIDs)) -> (items: [Item], ids: RowIDs) {
        let key = StorageKey(items)
        return homes.value(key, hash: key.hash, holding: items, make)
    }

    /// Results by key, one slot a key (direct-mapped). Keys, the arrays they name (`Holding`) and values apart: a key
    /// is plain words, compared in place; only a value found is copied out, not the arrays held for its key (which
    /// may be another thread's: a copy retained them, and their counts passed between cores).
    private struct Table<Key: Equatable, Holding, Value> {
        private var keys: [Key?]
        private var holdings: [Holding?]
        private var values: [Value?]

        init(slots count: Int) {
            precondition(count > 0 && count & (count - 1) == 0, "a table's slots are a power of two")
            keys = Array(repeating: nil, count: count)
            holdings = Array(repeating: nil, count: count)
            values = Array(repeating: nil, count: count)
        }

        /// The value kept for `key`, whose words hash to `hash`, else `make()`'s, kept in its slot with `holding`, the
        /// arrays `key` names by their storage.
        /// - Complexity: O(1), and `make`'s on a miss.
        mutating func value(_ key: Key, hash: Int, holding: Holding, _ make: () -> Value) -> Value {
            // Fibonacci hashing: the product's top bits, the ones every bit of `hash` reaches.
            let slot = Int(truncatingIfNeeded: UInt(bitPattern: hash &* -7_046_029_254_386_353_131) >> UInt(Int.bitWidth - keys.count.trailingZeroBitCount))
            if keys[slot] == key, let kept = values[slot] { return kept }
            let made = make()
            keys[slot] = key
            holdings[slot] = holding
            values[slot] = made
            return made
        }
    }

    /// A page appended to rows: the rows (by storage) and what they add up to, the page, and how rows stack.
    struct AppendKey: Equatable {
        var rows: StorageKey
        var page: StorageKey
        var height: UInt64
        var idsHash: Int
        var rowHeight: UInt64
        var style: ListStyle?
    }

    /// What `PresetRows.append` made.
    struct AppendResult {
        var items: [Item]
        var ids: RowIDs
        var height: Double
        var dropped: Int
        var idsHash: Int
    }

    /// Rows stacked with a row height and style.
    private struct StackKey: Equatable {
        var rows: StorageKey
        var rowHeight: UInt64
        var style: ListStyle?
    }

    /// The rows from `start` on.
    private struct RowsFrom: Equatable {
        var rows: StorageKey
        var start: Int
    }
}

/// An array's storage: equal for two arrays that share it, which (while one of them is held) are the same elements.
package struct StorageKey: Equatable {
    let address: UInt
    let count: Int

    package init<Element>(_ array: [Element]) {
        address = array.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        count = array.count
    }

    /// Its words mixed, for a table's slot (the address's low bits are alignment's, always zero).
    var hash: Int { Int(bitPattern: address >> 4) ^ count &* 0x5851_F42D }
}
