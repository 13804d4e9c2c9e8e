/// Why a snapshot test failed, with the message to show: a value, so the
/// core works under any test framework and adapters only report it.
public struct FramesFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// The frames differ from the reference.
        case mismatch
        /// There was no reference; it was recorded (or, with `.never`, not).
        case missingReference(recorded: Bool)
        /// `.all` rewrote the reference.
        case recorded
        /// The scenario could not be read.
        case badScenario
        /// A frame could not be rendered (template or validation problem).
        case renderFailed
        /// Files could not be read or written.
        case io
        /// `FEEDFRAMES_RECORD` holds something else than a mode.
        case badRecordMode
    }

    public var kind: Kind
    public var message: String
    /// The reference folder the test compared against (or wrote).
    public var referenceFolder: String?
    /// Where this run's frames were written, for a closer look or `feedframes diff`.
    public var actualFolder: String?

    public init(kind: Kind, message: String, referenceFolder: String? = nil, actualFolder: String? = nil) {
        self.kind = kind
        self.message = message
        self.referenceFolder = referenceFolder
        self.actualFolder = actualFolder
    }

    public var description: String { message }
}
