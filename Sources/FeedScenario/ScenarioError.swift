/// One problem with a scenario file, with where it is and what was expected.
///
/// Reads like `demo.json:12:5: events[4]: unknown event "jump 3" (expected …)`.
public struct ScenarioError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?
    /// The key path, e.g. `viewport.width` or `events[4]`; empty for the whole file.
    public var path: String
    public var message: String

    public init(file: String, line: Int? = nil, column: Int? = nil, path: String = "", message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.message = message
    }

    public var description: String {
        var text = file
        if let line { text += ":\(line)" }
        if let column { text += ":\(column)" }
        text += ": "
        // Paths hold keys from the file (`source.headers.<key>`): long ones are cut.
        if !path.isEmpty { text += (path.unicodeScalars.count > 200 ? String(path.prefix(200)) + "…" : path) + ": " }
        return Self.printable(text + message)
    }

    /// One line, safe on a terminal: control characters (a newline or an escape
    /// sequence in a key or an event) and bidirectional overrides become "?".
    static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnprintable) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { result.append(isUnprintable(scalar) ? "?" : scalar) }
        return String(result)
    }

    private static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || (0x202A...0x202E).contains(scalar.value)
            || (0x2066...0x2069).contains(scalar.value)
    }
}

/// Every problem found in one scenario file; reading goes on past the first
/// so that a user can fix them all at once.
public struct ScenarioErrors: Error, Sendable, CustomStringConvertible {
    public var problems: [ScenarioError]

    public init(_ problems: [ScenarioError]) { self.problems = problems }

    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
