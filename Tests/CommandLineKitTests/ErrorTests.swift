import XCTest

import CommandLineKit

final class ErrorTests: XCTestCase {
    func parseError(
        _ arguments: [String], _ spec: CommandSpec = Fixtures.root,
        file: StaticString = #filePath, line: UInt = #line
    ) -> CommandLineError? {
        do {
            let outcome = try spec.parse(arguments)
            XCTFail("expected an error, got \(outcome)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func assertError(
        _ arguments: [String], _ kind: CommandLineError.Kind, _ message: String,
        path: [String]? = nil, file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let error = parseError(arguments, file: file, line: line) else { return }
        XCTAssertEqual(error.kind, kind, "\(arguments)", file: file, line: line)
        XCTAssertEqual(error.message, message, "\(arguments)", file: file, line: line)
        if let path {
            XCTAssertEqual(error.commandPath, path, file: file, line: line)
        }
    }

    func testUnknownOption() {
        assertError(
            ["render", "a.json", "--outt", "x"], .unknownOption, "Unknown option '--outt'. Did you mean '--out'?",
            path: ["feedframes", "render"])
        assertError(["render", "--no-validat", "a"], .unknownOption, "Unknown option '--no-validat'. Did you mean '--no-validate'?")
        assertError(["render", "--bogus", "a"], .unknownOption, "Unknown option '--bogus'")
        assertError(["render", "--completely-different", "a"], .unknownOption, "Unknown option '--completely-different'")
        assertError(["render", "-x", "a"], .unknownOption, "Unknown option '-x'")
        assertError(["--verison"], .unknownOption, "Unknown option '--verison'. Did you mean '--version'?", path: ["feedframes"])
        // --version is only known to the root command.
        assertError(["render", "--version"], .unknownOption, "Unknown option '--version'")
    }

    func testMissingValue() {
        assertError(["render", "a.json", "--out"], .missingValue, "Missing value for '--out <dir>'")
        assertError(["render", "--out", "--verbose", "a"], .missingValue, "Missing value for '--out <dir>'")
        assertError(["render", "--out", "--", "a"], .missingValue, "Missing value for '--out <dir>'")
        assertError(["render", "a", "-o"], .missingValue, "Missing value for '-o <dir>'")
        assertError(["render", "a", "-ov", "x"], .missingValue, "Missing value for '-o <dir>'")
    }

    func testFlagWithValue() {
        assertError(
            ["render", "--no-validate=yes", "a"], .unexpectedValue,
            "The option '--no-validate' does not take any value, but 'yes' was specified.")
    }

    func testMissingArgument() {
        assertError(["render"], .missingArgument, "Missing expected argument '<scenario> ...'")
        assertError(["render", "--out", "x"], .missingArgument, "Missing expected argument '<scenario> ...'")
        assertError(["validate"], .missingArgument, "Missing expected argument '<scenario>'")
        assertError(
            ["templates", "export", "frame.txt"], .missingArgument, "Missing expected argument '--to <file>'",
            path: ["feedframes", "templates", "export"])
    }

    func testUnexpectedArguments() {
        assertError(["validate", "a", "b", "c"], .unexpectedArgument, "Unexpected argument 'c'")
        assertError(["validate", "a", "b", "c", "d"], .unexpectedArgument, "2 unexpected arguments: 'c', 'd'")
        assertError(["templates", "list", "extra"], .unexpectedArgument, "Unexpected argument 'extra'")
    }

    func testUnknownSubcommand() {
        assertError(["rendr", "a.json"], .unknownSubcommand, "Unknown subcommand 'rendr'. Did you mean 'render'?", path: ["feedframes"])
        assertError(["xyz"], .unknownSubcommand, "Unknown subcommand 'xyz'")
        assertError(["templates", "exprot"], .unknownSubcommand, "Unknown subcommand 'exprot'. Did you mean 'export'?", path: ["feedframes", "templates"])
        assertError(["help", "rendr"], .unknownSubcommand, "Unknown subcommand 'rendr'. Did you mean 'render'?")
    }

    func testFirstErrorIsReported() {
        assertError(["render", "--bogus", "--out"], .unknownOption, "Unknown option '--bogus'")
    }

    func testInvalidInteger() throws {
        let run = try invocation(["render", "a", "--frames", "ten"])
        XCTAssertThrowsError(try run.int("frames")) { error in
            let error = error as! CommandLineError
            XCTAssertEqual(error.kind, .invalidValue)
            XCTAssertEqual(error.message, "The value 'ten' is invalid for '--frames <n>'")
        }
    }

    func testFormattedMessage() {
        let error = parseError(["render"])
        XCTAssertEqual(
            error?.formattedMessage,
            """
            Error: Missing expected argument '<scenario> ...'
            Usage: feedframes render <scenario> ... [--out <dir>] [--format <formats>] [--preset <preset> ...] [--frames <n>] [--no-validate] [--verbose]
              See 'feedframes render --help' for more information.
            """)
        XCTAssertEqual(
            parseError(["rendr"])?.formattedMessage,
            """
            Error: Unknown subcommand 'rendr'. Did you mean 'render'?
            Usage: feedframes [--quiet] <subcommand>
              See 'feedframes --help' for more information.
            """)
        XCTAssertEqual(error?.description, "Missing expected argument '<scenario> ...'")
    }

    func testExitCode() {
        XCTAssertEqual(CommandLineError.exitCode, 64)
    }
}
