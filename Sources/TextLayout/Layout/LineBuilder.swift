/// Turns a line's scalars (the faces chosen for them, and the width the fitter measured)
/// into a `TextLine`: bidi-ordered for its visual string, its height from the fonts it used.
struct LineBuilder {
    let shaper: Shaper

    func line(_ scalars: [UInt32], faces: [UInt8], width: Double, rightToLeft: Bool, usage: inout GlyphUsage) -> TextLine {
        let bidi = BidiLine(scalars, rightToLeft: rightToLeft)
        let runs = shaper.runs(scalars, faces: faces, levels: bidi.levels)
        var used: Set<Int> = [0]  // the primary font is the strut
        for run in runs {
            used.insert(run.font)
            usage.record(shaper.fonts[run.font].face, scalars[run.range])
        }
        let box = LineMetrics.union(used.sorted().map { shaper.fonts[$0].metrics(size: shaper.size) })
        return TextLine(text: Self.string(scalars), visual: Self.string(bidi.visualOrder(of: scalars)),
                        width: width, height: box.height, ascent: box.ascent, isRightToLeft: rightToLeft)
    }

    /// The scalars as a String, encoded to UTF-8 by hand (appending to a String scalar by
    /// scalar costs more than the line's shaping).
    static func string(_ scalars: [UInt32]) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(scalars.count * 3)
        for value in scalars {
            switch value {
            case 0..<0x80:
                bytes.append(UInt8(value))
            case 0x80..<0x800:
                bytes.append(UInt8(0xC0 | value >> 6)); bytes.append(UInt8(0x80 | value & 0x3F))
            case 0x800..<0x10000:
                bytes.append(UInt8(0xE0 | value >> 12)); bytes.append(UInt8(0x80 | value >> 6 & 0x3F))
                bytes.append(UInt8(0x80 | value & 0x3F))
            default:
                bytes.append(UInt8(0xF0 | value >> 18)); bytes.append(UInt8(0x80 | value >> 12 & 0x3F))
                bytes.append(UInt8(0x80 | value >> 6 & 0x3F)); bytes.append(UInt8(0x80 | value & 0x3F))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
