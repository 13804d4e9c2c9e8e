#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a successful parse asks the caller to do.
public enum ParseOutcome: Sendable, Equatable {
    /// Run the chosen (sub)command with these values.
    case invocation(Invocation)
    /// Print this help text to standard output and exit 0. Returned for
    /// `-h`/`--help` anywhere (help of the deepest command reached),
    /// `help [<subcommand> ...]`, and a command with subcommands but no
    /// default subcommand called without one.
    case help(String)
    /// Print this version string to standard output and exit 0 (`--version` on the root command).
    case version(String)
}

extension CommandSpec {
    /// Parses `arguments` (without the executable path) against this root command.
    public func parse(_ arguments: [String]) throws(CommandLineError) -> ParseOutcome {
        var parser = Parser(root: self, arguments: arguments)
        return try parser.run()
    }

    /// `parse(_:)` as a `Result`.
    public func parseResult(_ arguments: [String]) -> Result<ParseOutcome, CommandLineError> {
        do {
            return .success(try parse(arguments))
        } catch {
            return .failure(error)
        }
    }

    /// Parses, prints help/version to standard output and exits 0, or prints
    /// the error report to standard error and exits 64; otherwise returns the invocation.
    public func parseOrExit(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Invocation {
        do {
            switch try parse(arguments) {
            case .invocation(let invocation):
                return invocation
            case .help(let text), .version(let text):
                print(text)
                exit(0)
            }
        } catch {
            writeToStandardError(error.formattedMessage + "\n")
            exit(CommandLineError.exitCode)
        }
    }
}

/// Writes `text` to file descriptor 2 without touching the C `stderr` global.
func writeToStandardError(_ text: String) {
    var text = text
    text.withUTF8 { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = write(2, buffer.baseAddress! + offset, buffer.count - offset)
            if written <= 0 { return }
            offset += written
        }
    }
}

/// Values given on the command line for one command of the chosen path.
struct LevelValues: Sendable, Equatable {
    var options: [String: [String]] = [:]
    var flagCounts: [String: Int] = [:]
    var positionals: [String: [String]] = [:]
    var positionalTokens: [String] = []
}

struct Parser {
    let root: CommandSpec
    let arguments: [String]
    var stack: [CommandSpec]
    var levels: [LevelValues]
    var index = 0
    var helpRequested = false
    var versionRequested = false
    var firstError: CommandLineError?
    /// Set after an unknown subcommand: further positionals are ignored.
    var stoppedDescending = false

    init(root: CommandSpec, arguments: [String]) {
        self.root = root
        self.arguments = arguments
        self.stack = [root]
        self.levels = [LevelValues()]
    }

    var current: CommandSpec { stack[stack.count - 1] }

    mutating func record(_ kind: CommandLineError.Kind, _ message: String) {
        if firstError == nil {
            firstError = CommandLineError(kind, message, stack: stack)
        }
    }

    mutating func enter(_ command: CommandSpec) {
        stack.append(command)
        levels.append(LevelValues())
    }

    /// The default subcommand to descend into before anything was given for it.
    func pendingDefaultSubcommand() -> CommandSpec? {
        guard !stoppedDescending, levels[levels.count - 1].positionalTokens.isEmpty,
            let name = current.defaultSubcommand
        else { return nil }
        return current.subcommand(named: name)
    }

    mutating func run() throws(CommandLineError) -> ParseOutcome {
        if let first = arguments.first, first == "help", !root.subcommands.isEmpty,
            root.subcommand(named: "help") == nil
        {
            return try helpCommand(Array(arguments.dropFirst()))
        }

        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals {
                addPositional(argument)
            } else if argument == "--" {
                onlyPositionals = true
            } else if argument == "-h" || argument == "--help" {
                helpRequested = true
            } else if argument == "--version", stack.count == 1, root.version != nil {
                versionRequested = true
            } else if argument.hasPrefix("--") {
                handleLong(argument)
            } else if Parser.isShortOptionToken(argument) {
                handleShort(argument)
            } else {
                addPositional(argument)
            }
        }

