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
    /// `--locale en,zh-Hans`: locales that have texts.
    static func localeList(_ text: String) throws -> [String] {
        try text.split(separator: ",").map { locale in
            guard FeedTexts.forLocale(String(locale)) != nil else {
                throw ValidationError("unknown locale '\(locale)' (expected \(choices(FeedTexts.locales)))")
            }
            return String(locale)
        }
    }
}
