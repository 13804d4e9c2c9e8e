/// What may happen after a scalar, by UAX #14.
public enum LineBreakOpportunity: UInt8, Sendable, Hashable {
    /// No line may end here.
    case prohibited
    /// A line may end here (a soft wrap opportunity).
    case allowed
    /// A line must end here: after a line feed, carriage return, line or paragraph separator,
    /// and at the end of the text.
    case mandatory
}

/// UAX #14, the Unicode line-breaking algorithm, as of Unicode 15.0, with the number
/// tailoring of its Example 7 (the one Unicode's own LineBreakTest.txt and ICU use).
///
/// Written here rather than taken from libunibreak because Debian 12's libunibreak
/// (1.1 / 2.2) predates regional indicators: a flag emoji aborts the process on an assertion.
/// Tests run it over all 7,686 cases of LineBreakTest.txt.
public enum LineBreaker {
    /// The opportunity after each scalar of `scalars`: `result[i]` says whether a line may end
    /// between `scalars[i]` and `scalars[i + 1]`; the last is `.mandatory` (LB3).
    ///
    /// - Complexity: O(n), one pass with constant look-behind and look-ahead.
    public static func opportunities<S: Collection>(_ scalars: S) -> [LineBreakOpportunity]
    where S.Element == Unicode.Scalar {
        opportunities(classes: scalars.map(LineBreakClass.init))
    }

    static func opportunities(classes: [LineBreakClass]) -> [LineBreakOpportunity] {
        let count = classes.count
        guard count > 0 else { return [] }
        var result = [LineBreakOpportunity](repeating: .prohibited, count: count)
        result[count - 1] = .mandatory

        var state = State(first: classes[0])
        for index in 1..<count {
            result[index - 1] = state.decide(before: index, in: classes)
            state.advance(to: index, in: classes)
        }
        return result
    }

    /// What the rules look back at. A *cluster* is `X (CM | ZWJ)*` of LB9, seen as X.
    private struct State {
        /// The raw class of the previous scalar (LB4 – LB9 read raw classes).
        var previousRaw: LineBreakClass
        /// The last cluster's class (refinements kept) and the one before it.
        var last: LineBreakClass
        var beforeLast: LineBreakClass?
        /// The last cluster that is not SP, for the `X SP* ×` rules.
        var lastNonSpace: LineBreakClass?
        /// The raw scalars since the last non-space were `ZW SP*` (LB8).
        var afterZeroWidthSpace: Bool
        /// The clusters end with `NU (NU | SY | IS)*`, or with that and then `CL | CP` (LB25).
        var inNumber: Bool
        var inNumberThenClose: Bool
        /// How many RI clusters end the text so far (LB30a).
        var regionalIndicators: Int

        init(first raw: LineBreakClass) {
            let effective: LineBreakClass = (raw == .CM || raw == .ZWJ) ? .AL : raw  // LB10
            previousRaw = raw
            last = effective
            beforeLast = nil
            lastNonSpace = effective == .SP ? nil : effective
            afterZeroWidthSpace = raw == .ZW
            inNumber = effective == .NU
            inNumberThenClose = false
            regionalIndicators = effective == .RI ? 1 : 0
        }

        /// LB9: a CM or ZWJ joins the cluster before it unless that begins with one of these.
        private func absorbs(_ raw: LineBreakClass) -> Bool {
            guard raw == .CM || raw == .ZWJ else { return false }
            switch previousRaw {
            case .BK, .CR, .LF, .NL, .SP, .ZW: return false
            default: return true
            }
        }

        mutating func advance(to index: Int, in classes: [LineBreakClass]) {
            let raw = classes[index]
            defer {
                previousRaw = raw
                switch raw {
                case .ZW: afterZeroWidthSpace = true
                case .SP: break
                default: afterZeroWidthSpace = false
                }
            }
            if absorbs(raw) { return }
            let effective: LineBreakClass = (raw == .CM || raw == .ZWJ) ? .AL : raw
            let base = effective.base
            inNumberThenClose = inNumber && (base == .CL || base == .CP)
            inNumber = base == .NU || (inNumber && (base == .NU || base == .SY || base == .IS))
            regionalIndicators = base == .RI ? regionalIndicators + 1 : 0
            beforeLast = last
            last = effective
            if base != .SP { lastNonSpace = effective }
        }

