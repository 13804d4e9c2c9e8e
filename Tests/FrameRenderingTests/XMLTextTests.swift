import FeedScenario
import XCTest
@testable import FrameRendering

/// `XMLText.safe` skips the scalar scan when a byte scan finds nothing that
/// could be forbidden; on random text it must give what the scalar scan alone gives.
final class XMLTextTests: XCTestCase {
    /// The scalar-by-scalar definition: forbidden scalars become U+FFFD.
    static func naive(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { XMLText.isForbidden($0) ? "\u{FFFD}" : $0 }))
    }

    func testByteScanAgreesWithTheScalarScan() {
        // Forbidden ones, allowed neighbours, and allowed scalars whose UTF-8 also starts with 0xEF.
        let pool: [Unicode.Scalar] = ["a", " ", "é", "中", "😀", "\t", "\n", "\r", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}",
                                      "\u{FFFE}", "\u{FFFF}", "\u{FFFD}", "\u{F000}", "\u{FEFF}", "\u{10FFFF}"]
        var generator = SeededRandom(seed: 7)
        var replaced = 0
        for _ in 0..<20_000 {
            let length = Int(generator.next() % 12)
            let text = String(String.UnicodeScalarView((0..<length).map { _ in pool[Int(generator.next() % UInt64(pool.count))] }))
            let expected = Self.naive(text)
            XCTAssertEqual(XMLText.safe(text), expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            if expected != text {
                replaced += 1
                XCTAssertTrue(XMLText.mayHoldForbidden(text))
            }
        }
        XCTAssertGreaterThan(replaced, 1_000, "the random texts hold forbidden scalars often")
    }

    func testEachForbiddenScalarIsCaughtAlone() {
        for value: UInt32 in Array(0..<0x20) + [0xFFFE, 0xFFFF] {
            let text = "x" + String(Unicode.Scalar(value)!) + "y"
            let allowed = value == 0x09 || value == 0x0A || value == 0x0D
            XCTAssertEqual(XMLText.safe(text), allowed ? text : "x\u{FFFD}y", "U+\(String(value, radix: 16))")
        }
    }
}