        if helpRequested { return .help(HelpFormatter.help(for: stack)) }
        if versionRequested, let version = root.version { return .version(version) }
        if let firstError { throw firstError }

        // A command that needs a subcommand but got none.
        while !current.subcommands.isEmpty, current.arguments.isEmpty {
            guard let defaultCommand = pendingDefaultSubcommand() else {
                return .help(HelpFormatter.help(for: stack))
            }
            enter(defaultCommand)
        }

        assignPositionals()
        checkRequiredOptions()
        if let firstError { throw firstError }
        return .invocation(Invocation(stack: stack, levels: levels))
    }

    // MARK: help <subcommand>

    func helpCommand(_ names: [String]) throws(CommandLineError) -> ParseOutcome {
        var stack = [root]
        for name in names where !name.hasPrefix("-") {
            let command = stack[stack.count - 1]
            guard let next = command.subcommand(named: name) else {
                throw CommandLineError(
                    .unknownSubcommand, Parser.unknownSubcommandMessage(name, in: command), stack: stack)
            }
            stack.append(next)
        }
        return .help(HelpFormatter.help(for: stack))
    }

    static func unknownSubcommandMessage(_ name: String, in command: CommandSpec) -> String {
        var message = "Unknown subcommand '\(name)'"
        if let suggestion = closestMatch(to: name, in: command.subcommands.map(\.name)) {
            message += ". Did you mean '\(suggestion)'?"
        }
        return message
    }

    // MARK: Tokens

    /// `-5` and `-0.5` are values, not options; `-` alone is a value too.
    static func isNumber(_ token: String) -> Bool {
        Double(token) != nil
    }

    static func isShortOptionToken(_ token: String) -> Bool {
        token.hasPrefix("-") && token.count > 1 && !isNumber(token)
    }

    static func looksLikeOption(_ token: String) -> Bool {
        token == "--" || token.hasPrefix("--") || isShortOptionToken(token)
    }

    // MARK: Options

    mutating func handleLong(_ argument: String) {
        let body = argument.dropFirst(2)
        let name: String
        let inlineValue: String?
        if let equals = body.firstIndex(of: "=") {
            name = String(body[..<equals])
            inlineValue = String(body[body.index(after: equals)...])
        } else {
            name = String(body)
            inlineValue = nil
        }
        guard let option = current.option(named: name) else {
            if let defaultCommand = pendingDefaultSubcommand() {
                enter(defaultCommand)
                handleLong(argument)
                return
            }
            record(.unknownOption, unknownLongOptionMessage("--" + name))
            return
        }
        consume(option, spelled: "--" + name, inlineValue: inlineValue)
    }

    mutating func handleShort(_ argument: String) {
        let characters = Array(argument.dropFirst())
        var position = 0
        while position < characters.count {
            let character = characters[position]
            let isLast = position == characters.count - 1
            position += 1
            if character == "h" {
                helpRequested = true
                continue
            }
            guard let option = current.option(short: character) else {
                if position == 1, let defaultCommand = pendingDefaultSubcommand() {
                    enter(defaultCommand)
                    handleShort(argument)
                    return
                }
                record(.unknownOption, "Unknown option '-\(character)'")
                continue
            }
            if option.isFlag || isLast {
                consume(option, spelled: "-\(character)", inlineValue: nil)
            } else if characters[position] == "=" {
                // -o=value
                let value = String(characters[(position + 1)...])
                consume(option, spelled: "-\(character)", inlineValue: value)
                return
            } else {
                // A value option must end a group of short options.
                record(.missingValue, "Missing value for '-\(character) \(option.valuePlaceholder!)'")
            }
        }
    }

    func unknownLongOptionMessage(_ spelled: String) -> String {
        var candidates = current.options.map { "--" + $0.name } + ["--help"]
        if stack.count == 1, root.version != nil { candidates.append("--version") }
        if let suggestion = closestMatch(to: spelled, in: candidates) {
            return "Unknown option '\(spelled)'. Did you mean '\(suggestion)'?"
        }
        return "Unknown option '\(spelled)'"
    }

    mutating func consume(_ option: OptionSpec, spelled: String, inlineValue: String?) {
        switch option.kind {
        case .flag:
            if let inlineValue {
                record(
                    .unexpectedValue,
                    "The option '\(spelled)' does not take any value, but '\(inlineValue)' was specified.")
            } else {
                levels[levels.count - 1].flagCounts[option.name, default: 0] += 1
            }
        case .value(let valueName):
            var value = inlineValue
            if value == nil, index < arguments.count, !Parser.looksLikeOption(arguments[index]) {
                value = arguments[index]
                index += 1
            }
            guard let value else {
                record(.missingValue, "Missing value for '\(spelled) <\(valueName)>'")
                return
            }
            let values = Parser.split(value, for: option)
            if option.isRepeating {
                levels[levels.count - 1].options[option.name, default: []] += values
            } else {
                levels[levels.count - 1].options[option.name] = values
            }
        }
    }

    static func split(_ value: String, for option: OptionSpec) -> [String] {
        guard option.isCommaSeparated else { return [value] }
        return value.split(separator: ",")
            .map { String($0).trimmingSpaces() }
            .filter { !$0.isEmpty }
    }

    // MARK: Positionals

    mutating func addPositional(_ argument: String) {
        if stoppedDescending { return }
        let command = current
        if !command.subcommands.isEmpty, levels[levels.count - 1].positionalTokens.isEmpty {
            if let subcommand = command.subcommand(named: argument) {
                enter(subcommand)
                return
            }
            if let defaultCommand = pendingDefaultSubcommand() {
                enter(defaultCommand)
                addPositional(argument)
                return
            }
            if command.arguments.isEmpty {
                record(.unknownSubcommand, Parser.unknownSubcommandMessage(argument, in: command))
                stoppedDescending = true
                return
            }
        }
        levels[levels.count - 1].positionalTokens.append(argument)
    }

    /// Distributes the last command's positional tokens over its arguments, in order.
    mutating func assignPositionals() {
        let level = levels.count - 1
        let tokens = levels[level].positionalTokens
        let specs = current.arguments
        var next = 0
        for (offset, spec) in specs.enumerated() {
            if spec.isRepeating {
                let reserved = specs[(offset + 1)...].filter { !$0.isOptional }.count
                let count = max(0, tokens.count - next - reserved)
                if count == 0, !spec.isOptional {
                    record(.missingArgument, "Missing expected argument '<\(spec.name)> ...'")
                }
                levels[level].positionals[spec.name] = Array(tokens[next..<(next + count)])
                next += count
            } else if next < tokens.count {
                levels[level].positionals[spec.name] = [tokens[next]]
                next += 1
            } else if !spec.isOptional {
                record(.missingArgument, "Missing expected argument '<\(spec.name)>'")
            }
        }
        let extra = tokens[next...]
        if extra.count == 1 {
            record(.unexpectedArgument, "Unexpected argument '\(extra.first!)'")
        } else if extra.count > 1 {
            record(
                .unexpectedArgument,
                "\(extra.count) unexpected arguments: '\(extra.joined(separator: "', '"))'")
        }
    }

    mutating func checkRequiredOptions() {
        for (level, command) in stack.enumerated() {
            for option in command.options where option.isRequired && option.defaultValue == nil {
                if levels[level].options[option.name] == nil {
                    let synopsis = "--\(option.name)" + (option.valuePlaceholder.map { " \($0)" } ?? "")
                    record(.missingArgument, "Missing expected argument '\(synopsis)'")
                }
            }
        }
    }
}

extension String {
    func trimmingSpaces() -> String {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}
