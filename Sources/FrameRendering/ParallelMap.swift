import Dispatch

/// `items.map { transform(thread, $0) }` on up to `jobs` threads, results in
/// input order; `thread` (in `0..<jobs`) says which thread runs the call, so
/// that each thread can use state of its own.
///
/// Items are striped across the threads (thread k takes k, k + jobs, …),
/// which keeps neighbouring frames, of similar cost, on different cores.
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
    // Each index is written by exactly one thread and read only after all have finished.
    nonisolated(unsafe) let output = results
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
        var index = thread
        while index < items.count {
            output[index] = transform(thread, items[index])
            index += threads
        }
    }
    return results.map { $0! }
}
