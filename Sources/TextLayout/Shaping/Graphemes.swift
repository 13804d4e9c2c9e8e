/// Extended grapheme cluster boundaries (UAX #29), as Swift's `Character` finds them.
enum Graphemes {
    /// `result[i]`: a grapheme cluster starts at scalar `i` of `text`; `result[count]` is true.
    ///
    /// - Complexity: O(n). Text below U+0300 without CR LF (most Latin lists) takes a fast
    ///   path: every scalar is its own cluster there.
    static func starts(of text: String, scalars: [UInt32]) -> [Bool] {
        var starts = [Bool](repeating: true, count: scalars.count + 1)
        var simple = true
        for (index, scalar) in scalars.enumerated() {
            if scalar >= 0x300 || (scalar == 0x0A && index > 0 && scalars[index - 1] == 0x0D) {
                simple = false
                break
            }
        }
        if simple { return starts }
        for index in scalars.indices { starts[index] = false }
        var offset = 0
        for character in text {
            starts[offset] = true
            offset += character.unicodeScalars.count
        }
        return starts
    }

    /// The same for scalars without their `String`.
    static func starts(of scalars: [UInt32]) -> [Bool] {
        var view = String.UnicodeScalarView()
        view.reserveCapacity(scalars.count)
        for value in scalars { view.append(Unicode.Scalar(value) ?? "\u{FFFD}") }
        return starts(of: String(view), scalars: scalars)
    }
}
