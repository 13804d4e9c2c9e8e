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
    /// Nothing shorter than `shortest` is shown today; frames closer than 0.02 s (flings, when
    /// they come) would be resampled to 50 Hz (one frame every 2 cs) rather than clamped.
    public static let shortestGIFDelay = 2

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
}
