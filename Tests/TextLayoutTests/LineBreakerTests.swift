import TestSupport
import Foundation
import XCTest
@testable import TextLayout

/// UAX #14 against Unicode's own data: every code point's class against LineBreak.txt, and
/// every case of LineBreakTest.txt (Debian's `unicode-data`, Unicode 15.0).
final class LineBreakerTests: XCTestCase {
    static let ucd = "/usr/share/unicode"

    private func contents(_ path: String) throws -> String {
        guard FileManager.default.fileExists(atPath: path) else {
            throw missingInput("\(path) is missing (apt-get install unicode-data): the UAX #14 conformance test did not run")
        }
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    func testConformanceWithLineBreakTest() throws {
        let text = try contents("\(Self.ucd)/auxiliary/LineBreakTest.txt")
        var cases = 0
        var failures: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let data = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            guard !data.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            var scalars: [Unicode.Scalar] = []
            var expected: [Bool] = []  // a break after scalars[i]
            for token in data.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                switch token {
                case "×": if !scalars.isEmpty { expected.append(false) }
                case "÷": if !scalars.isEmpty { expected.append(true) }
                default:
                    guard let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) else {
                        XCTFail("unreadable token \(token) in \(line)"); continue
                    }
                    scalars.append(scalar)
                }
            }
            cases += 1
            let got = LineBreaker.opportunities(scalars).map { $0 != .prohibited }
            if got != expected { failures.append(String(line)) }
        }
        XCTAssertEqual(cases, 7_654)
        XCTAssertTrue(failures.isEmpty, "\(failures.count) of \(cases) cases fail, e.g.\n" + failures.prefix(15).joined(separator: "\n"))
    }

    /// The generated table says, for every code point, what LineBreak.txt says (after LB1).
    func testTableMatchesLineBreakTxt() throws {
        let text = try contents("\(Self.ucd)/LineBreak.txt")
        var expected = [String](repeating: "XX", count: 0x110000)
        let idRanges: [ClosedRange<UInt32>] = [0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF,
                                               0x20000...0x2FFFD, 0x30000...0x3FFFD, 0x1F000...0x1FAFF, 0x1FC00...0x1FFFD]
        for range in idRanges { for value in range { expected[Int(value)] = "ID" } }
        for value in UInt32(0x20A0)...0x20CF { expected[Int(value)] = "PR" }
        for line in text.split(separator: "\n") {
            let data = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let fields = data.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 2 else { continue }
            let bounds = fields[0].components(separatedBy: "..").compactMap { UInt32($0, radix: 16) }
            guard let first = bounds.first, let last = bounds.last else { continue }
            for value in first...last { expected[Int(value)] = fields[1] }
        }
        let names = (0...UInt8.max).map { LineBreakClass(rawValue: $0).map { "\($0)" } ?? "?" }
        var mismatches: [String] = []
        for value in 0..<UInt32(0x110000) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let got = names[Int(LineBreakClass(scalar).base.rawValue)]
            var want = expected[Int(value)]
            switch want {
            case "AI", "SG", "XX": want = "AL"
            case "CJ": want = "NS"
            case "SA": if got == "CM" { want = "CM" } else { want = "AL" }
            default: break
            }
            if got != want { mismatches.append(String(format: "U+%04X %@ ≠ %@", value, got, want)) }
        }
        XCTAssertTrue(mismatches.isEmpty, mismatches.prefix(10).joined(separator: "\n"))
    }

    func testClosingPunctuationIsNeverAtALineStart() {
        // 。，」』） are CL / CP: LB13 forbids a break before them; ID ÷ ID elsewhere.
        let text = Array("新闻「标题」，正在加载。更多（数据）".unicodeScalars)
        let breaks = LineBreaker.opportunities(text)
        for (index, scalar) in text.enumerated().dropLast() {
            let next = text[index + 1]
            if "」，。）".unicodeScalars.contains(next) {
                XCTAssertEqual(breaks[index], .prohibited, "a break before \(next)")
            }
            if "「（".unicodeScalars.contains(scalar) {
                XCTAssertEqual(breaks[index], .prohibited, "a break after \(scalar)")
            }
        }
        XCTAssertEqual(breaks[0], .allowed)  // 新 ÷ 闻
    }

    func testFlagsAndEmojiDoNotCrashAndPairUp() {
        let text = Array("🇫🇷🇩🇪 👍🏽".unicodeScalars)
        let breaks = LineBreaker.opportunities(text)
        XCTAssertEqual(breaks.map(\.rawValue), [0, 1, 0, 0, 1, 0, 2])
    }
}
