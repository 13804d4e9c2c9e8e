import FeedEngine

/// One written moment: a layout that differs from the one before it.
public struct Frame: Hashable, Sendable {
    /// From 1, in the order the frames happened.
    public var number: Int
    /// Virtual seconds since the scenario began.
    public var time: Double
    /// What happened, e.g. `wait 2 → reply 1: page 1, 20 items`.
    public var cause: String
    public var layout: Layout

    public init(number: Int, time: Double, cause: String, layout: Layout) {
        self.number = number
        self.time = time
        self.cause = cause
        self.layout = layout
    }
}
