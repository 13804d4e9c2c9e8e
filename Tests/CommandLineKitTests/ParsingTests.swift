import XCTest

@testable import CommandLineKit

/// Parses `arguments` against `spec`, failing the test unless the outcome is an invocation.
func invocation(
    _ arguments: [String], _ spec: CommandSpec = Fixtures.root,
    file: StaticString = #filePath, line: UInt = #line
) throws -> Invocation {
    let outcome = try spec.parse(arguments)
    guard case .invocation(let invocation) = outcome else {
        XCTFail("expected an invocation, got \(outcome)", file: file, line: line)
        throw CancellationError()
    }
    return invocation
}

final class ParsingTests: XCTestCase {
    func testAllOptionForms() throws {
        let run = try invocation([
            "render", "a.json", "b.json", "--out", "frames", "--format=png,gif", "--preset", "phone",
            "--preset", "tablet, desktop", "--no-validate", "-v",
        ])
        XCTAssertEqual(run.commandPath, ["feedframes", "render"])
        XCTAssertEqual(run.subcommandPath, ["render"])
        XCTAssertEqual(run.command.name, "render")
        XCTAssertEqual(run.positionals("scenario"), ["a.json", "b.json"])
        XCTAssertEqual(run.positional("scenario"), "a.json")
        XCTAssertEqual(run.value("out"), "frames")
        XCTAssertEqual(run.value("--out"), "frames")
        XCTAssertEqual(run.values("format"), ["png", "gif"])
        XCTAssertEqual(run.values("preset"), ["phone", "tablet", "desktop"])
        XCTAssertTrue(run.flag("no-validate"))
        XCTAssertTrue(run.flag("verbose"))
        XCTAssertFalse(run.flag("quiet"))
    }

    func testDefaults() throws {
        let run = try invocation(["render", "a.json"])
        XCTAssertEqual(run.value("out"), "output")
        XCTAssertFalse(run.isSet("out"))
        XCTAssertEqual(run.values("format"), ["png"])
        XCTAssertEqual(run.values("preset"), [])
        XCTAssertNil(run.value("preset"))
        XCTAssertNil(try run.int("frames"))
        XCTAssertFalse(run.flag("no-validate"))
        XCTAssertEqual(run.flagCount("verbose"), 0)
    }

    func testOptionValueSpellings() throws {
        for arguments in [
            ["render", "--out", "dir", "a"], ["render", "--out=dir", "a"], ["render", "-o", "dir", "a"],
            ["render", "-o=dir", "a"], ["render", "a", "-o", "dir"], ["render", "-vo", "dir", "a"],
        ] {
            let run = try invocation(arguments)
            XCTAssertEqual(run.value("out"), "dir", "\(arguments)")
            XCTAssertEqual(run.positionals("scenario"), ["a"], "\(arguments)")
            XCTAssertTrue(run.isSet("out"))
        }
        XCTAssertTrue(try invocation(["render", "-vo", "dir", "a"]).flag("verbose"))
    }

    func testEmptyValueWithEqualsSign() throws {
        XCTAssertEqual(try invocation(["render", "--out=", "a"]).value("out"), "")
    }

    func testLastValueWinsForNonRepeatingOption() throws {
        let run = try invocation(["render", "--out", "one", "a", "--out", "two"])
        XCTAssertEqual(run.value("out"), "two")
        XCTAssertEqual(run.values("out"), ["two"])
    }

    func testRepeatedFlagIsCounted() throws {
        XCTAssertEqual(try invocation(["render", "-v", "a", "--verbose", "-vv"]).flagCount("verbose"), 4)
    }

    func testDoubleDashEndsOptions() throws {
        let run = try invocation(["render", "--verbose", "--", "--weird.json", "-v", "--help"])
        XCTAssertEqual(run.positionals("scenario"), ["--weird.json", "-v", "--help"])
        XCTAssertEqual(run.flagCount("verbose"), 1)
    }

    func testNegativeNumbersAreValues() throws {
        XCTAssertEqual(try invocation(["render", "--frames", "-3", "a"]).int("frames"), -3)
        XCTAssertEqual(try invocation(["render", "--frames", "12", "-"]).positionals("scenario"), ["-"])
    }

    func testIntAccessor() throws {
        XCTAssertEqual(try invocation(["render", "--frames=24", "a"]).int("frames"), 24)
    }

