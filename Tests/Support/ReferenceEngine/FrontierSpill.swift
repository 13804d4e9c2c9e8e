import FeedExplorer
import FeedScenario
import FeedEngine
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The states of a level past `FingerprintSearch.frontierLimit`, on disk, in index
/// order, until the level is expanded and they are read back.
///
/// `FeedState` can only be built inside `FeedEngine`, so a state is written as
/// its path from the start: its successor ordinals (`SearchTrail.route(to:)`),
/// a length then the ordinals, each an unsigned LEB128 number (a byte each for
/// fewer than 128 successors, about 20 bytes a state at depth 20). Reading back
/// re-runs each path with one move a step (`ExplorerModel.successor(_:of:)`),
/// sharing the prefix it has in common with the path before it, so that
/// siblings cost one move each. States read back are the very states the trail
/// rebuilds (`SearchTrail.rebuild`, its naive twin, against which it is tested).
///
/// The file is created with `mkstemp` and unlinked at once: it has no name while
/// the search runs, and the system frees it when the search ends or the process
/// does, however it ends (an interrupt, a kill, a crash).
///
/// - Complexity: `append` O(depth); reading back O(states × distinct path steps) engine moves.
final class FrontierSpill: @unchecked Sendable {
    /// The index of the first state written.
    let base: Int
    private(set) var count = 0
    /// Bytes written (or waiting to be).
    var bytes: Int { flushed + buffer.count }
    private var flushed = 0
    /// How many have been read back.
    private(set) var consumed = 0
    private let file: UnsafeMutablePointer<FILE>
    private var buffer: [UInt8] = []
    private var readBuffer = [UInt8](repeating: 0, count: 1 << 16)
    private var readPosition = 0
    private var readEnd = 0

    /// A nameless temporary file in `folder`.
    /// - Throws: `.spillFailed` when no file can be made there.
    init(folder: String, base: Int) throws(CheckpointError) {
        self.base = base
        var template = Array("\(folder)/.feedframes-frontier-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .spillFailed(folder: folder, reason: String(cString: strerror(errno))) }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        unlink(path)
        guard let file = fdopen(descriptor, "w+") else {
            close(descriptor)
            throw .spillFailed(folder: folder, reason: String(cString: strerror(errno)))
        }
        self.file = file
    }

    deinit { fclose(file) }

    /// The folder a spill goes to when none is given: `$TMPDIR`, else /tmp.
    static var defaultFolder: String {
        let folder = ProcessInfo.processInfo.environment["TMPDIR"] ?? ""
        return folder.isEmpty ? "/tmp" : (folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder)
    }

    private func number(_ value: Int) {
        var value = UInt(value)
        while value >= 0x80 {
            buffer.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        buffer.append(UInt8(value))
    }

    /// Adds the state whose path is `route` (the next index after those written).
    func append(route: [Int]) {
        number(route.count)
        for ordinal in route { number(ordinal) }
        count += 1
        if buffer.count >= 1 << 16 { flushBuffer() }
    }

    private func flushBuffer() {
        guard !buffer.isEmpty else { return }
        let written = buffer.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        precondition(written == buffer.count, "the frontier's temporary file could not be written: \(String(cString: strerror(errno)))")
        flushed += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }

    /// Ends writing; reading starts from the first state.
    func finishWriting() {
        flushBuffer()
        fflush(file)
        rewind(file)
    }

    private func readByte() -> UInt8 {
        if readPosition == readEnd {
            readEnd = readBuffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            readPosition = 0
            precondition(readEnd > 0, "the frontier's temporary file ends early")
        }
        defer { readPosition += 1 }
        return readBuffer[readPosition]
    }

    private func readNumber() -> Int {
        var value: UInt = 0
        var shift: UInt = 0
        while true {
            let byte = readByte()
            value |= UInt(byte & 0x7F) << shift
            if byte < 0x80 { return Int(value) }
            shift += 7
        }
    }

    /// The paths of the next `n` states.
    func readRoutes(_ n: Int) -> [[Int]] {
        precondition(consumed + n <= count)
        consumed += n
        return (0..<n).map { _ in (0..<readNumber()).map { _ in readNumber() } }
    }

    /// The states at the ends of `routes`, re-run from `start`, on `jobs` workers (each sharing prefixes within its share).
    static func replay(_ routes: [[Int]], from start: SearchState, model: ExplorerModel, jobs: Int,
                       firstIndex: Int) throws(SearchTrail.ReplayError) -> [SearchState] {
        let share = max(64, (routes.count + jobs - 1) / max(1, jobs))
        let shares = (routes.count + share - 1) / share
        let results: [Result<[SearchState], SearchTrail.ReplayError>] = ParallelMap.map(shares, jobs: jobs, chunk: 1) { s in
            var replayer = Replayer(start: start)
            var states: [SearchState] = []
            for k in (s * share)..<min(routes.count, (s + 1) * share) {
                guard let state = replayer.state(at: routes[k], model: model) else {
                    return .failure(SearchTrail.ReplayError(node: firstIndex + k))
                }
                states.append(state)
            }
            return .success(states)
        }
        var states: [SearchState] = []
        states.reserveCapacity(routes.count)
        for result in results {
            switch result {
            case .success(let some): states.append(contentsOf: some)
            case .failure(let error): throw error
            }
        }
        return states
    }

    /// Re-runs paths one after another, keeping the states along the last one.
    struct Replayer {
        let start: SearchState
        var stack: [(ordinal: Int, state: SearchState)] = []

        init(start: SearchState) { self.start = start }

        mutating func state(at route: [Int], model: ExplorerModel) -> SearchState? {
            var common = 0
            while common < stack.count && common < route.count && stack[common].ordinal == route[common] { common += 1 }
            stack.removeLast(stack.count - common)
            var state = common == 0 ? start : stack[common - 1].state
            for ordinal in route[common...] {
                guard let successor = model.successor(ordinal, of: state) else { return nil }
                state = successor.state
                stack.append((ordinal, state))
            }
            return state
        }
    }
}
