/// A list's own colours by role (SPEC §9 `list.colours` and `list.darkColours`), overriding iOS's
/// system colours in light and in dark mode. Each value is a checked CSS hex colour.
public struct ListColours: Hashable, Sendable {
    /// The roles, in the order messages list them.
    public static let roles = ["background", "text", "secondaryText", "separator", "header", "footer", "tint"]

    /// Role → `#rrggbb` (or `#rgb`, `#rrggbbaa`), for the roles given.
    public var light: [String: String]
    public var dark: [String: String]

    public init(light: [String: String] = [:], dark: [String: String] = [:]) {
        self.light = light
        self.dark = dark
    }

    public var isEmpty: Bool { light.isEmpty && dark.isEmpty }

    /// Whether `text` is `#` and 3, 4, 6 or 8 hex digits: a colour that cannot carry anything else into CSS.
    public static func isHexColour(_ text: String) -> Bool {
        guard text.first == "#" else { return false }
        let digits = text.dropFirst()
        return [3, 4, 6, 8].contains(digits.count) && digits.allSatisfy(\.isHexDigit)
    }
}
