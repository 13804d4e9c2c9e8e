/// A Dynamic Type size (SPEC §9 `contentSize`; UIKit's `UIContentSizeCategory`), with the text
/// sizes of Apple's published table (Human Interface Guidelines, "Typography": "Dynamic Type
/// sizes" for iOS). The styles do not grow in proportion: footnote and caption stay put below
/// `large`, and the accessibility sizes grow body text most.
public enum ContentSize: String, CaseIterable, Hashable, Sendable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    /// `large`: iOS's default, and what frames had before the key existed.
    public static let standard = ContentSize.large

    /// Apple's text styles that lists use.
    public enum TextStyle: String, CaseIterable, Hashable, Sendable {
        case body, headline, callout, subheadline, footnote, caption1, caption2
    }

    /// Headline is body's size, semibold; the others regular.
    /// Points of `style` at this size (body: 14, 15, 16, 17, 19, 21, 23, then 28, 33, 40, 47, 53).
    public func points(_ style: TextStyle = .body) -> Double {
        let table: [Double]
        switch style {
        case .body, .headline: table = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .callout: table = [13, 14, 15, 16, 18, 20, 22, 26, 31, 38, 44, 51]
        case .subheadline: table = [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
        case .footnote: table = [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
        case .caption1: table = [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
        case .caption2: table = [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]
        }
        return table[Self.allCases.firstIndex(of: self) ?? 3]
    }
}
