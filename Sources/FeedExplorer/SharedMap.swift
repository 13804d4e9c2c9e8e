import CSystem
import Foundation

/// `(0..<count).map(transform)` worked out by the threads `start` sends (`HelperThreads`) and then the calling thread
/// (`finish`), each with a value of its own (`local`, made as it takes its first chunk), the results in
/// index order whatever thread made them (so that a search merging them is deterministic).
///
/// Each thread has a share of the indices, and takes `chunk` of them at a time from its front (fewer as the
/// work runs out, down to one, so that the threads end together); a thread whose share is done is dealt every
/// other chunk of the share with the most left, from its back, unless it has the next map to go on to (`take`).
/// A share is the indices
/// `owners` gives the thread (a state goes to the thread that made it: the states it made share storage
/// with each other, and two threads retaining the same objects slow each other, each reference count
/// moving between cores), or else one of `threads + 1` equal stretches, far apart. Parents of uneven cost
/// (a wait branches on every reply) still come out even: fixed halves left one thread idle at the end of
/// each batch.
/// - Complexity: O(count / chunk × threads) under the lock, and O(count / chunk) a deal; O(count) to group by owner.
final class SharedMap<Local, T>: @unchecked Sendable {
    private let count: Int
    /// The threads besides the calling one.
    private let threads: Int
    private let chunk: Int
    /// The indices in the order the threads' shares follow each other (`nil`: in order).
    private let order: [Int]?
    /// Each thread's share: where it begins in `order`, thread by thread (`nil`: equal stretches).
    private let shares: [Int]?
    /// Makes what each thread keeps of its own for `transform`, given the thread's number.
    /// Let go of by `finish` once every thread is done, with what they hold (a search's visited set, which
    /// the caller then changes in place).
    private var local: (@Sendable (Int) -> Local)?
    private var transform: (@Sendable (inout Local, Int) -> T)?
    /// One slot per index, each written by the one thread that took its chunk, read after all are done.
    private let buffer: UnsafeMutablePointer<T?>
    private let lock = NSLock()
    /// The places in `order` no thread has taken yet, a share a thread, each a list of stretches taken from the
    /// front (under `lock`).
    private var left: [[Range<Int>]] = []
    /// The threads `start` sends.
    private let helpers: HelperThreads
    /// The threads `start` sent that have not yet ended their part (`finish` waits for this map's, not for the next one's).
    private let unfinished: UnsafeMutablePointer<UInt64>
    /// Where each thread's time in `work` is added, when given.
    private let busy: BusyTime?
    /// The calling thread's own value, when it took chunks of its share ahead (`stepAhead`), kept for its part in `finish`.
    private var callersLocal: Local?

