/// What a BCP 47 tag means for text layout: the paragraph direction it forces and which
/// regional variant of the CJK font it draws Han characters with.
struct LocaleTraits: Hashable, Sendable {
    /// The regional variants of Noto Sans CJK; raw values are face indices in its .ttc.
    enum CJKVariant: Int, CaseIterable, Sendable {
        case japanese = 0, korean = 1, simplifiedChinese = 2, traditionalChinese = 3, hongKong = 4

        /// The family name Noto gives the face.
        var family: String {
            switch self {
            case .japanese: return "Noto Sans CJK JP"
            case .korean: return "Noto Sans CJK KR"
            case .simplifiedChinese: return "Noto Sans CJK SC"
            case .traditionalChinese: return "Noto Sans CJK TC"
            case .hongKong: return "Noto Sans CJK HK"
            }
        }
    }

    /// Paragraphs are right to left whatever their first strong character (ar, he, fa, ur, …).
    var isRightToLeft: Bool
    var cjk: CJKVariant
    /// The tag as given, for HarfBuzz's language (it selects `locl` glyph variants).
    var tag: String

    /// Languages written right to left.
    static let rightToLeftLanguages: Set<String> = ["ar", "he", "iw", "fa", "ur", "ps", "sd", "ug", "yi", "ckb", "dv"]

    /// - zh-Hant, zh-TW → TC; zh-HK, zh-MO (and zh-Hant-HK) → HK; other zh → SC; ja → JP;
    ///   ko → KR; any other language → SC, as iOS draws Han in PingFang SC for English.
    init(_ tag: String) {
        self.tag = tag
        let subtags = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
        let language = subtags.first ?? ""
        isRightToLeft = Self.rightToLeftLanguages.contains(language)
        let script = subtags.dropFirst().first { $0.count == 4 }
        let region = subtags.dropFirst().first { $0.count == 2 || ($0.count == 3 && $0.allSatisfy(\.isNumber)) }
        switch language {
        case "ja": cjk = .japanese
        case "ko": cjk = .korean
        case "zh", "yue":
            if region == "hk" || region == "mo" {
                cjk = .hongKong
            } else if script == "hant" || region == "tw" || language == "yue" {
                cjk = .traditionalChinese
            } else {
                cjk = .simplifiedChinese
            }
        default: cjk = .simplifiedChinese
        }
    }
}
