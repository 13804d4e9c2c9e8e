/// What can go wrong before any text is measured: fonts that are not installed or not
/// readable, and subsets HarfBuzz could not make. Text itself never makes the layout fail.
public enum TextLayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A font file of the stack is not installed.
    case fontMissing(file: String, family: String, package: String, searched: [String])
    /// The file exists but HarfBuzz cannot read a face from it (truncated, not a font, or the
    /// collection has no face at that index).
    case fontUnreadable(path: String, index: Int, package: String)
    /// HarfBuzz's subsetter refused the font or the set of characters.
    case subsetFailed(family: String, path: String)

    public var description: String {
        switch self {
        case let .fontMissing(file, family, package, searched):
            return "font \(file) (\(family)) is not installed: looked in \(searched.joined(separator: ", ")); "
                + "install the Debian package \(package) (apt-get install \(package))"
        case let .fontUnreadable(path, index, package):
            return "font \(path) has no readable face at index \(index); reinstall the Debian package \(package)"
        case let .subsetFailed(family, path):
            return "HarfBuzz could not subset \(family) (\(path)); the font may be damaged"
        }
    }
}
