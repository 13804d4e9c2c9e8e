/// A code point's Line_Break class (UAX #14), after rule LB1 has resolved the classes the
/// pair rules never see (AI, SG, XX → AL; SA → CM or AL; CJ → NS).
///
/// Raw values are the contract with the generated `table` (generate-line-break-table.py
/// lists the same names in the same order); a test checks every code point against
/// Unicode's LineBreak.txt, so the two cannot drift apart unnoticed.
enum LineBreakClass: UInt8, Sendable {
    case BK, CR, LF, NL, SP, ZW, ZWJ, CM, WJ, GL, BA, BB, B2, HY, CB
    case CL, CP, EX, IN, NS, OP, QU, IS, NU, PO, PR, SY, AL, HL, ID
    case EB, EM, H2, H3, JL, JV, JT, RI
    /// OP whose East_Asian_Width is F, W or H: LB30 does not join it to a preceding letter.
    case OPEastAsian
    /// CP whose East_Asian_Width is F, W or H: LB30 does not join it to a following letter.
    case CPEastAsian
    /// An unassigned Extended_Pictographic code point (class ID): LB30b keeps an EM after it.
    case IDPictographicUnassigned

    /// The class for `scalar`.
    ///
    /// - Complexity: O(1) for ASCII, otherwise O(log r) in the table's ~2,600 ranges.
    init(_ scalar: Unicode.Scalar) {
        let value = scalar.value
        let table = Self.table
        if value < 0x80 {
            self = Self.ascii[Int(value)]
            return
        }
        // The last entry whose first code point is <= value.
        var low = 0, high = table.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if table[middle] >> 8 <= value { low = middle } else { high = middle - 1 }
        }
        self = LineBreakClass(rawValue: UInt8(truncatingIfNeeded: table[low])) ?? .AL
    }

    /// ASCII is most of what lists show; a direct lookup spares the search.
    private static let ascii: [LineBreakClass] = (0..<0x80).map { value in
        let table = LineBreakClass.table
        var index = 0
        while index + 1 < table.count, table[index + 1] >> 8 <= UInt32(value) { index += 1 }
        return LineBreakClass(rawValue: UInt8(truncatingIfNeeded: table[index])) ?? .AL
    }

    /// The class the pair rules see: the East Asian and pictographic refinements only
    /// matter to LB30 and LB30b.
    var base: LineBreakClass {
        switch self {
        case .OPEastAsian: return .OP
        case .CPEastAsian: return .CP
        case .IDPictographicUnassigned: return .ID
        default: return self
        }
    }
}
