import TestSupport
import XCTest
@testable import FeedScenario

/// `FailureText.excerpt` against a naive twin that reads every scalar: at most `limit` scalars, then
/// `…`, control characters and bidirectional overrides as `?` — whether the text takes the fast path
/// (printable ASCII within the limit) or not.
final class FailureTextTests: XCTestCase {
    func twin(_ text: String, limit: Int) -> String {
        let scalars = Array(text.unicodeScalars)
        let kept = scalars.prefix(limit).map { scalar -> Unicode.Scalar in
            let bidi = (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            return scalar.properties.generalCategory == .control || bidi ? "?" : scalar
        }
        return String(String.UnicodeScalarView(kept)) + (scalars.count > limit ? "…" : "")
    }

    func testExcerptMatchesANaiveTwin() {
        let seed = randomSeed(0xFA11_7E87)
        var random = SeededRandom(seed: seed)
        let alphabet: [String] = ["a", "Z", " ", "~", "0", "\u{0}", "\u{7}", "\n", "\u{1B}", "\u{7F}", "é", "中", "\u{202E}", "\u{2067}", "👍"]
        for run in 0..<2_000 {
            let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in alphabet.randomElement(using: &random)! }.joined()
            let limit = Int.random(in: 0...10, using: &random)
            XCTAssertEqual(FailureText.excerpt(text, limit: limit), twin(text, limit: limit), "seed \(seed) run \(run): \(text.debugDescription), limit \(limit)")
        }
        XCTAssertEqual(FailureText.excerpt("scripted in source.replies", limit: 300), "scripted in source.replies")
        XCTAssertEqual(FailureText.excerpt("timeout\u{7}", limit: 300), "timeout?")
    }
}
