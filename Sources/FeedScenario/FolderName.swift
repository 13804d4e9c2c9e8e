/// The one check for a name that becomes a folder or file inside an output
/// folder: a scenario's `name`, or the file name it defaults to.
///
/// A name reaches the file system as `OUT/<name>`, so it must stay one plain,
/// visible path component that FeedFrames does not itself use in `OUT/`:
/// `..json` would otherwise name `OUT/.` and `index.html` the output's index.
public enum FolderName {
    /// At most this many characters.
    public static let maxLength = 100
    /// And bytes of UTF-8 at most: a file system takes 255 for a name (Linux's `NAME_MAX`), and the folder holds
    /// `<name>.gif`. A hundred characters may take far more (a letter carries any number of marks).
    public static let maxBytes = 240

    /// Names FeedFrames itself writes into an output folder, beside the scenario folders.
    public static let reserved: Set<String> = ["index.html", "frames.json", "frames.js", "scenario.json"]

    /// What a valid name may hold, for messages.
    public static let expected = "letters, digits, '-', '_' or '.', not starting with '.', at most \(maxLength) characters and \(maxBytes) bytes, "
        + "and not index.html, frames.json, frames.js or scenario.json"

    /// Whether `name` may name an output folder.
    /// - Complexity: O(n) in the name's length.
    public static func isValid(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= maxBytes, name.count <= maxLength, !name.hasPrefix(".") else { return false }
        // Case-insensitive file systems (macOS) would take INDEX.HTML for index.html.
        guard !reserved.contains(name.lowercased()) else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar)
        }
    }

    /// `name` cut to `maxLength` characters and `maxBytes` bytes, at a character's end.
    /// - Complexity: O(n) in the bytes kept.
    public static func cut(_ name: String) -> String {
        var kept = ""
        for character in name.prefix(maxLength) {
            guard kept.utf8.count + character.utf8.count <= maxBytes else { break }
            kept.append(character)
        }
        return kept
    }

    /// `path/to/demo.json` → `demo`: the name a scenario without a `name` gets (checked by `isValid` like any other).
    public static func defaultName(forFile file: String) -> String {
        var base = Substring(file.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(file))
        if base.hasSuffix(".json") { base = base.dropLast(5) }
        return String(base)
    }
}
