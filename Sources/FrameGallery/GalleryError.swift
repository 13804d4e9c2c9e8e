import FeedEngine

/// Why a gallery could not be made.
public enum GalleryError: Error, Sendable, CustomStringConvertible {
    case unknownLocale(String)
    /// A state the preset's rules allow that no script reached: the scripts need updating.
    case notReached(preset: String, locale: String, state: GalleryState)

    public var description: String {
        switch self {
        case .unknownLocale(let locale):
            return "unknown locale '\(locale)' (expected \(FeedTexts.locales.joined(separator: ", ")))"
        case .notReached(let preset, let locale, let state):
            return "\(preset) (\(locale)): no preview script reaches \(state.title), though the preset's rules allow it"
        }
    }
}
