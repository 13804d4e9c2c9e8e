import Foundation
import XCTest

// How every suite reads its environment: whether it runs on CI, what a missing
// input does, and the seed of a random test; a target of its own that every
// test target imports.

/// Whether this run is on CI: `CI` set to anything but "", "false" or "0" —
/// the same reading as `RecordMode`'s, so one variable decides both.
public func isCI(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
    guard let value = environment["CI"], !value.isEmpty else { return false }
    return value.lowercased() != "false" && value != "0"
}

/// A test input that is not there, on CI, where skipping would pass the build unseen.
public struct MissingTestInput: Error, CustomStringConvertible {
    public var what: String
    public var description: String { "\(what) (CI is set: a missing input fails instead of skipping)" }
}

/// What a test throws when an input it needs is missing: a skip that says what
/// was skipped, or under CI a failure, so a suite never passes there by not running.
public func missingInput(_ what: String, environment: [String: String] = ProcessInfo.processInfo.environment,
                  file: StaticString = #filePath, line: UInt = #line) -> any Error {
    isCI(environment) ? MissingTestInput(what: what) : XCTSkip(what, file: file, line: line)
}

/// The variable that replaces every random test's own seed.
public let seedVariable = "FEEDFRAMES_SEED"

/// The seed of a random test: its own `fixed` seed, so every run tries the same
/// inputs, unless `FEEDFRAMES_SEED` (decimal or 0x-hex) gives another. Failure
/// messages say "seed N", and `FEEDFRAMES_SEED=N` replays them.
public func randomSeed(_ fixed: UInt64, environment: [String: String] = ProcessInfo.processInfo.environment) -> UInt64 {
    guard let text = environment[seedVariable], !text.isEmpty else { return fixed }
    guard let seed = parseSeed(text) else {
        XCTFail("\(seedVariable)=\(text) is not a seed (a whole number, decimal or 0x-hex); using the test's own, \(fixed)")
        return fixed
    }
    return seed
}

/// `7` or `0x5EED`; `nil` for anything else.
public func parseSeed(_ text: String) -> UInt64? {
    let lower = text.lowercased()
    return lower.hasPrefix("0x") ? UInt64(lower.dropFirst(2), radix: 16) : UInt64(lower)
}

/// SplitMix64: a small, fast, seedable generator, so a random test repeats exactly from its seed.
public struct SplitMix64: RandomNumberGenerator {
    public var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
