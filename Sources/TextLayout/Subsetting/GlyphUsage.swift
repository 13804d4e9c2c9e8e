/// Which characters each face drew, gathered over every line the frames show, so the output
/// ships each font cut down to those characters (`TextLayouter.subsets(for:)`).
public struct GlyphUsage: Hashable, Sendable {
    public private(set) var scalars: [FontFace: Set<UInt32>] = [:]

    public init() {}

    public var isEmpty: Bool { scalars.isEmpty }

    mutating func record(_ face: FontFace, _ values: some Sequence<UInt32>) {
        scalars[face, default: []].formUnion(values)
    }

    /// Adds what `other` recorded (usage gathered on several threads, then merged).
    public mutating func formUnion(_ other: GlyphUsage) {
        for (face, values) in other.scalars { scalars[face, default: []].formUnion(values) }
    }
}
