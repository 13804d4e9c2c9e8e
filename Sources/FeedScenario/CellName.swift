/// The names a cell kind may have (`list.cell`, an item's `cell`): a built-in style, or a cell
/// template `cell-NAME.html` in the templates folder, so a name must make a plain file name.
public enum CellName {
    public static let expected = "letters, digits, - and _, at most 64"

    public static func isValid(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64
            && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }
    }
}