    func testParentOptionsBeforeSubcommand() throws {
        let run = try invocation(["-q", "render", "a"])
        XCTAssertTrue(run.flag("quiet"))
        XCTAssertEqual(run.subcommandPath, ["render"])
    }

    func testOptionalPositional() throws {
        XCTAssertNil(try invocation(["validate", "a.json"]).positional("schema"))
        XCTAssertEqual(try invocation(["validate", "a.json", "s.rng"]).positional("schema"), "s.rng")
    }

    func testNestedSubcommands() throws {
        let run = try invocation(["templates", "export", "frame.txt", "--to", "out.txt"])
        XCTAssertEqual(run.subcommandPath, ["templates", "export"])
        XCTAssertEqual(run.positional("name"), "frame.txt")
        XCTAssertEqual(run.value("to"), "out.txt")
    }

    func testDefaultSubcommand() throws {
        var spec = Fixtures.root
        spec.defaultSubcommand = "render"
        var run = try invocation(["a.json", "--out", "x"], spec)
        XCTAssertEqual(run.subcommandPath, ["render"])
        XCTAssertEqual(run.positionals("scenario"), ["a.json"])
        run = try invocation(["-q", "--out", "x", "a.json"], spec)
        XCTAssertEqual(run.subcommandPath, ["render"])
        XCTAssertEqual(run.value("out"), "x")
        XCTAssertTrue(run.flag("quiet"))
        run = try invocation(["validate", "a.json"], spec)
        XCTAssertEqual(run.subcommandPath, ["validate"])
    }

    // MARK: Help and version outcomes

    func testHelpAnywhereShowsHelpOfDeepestCommand() throws {
        let rootHelp = Fixtures.root.helpText()!
        let renderHelp = Fixtures.root.helpText(subcommandPath: ["render"])!
        XCTAssertEqual(try Fixtures.root.parse(["--help"]), .help(rootHelp))
        XCTAssertEqual(try Fixtures.root.parse(["-h"]), .help(rootHelp))
        XCTAssertEqual(try Fixtures.root.parse(["render", "--help"]), .help(renderHelp))
        XCTAssertEqual(try Fixtures.root.parse(["render", "a.json", "-h", "--out", "x"]), .help(renderHelp))
        XCTAssertEqual(try Fixtures.root.parse(["render", "-vh"]), .help(renderHelp))
        // Help wins over errors.
        XCTAssertEqual(try Fixtures.root.parse(["render", "--bogus", "--help"]), .help(renderHelp))
        XCTAssertEqual(try Fixtures.root.parse(["rendr", "--help"]), .help(rootHelp))
    }

    func testHelpSubcommand() throws {
        XCTAssertEqual(try Fixtures.root.parse(["help"]), .help(Fixtures.root.helpText()!))
        XCTAssertEqual(
            try Fixtures.root.parse(["help", "render"]), .help(Fixtures.root.helpText(subcommandPath: ["render"])!))
        XCTAssertEqual(
            try Fixtures.root.parse(["help", "templates", "export"]),
            .help(Fixtures.root.helpText(subcommandPath: ["templates", "export"])!))
    }

    func testMissingSubcommandShowsHelp() throws {
        XCTAssertEqual(try Fixtures.root.parse([]), .help(Fixtures.root.helpText()!))
        XCTAssertEqual(
            try Fixtures.root.parse(["templates"]), .help(Fixtures.root.helpText(subcommandPath: ["templates"])!))
    }

    func testVersion() throws {
        XCTAssertEqual(try Fixtures.root.parse(["--version"]), .version("1.2.0"))
        XCTAssertEqual(try Fixtures.root.parse(["-q", "--version"]), .version("1.2.0"))
    }

    func testParseResult() {
        guard case .failure(let error) = Fixtures.root.parseResult(["render"]) else {
            return XCTFail("expected a failure")
        }
        XCTAssertEqual(error.kind, .missingArgument)
        guard case .success(.version) = Fixtures.root.parseResult(["--version"]) else {
            return XCTFail("expected the version")
        }
    }

    // MARK: Helpers

    func testEditDistance() {
        XCTAssertEqual(editDistance("kitten", "sitting"), 3)
        XCTAssertEqual(editDistance("", "abc"), 3)
        XCTAssertEqual(editDistance("render", "render"), 0)
        XCTAssertEqual(editDistance("rendr", "render"), 1)
        XCTAssertEqual(closestMatch(to: "valdate", in: ["render", "validate"]), "validate")
        XCTAssertNil(closestMatch(to: "xyz", in: ["render", "validate"]))
    }
}
