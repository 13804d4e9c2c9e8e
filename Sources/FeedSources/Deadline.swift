#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A moment on the monotonic clock that a source's I/O must finish by (an
/// SQLite query, an HTTP exchange), with the seconds it allows, for messages.
struct Deadline: Sendable {
    /// `CLOCK_MONOTONIC` nanoseconds.
    let nanoseconds: UInt64
    let seconds: Double

    /// `seconds` from now (clamped to 0…1 day).
    init(after seconds: Double) {
        self.seconds = seconds
        nanoseconds = Self.now() &+ UInt64(min(max(seconds, 0), 86_400) * 1e9)
    }

    var hasPassed: Bool { Self.now() > nanoseconds }

    /// Milliseconds left, for `poll`: at least 0, rounded up.
    var remainingMilliseconds: Int32 {
        let now = Self.now()
        guard now < nanoseconds else { return 0 }
        return Int32(min((nanoseconds - now) / 1_000_000 + 1, UInt64(Int32.max)))
    }

    /// `"5 s"`, `"0.3 s"`.
    var shown: String { "\(ItemDecoder.text(seconds)) s" }

    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
