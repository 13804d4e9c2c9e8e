import FeedEngine

/// Gives arriving items the heights their cells need (SPEC §9 `list.rowHeight: "automatic"`),
/// once, when their page arrives: the runner then lays them out like any item with a height.
///
/// The runner calls it; the cell layout (which shapes text) implements it, so that this module
/// and the behaviours never depend on fonts.
public protocol RowSizer: Sendable {
    /// `items` with their heights set where the list's cells decide them.
    /// - Throws: a `RunLimitError` saying which item cannot be laid out and why (an unknown
    ///   cell kind, a field its template needs and the item lacks).
    func sized(_ items: [Item]) throws(RunLimitError) -> [Item]
}
