import CHarfBuzz

/// Greedy line filling of one paragraph (text between mandatory breaks) to a width.
///
/// The paragraph is shaped once. A line's width is then taken from that shaping, the way
/// Chromium's line breaker reuses a paragraph's shape result: exact as long as the line
/// starts and ends where HarfBuzz says the text is safe to break (no ligature, kerning
/// pair, contextual or joining form across the cut) and the line on its own resolves to the
/// same bidi levels and scripts. Otherwise the line is shaped again on its own, which is
/// how the browser shapes the line's element. Either way a line's width is exact.
struct ParagraphFitter {
    let shaper: Shaper
    let scalars: [UInt32]
    let opportunities: ArraySlice<LineBreakOpportunity>
    let rightToLeft: Bool
    let maxWidth: Double
    let faces: [UInt8]
    /// Scalar offsets where a grapheme cluster starts, and the paragraph's end.
    let graphemeBoundaries: [Int]
    private let levels: [UInt8]
    private let scripts: [hb_script_t]
    /// prefix[i]: the advance of scalars[0..<i] in 1/65536 px, from the paragraph's shaping.
    private let prefix: [Int64]
    /// unsafe[i]: a line may not start or end before scalar i without shaping again.
    private let unsafe: [Bool]
    /// How far past the width an estimate may be and still fit once shaped exactly.
    private let slack: Double

    /// - Parameter graphemeStarts: `Graphemes.starts` of the paragraph (count + 1 entries).
    /// - Complexity: O(n) plus one shaping of the paragraph.
    init(shaper: Shaper, scalars: [UInt32], graphemeStarts: ArraySlice<Bool>,
         opportunities: ArraySlice<LineBreakOpportunity>, rightToLeft: Bool, maxWidth: Double) {
        self.shaper = shaper
        self.scalars = scalars
        self.opportunities = opportunities
        self.rightToLeft = rightToLeft
        self.maxWidth = maxWidth
        let faces = shaper.faces(for: scalars[...], graphemeStarts: graphemeStarts)
        self.faces = faces
        graphemeBoundaries = graphemeStarts.indices.filter { graphemeStarts[$0] }.map { $0 - graphemeStarts.startIndex }
        let levels = BidiLine(scalars, rightToLeft: rightToLeft).levels
        let scripts = shaper.scripts(for: scalars)
        self.levels = levels
        self.scripts = scripts
        var advances = [Int64](repeating: 0, count: scalars.count)
        var unsafe = [Bool](repeating: false, count: scalars.count + 1)
        advances.withUnsafeMutableBufferPointer { advances in
            unsafe.withUnsafeMutableBufferPointer { unsafe in
                let detail = Shaper.Detail(advances: advances.baseAddress!, unsafe: unsafe.baseAddress!)
                for run in shaper.runs(faces: faces, levels: levels, scripts: scripts) {
                    _ = shaper.shape(scalars, run, detail: detail)
                }
            }
        }
        unsafe[scalars.count] = false
        var prefix = [Int64](repeating: 0, count: scalars.count + 1)
        for index in advances.indices { prefix[index + 1] = prefix[index] + advances[index] }
        self.prefix = prefix
        self.unsafe = unsafe
        self.slack = max(1, shaper.size / 4)
    }

    var count: Int { scalars.count }

