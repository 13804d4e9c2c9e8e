import FrameRendering

/// The exit statuses of SPEC §7 (BSD sysexits where one fits).
public enum ExitStatus: Int32, Sendable {
    case success = 0
    /// Frames differ or fail validation.
    case failure = 1
    case usage = 64
    /// A bad scenario, template or data file.
    case dataError = 65
    case noInput = 66
    /// Output cannot be written.
    case cannotCreate = 73
}

/// Why a command stopped: the lines to print on stderr, and the exit status.
public struct CommandFailure: Error, Sendable, CustomStringConvertible {
    public var status: ExitStatus
    public var lines: [String]

    public init(_ status: ExitStatus, _ lines: [String]) {
        self.status = status
        self.lines = lines
    }

    public init(_ status: ExitStatus, _ line: String) { self.init(status, [line]) }

    public var description: String { lines.joined(separator: "\n") }
}

extension CommandFailure {
    /// The exit status of each way a render can fail (SPEC §7).
    init(_ error: RenderError) {
        switch error {
        case .output: self.init(.cannotCreate, error.description)
        case .template, .refused: self.init(.dataError, error.description)
        case .invalid: self.init(.failure, error.description)
        }
    }
}
