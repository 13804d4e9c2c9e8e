/// `(0..<count).map(transform)` on `jobs` threads, the results in index order
/// whatever `jobs` (so that a search merging them is deterministic).
///
/// The threads take `chunk` indices at a time as they get free (`SharedMap`): neighbouring
/// states, alike in cost and sharing storage, stay on one thread, and uneven ones still come out even.
package enum ParallelMap {
    package static func map<T>(_ count: Int, jobs: Int, chunk: Int = 16, _ transform: @escaping @Sendable (Int) -> T) -> [T] {
        if jobs <= 1 || count <= chunk { return (0..<count).map(transform) }
        let work = SharedMap(count, chunk: chunk, transform)
        work.start(threads: jobs - 1)
        return work.finish()
    }
}
