import TestSupport
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
        let values: [UInt32] = [0x61, 0x20, 0xE9, 0x4E2D, 0x1F600, 0x09, 0x0A, 0x0D, 0x00, 0x01, 0x1F, 0x7F,
                                0x80, 0x85, 0x9F, 0xA0, 0xBF, 0xFDD0, 0xFDEF, 0xFDF0, 0xFFFE, 0xFFFF, 0xFFFD, 0xF000, 0xFEFF,
                                0x1FFFE, 0x1FFFD, 0x2FFFF, 0xE0001, 0x10FFFE, 0x10FFFD, 0x10FFFF]
        let pool = values.map { Unicode.Scalar($0)! }
        let seed = randomSeed(7)
        var generator = SeededRandom(seed: seed)
        var replaced = 0
        for _ in 0..<20_000 {
            let length = Int(generator.next() % 12)
            let text = String(String.UnicodeScalarView((0..<length).map { _ in pool[Int(generator.next() % UInt64(pool.count))] }))
            let expected = Self.naive(text)
            XCTAssertEqual(XMLText.safe(text), expected, "seed \(seed): \(text.unicodeScalars.map { String($0.value, radix: 16) })")
            if expected != text {
                replaced += 1
                XCTAssertTrue(XMLText.mayHoldForbidden(text), "seed \(seed): \(text.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
        XCTAssertGreaterThan(replaced, 1_000, "seed \(seed): the random texts hold forbidden scalars often")
    }

    func testEachForbiddenScalarIsCaughtAlone() {
        let planes = (1...16).flatMap { plane in [UInt32(plane) << 16 | 0xFFFE, UInt32(plane) << 16 | 0xFFFF] }
        let forbidden = Array(0..<0x20) + Array(0x7F...0x9F) + Array(0xFDD0...0xFDEF) + [0xFFFE, 0xFFFF] + planes
        for value: UInt32 in forbidden {
            let text = "x" + String(Unicode.Scalar(value)!) + "y"
            let allowed = value == 0x09 || value == 0x0A || value == 0x0D
            XCTAssertEqual(XMLText.safe(text), allowed ? text : "x\u{FFFD}y", "U+\(String(value, radix: 16))")
        }
        // Their neighbours stay.
        for value: UInt32 in [0x20, 0x7E, 0xA0, 0xFDCF, 0xFDF0, 0xFFFD, 0x1FFFD, 0x10FFFD] {
            let text = "x" + String(Unicode.Scalar(value)!) + "y"
            XCTAssertEqual(XMLText.safe(text), text, "U+\(String(value, radix: 16))")
        }
    }
}
