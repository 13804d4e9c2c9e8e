/// An HTML frame that does not pass validation.
public struct FrameValidationError: Error, Sendable, CustomStringConvertible {
    public var issues: [String]
    public var description: String { issues.joined(separator: "\n") }
}
