/// A table's style (SPEC §9 `list.style`), for lists whose items name their `section`: consecutive
/// items with the same `section` form one, under a header with its title.
///
/// - `plain`: headers stick to the top of the visible area while their section scrolls under
///   them, and the next header pushes them off.
/// - `grouped`, `insetGrouped`: headers scroll with their rows; sections are apart by the previous
///   section's footer space; `insetGrouped` insets the rows by the layout margin and rounds the
///   corners of each group.
public enum ListStyle: String, Hashable, Sendable, CaseIterable {
    case plain, grouped, insetGrouped

    /// A titled section's header (points): UITableView's defaults for a title header.
    public var headerHeight: Double { self == .plain ? 28 : 38 }

    /// Space between one section's last row and the next section's header (its footer's height).
    public var sectionSpacing: Double { self == .plain ? 0 : 17 }

    /// What a section adds above its first row: the header, and (after the first section) the spacing.
    public func headerSpace(first: Bool) -> Double { headerHeight + (first ? 0 : sectionSpacing) }

    /// Whether `item` begins a section: it names one, and not the one of the item above it (SPEC §9).
    public static func beginsSection(_ item: Item, after previous: Item?) -> Bool {
        guard let section = item.fields["section"] else { return false }
        return previous?.fields["section"] != section
    }

    /// Its headers pin to the top of the visible area.
    public var pinsHeaders: Bool { self == .plain }
}
