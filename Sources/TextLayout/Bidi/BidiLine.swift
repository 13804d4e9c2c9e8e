import CFriBidi

/// The Unicode bidi algorithm (UAX #9) over one line, by FriBidi.
///
/// Each line is resolved on its own, with the paragraph's direction as its base: that is how
/// a browser sees the lines the layout hands it (one element per line, `white-space: pre`),
/// so the visual order here is the one the frames show.
struct BidiLine {
    /// The embedding level of each scalar (odd: right to left).
    let levels: [UInt8]
    let isRightToLeft: Bool

    /// The direction a paragraph takes by rules P2–P3: its first strong character's, left to
    /// right when it has none.
    static func paragraphIsRightToLeft(_ scalars: [UInt32]) -> Bool {
        guard !scalars.isEmpty else { return false }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: scalars.count)
        fribidi_get_bidi_types(scalars, FriBidiStrIndex(scalars.count), &types)
        return fribidi_get_par_direction(types, FriBidiStrIndex(scalars.count)) == cfribidi_par_rtl()
    }

    private let types: [FriBidiCharType]

    /// Right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko…, their presentation
    /// forms and the historic ones of plane 1) and the explicit bidi controls: without any,
    /// a left-to-right paragraph is all level 0.
    static func mayBeRightToLeft(_ value: UInt32) -> Bool {
        switch value {
        case 0..<0x0590: return false
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
        case 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// Resolves the levels of `scalars` with base direction right to left when
    /// `rightToLeft`, else left to right.
    ///
    /// - Complexity: O(n) (FriBidi's implementation of UAX #9).
    init(_ scalars: [UInt32], rightToLeft: Bool) {
        let count = scalars.count
        isRightToLeft = rightToLeft
        if !rightToLeft && !scalars.contains(where: Self.mayBeRightToLeft) {
            // Left-to-right text in a left-to-right paragraph: every level is 0 (UAX #9 has
            // nothing to resolve), and FriBidi is not needed.
            types = []
            levels = [UInt8](repeating: 0, count: count)
            return
        }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: count)
        var brackets = [FriBidiBracketType](repeating: 0, count: count)
        var levels = [FriBidiLevel](repeating: 0, count: count)
        var ok = false
        if count > 0 {
            fribidi_get_bidi_types(scalars, FriBidiStrIndex(count), &types)
            fribidi_get_bracket_types(scalars, FriBidiStrIndex(count), types, &brackets)
            var base = rightToLeft ? cfribidi_par_rtl() : cfribidi_par_ltr()
            ok = fribidi_get_par_embedding_levels_ex(types, brackets, FriBidiStrIndex(count), &base, &levels) != 0
        }
        self.types = types
        // FriBidi fails only when it cannot allocate; the base level for all is then the honest answer.
        self.levels = ok ? levels.map { UInt8(bitPattern: $0) } : [UInt8](repeating: rightToLeft ? 1 : 0, count: count)
    }

    /// `scalars` in visual order, left to right, with characters of right-to-left runs
    /// mirrored (a "(" inside Arabic shows as ")"), combining marks kept after their base.
    func visualOrder(of scalars: [UInt32]) -> [UInt32] {
        visualIndices().map { index in
            let scalar = scalars[index]
            var mirrored: FriBidiChar = 0
            if levels[index] & 1 == 1, fribidi_get_mirror_char(scalar, &mirrored) != 0 { return mirrored }
            return scalar
        }
    }

    /// The logical index of each position in visual order (rules L1–L2; L3, marks after
    /// their base, unless `reorderingMarks` is false, as Unicode's BidiCharacterTest expects).
    ///
    /// - Complexity: O(n · levels).
    func visualIndices(reorderingMarks: Bool = true) -> [Int] {
        let count = levels.count
        guard count > 0 else { return [] }
        if types.isEmpty { return Array(0..<count) }  // the all-LTR fast path
        var lineLevels = levels.map { FriBidiLevel(bitPattern: $0) }
        var map = (0..<FriBidiStrIndex(count)).map { $0 }
        let base = isRightToLeft ? cfribidi_par_rtl() : cfribidi_par_ltr()
        let flags = FriBidiFlags(reorderingMarks ? FRIBIDI_FLAG_REORDER_NSM : 0)
        let ok = fribidi_reorder_line(flags, types, FriBidiStrIndex(count), 0, base, &lineLevels, nil, &map) != 0
        return ok ? map.map(Int.init) : Array(0..<count)
    }
}
