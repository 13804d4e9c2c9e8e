/// The size and weight of a text (a cell's title, subtitle, detail).
public struct TextStyle: Hashable, Sendable {
    public enum Weight: Hashable, Sendable, CaseIterable {
        case regular, semibold
    }

    /// Points, which frames draw as CSS pixels.
    public var size: Double
    public var weight: Weight

    public init(size: Double, weight: Weight = .regular) {
        self.size = size
        self.weight = weight
    }
}