        /// The rule that decides the boundary before `classes[index]`.
        func decide(before index: Int, in classes: [LineBreakClass]) -> LineBreakOpportunity {
            let rawB = classes[index]
            switch previousRaw {  // LB4, LB5
            case .BK, .LF, .NL: return .mandatory
            case .CR: return rawB == .LF ? .prohibited : .mandatory
            default: break
            }
            switch rawB {
            case .BK, .CR, .LF, .NL, .SP, .ZW: return .prohibited  // LB6, LB7
            default: break
            }
            if afterZeroWidthSpace { return .allowed }  // LB8
            if previousRaw == .ZWJ { return .prohibited }  // LB8a
            if absorbs(rawB) { return .prohibited }  // LB9

            let a = last.base
            let bRefined: LineBreakClass = (rawB == .CM || rawB == .ZWJ) ? .AL : rawB  // LB10
            let b = bRefined.base
            let beforeSpaces = lastNonSpace?.base

            if a == .WJ || b == .WJ { return .prohibited }  // LB11
            if a == .GL { return .prohibited }  // LB12
            if b == .GL && a != .SP && a != .BA && a != .HY { return .prohibited }  // LB12a
            switch b { case .CL, .CP, .EX, .IS, .SY: return .prohibited; default: break }  // LB13
            let spaces = a == .SP
            if a == .OP || (spaces && beforeSpaces == .OP) { return .prohibited }  // LB14
            if b == .OP && (a == .QU || (spaces && beforeSpaces == .QU)) { return .prohibited }  // LB15
            if b == .NS {  // LB16
                let close = spaces ? beforeSpaces : a
                if close == .CL || close == .CP { return .prohibited }
            }
            if b == .B2 && (a == .B2 || (spaces && beforeSpaces == .B2)) { return .prohibited }  // LB17
            if spaces { return .allowed }  // LB18
            if a == .QU || b == .QU { return .prohibited }  // LB19
            if a == .CB || b == .CB { return .allowed }  // LB20
            if b == .BA || b == .HY || b == .NS || a == .BB { return .prohibited }  // LB21
            if (a == .HY || a == .BA) && beforeLast?.base == .HL { return .prohibited }  // LB21a
            if a == .SY && b == .HL { return .prohibited }  // LB21b
            if b == .IN { return .prohibited }  // LB22
            let aLetter = a == .AL || a == .HL, bLetter = b == .AL || b == .HL
            if (aLetter && b == .NU) || (a == .NU && bLetter) { return .prohibited }  // LB23
            let aIdeo = a == .ID || a == .EB || a == .EM, bIdeo = b == .ID || b == .EB || b == .EM
            if (a == .PR && bIdeo) || (aIdeo && b == .PO) { return .prohibited }  // LB23a
            let aAffix = a == .PR || a == .PO, bAffix = b == .PR || b == .PO
            if (aAffix && bLetter) || (aLetter && bAffix) { return .prohibited }  // LB24
            if Self.numberRule(a: a, b: b, state: self, next: { Self.nextClusterClass(after: index, in: classes) }) {
                return .prohibited  // LB25, tailored as UAX #14's Example 7
            }
            if Self.hangulRule(a: a, b: b) { return .prohibited }  // LB26, LB27
            if aLetter && bLetter { return .prohibited }  // LB28
            if a == .IS && bLetter { return .prohibited }  // LB29
            if (aLetter || a == .NU) && bRefined == .OP { return .prohibited }  // LB30
            if last == .CP && (bLetter || b == .NU) { return .prohibited }
            if a == .RI && b == .RI && regionalIndicators % 2 == 1 { return .prohibited }  // LB30a
            if b == .EM && (a == .EB || last == .IDPictographicUnassigned) { return .prohibited }  // LB30b
            return .allowed  // LB31
        }

        /// `(PR | PO) × (OP | HY)? NU`, `(OP | HY) × NU`, `NU (NU | SY | IS)* × (NU | SY | IS | CL | CP)`,
        /// `NU (NU | SY | IS)* (CL | CP)? × (PO | PR)`.
        private static func numberRule(a: LineBreakClass, b: LineBreakClass, state: State,
                                       next: () -> LineBreakClass?) -> Bool {
            let aAffix = a == .PR || a == .PO
            if aAffix && b == .NU { return true }
            if aAffix && (b == .OP || b == .HY) && next() == .NU { return true }
            if (a == .OP || a == .HY) && b == .NU { return true }
            switch b {
            case .NU, .SY, .IS, .CL, .CP: if state.inNumber { return true }
            case .PO, .PR: if state.inNumber || state.inNumberThenClose { return true }
            default: break
            }
            return false
        }

        private static func hangulRule(a: LineBreakClass, b: LineBreakClass) -> Bool {
            switch (a, b) {
            case (.JL, .JL), (.JL, .JV), (.JL, .H2), (.JL, .H3): return true
            case (.JV, .JV), (.JV, .JT), (.H2, .JV), (.H2, .JT): return true
            case (.JT, .JT), (.H3, .JT): return true
            case (.JL, .PO), (.JV, .PO), (.JT, .PO), (.H2, .PO), (.H3, .PO): return true
            case (.PR, .JL), (.PR, .JV), (.PR, .JT), (.PR, .H2), (.PR, .H3): return true
            default: return false
            }
        }

        /// The class of the cluster after the one starting at `index` (its CMs skipped).
        private static func nextClusterClass(after index: Int, in classes: [LineBreakClass]) -> LineBreakClass? {
            var next = index + 1
            while next < classes.count, classes[next] == .CM || classes[next] == .ZWJ { next += 1 }
            return next < classes.count ? classes[next].base : nil
        }
    }
}
