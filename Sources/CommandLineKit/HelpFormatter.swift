/// Renders help and usage text in swift-argument-parser's layout.
public enum HelpFormatter {
    /// Help text is wrapped to this many columns.
    public static let screenWidth = 80
    /// Labels are indented by this many spaces.
    public static let labelIndent = 2
    /// Help abstracts start at this column (0-based), like swift-argument-parser.
    public static let helpColumn = 26
    /// Above this many arguments/options the usage line is abbreviated with `[<options>]`.
    static let maxUsageItems = 12

    // MARK: Usage

    /// The usage line without the `USAGE:` prefix, e.g.
    /// `feedframes render <scenario> ... [--out <dir>]`.
    public static func usage(for stack: [CommandSpec]) -> String {
        precondition(!stack.isEmpty, "usage(for:) needs at least the root command")
        let command = stack[stack.count - 1]
        let toolName = stack.map(\.name).joined(separator: " ")

        var items: [(synopsis: String, isMandatory: Bool)] = []
        for argument in command.arguments {
            var synopsis = "<\(argument.name)>"
            if argument.isRepeating { synopsis += " ..." }
            if argument.isOptional { synopsis = "[\(synopsis)]" }
            items.append((synopsis, true))  // positionals are always kept
        }
        for option in command.options {
            var synopsis = "--\(option.name)"
            if let placeholder = option.valuePlaceholder { synopsis += " \(placeholder)" }
            if option.isRepeating { synopsis += " ..." }
            let mandatory = option.isRequired && option.defaultValue == nil
            if !mandatory { synopsis = "[\(synopsis)]" }
            items.append((synopsis, mandatory))
        }

        var line: String
        if items.isEmpty {
            line = toolName
        } else if items.count > maxUsageItems {
            let kept = items.filter(\.isMandatory)
            if !kept.isEmpty, kept.count <= maxUsageItems {
                line = "\(toolName) [<options>] " + kept.map(\.synopsis).joined(separator: " ")
            } else {
                line = "\(toolName) <options>"
            }
        } else {
            line = "\(toolName) " + items.map(\.synopsis).joined(separator: " ")
        }
        if !command.subcommands.isEmpty {
            line += " <subcommand>"
        }
        return line
    }

    // MARK: Help

    /// The full help text for the last command of `stack` (root first).
    /// Ends with a newline unless the command has subcommands (then it ends
    /// with the `See '… help <subcommand>'` line), exactly like swift-argument-parser.
    public static func help(for stack: [CommandSpec]) -> String {
        precondition(!stack.isEmpty, "help(for:) needs at least the root command")
        let command = stack[stack.count - 1]

        var overview = command.abstract
        if let discussion = command.discussion, !discussion.isEmpty {
            overview += overview.isEmpty ? discussion : "\n\n" + discussion
        }
        var text = ""
        if !overview.isEmpty {
            text += wrap("OVERVIEW: " + overview, width: screenWidth) + "\n\n"
        }
        text += "USAGE: " + usage(for: stack) + "\n\n"

        let argumentRows = command.arguments.map { row(label: "<\($0.name)>", help: $0.help) }

        var optionRows: [String] = []
        for option in command.options {
            var label = "--\(option.name)"
            if let short = option.shortName { label = "-\(short), " + label }
            if let placeholder = option.valuePlaceholder { label += " \(placeholder)" }
            var help = option.help
            if let defaultValue = option.defaultValue, !defaultValue.isEmpty {
                help += (help.isEmpty ? "" : " ") + "(default: \(defaultValue))"
            }
            optionRows.append(row(label: label, help: help))
        }
        if stack.count == 1, command.version != nil {
            optionRows.append(row(label: "--version", help: "Show the version."))
        }
        optionRows.append(row(label: "-h, --help", help: "Show help information."))

        let subcommandRows = command.subcommands.map { sub in
            row(
                label: sub.name + (sub.name == command.defaultSubcommand ? " (default)" : ""),
                help: sub.abstract)
        }

        let sections = [
            ("ARGUMENTS", argumentRows), ("OPTIONS", optionRows), ("SUBCOMMANDS", subcommandRows),
        ]
        text += sections
            .filter { !$0.1.isEmpty }
            .map { "\($0.0):\n" + $0.1.joined() }
            .joined(separator: "\n")

        if !command.subcommands.isEmpty {
            var names = stack.map(\.name)
            names.insert("help", at: 1)
            text += "\n  See '\(names.joined(separator: " ")) <subcommand>' for detailed help."
        }
        return text
    }

    /// One help row: the label indented by 2, the help starting at column 26
    /// (or on the next line when the label is too long), wrapped at 80 columns.
    static func row(label: String, help: String) -> String {
        let paddedLabel = String(repeating: " ", count: labelIndent) + label
        guard !help.isEmpty else { return paddedLabel + "\n" }
        let wrapped = wrap(help, width: screenWidth, indent: helpColumn)
        if paddedLabel.count < helpColumn {
            return paddedLabel + wrapped.dropFirst(paddedLabel.count) + "\n"
        }
        return paddedLabel + "\n" + wrapped + "\n"
    }

    // MARK: Wrapping

    /// Wraps `text` to `width` columns, indenting every non-empty line by `indent`.
    ///
    /// Follows swift-argument-parser's algorithm: existing line breaks are
    /// kept; a line is broken at the last space within the next
    /// `width - indent` characters (so a broken line holds at most
    /// `width - indent - 1` characters); a word longer than that stays whole.
    public static func wrap(_ text: String, width: Int, indent: Int = 0) -> String {
        let columns = max(1, width - indent)
        let chars = Array(text)
        var lines: [String] = []
        var start = 0
        while true {
            let end = min(start + columns, chars.count)
            let window = chars[start..<end]
            if let newline = window.lastIndex(of: "\n") {
                lines += String(chars[start..<newline])
                    .split(separator: "\n", omittingEmptySubsequences: false)
                    .map(String.init)
                start = newline + 1
            } else if end == chars.count {
                lines.append(String(chars[start...]))
                break
            } else if let space = window.lastIndex(of: " ") {
                lines.append(String(chars[start..<space]))
                start = space + 1
            } else if let breakAt = chars[start...].firstIndex(where: { $0 == " " || $0 == "\n" }) {
                // A word longer than the line: keep it whole.
                lines.append(String(chars[start..<breakAt]))
                start = breakAt + 1
            } else {
                lines.append(String(chars[start...]))
                break
            }
        }
        let pad = String(repeating: " ", count: indent)
        return lines.map { $0.isEmpty ? $0 : pad + $0 }.joined(separator: "\n")
    }
}

extension CommandSpec {
    /// Help text for this command or one of its subcommands
    /// (`subcommandPath` excludes the root name); `nil` for an unknown path.
    public func helpText(subcommandPath: [String] = []) -> String? {
        stack(for: subcommandPath).map(HelpFormatter.help(for:))
    }

    /// Usage line (without `USAGE:`) for this command or one of its subcommands.
    public func usage(subcommandPath: [String] = []) -> String? {
        stack(for: subcommandPath).map(HelpFormatter.usage(for:))
    }
}
