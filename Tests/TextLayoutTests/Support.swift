import CHarfBuzz
import XCTest
@testable import TextLayout

/// One layouter for all tests: opening the fonts is the slow part.
enum Fixtures {
    static let layouter: Result<TextLayouter, Error> = Result { try TextLayouter() }

    static func get() throws -> TextLayouter { try layouter.get() }

    static let body = TextStyle(size: 17)
    static let subheadline = TextStyle(size: 15)
}

extension String {
    var scalarValues: [UInt32] { unicodeScalars.map(\.value) }
}

/// A count several threads add to.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
