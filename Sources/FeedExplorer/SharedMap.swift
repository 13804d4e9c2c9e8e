import Dispatch
import Foundation

/// `(0..<count).map(transform)` worked out by the threads `start` sends and then the calling thread
/// (`finish`), each with a value of its own (`local`, made as it takes its first chunk), the results in
/// index order whatever thread made them (so that a search merging them is deterministic).
///
/// Each thread owns a stretch of the indices, one of `threads + 1` equal parts, and takes `chunk` of
/// them at a time from its front; a thread whose stretch is done takes chunks from the back of the
/// stretch with the most left. So parents of uneven cost (a wait branches on every reply) still come
/// out even — contiguous halves alone left one thread idle at the end of each batch — and two threads
/// work far apart: neighbouring states share their storage, and two threads retaining the same
/// objects slow each other (each reference count moves between cores), as when they took turns at
/// neighbouring chunks.
/// - Complexity: O(count / chunk × threads) under the lock.
final class SharedMap<Local, T>: @unchecked Sendable {
    private let count: Int
    private let chunk: Int
    /// Makes what each thread keeps of its own for `transform`.
    private let local: @Sendable () -> Local
    private let transform: @Sendable (inout Local, Int) -> T
    /// One slot per index, each written by the one thread that took its chunk, read after all are done.
    private let buffer: UnsafeMutablePointer<T?>
    private let lock = NSLock()
    /// The indices no thread has taken yet, a stretch a thread (under `lock`).
    private var left: [Range<Int>] = []
    private let helpers = DispatchGroup()

    init(_ count: Int, chunk: Int, local: @escaping @Sendable () -> Local, _ transform: @escaping @Sendable (inout Local, Int) -> T) {
        self.local = local
        self.count = count
        self.chunk = max(1, chunk)
        self.transform = transform
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: nil, count: count)
    }

    deinit {
        buffer.deinitialize(count: count)
        buffer.deallocate()
    }

    /// Starts `threads` threads taking chunks.
    func start(threads: Int) {
        let threads = max(0, threads)
        // Stretches of whole chunks; the calling thread's (`finish`) is the first.
        let chunks = (count + chunk - 1) / chunk
        left = (0...threads).map { part in
            min(count, chunks * part / (threads + 1) * chunk)..<min(count, chunks * (part + 1) / (threads + 1) * chunk)
        }
        for thread in 0..<threads {
            helpers.enter()
            DispatchQueue.global().async {
                self.work(thread + 1)
                self.helpers.leave()
            }
        }
    }

    /// The results: the calling thread takes chunks too until none are left, then waits for the others.
    /// Call it once.
    func finish() -> [T] {
        if left.isEmpty { left = [0..<count] }
        work(0)
        helpers.wait()
        return (0..<count).map { index in
            let value = (buffer + index).move()!
            (buffer + index).initialize(to: nil)
            return value
        }
    }

    /// Thread `thread`'s share of the work: its stretch, then what is left of the others'.
    private func work(_ thread: Int) {
        var mine: Local?
        while let taken = take(thread) {
            if mine == nil { mine = local() }
            for index in taken { buffer[index] = transform(&mine!, index) }
        }
    }

    /// The next chunk for `thread`: from the front of its stretch, else from the back of the stretch with
    /// the most indices left; `nil` when none are left.
    private func take(_ thread: Int) -> Range<Int>? {
        lock.lock()
        defer { lock.unlock() }
        if !left[thread].isEmpty {
            let own = left[thread]
            left[thread] = min(own.upperBound, own.lowerBound + chunk)..<own.upperBound
            return own.lowerBound..<left[thread].lowerBound
        }
        guard let other = left.indices.max(by: { left[$0].count < left[$1].count }), !left[other].isEmpty else { return nil }
        let stretch = left[other]
        // Whole chunks from the back, so that the owner's chunks stay whole.
        let tail = (stretch.upperBound - stretch.lowerBound - 1) / chunk * chunk
        let cut = stretch.lowerBound + tail
        left[other] = stretch.lowerBound..<cut
        return cut..<stretch.upperBound
    }
}
