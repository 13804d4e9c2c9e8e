import FeedEngine

/// Which way the list is laid out (SPEC §9): right to left for Arabic, Hebrew, Persian and Urdu.
public enum TextDirection: String, Hashable, Sendable {
    case leftToRight = "ltr", rightToLeft = "rtl"

    /// The languages UIKit lays out right to left among those FeedFrames is asked for.
    static let rightToLeftLanguages: Set<String> = ["ar", "he", "iw", "fa", "ur"]

    /// The direction of a BCP 47 tag's language (`ar-EG` → right to left).
    public init(locale: String) {
        let language = locale.split(separator: "-").first.map { $0.lowercased() } ?? ""
        self = Self.rightToLeftLanguages.contains(language) ? .rightToLeft : .leftToRight
    }
}
