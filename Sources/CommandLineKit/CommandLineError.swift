/// A usage error: the command line does not match the command's definition.
///
/// Print `formattedMessage` to standard error and exit with
/// `CommandLineError.exitCode` (64, `EX_USAGE` from BSD sysexits).
public struct CommandLineError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case unknownOption
        case missingValue
        case unexpectedValue
        case missingArgument
        case unexpectedArgument
        case unknownSubcommand
        case invalidValue
    }

    /// Exit status for usage errors: `EX_USAGE` (64) from BSD `sysexits.h`.
    public static let exitCode: Int32 = 64

    public var kind: Kind
    /// The message without the `Error: ` prefix, e.g. `Unknown option '--outt'. Did you mean '--out'?`.
    public var message: String
    /// Names of the command the error belongs to, root first: `["feedframes", "render"]`.
    public var commandPath: [String]
    /// That command's usage line (without `Usage: `).
    public var usage: String

    public init(kind: Kind, message: String, commandPath: [String], usage: String) {
        self.kind = kind
        self.message = message
        self.commandPath = commandPath
        self.usage = usage
    }

    public var description: String { message }

    /// The three-line report, without a trailing newline:
    /// ```
    /// Error: <message>
    /// Usage: <usage line>
    ///   See 'feedframes render --help' for more information.
    /// ```
    public var formattedMessage: String {
        """
        Error: \(message)
        Usage: \(usage)
          See '\(commandPath.joined(separator: " ")) --help' for more information.
        """
    }
}

extension CommandLineError {
    init(_ kind: Kind, _ message: String, stack: [CommandSpec]) {
        self.init(
            kind: kind, message: message, commandPath: stack.map(\.name),
            usage: HelpFormatter.usage(for: stack))
    }
}

/// Levenshtein distance between two strings (by `Character`).
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            current[j] =
                a[i - 1] == b[j - 1]
                ? previous[j - 1]
                : min(previous[j], current[j - 1], previous[j - 1]) + 1
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}

/// The closest candidate to `input`, or `nil` if none is close enough: the
/// edit distance (ignoring leading dashes) must be below 4, like
/// swift-argument-parser, and below the candidate's length, so that
/// `--bogus` does not suggest `--out`.
func closestMatch(to input: String, in candidates: [String]) -> String? {
    func stripped(_ name: String) -> String { String(name.drop { $0 == "-" }) }
    var best: (name: String, distance: Int)?
    for candidate in candidates {
        let distance = editDistance(stripped(input), stripped(candidate))
        guard distance < 4, distance < stripped(candidate).count else { continue }
        if best == nil || distance < best!.distance { best = (candidate, distance) }
    }
    return best?.name
}
