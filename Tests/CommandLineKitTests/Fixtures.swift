import CommandLineKit

enum Fixtures {
    static let render = CommandSpec(
        "render",
        abstract: "Render incremental-loading list scenarios to frames.",
        arguments: [
            ArgumentSpec("scenario", help: "Scenario files to render.", repeating: true)
        ],
        options: [
            .option("out", short: "o", valueName: "dir", help: "Output folder.", default: "output"),
            .option(
                "format", valueName: "formats", help: "Frame formats, comma-separated.", default: "png",
                commaSeparated: true),
            .option("preset", help: "Device preset; repeat for several.", repeating: true, commaSeparated: true),
            .option("frames", valueName: "n", help: "Number of frames."),
            .flag("no-validate", help: "Skip scenario validation."),
            .flag("verbose", short: "v", help: "Print progress."),
        ])

    static let validate = CommandSpec(
        "validate",
        abstract: "Check scenario files without rendering.",
        arguments: [
            ArgumentSpec("scenario", help: "Scenario file to check."),
            ArgumentSpec("schema", help: "Schema to check against.", optional: true),
        ])

    static let templatesList = CommandSpec("list", abstract: "List the built-in templates.")
    static let templatesExport = CommandSpec(
        "export",
        abstract: "Write a built-in template to a file.",
        arguments: [ArgumentSpec("name", help: "Template name.")],
        options: [.option("to", valueName: "file", help: "Destination file.", required: true)])
    static let templates = CommandSpec(
        "templates",
        abstract: "Inspect the built-in templates.",
        subcommands: [templatesList, templatesExport])

    static let root = CommandSpec(
        "feedframes",
        abstract: "Render incremental-loading list scenarios to frames.",
        discussion: """
            FeedFrames draws every state of a paginated list (loading, loaded, error, end of list) \
            as a still frame, ready for design reviews.

            Run 'feedframes render' with one or more scenario files.
            """,
        version: "1.2.0",
        options: [.flag("quiet", short: "q", help: "Print nothing but errors.")],
        subcommands: [render, validate, templates])
}
