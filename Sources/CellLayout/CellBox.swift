import TextLayout

/// One cell as the layout measured it: its height and where each of its lines goes. Every frame
/// format draws exactly these lines (HTML `class="line"`, the text frames, frame JSON `lines`).
///
/// Positions are in points from the cell's top and from its *leading* edge (the left edge left to
/// right, the right edge right to left), so one box serves both directions.
public struct CellBox: Hashable, Sendable {
    /// A line of a field, placed.
    public struct Line: Hashable, Sendable {
        public var text: TextLine
        /// From the cell's leading edge to the line's start edge (its left, or its right when the
        /// list is right to left).
        public var start: Double
        public var top: Double
    }

    /// A field's lines and the text style they are drawn in.
    public struct Field: Hashable, Sendable {
        public var name: String
        /// Pixels (Dynamic Type points at the list's size).
        public var size: Double
        public var weight: TextStyle.Weight
        public var colour: String
        /// The CSS font families the layout measured with, primary first.
        public var families: [String]
        public var lines: [Line]
    }

    public struct Rect: Hashable, Sendable {
        public var start, top, width, height: Double
        public init(start: Double, top: Double, width: Double, height: Double) {
            self.start = start
            self.top = top
            self.width = width
            self.height = height
        }
    }

    /// The kind drawn (`subtitle`, `message`).
    public var kind: String
    /// `cell-NAME.html` for a template.
    public var template: String?
    public var height: Double
    public var fields: [Field]
    /// The item's image placeholder (its `image` size), drawn by FeedFrames.
    public var image: Rect?
    /// A template's fixed leading part (its sidecar's `image`), drawn by the template.
    public var leading: Rect?
    /// Where the texts start: a separator is inset to here when something stands before them, as
    /// UITableViewCell insets it to its text label.
    public var textStart: Double
    /// The template's fixed trailing part.
    public var trailing: Rect?
    /// `disclosure` or `checkmark`, centred in the trailing margin's box.
    public var accessory: String?
    public var accessoryBox: Rect?
}
