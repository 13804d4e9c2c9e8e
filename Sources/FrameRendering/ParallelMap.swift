import Dispatch
import Synchronization

/// `items.map { transform(thread, $0) }` on up to `jobs` threads, results in
/// input order; `thread` (in `0..<jobs`) says which thread runs the call, so
/// that each thread can use state of its own.
///
/// Threads take the next item from a shared counter as they finish one, so
/// a thread that is slowed (by the writer's thread sharing its core, say)
/// simply takes fewer items, and all finish together.
/// - Complexity: O(n) calls of `transform`, spread over `jobs` threads.
func parallelMap<T: Sendable, U: Sendable>(_ items: [T], jobs: Int, _ transform: @Sendable (Int, T) -> U) -> [U] {
    let threads = min(max(jobs, 1), items.count)
    guard threads > 1 else { return items.map { transform(0, $0) } }
    let results = UnsafeMutableBufferPointer<U?>.allocate(capacity: items.count)
    results.initialize(repeating: nil)
    defer {
        results.deinitialize()
        results.deallocate()
    }
    // Each index is taken by exactly one thread, written once, and read only after all have finished.
    nonisolated(unsafe) let output = results
    let next = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
        while true {
            let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
            guard index < items.count else { return }
            output[index] = transform(thread, items[index])
        }
    }
    return results.map { $0! }
}
