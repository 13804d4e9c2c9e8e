/// A positional argument of a command, shown as `<name>` in help.
public struct ArgumentSpec: Sendable, Equatable {
    /// The name used in help (`<name>`) and as the key for `Invocation.positional(_:)`.
    public var name: String
    /// One-line help shown in the ARGUMENTS section.
    public var help: String
    /// When `true` the argument may be left out (`[<name>]`).
    public var isOptional: Bool
    /// When `true` the argument takes all remaining values (`<name> ...`).
    /// Only the last positional argument of a command should repeat.
    public var isRepeating: Bool

    public init(_ name: String, help: String = "", optional: Bool = false, repeating: Bool = false) {
        self.name = name
        self.help = help
        self.isOptional = optional
        self.isRepeating = repeating
    }
}

/// A named option (`--out <dir>`) or flag (`--no-validate`) of a command.
public struct OptionSpec: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Takes a value, shown in help as `<valueName>`.
        case value(valueName: String)
        /// Takes no value.
        case flag
    }

    /// The long name without the leading `--`; also the key for `Invocation` accessors.
    public var name: String
    /// Optional short alias (`-o`). `-h` is reserved for help.
    public var shortName: Character?
    public var help: String
    public var kind: Kind
    /// Used when the option is not given; shown as `(default: …)` in help.
    public var defaultValue: String?
    /// When `true` every occurrence is kept (`[--preset <preset> ...]`);
    /// otherwise the last occurrence wins.
    public var isRepeating: Bool
    /// When `true` a value `a,b` is split into `a` and `b` (empty parts dropped).
    public var isCommaSeparated: Bool
    /// When `true` parsing fails unless the option is given (or has a default).
    public var isRequired: Bool

    public init(
        name: String, shortName: Character? = nil, help: String = "", kind: Kind,
        defaultValue: String? = nil, isRepeating: Bool = false,
        isCommaSeparated: Bool = false, isRequired: Bool = false
    ) {
        self.name = name
        self.shortName = shortName
        self.help = help
        self.kind = kind
        self.defaultValue = defaultValue
        self.isRepeating = isRepeating
        self.isCommaSeparated = isCommaSeparated
        self.isRequired = isRequired
    }

    /// An option taking a value: `--name <valueName>`.
    public static func option(
        _ name: String, short: Character? = nil, valueName: String? = nil, help: String = "",
        default defaultValue: String? = nil, repeating: Bool = false,
        commaSeparated: Bool = false, required: Bool = false
    ) -> OptionSpec {
        OptionSpec(
            name: name, shortName: short, help: help, kind: .value(valueName: valueName ?? name),
            defaultValue: defaultValue, isRepeating: repeating,
            isCommaSeparated: commaSeparated, isRequired: required)
    }

    /// A flag taking no value: `--name`.
    public static func flag(_ name: String, short: Character? = nil, help: String = "") -> OptionSpec {
        OptionSpec(name: name, shortName: short, help: help, kind: .flag)
    }

    public var isFlag: Bool { kind == .flag }

    /// `<dir>` for value options, `nil` for flags.
    var valuePlaceholder: String? {
        if case .value(let valueName) = kind { return "<\(valueName)>" }
        return nil
    }
}

/// Describes a command: its arguments, options, flags and subcommands.
public struct CommandSpec: Sendable, Equatable {
    /// The command name (the tool name for the root command).
    public var name: String
    /// One line, shown after `OVERVIEW:` and in the parent's SUBCOMMANDS list.
    public var abstract: String
    /// Optional paragraphs (separated by blank lines) shown after the abstract.
    public var discussion: String?
    /// Version string; enables `--version` on the root command.
    public var version: String?
    public var arguments: [ArgumentSpec]
    /// Options and flags, in the order shown in help.
    public var options: [OptionSpec]
    public var subcommands: [CommandSpec]
    /// Name of the subcommand used when none is named on the command line.
    public var defaultSubcommand: String?

    public init(
        _ name: String, abstract: String = "", discussion: String? = nil, version: String? = nil,
        arguments: [ArgumentSpec] = [], options: [OptionSpec] = [],
        subcommands: [CommandSpec] = [], defaultSubcommand: String? = nil
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.version = version
        self.arguments = arguments
        self.options = options
        self.subcommands = subcommands
        self.defaultSubcommand = defaultSubcommand
    }

    public func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }

    func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }

    func option(short: Character) -> OptionSpec? {
        options.first { $0.shortName == short }
    }

    /// Resolves a path of subcommand names (not including the root name) to a command stack.
    func stack(for subcommandPath: [String]) -> [CommandSpec]? {
        var stack = [self]
        for name in subcommandPath {
            guard let next = stack[stack.count - 1].subcommand(named: name) else { return nil }
            stack.append(next)
        }
        return stack
    }
}
