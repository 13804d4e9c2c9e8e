import CHarfBuzz

/// Shapes text with a font stack at one size: picks each grapheme's face, splits the text
/// into runs of one face, one bidi level and one script, and sums the advances as Chromium
/// does.
///
/// One per layout call: it owns an `hb_buffer_t`, which is not thread-safe (not Sendable).
final class Shaper {
    let fonts: [LoadedFont]
    let size: Double
    private let scales: [LoadedFont.Scale]
    private let language: hb_language_t?
    private let buffer: OpaquePointer
    private let unicodeFuncs: OpaquePointer

    init(fonts: [LoadedFont], size: Double, locale: String) {
        self.fonts = fonts
        self.size = size
        self.scales = fonts.map { $0.scale(size: size) }
        self.language = locale.isEmpty ? nil : hb_language_from_string(locale, -1)
        self.buffer = hb_buffer_create()
        self.unicodeFuncs = hb_unicode_funcs_get_default()
    }

    deinit { hb_buffer_destroy(buffer) }

    /// A stretch of text shaped in one call.
    struct Run: Hashable {
        var range: Range<Int>
        var font: Int
        var level: UInt8
        var script: hb_script_t

        var rightToLeft: Bool { level & 1 == 1 }
    }

    // MARK: Faces

    /// The face (an index into `fonts`) of each scalar: each grapheme takes the first face
    /// with a glyph for all its scalars but the default-ignorable ones (ZWJ, variation
    /// selectors), else the first with a glyph for its first scalar, else the primary face,
    /// which draws it as a missing glyph. Chromium falls back per cluster the same way.
    ///
    /// - Parameter graphemeStarts: `Graphemes.starts` of `scalars` (count + 1 entries).
    /// - Complexity: O(n · faces) cmap lookups.
    func faces(for scalars: ArraySlice<UInt32>, graphemeStarts: ArraySlice<Bool>) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: scalars.count)
        let base = scalars.startIndex, marks = graphemeStarts.startIndex
        var start = 0
        while start < scalars.count {
            var end = start + 1
            while end < scalars.count, !graphemeStarts[marks + end] { end += 1 }
            let face = chooseFace(scalars[(base + start)..<(base + end)])
            for index in start..<end { result[index] = face }
            start = end
        }
        return result
    }

    func faces(for scalars: [UInt32]) -> [UInt8] {
        faces(for: scalars[...], graphemeStarts: Graphemes.starts(of: scalars)[...])
    }

    private func chooseFace(_ cluster: ArraySlice<UInt32>) -> UInt8 {
        faces: for face in fonts.indices {
            for scalar in cluster where !Self.isDefaultIgnorable(scalar) && !fonts[face].hasGlyph(scalar) {
                continue faces
            }
            return UInt8(face)
        }
        if let first = cluster.first, let face = fonts.indices.first(where: { fonts[$0].hasGlyph(first) }) {
            return UInt8(face)
        }
        return 0
    }

    /// Default_Ignorable_Code_Point (Unicode 15.0): no font needs a glyph for these.
    static func isDefaultIgnorable(_ value: UInt32) -> Bool {
        if value < 0xAD { return false }
        switch value {
        case 0xAD, 0x34F, 0x61C, 0x115F...0x1160, 0x17B4...0x17B5, 0x180B...0x180F, 0x200B...0x200F,
             0x202A...0x202E, 0x2060...0x206F, 0x3164, 0xFE00...0xFE0F, 0xFEFF, 0xFFA0, 0xFFF0...0xFFF8,
             0x1BCA0...0x1BCA3, 0x1D173...0x1D17A, 0xE0000...0xE0FFF:
            return true
        default:
            return false
        }
    }

    // MARK: Runs

    /// The script of each scalar: common and inherited characters (spaces, digits,
    /// punctuation, marks) take the script of the text before them, or after them at the
    /// start, as Chromium's script itemizer does.
    func scripts(for scalars: some Collection<UInt32>) -> [hb_script_t] {
        var scripts = scalars.map { hb_unicode_script(unicodeFuncs, $0) }
        func isReal(_ script: hb_script_t) -> Bool {
            script != HB_SCRIPT_COMMON && script != HB_SCRIPT_INHERITED && script != HB_SCRIPT_UNKNOWN
        }
        var current = scripts.first(where: isReal) ?? HB_SCRIPT_COMMON
        for index in scripts.indices {
            if isReal(scripts[index]) { current = scripts[index] } else { scripts[index] = current }
        }
        return scripts
    }

    /// Splits into runs where the face, the bidi level or the script changes.
    func runs(faces: some Collection<UInt8>, levels: some Collection<UInt8>, scripts: some Collection<hb_script_t>) -> [Run] {
        let faces = Array(faces), levels = Array(levels), scripts = Array(scripts)
        guard !faces.isEmpty else { return [] }
        var runs: [Run] = []
        var start = 0
        for index in 1...faces.count where index == faces.count
            || faces[index] != faces[start] || levels[index] != levels[start] || scripts[index] != scripts[start] {
            runs.append(Run(range: start..<index, font: Int(faces[start]), level: levels[start], script: scripts[start]))
            start = index
        }
        return runs
    }

    func runs(_ scalars: [UInt32], faces: [UInt8], levels: [UInt8]) -> [Run] {
        runs(faces: faces, levels: levels, scripts: scripts(for: scalars))
    }

    // MARK: Shaping

    /// What shaping a run can report per scalar, for reusing a paragraph's shaping on its lines.
    struct Detail {
        /// Each glyph's advance (1/65536 px), added to its cluster's first scalar.
        var advances: UnsafeMutablePointer<Int64>
        /// True where the text may not be cut without shaping again: inside a cluster, or
        /// before a glyph HarfBuzz flags HB_GLYPH_FLAG_UNSAFE_TO_BREAK (joining, kerning,
        /// contextual forms across the cut).
        var unsafe: UnsafeMutablePointer<Bool>
    }

    /// The advance of `run` in 1/65536 px, as Chromium computes it on Linux: each glyph's
    /// nominal advance scaled the way FreeType scales it for Skia (the 16.16 x_scale of a
    /// 26.6 size, then `FT_MulDiv`), plus HarfBuzz's positioning adjustments (kerning) at a
    /// 16.16 scale of the size. The whole of `scalars` is HarfBuzz's context (Arabic joining
    /// and kerning look across run edges as they would in the browser's line).
    func shape(_ scalars: [UInt32], _ run: Run, detail: Detail? = nil) -> Int64 {
        let font = fonts[run.font]
        hb_buffer_clear_contents(buffer)
        hb_buffer_add_utf32(buffer, scalars, Int32(scalars.count), UInt32(run.range.lowerBound), Int32(run.range.count))
        hb_buffer_set_direction(buffer, run.rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, run.script)
        if let language { hb_buffer_set_language(buffer, language) }
        hb_shape(font.hbFont, buffer, nil, 0)
        var count: UInt32 = 0
        guard let positions = hb_buffer_get_glyph_positions(buffer, &count),
              let infos = hb_buffer_get_glyph_infos(buffer, &count) else { return 0 }
        let scale = scales[run.font]
        var total: Int64 = 0
        for glyph in 0..<Int(count) {
            let nominal = Int64(hb_font_get_glyph_h_advance(font.hbFont, infos[glyph].codepoint))
            let advance = scale.advance(nominal: nominal, adjusted: Int64(positions[glyph].x_advance))
            total += advance
            detail?.advances[Int(infos[glyph].cluster)] += advance
        }
        if let detail {
            for index in run.range { detail.unsafe[index] = true }  // inside a cluster…
            for glyph in 0..<Int(count) { detail.unsafe[Int(infos[glyph].cluster)] = false }  // …unless one starts there
            for glyph in 0..<Int(count)
            where hb_glyph_info_get_glyph_flags(infos + glyph).rawValue & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0 {
                detail.unsafe[Int(infos[glyph].cluster)] = true
            }
        }
        return total
    }

    /// The width of `scalars` as one line, as Chromium's box of it: Chromium shapes each
    /// stretch of one bidi level as an item of its own and rounds each item's width up to
    /// its 1/64 px layout unit, so the runs are summed per level and each sum rounded up.
    func width(_ scalars: [UInt32], runs: [Run]) -> Double {
        var width = 0.0
        var item: Int64 = 0
        for (index, run) in runs.enumerated() {
            item += shape(scalars, run)
            if index == runs.count - 1 || runs[index + 1].level != run.level {
                width += Self.layoutUnitCeiling(item)
                item = 0
            }
        }
        return width
    }

    /// 1/65536 px rounded up to Chromium's layout unit, 1/64 px.
    static func layoutUnitCeiling(_ fixed: Int64) -> Double {
        Double((fixed + 1023) >> 10) / 64
    }
}
