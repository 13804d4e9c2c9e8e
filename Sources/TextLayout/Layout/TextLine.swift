/// One line the layout decided on, as the frames draw it.
public struct TextLine: Hashable, Sendable {
    /// The line in logical order: the string the HTML contains (the browser reorders it).
    /// Spaces where the line wrapped are dropped, as CSS drops them; a truncated line ends in "…".
    public var text: String
    /// The line in visual order, left to right, right-to-left runs reversed and mirrored: what
    /// a monospaced text frame shows.
    public var visual: String
    /// Its advance width in pixels, as Chromium measures a `white-space: pre` box of it
    /// (rounded up to 1/64 px).
    public var width: Double
    /// The line box's height and its baseline's distance from the top, in pixels, as Chromium
    /// gives them for `line-height: normal`.
    public var height: Double
    public var ascent: Double
    /// The paragraph's direction (forced by a right-to-left locale, else its first strong
    /// character's): the `dir` the line's element needs for the browser to order it the same.
    public var isRightToLeft: Bool

    public init(text: String, visual: String, width: Double, height: Double, ascent: Double, isRightToLeft: Bool) {
        self.text = text
        self.visual = visual
        self.width = width
        self.height = height
        self.ascent = ascent
        self.isRightToLeft = isRightToLeft
    }
}
