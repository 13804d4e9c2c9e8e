import ArgumentParser

/// `--templates DIR`, on every command that renders frames or pages.
struct TemplateOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Templates to use instead of the defaults (file by file).", valueName: "dir"))
    var templates: String?
}

/// `a, b or c`, for "expected …" in messages.
func choices(_ names: [String]) -> String {
    guard let last = names.last else { return "" }
    return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last
}

extension ValidationError {
    /// A value out of `range`, in the words every command uses.
    static func outOfRange(_ option: String, _ value: Int, _ range: ClosedRange<Int>) -> ValidationError {
        ValidationError("bad --\(option) '\(value)' (expected a number from \(range.lowerBound) to \(range.upperBound))")
    }
}
