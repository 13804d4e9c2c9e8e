import Foundation
import XCTest
@testable import FeedExplorer

/// `ParallelMap.map` against its naive twin, `(0..<count).map`: every index worked out once, the results in
/// index order, whatever the threads, the chunk and how long each index takes (a thread whose stretch is
/// done takes chunks from another's).
final class ParallelMapTests: XCTestCase {
    /// How many times each index was worked out, from any thread.
    final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var counts: [Int: Int] = [:]
        func note(_ index: Int) { lock.withLock { counts[index, default: 0] += 1 } }
        var all: [Int: Int] { lock.withLock { counts } }
    }

    func testEveryIndexOnceInOrder() {
        for jobs in 1...4 {
            for chunk in [1, 3, 16] {
                for count in [0, 1, 2, 15, 16, 17, 50, 161, 400] {
                    let calls = Calls()
                    let results = ParallelMap.map(count, jobs: jobs, chunk: chunk) { index in
                        calls.note(index)
                        return index * 7 + 1
                    }
                    XCTAssertEqual(results, (0..<count).map { $0 * 7 + 1 }, "jobs \(jobs) chunk \(chunk) count \(count)")
                    XCTAssertEqual(calls.all, Dictionary(uniqueKeysWithValues: (0..<count).map { ($0, 1) }), "jobs \(jobs) chunk \(chunk) count \(count)")
                }
            }
        }
    }

    /// With owners, every index once and in order too, each thread beginning with its own (in index order),
    /// whoever owns how many.
    func testOwnersShareTheWorkAndTheResultsStayInOrder() {
        var random = SystemRandomNumberGenerator()
        for count in [17, 50, 161] {
            for jobs in 2...3 {
                let owners = (0..<count).map { _ in Int.random(in: 0..<(jobs + 1), using: &random) }  // one owner past the threads
                let calls = Calls()
                let results = ParallelMap.begin(count, jobs: jobs, chunk: 4, owners: owners, local: { $0 }) { thread, index in
                    calls.note(index)
                    return (index, thread)
                }()
                XCTAssertEqual(results.map(\.0), Array(0..<count), "jobs \(jobs) count \(count)")
                XCTAssertEqual(calls.all, Dictionary(uniqueKeysWithValues: (0..<count).map { ($0, 1) }), "jobs \(jobs) count \(count)")
            }
        }
        // Everything owned by the slow calling thread: the others still help, from the back.
        let count = 64
        let made = ParallelMap.begin(count, jobs: 2, chunk: 4, owners: Array(repeating: 0, count: count), local: { $0 }) { thread, index -> Int in
            Thread.sleep(forTimeInterval: 0.005)
            return thread
        }()
        XCTAssertEqual(made.prefix(4), [0, 0, 0, 0], "the owner begins at the front of its share")
        XCTAssertTrue(made.contains(1), "the other thread helped")
        // Odd indices the calling thread's, even ones the other's: each begins with its own.
        let alternate = ParallelMap.begin(count, jobs: 2, chunk: 4, owners: (0..<count).map { $0 % 2 == 0 ? 1 : 0 }, local: { $0 }) { thread, index -> Int in
            Thread.sleep(forTimeInterval: 0.002)
            return thread
        }()
        XCTAssertEqual(alternate.prefix(8), [1, 0, 1, 0, 1, 0, 1, 0])
    }

    /// A thread whose share is done is dealt every other chunk of another's, from the back, the last first, in the
    /// order it takes them; the owner keeps the rest in order. Two chunks or fewer: the last only.
    func testADoneThreadIsDealtEveryOtherChunkFromTheBack() {
        typealias Map = SharedMap<Void, Void>
        XCTAssertEqual(Map.deal([0..<20], size: 4).dealt, [16..<20, 8..<12, 0..<4])
        XCTAssertEqual(Map.deal([0..<20], size: 4).kept, [4..<8, 12..<16])
        XCTAssertEqual(Map.deal([0..<18], size: 4).dealt, [14..<18, 6..<10, 0..<2])
        XCTAssertEqual(Map.deal([0..<18], size: 4).kept, [2..<6, 10..<14])
        // A share dealt before, which its thread takes from its first stretch on: its end is the last stretch's.
        XCTAssertEqual(Map.deal([16..<20, 8..<12], size: 2).dealt, [10..<12, 18..<20])
        XCTAssertEqual(Map.deal([16..<20, 8..<12], size: 2).kept, [16..<18, 8..<10])
        XCTAssertEqual(Map.deal([0..<8], size: 4).dealt, [4..<8])
        XCTAssertEqual(Map.deal([0..<8], size: 4).kept, [0..<4])
        XCTAssertEqual(Map.deal([5..<8], size: 4).dealt, [5..<8])
        XCTAssertEqual(Map.deal([5..<8], size: 4).kept, [])
    }

    /// Everything owned by the calling thread, both threads as slow: the other takes what it is dealt, runs from the
    /// back, not one long run (whose states, a level down in a search, would all be its own).
    func testWhatAThreadIsDealtComesInShortRuns() {
        let count = 64
        let made = ParallelMap.begin(count, jobs: 2, chunk: 4, owners: Array(repeating: 0, count: count), local: { $0 }) { thread, _ -> Int in
            Thread.sleep(forTimeInterval: 0.003)
            return thread
        }()
        XCTAssertEqual(made.prefix(4), [0, 0, 0, 0], "the owner begins at the front of its share")
        // Cut from the back, the other thread's part was one run, however the two went.
        let runs = made.indices.filter { made[$0] == 1 && ($0 == 0 || made[$0 - 1] != 1) }
        XCTAssertGreaterThanOrEqual(runs.count, 2, "dealt chunks: \(made)")
        XCTAssertEqual(made.last, 1, "the other thread begins at the back: \(made)")
    }

    /// The calling thread's stretch is slow: the other threads finish theirs and take chunks from its back.
    func testAThreadWithASlowStretchIsHelped() {
        let calls = Calls()
        let count = 96
        let owners = ParallelMap.map(count, jobs: 3, chunk: 4) { index -> UInt in
            calls.note(index)
            if index < count / 3 { Thread.sleep(forTimeInterval: 0.01) }
            return UInt(pthread_self())
        }
        XCTAssertEqual(calls.all, Dictionary(uniqueKeysWithValues: (0..<count).map { ($0, 1) }))
        XCTAssertEqual(owners.count, count)
        // The slow third was shared: its front by the thread that owns it, its back by the others.
        XCTAssertGreaterThan(Set(owners[..<(count / 3)]).count, 1, "no thread helped with the slow stretch")
        XCTAssertEqual(Set(owners[..<4]).count, 1, "a chunk is worked out by one thread")
    }

    /// Threads kept for a search: each job runs once on its thread, and `wait` returns once all are done, their writes
    /// seen; whether the threads were spinning when given the next (one after another) or asleep (after a pause
    /// longer than their spin).
    func testKeptThreadsRunEachJobAndWaitSeesItsWrites() {
        let helpers = HelperThreads(3, spin: .microseconds(100))
        defer { helpers.stop() }
        let written = UnsafeMutablePointer<Int>.allocate(capacity: 3)
        defer { written.deallocate() }
        let shared = UnsafeSendable(written)
        for round in 0..<2_000 {
            written.initialize(repeating: -1, count: 3)
            for thread in 0..<3 { helpers.run(thread) { shared.pointer[thread] = round * 10 + thread } }
            if round % 500 == 499 { Thread.sleep(forTimeInterval: 0.005) }
            helpers.wait()
            XCTAssertEqual(Array(UnsafeBufferPointer(start: written, count: 3)), [round * 10, round * 10 + 1, round * 10 + 2], "round \(round)")
        }
    }

    /// On kept threads, a search's pattern: a map begun, the caller busy meanwhile, finished, the next begun; the
    /// results those of `(0..<count).map`, every index once, whether the threads spin or sleep between two.
    func testMapsOnKeptThreadsGiveTheSameResults() {
        let helpers = HelperThreads(2, spin: .microseconds(50))
        defer { helpers.stop() }
        for batch in 0..<300 {
            let count = [5, 17, 64, 161][batch % 4]
            let calls = Calls()
            let finish = ParallelMap.begin(count, jobs: 3, chunk: 4, helpers: helpers, local: { $0 }) { thread, index in
                calls.note(index)
                return (index * 3, thread)
            }
            if batch % 50 == 0 { Thread.sleep(forTimeInterval: 0.002) }
            let results = finish()
            XCTAssertEqual(results.map(\.0), (0..<count).map { $0 * 3 }, "batch \(batch)")
            XCTAssertEqual(calls.all, Dictionary(uniqueKeysWithValues: (0..<count).map { ($0, 1) }), "batch \(batch)")
        }
    }

    /// A job given to a thread while its last one runs runs after it; `wait(until:)` returns once its condition holds,
    /// without waiting for the job given after (which here waits for the caller: waiting for it would hang).
    func testAJobGivenWhileTheLastRunsRunsNextAndAWaitForTheFirstDoesNotWaitForIt() {
        let helpers = HelperThreads(1, spin: .microseconds(100))
        defer { helpers.stop() }
        for round in 0..<200 {
            let order = Order()
            let release = DispatchSemaphore(value: 0)
            helpers.run(0) { order.note("first") }
            helpers.run(0) {
                order.note(release.wait(timeout: .now() + 10) == .success ? "second" : "second, never released")
            }
            helpers.wait { order.all == ["first"] }
            release.signal()
            helpers.wait()
            XCTAssertEqual(order.all, ["first", "second"], "round \(round)")
        }
    }

    /// A search's pattern on kept threads: each map begun before the one before is finished. Every result is that of
    /// `(0..<count).map`, every index once.
    func testMapsBegunBeforeTheLastIsFinishedGiveTheSameResults() {
        let helpers = HelperThreads(2, spin: .microseconds(50))
        defer { helpers.stop() }
        func begin(_ batch: Int, _ calls: Calls) -> () -> [Int] {
            let count = [5, 17, 64, 161][batch % 4]
            return ParallelMap.begin(count, jobs: 3, chunk: 4, owners: (0..<count).map { ($0 / 8 + batch) % 3 }, helpers: helpers,
                                     local: { $0 }) { _, index in
                calls.note(index)
                return index * 3 + batch
            }
        }
        var calls = Calls()
        var running = begin(0, calls)
        for batch in 0..<300 {
            let nextCalls = Calls()
            let next = begin(batch + 1, nextCalls)
            if batch % 50 == 0 { Thread.sleep(forTimeInterval: 0.002) }
            let results = running()
            let count = [5, 17, 64, 161][batch % 4]
            XCTAssertEqual(results, (0..<count).map { $0 * 3 + batch }, "batch \(batch)")
            XCTAssertEqual(calls.all, Dictionary(uniqueKeysWithValues: (0..<count).map { ($0, 1) }), "batch \(batch)")
            (running, calls) = (next, nextCalls)
        }
        _ = running()
    }

    /// A thread done with its share of a map goes on to the next map begun, when there is one, rather than take the
    /// calling thread's share (which it does with nothing else to do: `testOwnersShareTheWorkAndTheResultsStayInOrder`).
    func testAThreadGivenTheNextMapGoesOnToItRatherThanTakeAnothersShare() {
        let helpers = HelperThreads(1, spin: .microseconds(100))
        defer { helpers.stop() }
        let count = 32
        // The other thread's one index takes long enough for the next map to be begun meanwhile, and the calling thread's
        // share three times as long.
        let first = ParallelMap.begin(count, jobs: 2, chunk: 2, owners: (0..<count).map { $0 == count - 1 ? 1 : 0 }, helpers: helpers,
                                      local: { $0 }) { thread, index -> Int in
            Thread.sleep(forTimeInterval: index == count - 1 ? 0.06 : 0.006)
            return thread
        }
        let second = ParallelMap.begin(count, jobs: 2, chunk: 2, owners: Array(repeating: 1, count: count), helpers: helpers,
                                       local: { $0 }) { thread, _ -> Int in thread }
        let made = first()
        XCTAssertEqual(Array(made.prefix(count - 1)), Array(repeating: 0, count: count - 1), "the other thread took the caller's share: \(made)")
        XCTAssertEqual(made.last, 1)
        XCTAssertEqual(second().count, count)
    }

    /// The calling thread done with its share of a map, while the other thread is not, goes on to its own share of the map
    /// begun after it rather than take the other's; it finishes the first as soon as the other is done.
    func testTheCallingThreadGoesOnToItsShareOfTheNextMapRatherThanTakeAnothers() {
        let helpers = HelperThreads(1, spin: .microseconds(100))
        defer { helpers.stop() }
        let finished = Calls()
        // The calling thread's one index is quick, the other thread's five slow; the calling thread's share of the next
        // map takes three times as long as they do.
        let first = ParallelMap.begin(6, jobs: 2, chunk: 2, owners: [0, 1, 1, 1, 1, 1], helpers: helpers, local: { $0 }) { thread, index -> Int in
            if index > 0 { Thread.sleep(forTimeInterval: 0.02) }
            return thread
        }
        let aheadOfTheFirst = Calls()
        let second = ParallelMap.begin(30, jobs: 2, chunk: 2, owners: Array(repeating: 0, count: 30), helpers: helpers, local: { $0 }) { thread, index -> Int in
            if finished.all.isEmpty { aheadOfTheFirst.note(index) }
            Thread.sleep(forTimeInterval: 0.01)
            return thread
        }
        let made = first()
        finished.note(0)
        XCTAssertEqual(made, [0, 1, 1, 1, 1, 1], "the calling thread took the other's share")
        XCTAssertFalse(aheadOfTheFirst.all.isEmpty, "the calling thread waited rather than go on to the next map")
        XCTAssertEqual(second().count, 30)
    }

    /// Stopped, the threads end (each holds the object until it does, so the object is freed only then).
    func testKeptThreadsEndOnceStopped() {
        weak var gone: HelperThreads?
        do {
            let helpers = HelperThreads(2)
            gone = helpers
            helpers.run(0) {}
            helpers.run(1) {}
            helpers.wait()
            helpers.stop()
        }
        let deadline = Date().addingTimeInterval(10)
        while gone != nil && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        XCTAssertNil(gone, "the threads have not ended 10 s after stop")
    }
}

/// The order in which jobs noted what they did.
private final class Order: @unchecked Sendable {
    private let lock = NSLock()
    private var notes: [String] = []
    func note(_ text: String) { lock.withLock { notes.append(text) } }
    var all: [String] { lock.withLock { notes } }
}

/// A pointer the test's jobs write through, each job its own element.
private struct UnsafeSendable: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Int>
    init(_ pointer: UnsafeMutablePointer<Int>) { self.pointer = pointer }
}
