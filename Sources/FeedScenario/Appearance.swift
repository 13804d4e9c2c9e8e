/// Light or dark mode (SPEC §9 `appearance`): which of iOS's system colours the frames use.
public enum Appearance: String, CaseIterable, Hashable, Sendable {
    case light, dark

    /// `light`: what frames had before the key existed.
    public static let standard = Appearance.light
}
