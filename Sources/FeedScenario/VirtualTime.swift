/// The scenario's clock reads seconds from the start, rounded to the
/// microsecond, so that sums of decimal waits (`wait 0.1` ten times) meet a
/// reply due at 1.0 exactly and it happens within the wait that reaches it.
public enum VirtualTime {
    /// `time` to the microsecond.
    @inlinable public static func rounded(_ time: Double) -> Double { (time * 1_000_000).rounded() / 1_000_000 }
}
