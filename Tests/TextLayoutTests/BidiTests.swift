import TestSupport
import Foundation
import XCTest
@testable import TextLayout

/// The bidi wrapper against Unicode's BidiCharacterTest.txt (91,707 cases of UAX #9):
/// paragraph direction forced or found by P2–P3, and the visual order of each line.
final class BidiTests: XCTestCase {
    func testVisualOrderMatchesBidiCharacterTest() throws {
        let path = "/usr/share/unicode/BidiCharacterTest.txt"
        guard FileManager.default.fileExists(atPath: path) else {
            throw missingInput("\(path) is missing (apt-get install unicode-data): the UAX #9 conformance test did not run")
        }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var cases = 0
        var failures: [String] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            guard fields.count == 5 else { continue }
            let scalars = fields[0].split(separator: " ").compactMap { UInt32($0, radix: 16) }
            let rightToLeft: Bool
            switch fields[1] {
            case "0": rightToLeft = false
            case "1": rightToLeft = true
            default: rightToLeft = BidiLine.paragraphIsRightToLeft(scalars)
            }
            cases += 1
            if rightToLeft != (fields[2] == "1") {
                failures.append("direction: \(line)")
                continue
            }
            let removed = Set(fields[3].split(separator: " ").enumerated().filter { $0.element == "x" }.map(\.offset))
            let expected = fields[4].split(separator: " ").compactMap { Int($0) }
            let order = BidiLine(scalars, rightToLeft: rightToLeft).visualIndices(reorderingMarks: false).filter { !removed.contains($0) }
            if order != expected { failures.append("order: \(line)") }
        }
        XCTAssertGreaterThan(cases, 90_000)
        print("BidiCharacterTest: \(cases - failures.count) of \(cases) cases pass")
        XCTAssertTrue(failures.isEmpty, failures.prefix(10).joined(separator: "\n"))
    }
}
