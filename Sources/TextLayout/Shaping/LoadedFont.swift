import CHarfBuzz

/// A face opened with HarfBuzz, once, and shared by every measurement.
///
/// The `hb_font_t` keeps HarfBuzz's default scale (units per em), so shaping returns design
/// units and one font serves every size (rather than one per face and size): without
/// hinting, advances scale linearly, and `Scale` turns them into pixels the way FreeType
/// and HarfBuzz do inside Chromium, to the 1/65536 px.
///
/// `@unchecked Sendable`: the HarfBuzz objects are made immutable at init and never changed;
/// HarfBuzz documents immutable fonts and faces as safe to shape with from many threads.
final class LoadedFont: @unchecked Sendable {
    let face: FontFace
    let hbFace: OpaquePointer
    let hbFont: OpaquePointer
    let unitsPerEm: Double
    /// Ascender, descender (positive, below the baseline) and line gap in design units, as
    /// `hb_font_get_h_extents` gives them: OS/2 typo metrics when USE_TYPO_METRICS is set,
    /// hhea otherwise — the same choice Skia (and so Chromium) makes.
    let ascender: Double
    let descender: Double
    let lineGap: Double

    /// - Throws: `TextLayoutError.fontUnreadable` when the file is not a font or has no face
    ///   at `face.index`.
    init(_ face: FontFace) throws {
        guard let blob = hb_blob_create_from_file_or_fail(face.path) else {
            throw TextLayoutError.fontUnreadable(path: face.path, index: face.index, package: face.package)
        }
        defer { hb_blob_destroy(blob) }
        guard face.index >= 0, UInt32(face.index) < hb_face_count(blob),
              let hbFace = hb_face_create(blob, UInt32(face.index)), hb_face_get_glyph_count(hbFace) > 0 else {
            throw TextLayoutError.fontUnreadable(path: face.path, index: face.index, package: face.package)
        }
        hb_face_make_immutable(hbFace)
        guard let hbFont = hb_font_create(hbFace) else {
            hb_face_destroy(hbFace)
            throw TextLayoutError.fontUnreadable(path: face.path, index: face.index, package: face.package)
        }
        hb_font_make_immutable(hbFont)
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(hbFont, &extents)
        self.face = face
        self.hbFace = hbFace
        self.hbFont = hbFont
        self.unitsPerEm = Double(max(1, hb_face_get_upem(hbFace)))
        self.ascender = Double(extents.ascender)
        self.descender = Double(-extents.descender)
        self.lineGap = Double(extents.line_gap)
    }

    deinit {
        hb_font_destroy(hbFont)
        hb_face_destroy(hbFace)
    }

    /// Whether the face's cmap maps `scalar` to a glyph.
    func hasGlyph(_ scalar: UInt32) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar, &glyph) != 0
    }

    /// How advances in design units become 1/65536 px at a size (see `Shaper.shape`).
    struct Scale {
        /// FreeType's x_scale: 16.16 from design units to 26.6 pixels, `FT_DivFix(size₂₆.₆, upem)`.
        var freeType: Int64
        /// HarfBuzz's scale in Chromium: the size in 16.16.
        var harfBuzz: Int64
        var unitsPerEm: Int64

        /// `nominal` (the glyph's hmtx advance) scaled as FreeType does (`FT_MulDiv(a, x_scale, 64)`),
        /// plus what shaping added to it (`adjusted − nominal`: kerning, mark positioning) scaled
        /// as HarfBuzz scales positions. Results in 1/65536 px.
        func advance(nominal: Int64, adjusted: Int64) -> Int64 {
            Self.divideRounded(nominal * freeType, 64) + Self.divideRounded((adjusted - nominal) * harfBuzz, unitsPerEm)
        }

        /// a / b rounded half away from zero (b > 0), as FreeType's FT_MulDiv rounds.
        static func divideRounded(_ a: Int64, _ b: Int64) -> Int64 {
            a >= 0 ? (a + b / 2) / b : -((-a + b / 2) / b)
        }
    }

    func scale(size: Double) -> Scale {
        let upem = Int64(unitsPerEm)
        let size26dot6 = Int64((size * 64).rounded(.towardZero))  // Skia's SkScalarToFDot6
        return Scale(freeType: Scale.divideRounded(size26dot6 << 16, upem),
                     harfBuzz: Int64((size * 65536).rounded()), unitsPerEm: upem)
    }

    /// The vertical metrics at `size`, rounded as Chromium rounds them for `line-height: normal`
    /// (each of ascent, descent and line gap to the nearest pixel, halves up).
    func metrics(size: Double) -> LineMetrics {
        let scale = size / unitsPerEm
        func rounded(_ units: Double) -> Double { (units * scale + 0.5).rounded(.down) }
        return LineMetrics(ascent: rounded(ascender), descent: rounded(descender), lineGap: rounded(lineGap))
    }
}
