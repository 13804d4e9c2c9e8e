import ArgumentParser
import FeedEngine

extension Preset {
    /// `--preset seed000,standard`: presets by name.
    static func list(_ text: String) throws -> [Preset] {
        try text.split(separator: ",").map { name in
            guard let preset = Preset.named(String(name)) else {
                throw ValidationError("unknown preset '\(name)' (expected \(choices(Preset.all.map(\.name))))")
            }
            return preset
        }
    }

    /// `--preset standard`: one preset by name.
    static func parse(_ name: String) throws -> Preset {
        guard let preset = Preset.named(name) else {
            throw ValidationError("unknown preset '\(name)' (expected \(choices(Preset.all.map(\.name))))")
        }
        return preset
    }
}

extension FeedTexts {
    /// `--locale en,zh-Hans`: BCP 47 tags (those without built-in texts fall back, SPEC §9).
    static func localeList(_ text: String) throws -> [String] {
        try text.split(separator: ",").map { locale in
            try checkedLocale(String(locale))
        }
    }

    /// `locale` when it is a BCP 47 language tag.
    static func checkedLocale(_ locale: String) throws -> String {
        guard LocaleMatch.match(locale) != nil else {
            throw ValidationError("'\(locale)' is not a BCP 47 language tag (expected e.g. en, zh-Hant, ar-EG; "
                                  + "built-in texts: \(FeedTexts.locales.joined(separator: ", ")))")
        }
        return locale
    }
}
