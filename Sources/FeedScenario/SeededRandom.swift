/// A small deterministic generator (SplitMix64), so that seeded latencies are
/// the same on every machine and Swift version (the standard library's
/// generator is neither seedable nor stable across releases).
public struct SeededRandom: RandomNumberGenerator, Hashable, Sendable {
    private var state: UInt64

    /// - Parameters:
    ///   - seed: the scenario's seed.
    ///   - stream: picks an independent sequence for the same seed (e.g. a request id).
    public init(seed: UInt64, stream: UInt64 = 0) {
        state = seed ^ (stream &* 0xD1B5_4A32_D192_ED03)
        // Stir once so that nearby seeds and streams start far apart.
        _ = next()
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in [0, 1) with 53 random bits.
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }
}
