import Foundation
import FeedFramesProcess
import XCTest

/// `feedframes --version` and CHANGELOG.md say the same version, so a release
/// cannot bump one and forget the other.
final class VersionTests: XCTestCase {
    static let changelog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("CHANGELOG.md")

    /// The version of the changelog's first `## [x.y.z]` entry; an `[Unreleased]` heading is no version.
    static func topVersion(of changelog: String) -> String? {
        for line in changelog.split(separator: "\n", omittingEmptySubsequences: false) where line.hasPrefix("## [") {
            guard let close = line.firstIndex(of: "]") else { continue }
            let version = line[line.index(line.startIndex, offsetBy: 4)..<close]
            if version.lowercased() != "unreleased" { return String(version) }
        }
        return nil
    }

    func testTopVersionSkipsUnreleased() {
        XCTAssertEqual(Self.topVersion(of: "# Changelog\n\n## [Unreleased]\n- x\n\n## [1.2.0] - 2026-01-01\n## [1.1.0]\n"), "1.2.0")
        XCTAssertNil(Self.topVersion(of: "# Changelog\n"))
    }

    func testVersionIsTheChangelogsTopEntry() throws {
        let text = try String(contentsOf: Self.changelog, encoding: .utf8)
        let expected = try XCTUnwrap(Self.topVersion(of: text), "no `## [x.y.z]` entry in \(Self.changelog.path)")
        let cli = try Subprocess()
        defer { cli.cleanUp() }
        let outcome = try cli.run("--version")
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertEqual(outcome.stdout, expected + "\n", "feedframes --version against \(Self.changelog.path)")
    }
}
