/// Text from data files, databases and servers, made fit to quote in a
/// message or a frame's cause: one line, no control or bidirectional-override
/// characters (they print as `?`), and short, so that an error never echoes
/// a whole file or a whole reply.
public enum FailureText {
    /// The most characters of a failed reply's reason kept in a frame's cause and `lastFailure`.
    public static let maxReasonLength = 300

    /// At most `limit` Unicode scalars of `text`, then `…` if it was longer.
    /// - Complexity: O(limit).
    public static func excerpt(_ text: String, limit: Int) -> String {
        // Printable ASCII within the limit is kept as it is (a search delivers millions of failed replies,
        // and reading each scalar's Unicode category was a hundredth of it).
        if text.utf8.count <= limit && text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) { return text }
        var scalars = String.UnicodeScalarView()
        var count = 0
        var cut = false
        for scalar in text.unicodeScalars {
            if count == limit {
                cut = true
                break
            }
            scalars.append(scalar)
            count += 1
        }
        return ScenarioError.printable(String(scalars)) + (cut ? "…" : "")
    }

    /// A failed reply's reason, as frames show it.
    public static func reason(_ text: String) -> String { excerpt(text, limit: maxReasonLength) }
}