    /// Spaces at a line's end hang outside it (CSS): they are dropped from the line. Not the
    /// no-break spaces (U+00A0, U+2007, U+202F), which glue words, nor the visible U+1680.
    static func isTrailingSpace(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x20, 0x09, 0x3000, 0x2000...0x2006, 0x2008...0x200A, 0x205F: return true
        default: return false
        }
    }

    /// `end` moved back over trailing spaces, not before `start`.
    func visibleEnd(_ start: Int, _ end: Int) -> Int {
        var end = end
        while end > start, Self.isTrailingSpace(scalars[end - 1]) { end -= 1 }
        return end
    }

    func estimate(_ start: Int, _ end: Int) -> Double { Double(prefix[end] - prefix[start]) / 65536 }

    /// The exact width of scalars[start..<end] drawn as a line of its own.
    func exactWidth(_ start: Int, _ end: Int) -> Double {
        guard start < end else { return 0 }
        let line = Array(scalars[start..<end])
        let lineLevels = start == 0 && end == count ? levels : BidiLine(line, rightToLeft: rightToLeft).levels
        let lineScripts = start == 0 && end == count ? scripts : shaper.scripts(for: line)
        if !unsafe[start] && !unsafe[end] && lineLevels[...] == levels[start..<end] && lineScripts[...] == scripts[start..<end] {
            // Chromium's items: one per stretch of a bidi level, each rounded up on its own.
            var width = 0.0
            var itemStart = start
            for index in (start + 1)...end where index == end || levels[index] != levels[itemStart] {
                width += Shaper.layoutUnitCeiling(prefix[index] - prefix[itemStart])
                itemStart = index
            }
            return width
        }
        return shaper.width(line, runs: shaper.runs(faces: faces[start..<end], levels: lineLevels, scripts: lineScripts))
    }

    func exactWidth(_ line: [UInt32], faces: [UInt8]) -> Double {
        let levels = BidiLine(line, rightToLeft: rightToLeft).levels
        return shaper.width(line, runs: shaper.runs(line, faces: faces, levels: levels))
    }

    /// Where the line starting at `start` ends (exclusive, trailing spaces included) and the
    /// width of its visible part: the last break opportunity whose line fits; inside the
    /// first word, at a grapheme boundary, when that word alone is wider than the line; at
    /// least one grapheme.
    ///
    /// - Complexity: O(k) for the k scalars looked at; an exact width is a sum over the
    ///   paragraph's shaping unless the cut is unsafe, then one shaping of the line.
    func lineEnd(from start: Int) -> (end: Int, width: Double) {
        var candidates: [(end: Int, visible: Int, estimate: Double)] = []
        var fitting = -1
        var index = start
        while index < count {
            // The paragraph's end always ends a line (its mandatory break is not in the slice).
            if index == count - 1 || opportunities[opportunities.startIndex + index] != .prohibited {
                let end = index + 1, visible = visibleEnd(start, end)
                let width = estimate(start, visible)
                candidates.append((end, visible, width))
                if width <= maxWidth { fitting = candidates.count - 1 } else if width > maxWidth + slack { break }
            }
            index += 1
        }
        if let found = confirm(candidates, from: fitting, width: { exactWidth(start, $0) }) { return found }

        // The first word alone is too wide: break it between graphemes.
        let wordEnd = candidates.first?.visible ?? count
        var inside: [(end: Int, visible: Int, estimate: Double)] = []
        var insideFitting = -1
        // A cut after spaces leaves them hanging at the line's end, so a piece is at least one
        // grapheme that is not a space.
        for boundary in graphemeBoundaries where boundary > start && boundary < wordEnd {
            let visible = visibleEnd(start, boundary)
            guard visible > start else { continue }
            let width = estimate(start, visible)
            inside.append((boundary, visible, width))
            if width <= maxWidth { insideFitting = inside.count - 1 } else if width > maxWidth + slack { break }
        }
        if let found = confirm(inside, from: insideFitting, width: { exactWidth(start, $0) }) { return found }
        let end = inside.first?.end ?? candidates.first?.end ?? count
        return (end, exactWidth(start, visibleEnd(start, end)))
    }

    /// From the estimated best candidate, steps back while the exact width overflows, then
    /// forward while the next candidate still fits exactly.
    private func confirm(_ candidates: [(end: Int, visible: Int, estimate: Double)], from guess: Int,
                         width: (Int) -> Double) -> (end: Int, width: Double)? {
        var best = guess
        var bestWidth = 0.0
        while best >= 0 {
            bestWidth = width(candidates[best].visible)
            if bestWidth <= maxWidth { break }
            best -= 1
        }
        while best + 1 < candidates.count, candidates[best + 1].estimate <= maxWidth + slack {
            let next = width(candidates[best + 1].visible)
            guard next <= maxWidth else { break }
            best += 1
            bestWidth = next
        }
        return best >= 0 ? (candidates[best].end, bestWidth) : nil
    }

    /// The last line when lines run out: the longest start of the rest of the paragraph
    /// that fits with "…" after it (trailing spaces dropped before the "…"), cut between
    /// graphemes as UILabel's tail truncation cuts. Just "…" when nothing else fits.
    ///
    /// - Complexity: O(g) estimates for the g graphemes left, and usually one or two
    ///   shapings of the cut line.
    func truncated(from start: Int, ellipsis: [UInt32], ellipsisFaces: [UInt8])
        -> (scalars: [UInt32], faces: [UInt8], width: Double) {
        let ellipsisWidth = exactWidth(ellipsis, faces: ellipsisFaces)
        var candidates: [(end: Int, visible: Int, estimate: Double)] = []
        var fitting = 0
        for boundary in graphemeBoundaries where boundary >= start {
            let visible = visibleEnd(start, boundary)
            let width = estimate(start, visible) + ellipsisWidth
            candidates.append((boundary, visible, width))
            if width <= maxWidth { fitting = candidates.count - 1 } else if width > maxWidth + slack { break }
        }
        func line(_ visible: Int) -> (scalars: [UInt32], faces: [UInt8]) {
            (Array(scalars[start..<visible]) + ellipsis, Array(faces[start..<visible]) + ellipsisFaces)
        }
        let found = confirm(candidates, from: fitting, width: { visible in
            let candidate = line(visible)
            return exactWidth(candidate.scalars, faces: candidate.faces)
        })
        let visible = found.map { visibleEnd(start, $0.end) } ?? start
        let cut = line(visible)
        return (cut.scalars, cut.faces, found?.width ?? ellipsisWidth)
    }
}
