import FrameFolder
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
    /// Stopped by Ctrl-C (SIGINT) or SIGTERM, after keeping what it could (a search's checkpoint): 128 + SIGINT, as a
    /// shell reports a command the signal stopped.
    case interrupted = 130
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
    /// Lines longer than this are shown by their start and end.
    static let maxLineLength = 1_000

    /// `line` safe on a terminal and in a log: control characters (a newline or an escape
    /// sequence in a path) and bidirectional overrides as "?", and a line of more than
    /// `maxLineLength` characters cut in the middle.
    static func printable(_ line: String) -> String {
        let scalars = Array(OutputError.printable(line).unicodeScalars)
        guard scalars.count > maxLineLength else { return String(String.UnicodeScalarView(scalars)) }
        let half = maxLineLength / 2 - 1
        return String(String.UnicodeScalarView(scalars.prefix(half))) + " … " + String(String.UnicodeScalarView(scalars.suffix(half)))
    }

    /// The exit status of each way a render can fail (SPEC §7).
    /// Each problem on a line of its own.
    init(_ error: RenderError) {
        let lines = error.description.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        switch error {
        case .output: self.init(.cannotCreate, lines)
        case .template, .refused, .page, .limit: self.init(.dataError, lines)
        case .invalid: self.init(.failure, lines)
        }
    }

    /// A whole-output run's failure (`render`, `review`): bad names and strict warnings are bad input.
    init(_ error: OutputRenderError) {
        switch error {
        case .render(let error): self.init(error)
        case .names(let lines), .strict(let lines): self.init(.dataError, lines)
        }
    }
}
