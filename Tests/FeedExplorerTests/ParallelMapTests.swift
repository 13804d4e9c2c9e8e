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
}
