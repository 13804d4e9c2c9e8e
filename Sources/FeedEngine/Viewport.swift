/// The visible window onto the list, in points.
public struct Viewport: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// An iPhone 8 screen in portrait, the size the seeds were written for.
    public static let standard = Viewport(width: 375, height: 667)

    /// The same screen turned on its side.
    public var rotated: Viewport { Viewport(width: height, height: width) }

    public var description: String { "\(formatPoints(width))x\(formatPoints(height))" }
}

/// Points without a needless ".0", for messages and causes.
public func formatPoints(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
}
