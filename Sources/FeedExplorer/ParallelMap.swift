/// `(0..<count).map(transform)` on `jobs` threads, the results in index order
/// whatever `jobs` (so that a search merging them is deterministic).
///
/// The threads take `chunk` indices at a time (`SharedMap`): neighbouring states, alike in cost and
/// sharing storage, stay on one thread, and uneven ones still come out even.
package enum ParallelMap {
    package static func map<T>(_ count: Int, jobs: Int, chunk: Int = 16, _ transform: @escaping @Sendable (Int) -> T) -> [T] {
        begin(count, jobs: jobs, chunk: chunk, local: { _ in }) { (_: inout Void, index) in transform(index) }()
    }

    /// The same, begun now: with `jobs` above 1 the other threads start on it at once, and the function
    /// returned finishes it, the calling thread joining in, and gives the results. Meanwhile the caller
    /// does other work (a search merges the batch before). Each thread hands `transform` a value of its
    /// own, made by `local` (given the thread's number, 0 for the calling thread) when it starts: what it
    /// would otherwise share with the other threads (two threads retaining one object slow each other).
    /// With `owners`, index `i` goes first to thread `owners[i]`, the others helping once their own are done. With
    /// `helpers`, the other threads are those (a search's, kept from one batch to the next), else threads started
    /// for this map alone and ended with it; a map may be begun on them before the one before is finished (not two
    /// before). With `busy`, each thread's time working on it is added there.
    package static func begin<Local, T>(_ count: Int, jobs: Int, chunk: Int = 16, owners: [Int]? = nil,
                                        helpers: HelperThreads? = nil, busy: BusyTime? = nil, local: @escaping @Sendable (Int) -> Local,
                                        _ transform: @escaping @Sendable (inout Local, Int) -> T) -> () -> [T] {
        if jobs <= 1 || count <= chunk {
            return {
                let start = ContinuousClock.now
                defer { busy?.add(0, since: start) }
                var mine = local(0)
                return (0..<count).map { transform(&mine, $0) }
            }
        }
        // Threads of its own sleep as soon as they are done: no next batch comes for them to spin for.
        let threads = helpers ?? HelperThreads(jobs - 1, spin: .zero)
        let work = SharedMap(count, chunk: chunk, owners: owners, threads: jobs - 1, helpers: threads, busy: busy, local: local, transform)
        work.start()
        return {
            defer { if helpers == nil { threads.stop() } }
            return work.finish()
        }
    }
}