    /// - Parameters:
    ///   - owners: the thread (0 the calling one) whose share index `i` is in, `owners[i]`, when given.
    ///   - threads: the threads `start` starts besides the calling one.
    ///   - helpers: the threads to run on (as many of them as `threads` at most). Two maps at a time may run on them,
    ///     the next started before this one is finished (`HelperThreads.run`), never a third.
    init(_ count: Int, chunk: Int, owners: [Int]? = nil, threads: Int, helpers: HelperThreads, busy: BusyTime? = nil,
         local: @escaping @Sendable (Int) -> Local, _ transform: @escaping @Sendable (inout Local, Int) -> T) {
        let threads = max(0, min(threads, helpers.count))
        self.helpers = helpers
        self.busy = busy
        self.threads = threads
        if let owners {
            var groups = [[Int]](repeating: [], count: threads + 1)
            for index in 0..<count { groups[min(max(owners[index], 0), threads)].append(index) }
            order = groups.flatMap { $0 }
            var start = 0
            shares = groups.map { group in
                defer { start += group.count }
                return start
            } + [count]
        } else {
            order = nil
            shares = nil
        }
        self.local = local
        self.count = count
        self.chunk = max(1, chunk)
        self.transform = transform
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: nil, count: count)
        unfinished = .allocate(capacity: 1)
        unfinished.initialize(to: UInt64(threads))
    }

    deinit {
        buffer.deinitialize(count: count)
        buffer.deallocate()
        unfinished.deallocate()
    }

    /// Starts the other threads taking chunks.
    func start() {
        if let shares {
            left = (0...threads).map { [shares[$0]..<shares[$0 + 1]] }
        } else {
            // Stretches of whole chunks; the calling thread's (`finish`) is the first.
            let chunks = (count + chunk - 1) / chunk
            left = (0...threads).map { part in
                [min(count, chunks * part / (threads + 1) * chunk)..<min(count, chunks * (part + 1) / (threads + 1) * chunk)]
            }
        }
        for thread in 0..<threads {
            helpers.run(thread) {
                self.work(thread + 1)
                _ = csystem_fetch_add(self.unfinished, UInt64.max)
            }
        }
        helpers.latest = (ObjectIdentifier(self), { [weak self] in self?.stepAhead() ?? false })
    }

    /// The results: the calling thread takes chunks too until none are left, then waits for the others' parts of this
    /// map (they may have gone on to the next). Call it once, after `start`.
    func finish() -> [T] {
        // Its own share first; then, while the other threads end their parts here, its own share of the map begun after
        // this one, if any, rather than take theirs (`take`); then what is left of theirs.
        work(0, dealing: false)
        if let (next, step) = helpers.latest, next != ObjectIdentifier(self) {
            while csystem_load_acquire(unfinished) != 0, step() {}
        }
        work(0, dealing: true)
        helpers.wait { csystem_load_acquire(unfinished) == 0 }
        if helpers.latest?.map == ObjectIdentifier(self) { helpers.latest = nil }
        local = nil
        transform = nil
        callersLocal = nil
        return (0..<count).map { index in
            let value = (buffer + index).move()!
            (buffer + index).initialize(to: nil)
            return value
        }
    }

    /// Thread `thread`'s part of the work: its share, then (`dealing`) what is left of the others', at most `chunks`
    /// chunks; whether it took any.
    @discardableResult
    private func work(_ thread: Int, dealing: Bool = true, chunks: Int = .max) -> Bool {
        guard let local, let transform else { return false }
        let started = ContinuousClock.now
        defer { busy?.add(thread, since: started) }
        // Made with the first chunk, and held as it is, not in an optional: testing and unwrapping one copied it (a
        // search's worker, its explorer and all) at every chunk. The calling thread's is kept from a step ahead to the next.
        guard var taken = take(thread, dealing: dealing) else { return false }
        var mine = thread == 0 ? callersLocal.take() ?? local(0) : local(thread)
        // Assigned, not consumed: `consume mine` in this `defer` released the worker's storage twice (a crash, Swift 6.3).
        defer { if thread == 0 { callersLocal = mine } }
        var chunksLeft = chunks
        while true {
            for place in taken {
                let index = order?[place] ?? place
                buffer[index] = transform(&mine, index)
            }
            chunksLeft -= 1
            guard chunksLeft > 0, let next = take(thread, dealing: dealing) else { return true }
            taken = next
        }
    }

    /// One chunk of the calling thread's own share, taken before `finish` while it waits for the other threads to end
    /// their parts of the map begun before this one; false once its share is done (it takes none of theirs here).
    ///
    /// A search's calling thread done with its own parents of a batch took the other thread's (`take`): a tenth of
    /// all parents were taken across, half of them by it, each a third dearer than a parent of its own (detached, its
    /// counts moving between cores). It goes on to its own parents of the next batch instead, which is begun by then:
    /// a quarter fewer are taken across (the large model to depth 13, `--jobs 2`: 11,300 to 8,600 a search, medians of 40).
    private func stepAhead() -> Bool { work(0, dealing: false, chunks: 1) }

    /// The next chunk for `thread` (places in `order`): from the front of its share; else, if `dealing` and unless it is
    /// one of the other threads and has been given the next map already, it deals itself every other chunk of the share
    /// with the most left, from the back (or, with two chunks or fewer left there, takes the last); `nil` when none are left.
    ///
    /// A thread given the next map goes on to its own share there rather than take another's here: in a search the
    /// calling thread's share of a batch swings from a tenth to nine tenths from one batch to the next (a batch's
    /// parents are those the threads made from a stretch of the level before), and the swings of two batches running
    /// side by side partly cancel. A parent taken across costs a third more than one of its own: it is detached
    /// (`BehaviourRunner.detach()`), and its storage's counts move between cores (the large model to depth 13, `--jobs 2`,
    /// half the parents forced across: 11% more thread-seconds, 3.4 µs more a parent taken, against 10.5 µs a parent).
    ///
    /// Dealt, not cut: with owners, a state belongs to the thread that made it, and a run of parents one thread took
    /// from the back of another's share made a run of states a level down, which the next level's batches inherited
    /// and grew. Whole batches came to belong to one thread, and a quarter of all parents were taken across (each
    /// detached: `BehaviourRunner.detach()`). Dealt chunks keep each thread's states in short runs, so that each batch
    /// is shared about evenly from the start. The thread dealt to works the other's share from the back, the owner
    /// from the front: they meet only at its middle (neighbouring states share storage).
    /// - Complexity: O(the stretches left) to take one's own; O(the share's chunks) to deal.
    private func take(_ thread: Int, dealing: Bool = true) -> Range<Int>? {
        lock.lock()
        defer { lock.unlock() }
        // Chunks shrink as the work runs out (to one index), so that the threads end together: a whole chunk
        // taken last left the others idle for half a chunk's time on average, at every batch of a search.
        let remaining = left.map { $0.reduce(0) { $0 + $1.count } }
        let size = max(1, min(chunk, remaining.reduce(0, +) / (4 * (threads + 1))))
        if remaining[thread] == 0 {
            if !dealing || thread > 0 && helpers.queued(thread - 1) { return nil }
            guard let other = remaining.indices.max(by: { remaining[$0] < remaining[$1] }), remaining[other] > 0 else { return nil }
            (left[other], left[thread]) = Self.deal(left[other], size: size)
        }
        let own = left[thread][0]
        let taken = own.lowerBound..<min(own.upperBound, own.lowerBound + size)
        if taken.upperBound == own.upperBound { left[thread].removeFirst() } else { left[thread][0] = taken.upperBound..<own.upperBound }
        return taken
    }

    /// `share` (stretches in the order its thread takes them) dealt in chunks of `size` from the end its thread would
    /// reach last: every other chunk to another thread, beginning with the last, in the order that thread then takes
    /// them (from that end), the others kept in order. With two chunks or fewer left, only the last is dealt.
    /// - Complexity: O(places / size).
    static func deal(_ share: [Range<Int>], size: Int) -> (kept: [Range<Int>], dealt: [Range<Int>]) {
        let remaining = share.reduce(0) { $0 + $1.count }
        var kept: [Range<Int>] = [], dealt: [Range<Int>] = []
        var give = true
        for stretch in share.reversed() {
            var end = stretch.upperBound
            while end > stretch.lowerBound {
                let piece = max(stretch.lowerBound, end - size)..<end
                if give { dealt.append(piece) } else { kept.append(piece) }
                give = !give && remaining > 2 * size
                end = piece.lowerBound
            }
        }
        return (kept.reversed(), dealt)
    }
}
