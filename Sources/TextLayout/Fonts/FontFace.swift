/// One face the layout measures with and the frames draw with: a file (and the face index
/// within a collection), and the CSS family and weight an `@font-face` rule gives it.
public struct FontFace: Hashable, Sendable, CustomStringConvertible {
    /// The family name, as CSS would name it: "Inter", "Noto Sans CJK SC".
    public var family: String
    /// The CSS weight of the face: 400, 600, 700.
    public var weight: Int
    /// The font file.
    public var path: String
    /// The face within a collection (.ttc); 0 for a single font.
    public var index: Int
    /// The Debian package that installs the file, for error messages.
    public var package: String

    public init(family: String, weight: Int, path: String, index: Int = 0, package: String) {
        self.family = family
        self.weight = weight
        self.path = path
        self.index = index
        self.package = package
    }

    public var description: String { "\(family) \(weight)" }
}
