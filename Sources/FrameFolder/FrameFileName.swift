/// What makes a file a frame file: `0003.txt` is frame 3.
public enum FrameFileName {
    /// The frame number of `NNNN.ext` (four to nine digits, then an extension such as `txt`
    /// or `states.txt`), else `nil`.
    public static func number(of name: String) -> Int? {
        let parts = name.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count >= 4, parts[0].count <= 9, !parts[1].isEmpty,
              parts[0].allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(parts[0])
    }

    /// `0004.json` for frame 4 (at least four digits, SPEC §6).
    public static func name(frame number: Int, extension pathExtension: String) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "." + pathExtension
    }

    /// Whether `name` is an HTML or JSON frame, the files `validate` checks.
    public static func isCheckedFrame(_ name: String) -> Bool {
        number(of: name) != nil && ["html", "json"].contains(pathExtension(of: name))
    }

    /// `txt` of `0003.txt`, `states.txt` of `0003.states.txt`.
    public static func pathExtension(of name: String) -> String {
        guard let dot = name.firstIndex(of: ".") else { return "" }
        return String(name[name.index(after: dot)...])
    }
}
