/// The time each thread of a search spends working (its part of each batch of states expanded, and on the calling
/// thread their merge), summed: what tells a search that leaves its threads waiting from one whose threads, busy
/// throughout, each work slower on two cores than on one (`ExplorationStatistics.busySeconds`).
///
/// Each thread adds to a slot of its own, a cache line apart from the others' (threads writing one line would
/// slow each other); `seconds` is read once every thread is done.
package final class BusyTime: @unchecked Sendable {
    private let slots: UnsafeMutablePointer<Double>
    private let threads: Int
    /// Doubles between two threads' slots: a cache line.
    private static let stride = 8

    init(threads: Int) {
        self.threads = max(1, threads)
        slots = .allocate(capacity: self.threads * Self.stride)
        slots.initialize(repeating: 0, count: self.threads * Self.stride)
    }

    deinit { slots.deallocate() }

    /// Adds the time from `start` to now to thread `thread`'s: two clock reads a piece of work, a thread's part of a
    /// batch or a batch merged (milliseconds).
    func add(_ thread: Int, since start: ContinuousClock.Instant) {
        slots[thread * Self.stride] += (ContinuousClock.now - start).seconds
    }

    /// The threads' time so far, added up. Read while no thread works.
    var seconds: Double { (0..<threads).reduce(0) { $0 + slots[$1 * Self.stride] } }
}
