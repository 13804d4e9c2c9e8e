/// How a `more` request names the page it wants (`source.paging`).
public enum Paging: String, Hashable, Sendable, CaseIterable {
    /// By page number: page p is the items at positions (p−1)·pageSize ..< p·pageSize
    /// *now*. Items inserted at the head push old ones onto the next page, which
    /// then repeats them (the presets' behaviours drop and count them).
    case page
    /// By cursor: the next page is the items after the last item delivered
    /// (keyset on its id), so inserts at the head cannot shift it.
    case cursor
}
