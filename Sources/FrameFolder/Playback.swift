/// How long each frame shows when a scenario plays: the viewer's space key and `--gif` share
/// this rule, so the animation and the page move alike.
///
/// A frame shows for the virtual time until the next one, clamped: instant changes (a tap and
/// the state it starts) would flash by unseen, and a 30 s wait for a reply would drag. The last
/// frame holds for `longest` before a GIF loops.
public enum Playback {
    /// The shortest a frame shows, in seconds.
    public static let shortest = 0.25
    /// The longest a frame shows, in seconds.
    public static let longest = 2.0
    /// GIF delays are whole hundredths of a second, and browsers show a delay under 2 cs as 10 cs.
    /// A fling's 60 Hz frames are shown at their own pace, resampled to 50 Hz (one frame every
    /// 2 cs), not clamped to `shortest`, so the list decelerates in the GIF as on the device.
    public static let shortestGIFDelay = 2

    /// A frame of a fling (SPEC §9 `fling V`): its cause, or a reply that arrived during one.
    public static func isFling(_ cause: String) -> Bool { cause.hasPrefix("fling ") }

    /// Seconds frame `index` of frames at virtual `times` shows.
    public static func shown(_ index: Int, of times: [Double]) -> Double {
        guard index + 1 < times.count else { return longest }
        let gap = times[index + 1] - times[index]
        return min(max(gap.isFinite ? gap : 0, shortest), longest)
    }

    /// Each frame's GIF delay in hundredths of a second (see `shown`), rounded to the nearest.
    public static func gifDelays(_ times: [Double]) -> [Int] {
        times.indices.map { max(shortestGIFDelay, Int((shown($0, of: times) * 100).rounded())) }
    }

    /// Each frame's GIF delay, or `nil` for a frame the animation leaves out: within a fling
    /// (`isFling`), frames are taken every 2 cs of virtual time (50 Hz) and each shows until the
    /// next one taken; the fling's last frame, and every other frame, as `gifDelays(_:)` says.
    public static func gifDelays(_ times: [Double], causes: [String]) -> [Int?] {
        var delays: [Int?] = gifDelays(times).map { $0 }
        var index = 0
        while index < times.count {
            guard isFling(causes[index]) else { index += 1; continue }
            var end = index
            while end + 1 < times.count && isFling(causes[end + 1]) { end += 1 }
            // The frames kept: the first, then each at least 0.02 s after the last kept; always the last.
            var kept = [index]
            for frame in (index + 1)...max(index + 1, end) where frame <= end {
                if times[frame] - times[kept.last!] >= 0.02 - 1e-9 || frame == end { kept.append(frame) }
            }
            for frame in index...end { delays[frame] = nil }
            for (position, frame) in kept.enumerated() {
                if frame == end { delays[frame] = gifDelays(times)[frame]; continue }
                let next = kept[position + 1]
                delays[frame] = max(shortestGIFDelay, Int(((times[next] - times[frame]) * 100).rounded()))
            }
            index = end + 1
        }
        return delays
    }
}
