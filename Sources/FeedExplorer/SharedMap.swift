import Dispatch
import Foundation

/// `(0..<count).map(transform)` worked out by the threads `start` sends and then the calling thread
/// (`finish`): each takes the next `chunk` indices until none are left, and the results come back in
/// index order whatever thread made them (so that a search merging them is deterministic).
///
/// Chunks are taken as threads get free, so parents of uneven cost (a wait branches on every reply)
/// still come out even: contiguous halves, one a thread, left one thread idle at the end of each batch.
/// - Complexity: O(count / chunk) lock acquisitions.
final class SharedMap<T>: @unchecked Sendable {
    private let count: Int
    private let chunk: Int
    private let transform: @Sendable (Int) -> T
    /// One slot per index, each written by the one thread that took its chunk, read after all are done.
    private let buffer: UnsafeMutablePointer<T?>
    private let lock = NSLock()
    /// The first index no thread has taken yet (under `lock`).
    private var taken = 0
    private let helpers = DispatchGroup()

    init(_ count: Int, chunk: Int, _ transform: @escaping @Sendable (Int) -> T) {
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
        for _ in 0..<max(0, threads) {
            helpers.enter()
            DispatchQueue.global().async {
                self.work()
                self.helpers.leave()
            }
        }
    }

    /// The results: the calling thread takes chunks too until none are left, then waits for the others.
    /// Call it once.
    func finish() -> [T] {
        work()
        helpers.wait()
        return (0..<count).map { index in
            let value = (buffer + index).move()!
            (buffer + index).initialize(to: nil)
            return value
        }
    }

    private func work() {
        while true {
            lock.lock()
            let first = taken
            taken = min(count, taken + chunk)
            lock.unlock()
            guard first < count else { return }
            for index in first..<min(count, first + chunk) { buffer[index] = transform(index) }
        }
    }
}
