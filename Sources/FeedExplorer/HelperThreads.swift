import CSystem
import Foundation

/// Threads kept for a whole search, each running one job at a time with at most one more given to it (`run`), which
/// spin for a moment when they have none before they sleep; and a `wait` for the jobs given, or for any condition the
/// jobs make true, that spins the same way.
///
/// A search on two threads hands the other thread a batch every few milliseconds and waits for its last parent at
/// the end of each. Through Dispatch, the thread began 85–110 µs after its batch was given, and the search's thread
/// woke about as long after the other's last parent was done (the large model to depth 13, timestamps): a sleeping
/// thread takes that long to wake. Spinning, a thread sees its job or the end of the other's as soon as it is there.
/// A thread that spins for `spin` without news sleeps, as between two searches.
///
/// The jobs pass through two slots a thread, taken in turn: a job is written before the count of jobs given to the
/// thread is raised (release), and read after that count is seen raised (acquire); the thread raises its count of jobs
/// taken (release) before it runs one, and `run` writes a slot only once the job before in it was taken. The count of
/// jobs not yet done falls as each ends (acquire-release), and `wait` returns when it sees 0.
package final class HelperThreads: @unchecked Sendable {
    /// The threads.
    package let count: Int
    /// How long a thread spins without news before it sleeps.
    private let spin: Duration
    /// Jobs given to each thread so far, raised by `run` once the job is in its slot.
    private let given: UnsafeMutablePointer<UInt64>
    /// Each thread's two slots for its next jobs (its `n`th job in slot `n % 2`), written by `run` and taken by the thread.
    private let jobs: UnsafeMutablePointer<(() -> Void)?>
    /// Jobs each thread has taken so far, the one it runs included (written by the thread, a cache line a thread).
    private let taken: UnsafeMutablePointer<UInt64>
    /// Jobs given and not yet done.
    private let pending: UnsafeMutablePointer<UInt64>
    /// Guards the fields below, and wakes the sleepers.
    private let condition = NSCondition()
    private var asleep: [Bool]
    private var waiting = false
    private var stopping = false
    /// The map started last on these threads, and a step of the calling thread's own share of it (`SharedMap.stepAhead`):
    /// what the calling thread does while it waits for the map before. Read and written by the calling thread only.
    var latest: (map: ObjectIdentifier, step: () -> Bool)?

    /// Starts `count` threads, which spin for `spin` when they have no job before they sleep: by default 200 µs, or
    /// not at all when they and the calling thread outnumber the cores (a spinning thread would hold a core another
    /// needs: `--jobs 4` on two cores took 0.82–0.88 s where `--jobs 2` took 0.78–0.82 s).
    package init(_ count: Int, spin: Duration? = nil) {
        self.count = count
        self.spin = spin ?? (count + 1 <= ProcessInfo.processInfo.activeProcessorCount ? .microseconds(200) : .zero)
        given = .allocate(capacity: count)
        given.initialize(repeating: 0, count: count)
        jobs = .allocate(capacity: 2 * count)
        jobs.initialize(repeating: nil, count: 2 * count)
        taken = .allocate(capacity: Self.line * count)
        taken.initialize(repeating: 0, count: Self.line * count)
        pending = .allocate(capacity: 1)
        pending.initialize(to: 0)
        asleep = Array(repeating: false, count: count)
        for thread in 0..<count {
            let started = Thread { [self] in loop(thread) }
            started.name = "feedframes helper \(thread + 1)"
            started.start()
        }
    }

    deinit {
        given.deallocate()
        jobs.deinitialize(count: 2 * count)
        jobs.deallocate()
        taken.deallocate()
        pending.deallocate()
    }

    /// Words between two threads' counts of jobs taken: a cache line.
    private static var line: Int { 8 }

    /// Gives thread `thread` `job`, to run once its job before, if any, is done: it must have at most one not yet
    /// done (a search begins a batch while the one before runs, and finishes that one before it begins the next).
    func run(_ thread: Int, _ job: @escaping () -> Void) {
        let number = csystem_load_relaxed(given + thread) + 1
        // The slot's job before (two jobs back) must have been taken: it has, unless the thread has not yet woken for it.
        while number > csystem_load_acquire(taken + Self.line * thread) + 2 { csystem_spin_pause() }
        jobs[2 * thread + Int(number % 2)] = job
        _ = csystem_fetch_add(pending, 1)
        csystem_store_release(given + thread, number)
        condition.lock()
        if asleep[thread] { condition.broadcast() }
        condition.unlock()
    }

    /// Returns once every job given is done (what they wrote then seen by the caller).
    func wait() { wait(until: { csystem_load_acquire(pending) == 0 }) }

    /// Returns once `done` is true, which a job makes true before it ends (with release; `done` reads with acquire).
    /// - Complexity: spins for the threads' `spin`, then sleeps until a job ends, and asks again.
    func wait(until done: () -> Bool) {
        if spinning(until: done) { return }
        condition.lock()
        while !done() {
            waiting = true
            condition.wait()
        }
        waiting = false
        condition.unlock()
    }

    /// Whether thread `thread` has been given a job after the one it runs. Asked by the thread itself, in a job.
    func queued(_ thread: Int) -> Bool {
        csystem_load_acquire(given + thread) > csystem_load_relaxed(taken + Self.line * thread)
    }

    /// Lets the threads end once they have no job (they hold this object until then).
    package func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
    }

    /// Thread `thread`'s life: each job as it is given, until `stop`.
    private func loop(_ thread: Int) {
        var seen: UInt64 = 0
        while true {
            if !spinning(until: { csystem_load_acquire(given + thread) != seen }) {
                condition.lock()
                while csystem_load_acquire(given + thread) == seen && !stopping {
                    asleep[thread] = true
                    condition.wait()
                }
                asleep[thread] = false
                let ended = csystem_load_acquire(given + thread) == seen
                condition.unlock()
                if ended { return }
            }
            seen += 1
            let job = jobs[2 * thread + Int(seen % 2)].take()!
            csystem_store_release(taken + Self.line * thread, seen)
            job()
            _ = csystem_fetch_add(pending, UInt64.max)
            // A waiter may wait for this job alone (`wait(until:)`), not for every job given.
            condition.lock()
            if waiting { condition.broadcast() }
            condition.unlock()
        }
    }

    /// Whether `done` came true within `spin`, asked again and again meanwhile.
    private func spinning(until done: () -> Bool) -> Bool {
        let clock = ContinuousClock()
        let end = clock.now + spin
        while true {
            for _ in 0..<64 {
                if done() { return true }
                csystem_spin_pause()
            }
            if clock.now >= end { return done() }
        }
    }
}
