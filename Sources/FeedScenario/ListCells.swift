/// How a list draws its rows (SPEC §9 `list.rowHeight`, `list.cell`): today's title rows of a fixed
/// height, or cells of a style or template whose height may come from their content.
///
/// Only the names are here: which styles and templates exist, and how they measure, is the cell
/// layout's (`CellLayout`), which also knows the templates folder.
public struct ListCells: Hashable, Sendable {
    /// `list.rowHeight: "automatic"`: each row as tall as its content, at least `minimumHeight`.
    public var automaticHeights: Bool
    /// `list.cell`: a built-in style (`basic`, `subtitle`, `value1`, `value2`) or a cell template's
    /// name; an item's own `cell` field overrides it.
    public var cell: String?

    /// UITableView's minimum row height with automatic dimensions.
    public static let minimumHeight = 44.0

    public init(automaticHeights: Bool = false, cell: String? = nil) {
        self.automaticHeights = automaticHeights
        self.cell = cell
    }

    /// The cell kind `item` is drawn as: its own `cell` field, else the list's, else `basic`; `nil`
    /// (today's title row) when the list neither names a cell nor measures its rows.
    public func kind(of fields: [String: String]) -> String? {
        guard isSet else { return nil }
        return fields["cell"] ?? cell ?? "basic"
    }

    /// Rows are cells: the list names a cell or measures its rows.
    public var isSet: Bool { automaticHeights || cell != nil }
}
