/// UITableViewCell's built-in styles (SPEC §9 `list.cell`), as UIListContentConfiguration lays
/// them out: `basic` (the title), `subtitle` (the title over the item's `subtitle` in the smaller
/// secondary style), `value1` (the title and the item's `detail` on one line, the detail at the
/// trailing edge) and `value2` (a short tinted label in a column, the `detail` beside it).
///
/// Texts wrap (UIListContentConfiguration's `numberOfLines` is 0); with a fixed row height the
/// row clips what does not fit, as a cell's content view does.
public enum CellStyle: String, CaseIterable, Hashable, Sendable {
    case basic, subtitle, value1, value2

    public var spec: CellSpec {
        switch self {
        case .basic:
            return CellSpec(name: rawValue, fields: [.init("title")])
        case .subtitle:
            // The title over the subtitle, 3 pt apart (UIListContentConfiguration's textToSecondaryText padding).
            return CellSpec(name: rawValue, fields: [.init("title"), .init("subtitle", style: .subheadline, colour: "secondaryText", spacing: 3)])
        case .value1:
            return CellSpec(name: rawValue, fields: [.init("title"), .init("detail", colour: "secondaryText")],
                            arrangement: .value1(share: 0.5))
        case .value2:
            return CellSpec(name: rawValue, fields: [.init("title", style: .footnote, weight: .semibold, colour: "tint"),
                                                     .init("detail")],
                            arrangement: .value2(share: 0.3))
        }
    }
}
