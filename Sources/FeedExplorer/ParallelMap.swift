import Dispatch

/// `(0..<count).map(transform)` on `jobs` threads, the results in index order
/// whatever `jobs` (so that a search merging them is deterministic).
///
/// Worker w takes chunks w, w + jobs, w + 2·jobs, … of `chunk` indices: no shared
/// counter or lock, and neighbouring states (alike in cost) spread over workers.
enum ParallelMap {
    static func map<T>(_ count: Int, jobs: Int, chunk: Int = 16, _ transform: @Sendable (Int) -> T) -> [T] {
        if jobs <= 1 || count <= chunk { return (0..<count).map(transform) }
        let slots = Slots<T>(count)
        let chunks = (count + chunk - 1) / chunk
        DispatchQueue.concurrentPerform(iterations: jobs) { worker in
            var index = worker
            while index < chunks {
                for k in index * chunk..<min(count, (index + 1) * chunk) { slots.set(k, transform(k)) }
                index += jobs
            }
        }
        return slots.values()
    }
}

/// One result slot per index, each written by exactly one worker before `values()` reads them all.
private final class Slots<T>: @unchecked Sendable {
    private let buffer: UnsafeMutablePointer<T?>
    private let count: Int

    init(_ count: Int) {
        self.count = count
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: nil, count: count)
    }

    private var moved = false

    deinit {
        if !moved { buffer.deinitialize(count: count) }
        buffer.deallocate()
    }

    func set(_ index: Int, _ value: T) { buffer[index] = value }

    /// The results, moved out (not copied); the slots are left empty.
    func values() -> [T] {
        moved = true
        return (0..<count).map { (buffer + $0).move()! }
    }
}
