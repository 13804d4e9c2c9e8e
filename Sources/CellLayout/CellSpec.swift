import FeedScenario
import TextLayout

/// What the layout measures in one kind of cell: its texts, its fixed parts and its minimum
/// height. A built-in style (`CellStyle`) or a template's sidecar (`CellSidecar`) gives one.
///
/// The model is UIListContentConfiguration's: an optional image at the leading margin, then the
/// texts, stacked (`stacked`) or a label and its value on one line (`sideBySide`), an optional
/// fixed part at the trailing margin, and the accessory beyond it. The cell is as tall as its
/// tallest part plus the margins, at least `minimumHeight`, and its parts are centred in it.
public struct CellSpec: Hashable, Sendable {
    /// One text the cell shows: an item field, in a Dynamic Type text style.
    public struct Field: Hashable, Sendable {
        public var name: String
        public var style: ContentSize.TextStyle
        public var weight: TextStyle.Weight
        /// The most lines shown, the last cut with "…"; 0 for every line (UILabel's `numberOfLines`).
        public var maxLines: Int
        /// The colour role it is drawn in (`text`, `secondaryText`, `tint`).
        public var colour: String
        /// Points between it and the field above it (when both show).
        public var spacing: Double

        public init(_ name: String, style: ContentSize.TextStyle = .body, weight: TextStyle.Weight? = nil, maxLines: Int = 0,
                    colour: String = "text", spacing: Double = 0) {
            self.name = name
            self.style = style
            self.weight = weight ?? (style == .headline ? .semibold : .regular)
            self.maxLines = maxLines
            self.colour = colour
            self.spacing = spacing
        }
    }

    public enum Arrangement: Hashable, Sendable {
        /// The fields one under the other (basic, subtitle, and templates).
        case stacked
        /// The first field at the leading edge, the second beside it: `value1` gives the second its
        /// own width (at most `share` of the line) at the trailing edge; `value2` gives the first a
        /// column of `share` of the line, right-aligned, and the second the rest.
        case value1(share: Double)
        case value2(share: Double)
    }

    public struct Margins: Hashable, Sendable {
        public var top, bottom, leading, trailing: Double
        public init(top: Double, bottom: Double, leading: Double, trailing: Double) {
            self.top = top
            self.bottom = bottom
            self.leading = leading
            self.trailing = trailing
        }
    }

    /// A part of fixed size beside the texts: an image (the item's `image` size when it has one,
    /// else this size), or a trailing part (a time, a badge) the template draws itself.
    public struct Part: Hashable, Sendable {
        public var width: Double
        public var height: Double
        /// Points between it and the texts.
        public var spacing: Double
        public init(width: Double, height: Double, spacing: Double) {
            self.width = width
            self.height = height
            self.spacing = spacing
        }
    }

    /// The style's or template's name (`subtitle`, `message`).
    public var name: String
    public var fields: [Field]
    public var arrangement: Arrangement
    public var margins: Margins
    /// A fixed leading part; without one, the item's `image` (if any) is the leading part.
    public var leading: Part?
    /// Points between an item's image and the texts.
    public var imageSpacing: Double
    public var trailing: Part?
    public var minimumHeight: Double
    /// `cell-NAME.html` for a template; `nil` for a built-in style.
    public var template: String?

    public init(name: String, fields: [Field], arrangement: Arrangement = .stacked,
                margins: Margins = CellSpec.standardMargins, leading: Part? = nil, imageSpacing: Double = 16,
                trailing: Part? = nil, minimumHeight: Double = ListCells.minimumHeight, template: String? = nil) {
        self.name = name
        self.fields = fields
        self.arrangement = arrangement
        self.margins = margins
        self.leading = leading
        self.imageSpacing = imageSpacing
        self.trailing = trailing
        self.minimumHeight = minimumHeight
        self.template = template
    }

    /// UITableViewCell's layout margins at the leading and trailing edge (16 pt on iPhones below
    /// the Max sizes), and 11 pt above and below its content.
    public static let standardMargins = Margins(top: 11, bottom: 11, leading: 16, trailing: 16)
}
