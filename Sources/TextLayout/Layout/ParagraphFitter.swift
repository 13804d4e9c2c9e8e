/// Greedy line filling of one paragraph (text between mandatory breaks) to a width.
///
/// Widths are first estimated from the paragraph shaped once (each glyph's advance summed
/// per scalar), which finds the candidate break in O(line length); the candidate is then
/// confirmed by shaping the line on its own — the way the browser shapes the line element —
/// and moved back or forward an opportunity while the exact width says so. The lines'
/// widths are therefore exact, not estimates.
struct ParagraphFitter {
    let shaper: Shaper
    let scalars: [UInt32]
    let opportunities: ArraySlice<LineBreakOpportunity>
    let rightToLeft: Bool
    let maxWidth: Double
    let faces: [UInt8]
    /// Scalar offsets where a grapheme cluster starts, and the paragraph's end.
    let graphemeBoundaries: [Int]
    /// prefix[i]: the estimated width of scalars[0..<i].
    private let prefix: [Double]
    /// How far past the width an estimate may be and still fit once shaped exactly.
    private let slack: Double

    init(shaper: Shaper, scalars: [UInt32], opportunities: ArraySlice<LineBreakOpportunity>,
         rightToLeft: Bool, maxWidth: Double) {
        self.shaper = shaper
        self.scalars = scalars
        self.opportunities = opportunities
        self.rightToLeft = rightToLeft
        self.maxWidth = maxWidth
        let faces = shaper.faces(for: scalars)
        self.faces = faces
        var boundaries = [0]
        for length in Shaper.graphemeLengths(scalars) { boundaries.append(boundaries[boundaries.count - 1] + length) }
        self.graphemeBoundaries = boundaries
        var advances = [Double](repeating: 0, count: scalars.count)
        let levels = BidiLine(scalars, rightToLeft: rightToLeft).levels
        advances.withUnsafeMutableBufferPointer { buffer in
            for run in shaper.runs(scalars, faces: faces, levels: levels) {
                _ = shaper.shape(scalars, run, advances: buffer.baseAddress)
            }
        }
        var prefix = [0.0]
        prefix.reserveCapacity(scalars.count + 1)
        for advance in advances { prefix.append(prefix[prefix.count - 1] + advance) }
        self.prefix = prefix
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

    func estimate(_ start: Int, _ end: Int) -> Double { prefix[end] - prefix[start] }

    /// The exact width of scalars[start..<end] shaped as a line of its own.
    func exactWidth(_ start: Int, _ end: Int) -> Double {
        exactWidth(Array(scalars[start..<end]), faces: Array(faces[start..<end]))
    }

    func exactWidth(_ line: [UInt32], faces: [UInt8]) -> Double {
        let levels = BidiLine(line, rightToLeft: rightToLeft).levels
        return shaper.width(line, runs: shaper.runs(line, faces: faces, levels: levels))
    }

    /// Where the line starting at `start` ends (exclusive, trailing spaces included): the
    /// last break opportunity whose line fits; inside the first word, at a grapheme
    /// boundary, when that word alone is wider than the line; at least one grapheme.
    ///
    /// - Complexity: O(k) estimates for the k scalars looked at, plus a few exact shapings
    ///   of the line (usually one).
    func lineEnd(from start: Int) -> Int {
        var candidates: [(end: Int, estimate: Double)] = []
        var fitting = -1
        var index = start
        while index < count {
            // The paragraph's end always ends a line (its mandatory break is not in the slice).
            if index == count - 1 || opportunities[opportunities.startIndex + index] != .prohibited {
                let end = index + 1
                let width = estimate(start, visibleEnd(start, end))
                candidates.append((end, width))
                if width <= maxWidth { fitting = candidates.count - 1 } else if width > maxWidth + slack { break }
            }
            index += 1
        }
        if let end = confirm(start, candidates, from: fitting) { return end }

        // The first word alone is too wide: break it between graphemes.
        let wordEnd = visibleEnd(start, candidates.first?.end ?? count)
        var inside: [(end: Int, estimate: Double)] = []
        var insideFitting = -1
        for boundary in graphemeBoundaries where boundary > start && boundary < wordEnd {
            let width = estimate(start, boundary)
            inside.append((boundary, width))
            if width <= maxWidth { insideFitting = inside.count - 1 } else if width > maxWidth + slack { break }
        }
        if let end = confirm(start, inside, from: insideFitting) { return end }
        return graphemeBoundaries.first { $0 > start } ?? count
    }

    /// From the estimated best candidate, steps back while the exact width overflows, then
    /// forward while the next candidate still fits exactly.
    private func confirm(_ start: Int, _ candidates: [(end: Int, estimate: Double)], from guess: Int) -> Int? {
        var best = guess
        while best >= 0, exactWidth(start, visibleEnd(start, candidates[best].end)) > maxWidth { best -= 1 }
        while best + 1 < candidates.count, candidates[best + 1].estimate <= maxWidth + slack,
              exactWidth(start, visibleEnd(start, candidates[best + 1].end)) <= maxWidth {
            best += 1
        }
        return best >= 0 ? candidates[best].end : nil
    }

    /// The last line when lines run out: the longest start of the rest of the paragraph
    /// that fits with "…" after it (trailing spaces dropped before the "…"), cut between
    /// graphemes as UILabel's tail truncation cuts. Just "…" when nothing else fits.
    ///
    /// - Complexity: O(log g) exact shapings for the g graphemes left.
    func truncated(from start: Int, ellipsis: [UInt32], ellipsisFaces: [UInt8]) -> (scalars: [UInt32], faces: [UInt8]) {
        func candidate(_ end: Int) -> (scalars: [UInt32], faces: [UInt8]) {
            let visible = visibleEnd(start, end)
            return (Array(scalars[start..<visible]) + ellipsis, Array(faces[start..<visible]) + ellipsisFaces)
        }
        let ends = graphemeBoundaries.filter { $0 >= start }
        var low = 0, high = ends.count - 1  // ends[low] always fits (or is the bare "…")
        while low < high {
            let middle = (low + high + 1) / 2
            let line = candidate(ends[middle])
            if exactWidth(line.scalars, faces: line.faces) <= maxWidth { low = middle } else { high = middle - 1 }
        }
        return candidate(ends[low])
    }
}
