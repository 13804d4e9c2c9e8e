/// A line box's extent above and below the baseline, in pixels.
///
/// Chromium gives a line with `line-height: normal` the union of the boxes of its primary
/// font (the strut) and of every fallback font its text used, each box being the font's
/// rounded ascent and descent plus its line gap split half above (floored) and half below.
/// The fonts of the stack all have a zero line gap, so in practice the height is
/// max(ascent) + max(descent); both are measured against Chromium in the tests' figures.
struct LineMetrics: Hashable, Sendable {
    var ascent: Double
    var descent: Double
    var lineGap: Double

    var height: Double { ascent + descent + lineGap }

    /// The box this font contributes: the gap shared out as Chromium's CalculateLeadingSpace does.
    var box: (above: Double, below: Double) {
        let top = (lineGap / 2).rounded(.down)
        return (ascent + top, descent + lineGap - top)
    }

    /// The union of boxes on a common baseline.
    static func union(_ metrics: some Sequence<LineMetrics>) -> (ascent: Double, height: Double) {
        var above = 0.0, below = 0.0
        for metric in metrics {
            let box = metric.box
            above = max(above, box.above)
            below = max(below, box.below)
        }
        return (above, above + below)
    }
}
