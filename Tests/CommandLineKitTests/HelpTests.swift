import XCTest

import CommandLineKit

final class HelpTests: XCTestCase {
    func testRootHelpWithDiscussionOptionsAndSubcommands() {
        XCTAssertEqual(
            Fixtures.root.helpText(),
            """
            OVERVIEW: Render incremental-loading list scenarios to frames.

            FeedFrames draws every state of a paginated list (loading, loaded, error, end
            of list) as a still frame, ready for design reviews.

            Run 'feedframes render' with one or more scenario files.

            USAGE: feedframes [--quiet] <subcommand>

            OPTIONS:
              -q, --quiet             Print nothing but errors.
              --version               Show the version.
              -h, --help              Show help information.

            SUBCOMMANDS:
              render                  Render incremental-loading list scenarios to frames.
              validate                Check scenario files without rendering.
              templates               Inspect the built-in templates.

              See 'feedframes help <subcommand>' for detailed help.
            """)
    }

    func testSubcommandHelp() {
        XCTAssertEqual(
            Fixtures.root.helpText(subcommandPath: ["render"]),
            """
            OVERVIEW: Render incremental-loading list scenarios to frames.

            USAGE: feedframes render <scenario> ... [--out <dir>] [--format <formats>] [--preset <preset> ...] [--frames <n>] [--no-validate] [--verbose]

            ARGUMENTS:
              <scenario>              Scenario files to render.

            OPTIONS:
              -o, --out <dir>         Output folder. (default: output)
              --format <formats>      Frame formats, comma-separated. (default: png)
              --preset <preset>       Device preset; repeat for several.
              --frames <n>            Number of frames.
              --no-validate           Skip scenario validation.
              -v, --verbose           Print progress.
              -h, --help              Show help information.

            """)
    }

    func testNestedHelp() {
        XCTAssertEqual(
            Fixtures.root.helpText(subcommandPath: ["templates"]),
            """
            OVERVIEW: Inspect the built-in templates.

            USAGE: feedframes templates <subcommand>

            OPTIONS:
              -h, --help              Show help information.

            SUBCOMMANDS:
              list                    List the built-in templates.
              export                  Write a built-in template to a file.

              See 'feedframes help templates <subcommand>' for detailed help.
            """)
        XCTAssertEqual(
            Fixtures.root.helpText(subcommandPath: ["templates", "export"]),
            """
            OVERVIEW: Write a built-in template to a file.

            USAGE: feedframes templates export <name> --to <file>

            ARGUMENTS:
              <name>                  Template name.

            OPTIONS:
              --to <file>             Destination file.
              -h, --help              Show help information.

            """)
        XCTAssertNil(Fixtures.root.helpText(subcommandPath: ["nope"]))
    }

    func testArgumentsOptionsSubcommandsAndWrapping() {
        let spec = CommandSpec(
            "tool",
            abstract: "Does things.",
            arguments: [ArgumentSpec("input", help: "Input file.", optional: true)],
            options: [
                .option(
                    "scale", valueName: "factor",
                    help: "Scale factor applied to every frame before it is written; use 2 for "
                        + "Retina-sized screenshots and 3 for the largest phones.",
                    default: "1"),
                .option("maximum-frame-count", valueName: "count", help: "Stop after this many frames."),
                .flag("dry-run"),
            ],
            subcommands: [CommandSpec("run", abstract: "Run it."), CommandSpec("check", abstract: "Check it.")],
            defaultSubcommand: "run")
        XCTAssertEqual(
            spec.helpText(),
            """
            OVERVIEW: Does things.

            USAGE: tool [<input>] [--scale <factor>] [--maximum-frame-count <count>] [--dry-run] <subcommand>

            ARGUMENTS:
              <input>                 Input file.

            OPTIONS:
              --scale <factor>        Scale factor applied to every frame before it is
                                      written; use 2 for Retina-sized screenshots and 3 for
                                      the largest phones. (default: 1)
              --maximum-frame-count <count>
                                      Stop after this many frames.
              --dry-run
              -h, --help              Show help information.

            SUBCOMMANDS:
              run (default)           Run it.
              check                   Check it.

              See 'tool help <subcommand>' for detailed help.
            """)
    }

    func testNoAbstractAndNoOptions() {
        XCTAssertEqual(
            CommandSpec("bare").helpText(),
            """
            USAGE: bare

            OPTIONS:
              -h, --help              Show help information.

            """)
    }

    func testUsageAbbreviatesManyOptions() {
        let flags = (1...13).map { OptionSpec.flag("flag\($0)") }
        let spec = CommandSpec("tool", arguments: [ArgumentSpec("file")], options: flags)
        XCTAssertEqual(spec.usage(), "tool [<options>] <file>")
        XCTAssertEqual(CommandSpec("tool", options: flags).usage(), "tool <options>")
    }

    // MARK: Wrapping

    func testWrapBreaksAtLastSpaceLikeArgumentParser() {
        // A broken line holds at most width - 1 characters; the last line may use all of them.
        XCTAssertEqual(HelpFormatter.wrap("aaaaa bbbb cc", width: 10), "aaaaa\nbbbb cc")
        XCTAssertEqual(HelpFormatter.wrap("aaaaa bbbb", width: 10), "aaaaa bbbb")
    }

    func testWrapIndentsContinuationLines() {
        XCTAssertEqual(
            HelpFormatter.wrap("one two three four", width: 12, indent: 4), "    one two\n    three\n    four")
    }

    func testWrapKeepsLongWordsAndLineBreaks() {
        XCTAssertEqual(HelpFormatter.wrap("abcdefghijkl mn", width: 5), "abcdefghijkl\nmn")
        XCTAssertEqual(HelpFormatter.wrap("a\n\nb", width: 10, indent: 2), "  a\n\n  b")
    }

    func testEveryHelpLineFitsIn80Columns() {
        let long = String(repeating: "lorem ipsum dolor ", count: 20)
        let spec = CommandSpec("t", abstract: long, options: [.option("x", help: long)])
        for line in spec.helpText()!.split(separator: "\n") where !line.hasPrefix("USAGE:") {
            XCTAssertLessThanOrEqual(line.count, 80, "\(line)")
        }
    }
}
