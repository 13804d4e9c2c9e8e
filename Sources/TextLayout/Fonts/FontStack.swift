/// The faces a text style draws with, in CSS `font-family` order: each character takes the
/// first face that has a glyph for it, as Chromium does for a font-family list.
public struct FontStack: Hashable, Sendable {
    /// The faces; the first is the primary font (its metrics always count in a line's height,
    /// like CSS's strut).
    public var faces: [FontFace]

    public init(_ faces: [FontFace]) {
        self.faces = faces
    }
}
