/// A run that would hold more than `ItemLimits` allows (exit 65: the scenario
/// asks for more than FeedFrames holds).
public struct RunLimitError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
