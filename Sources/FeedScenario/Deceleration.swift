/// UIScrollView's normal deceleration (SPEC §9's `fling V`): the velocity falls to 0.998 of itself
/// every millisecond, v(t) = V·0.998^t, and the offset moves by its integral; the fling ends when
/// the speed falls below 10 points a second.
///
/// Written without Foundation (this module has none): 0.998^t by squaring and a short series for
/// the fraction of a millisecond, and the logarithms it needs by series near 1, each exact to
/// well under a millionth of a point for any velocity a scenario may give.
public struct Deceleration: Hashable, Sendable {
    /// Points a second, signed.
    public var velocity: Double

    public static let rate = 0.998
    /// ln 0.998.
    static let logRate = -0.002002002670673079
    /// The speed below which the list stops (points a second).
    public static let stopSpeed = 10.0

    public init(velocity: Double) { self.velocity = velocity }

    /// 0.998^t for t ≥ 0 milliseconds.
    static func decay(_ t: Double) -> Double {
        let whole = t.rounded(.down)
        var base = rate, power = 1.0, n = Int(whole)
        while n > 0 {
            if n & 1 == 1 { power *= base }
            base *= base
            n >>= 1
        }
        let x = (t - whole) * logRate  // |x| < 0.002
        return power * (1 + x + x * x / 2 + x * x * x / 6)
    }

    /// How long the fling lasts, in milliseconds: until V·0.998^t = 10 (0 when it starts slower).
    public var duration: Double {
        let speed = abs(velocity)
        guard speed > Self.stopSpeed else { return 0 }
        // Whole milliseconds while the speed stays at or above the stop speed, then the fraction left.
        var low = 0.0, high = 1.0
        while speed * Self.decay(high) >= Self.stopSpeed { low = high; high *= 2 }
        while high - low > 1 {
            let mid = ((low + high) / 2).rounded(.down)
            if speed * Self.decay(mid) >= Self.stopSpeed { low = mid } else { high = mid }
        }
        // speed·0.998^low = 10·r with 1 ≤ r < 1/0.998: the rest is ln r / −ln 0.998.
        let u = speed * Self.decay(low) / Self.stopSpeed - 1
        let ln = u - u * u / 2 + u * u * u / 3 - u * u * u * u / 4
        return low + ln / -Self.logRate
    }

    /// How far the list has moved after `t` milliseconds (points, signed): ∫ V/1000 · 0.998^s ds.
    public func distance(after t: Double) -> Double {
        velocity / 1000 * (Self.decay(t) - 1) / Self.logRate
    }
}
