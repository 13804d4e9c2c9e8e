/// Why output could not be written (exit 73).
public struct OutputError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// One printable line: the path escaped and shortened (see `shownPath`).
    public var description: String { "\(Self.shownPath(path)): \(message)" }

    /// A path for a message: control characters and bidirectional overrides as "?",
    /// and a path longer than 200 characters shown by its start and end.
    public static func shownPath(_ path: String) -> String {
        let scalars = Array(printable(path).unicodeScalars)
        guard scalars.count > 200 else { return String(String.UnicodeScalarView(scalars)) }
        return String(String.UnicodeScalarView(scalars.prefix(100))) + "…" + String(String.UnicodeScalarView(scalars.suffix(99)))
    }

    /// A file name for a message: quoted, printable, cut after 60 characters.
    public static func shown(_ name: String) -> String {
        let scalars = Array(printable(name).unicodeScalars)
        let cut = scalars.count > 60 ? String(String.UnicodeScalarView(scalars.prefix(60))) + "…" : String(String.UnicodeScalarView(scalars))
        return "\"" + cut + "\""
    }

    /// `text` with control characters and bidirectional overrides as "?".
    public static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            let value = scalar.value
            let unprintable = scalar.properties.generalCategory == .control || (0x202A...0x202E).contains(value)
                || (0x2066...0x2069).contains(value)
            return unprintable ? "?" : scalar
        }))
    }
}
