/// The result of a successful parse: the chosen command and the values given.
///
/// Accessors take the name as declared (`"out"`; a leading `--` is ignored)
/// and look it up on the chosen command first, then on its parents.
/// Asking for a name that no command on the path declares is a programming
/// error and traps.
public struct Invocation: Sendable, Equatable {
    let stack: [CommandSpec]
    let levels: [LevelValues]

    init(stack: [CommandSpec], levels: [LevelValues]) {
        self.stack = stack
        self.levels = levels
    }

    /// Names of the chosen command, root first: `["feedframes", "render"]`.
    public var commandPath: [String] { stack.map(\.name) }
    /// Names of the chosen subcommands, without the root: `["render"]`.
    public var subcommandPath: [String] { Array(commandPath.dropFirst()) }
    /// The chosen command's definition.
    public var command: CommandSpec { stack[stack.count - 1] }

    /// The value of a non-repeating positional argument, or the first value of a repeating one.
    public func positional(_ name: String) -> String? {
        positionals(name).first
    }

    /// All values of a positional argument (empty when an optional one was left out).
    public func positionals(_ name: String) -> [String] {
        for (level, command) in stack.enumerated().reversed()
        where command.arguments.contains(where: { $0.name == name }) {
            return levels[level].positionals[name] ?? []
        }
        preconditionFailure("CommandLineKit: no argument <\(name)> declared on '\(commandPath.joined(separator: " "))'")
    }

    /// All values of an option, in command-line order, comma-separated values split;
    /// the default value (split likewise) when the option was not given.
    public func values(_ name: String) -> [String] {
        let (option, level) = lookUpOption(name)
        if let given = levels[level].options[option.name] { return given }
        guard let defaultValue = option.defaultValue else { return [] }
        return Parser.split(defaultValue, for: option)
    }

    /// The last value of an option, or its default.
    public func value(_ name: String) -> String? {
        values(name).last
    }

    /// Whether an option or flag was given explicitly on the command line.
    public func isSet(_ name: String) -> Bool {
        let (option, level) = lookUpOption(name)
        return levels[level].options[option.name] != nil || levels[level].flagCounts[option.name] != nil
    }

    /// Whether a flag was given.
    public func flag(_ name: String) -> Bool {
        flagCount(name) > 0
    }

    /// How many times a flag was given (`-v -v`).
    public func flagCount(_ name: String) -> Int {
        let (option, level) = lookUpOption(name)
        precondition(option.isFlag, "CommandLineKit: --\(option.name) is an option, not a flag")
        return levels[level].flagCounts[option.name] ?? 0
    }

    /// An option's (or, if no option has that name, a positional argument's)
    /// value as an integer; `nil` when absent.
    /// Throws `.invalidValue` (`The value 'x' is invalid for '--frames <n>'`) if it is not an integer.
    public func int(_ name: String) throws(CommandLineError) -> Int? {
        let key = Invocation.key(name)
        let text: String?
        let synopsis: String
        if let (option, _) = findOption(key) {
            text = value(key)
            synopsis = "--\(option.name)" + (option.valuePlaceholder.map { " \($0)" } ?? "")
        } else {
            text = positional(key)
            synopsis = "<\(key)>"
        }
        guard let text else { return nil }
        guard let number = Int(text.trimmingSpaces()) else {
            throw CommandLineError(.invalidValue, "The value '\(text)' is invalid for '\(synopsis)'", stack: stack)
        }
        return number
    }

    // MARK: Lookup

    static func key(_ name: String) -> String {
        name.hasPrefix("--") ? String(name.dropFirst(2)) : name
    }

    func findOption(_ name: String) -> (OptionSpec, Int)? {
        let key = Invocation.key(name)
        for (level, command) in stack.enumerated().reversed() {
            if let option = command.option(named: key) { return (option, level) }
        }
        return nil
    }

    func lookUpOption(_ name: String) -> (OptionSpec, Int) {
        guard let found = findOption(name) else {
            preconditionFailure(
                "CommandLineKit: no option --\(Invocation.key(name)) declared on '\(commandPath.joined(separator: " "))'")
        }
        return found
    }
}
