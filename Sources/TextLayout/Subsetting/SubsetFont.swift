/// A font cut down to the characters the frames drew with it, to ship beside them and name
/// in an `@font-face` rule: `src: url("fonts/\(fileName)")`, `font-family: "\(family)"`,
/// `font-weight: \(weight)`.
public struct SubsetFont: Hashable, Sendable {
    /// A stable name: the family and weight, and a hash of the characters kept, so the same
    /// usage always gives the same file and a different usage never overwrites it.
    public var name: String
    public var family: String
    public var weight: Int
    /// "otf" for CFF outlines (Inter, Noto Sans CJK), "ttf" for TrueType ones.
    public var fileExtension: String
    /// The font file. Deterministic: the same face and characters give the same bytes.
    public var bytes: [UInt8]
    /// The characters it has glyphs for.
    public var scalars: [UInt32]

    public var fileName: String { "\(name).\(fileExtension)" }
}
