/// Turns a line's scalars (and the faces chosen for them) into a `TextLine`: shaped on its
/// own for its width, bidi-ordered for its visual string, its height from the fonts it used.
struct LineBuilder {
    let shaper: Shaper

    func line(_ scalars: [UInt32], faces: [UInt8], rightToLeft: Bool, usage: inout GlyphUsage) -> TextLine {
        let bidi = BidiLine(scalars, rightToLeft: rightToLeft)
        let runs = shaper.runs(scalars, faces: faces, levels: bidi.levels)
        let width = shaper.width(scalars, runs: runs)
        var used: Set<Int> = [0]  // the primary font is the strut
        for run in runs {
            used.insert(run.font)
            usage.record(shaper.fonts[run.font].face, scalars[run.range])
        }
        let box = LineMetrics.union(used.sorted().map { shaper.fonts[$0].metrics(size: shaper.size) })
        return TextLine(text: Self.string(scalars), visual: Self.string(bidi.visualOrder(of: scalars)),
                        width: width, height: box.height, ascent: box.ascent, isRightToLeft: rightToLeft)
    }

    static func string(_ scalars: [UInt32]) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars.lazy.compactMap(Unicode.Scalar.init))
        return String(view)
    }
}
