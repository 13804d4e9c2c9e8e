/// Text frames compared as a reviewer reads them: the scrollbar column (the
/// `|#|` or `| |` at a row's edge) moves on every scroll, so it is left out of
/// the line diff: an unchanged row stays unchanged. (The offset in the frame's
/// second line says where the list scrolled.)
enum TextFrameDiff {
    /// `line` with its scrollbar cell, at either edge, blanked.
    static func withoutScrollbar(_ line: Substring) -> String {
        var scalars = Array(line.unicodeScalars)
        if scalars.count >= 3, scalars[scalars.count - 1] == "|", scalars[scalars.count - 3] == "|", scalars[scalars.count - 2] == "#" {
            scalars[scalars.count - 2] = " "
        }
        if scalars.count >= 3, scalars[0] == "|", scalars[2] == "|", scalars[1] == "#" {
            scalars[1] = " "
        }
        return String(String.UnicodeScalarView(scalars))
    }

    /// The text with every line's scrollbar cell blanked.
    static func masked(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(withoutScrollbar).joined(separator: "\n")
    }

    /// The difference between two text frames, or `nil` when they are equal.
    /// - Complexity: that of the line diff, after O(size) masking.
    static func difference(_ file: String, _ expected: [UInt8], _ actual: [UInt8], context: Int) -> FileDifference? {
        guard expected != actual else { return nil }
        let old = String(decoding: expected, as: UTF8.self), new = String(decoding: actual, as: UTF8.self)
        let diff = UnifiedDiff(old: masked(old), new: masked(new), context: context)
        if diff.isEmpty {
            if old == new { return FileDifference(file: file, detail: .message(["the files differ in bytes that are not valid UTF-8"])) }
            return FileDifference(file: file, detail: .message(["only the scrollbar moved"]))
        }
        return FileDifference(file: file, detail: .lines(diff))
    }
}
