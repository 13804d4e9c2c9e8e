/// Which built-in text table a BCP 47 language tag is shown with (SPEC §9):
/// the table of the same tag, else by language and script (`zh-HK` → `zh-Hant`,
/// `zh-SG` → `zh-Hans`, `ar-EG` → `ar`), else English.
///
/// Pure and small on purpose: FeedFrames needs a tag's language, script and
/// region, not a locale database, and Foundation's `Locale` differs between
/// Linux and Apple platforms.
public struct LocaleMatch: Hashable, Sendable {
    /// The tag as the scenario gave it; frames show it (`lang`, the text frame's header).
    public var requested: String
    /// The built-in table used: one of `FeedTexts.locales`.
    public var table: String

    /// Whether the tag names its table exactly (no fallback to say anything about).
    public var isExact: Bool { requested == table }

    /// What to tell a user who asked for a tag with no table of its own, or `nil`.
    public var fallbackNote: String? { isExact ? nil : "locale \(requested) has no texts of its own; using the built-in \(table) texts" }

    /// Chinese regions that write Traditional Chinese.
    static let traditionalRegions: Set<String> = ["TW", "HK", "MO"]

    /// - Returns: `nil` when `tag` is not a well-formed BCP 47 language tag.
    /// - Complexity: O(length of `tag`).
    public static func match(_ tag: String) -> LocaleMatch? {
        guard let parts = Self.parse(tag) else { return nil }
        if let exact = FeedTexts.locales.first(where: { $0.lowercased() == tag.lowercased() }) {
            return LocaleMatch(requested: tag, table: exact)
        }
        let table: String
        switch parts.language {
        case "zh":
            if let script = parts.script { table = script == "Hant" ? "zh-Hant" : "zh-Hans" }
            else { table = parts.region.map(traditionalRegions.contains) == true ? "zh-Hant" : "zh-Hans" }
        case let language where FeedTexts.locales.contains(language): table = language
        default: table = "en"
        }
        return LocaleMatch(requested: tag, table: table)
    }

    /// `zh-Hant-HK` → (`zh`, `Hant`, `HK`), normalised in case; `nil` unless the tag is a
    /// language (2–3 letters, or 4–8 for registered ones), then optionally a script
    /// (4 letters) and a region (2 letters or 3 digits), then any variants or extensions
    /// (alphanumeric subtags of 1–8 characters), separated by `-`.
    static func parse(_ tag: String) -> (language: String, script: String?, region: String?)? {
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard let language = subtags.first, (2...8).contains(language.count), language.count != 4,
              language.allSatisfy({ $0.isASCII && $0.isLetter }),
              subtags.allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        else { return nil }
        var script: String?
        var region: String?
        var rest = subtags.dropFirst()
        if let next = rest.first, next.count == 4, next.allSatisfy(\.isLetter) {
            script = next.prefix(1).uppercased() + next.dropFirst().lowercased()
            rest = rest.dropFirst()
        }
        if let next = rest.first, (next.count == 2 && next.allSatisfy(\.isLetter)) || (next.count == 3 && next.allSatisfy(\.isNumber)) {
            region = next.uppercased()
        }
        return (language.lowercased(), script, region)
    }
}
