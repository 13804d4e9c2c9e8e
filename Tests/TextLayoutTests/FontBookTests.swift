import Foundation
import XCTest
@testable import TextLayout

/// Finding fonts: Debian's paths, a search by name elsewhere, and errors that say what to install.
final class FontBookTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("fontbook-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    func testMissingFontNamesTheDebianPackage() {
        XCTAssertThrowsError(try FontBook(roots: [scratch.path])) { error in
            guard case let TextLayoutError.fontMissing(file, family, package, searched) = error else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertEqual(file, "Inter-Regular.otf")
            XCTAssertEqual(family, "Inter")
            XCTAssertEqual(package, "fonts-inter")
            XCTAssertEqual(searched, [scratch.path])
            XCTAssertTrue("\(error)".contains("apt-get install fonts-inter"), "\(error)")
        }
    }

    /// Inter found, CJK not: the error moves on to the next package.
    func testFontsAreFoundByNameAnywhereUnderARoot() throws {
        let odd = scratch.appendingPathComponent("somewhere/else")
        try FileManager.default.createDirectory(at: odd, withIntermediateDirectories: true)
        for file in ["Inter-Regular.otf", "Inter-SemiBold.otf"] {
            try FileManager.default.createSymbolicLink(atPath: odd.appendingPathComponent(file).path,
                                                       withDestinationPath: "/usr/share/fonts/opentype/inter/\(file)")
        }
        XCTAssertThrowsError(try FontBook(roots: [scratch.path])) { error in
            guard case let TextLayoutError.fontMissing(file, _, package, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(file, "NotoSansCJK-Regular.ttc")
            XCTAssertEqual(package, "fonts-noto-cjk")
        }
        for (file, directory) in [("NotoSansCJK-Regular.ttc", "opentype/noto"), ("NotoSansCJK-Bold.ttc", "opentype/noto"),
                                  ("NotoSansArabic-Regular.ttf", "truetype/noto"), ("NotoSansArabic-Bold.ttf", "truetype/noto")] {
            try FileManager.default.createSymbolicLink(atPath: odd.appendingPathComponent(file).path,
                                                       withDestinationPath: "/usr/share/fonts/\(directory)/\(file)")
        }
        let book = try FontBook(roots: [scratch.path])
        let stack = book.stack(locale: "en", weight: .regular)
        XCTAssertEqual(stack.faces.map(\.family), ["Inter", "Noto Sans CJK SC", "Noto Sans Arabic"], "Hebrew is optional")
        XCTAssertEqual(stack.faces[0].path, odd.appendingPathComponent("Inter-Regular.otf").path)
        XCTAssertNoThrow(try TextLayouter(book: book))
    }

    func testAFileThatIsNotAFontIsReportedAsUnreadable() throws {
        let path = scratch.appendingPathComponent("broken.otf").path
        try Data("not a font".utf8).write(to: URL(fileURLWithPath: path))
        let face = FontFace(family: "Broken", weight: 400, path: path, package: "fonts-broken")
        XCTAssertThrowsError(try LoadedFont(face)) { error in
            XCTAssertEqual(error as? TextLayoutError, .fontUnreadable(path: path, index: 0, package: "fonts-broken"))
            XCTAssertTrue("\(error)".contains("fonts-broken"))
        }
        let noFace = FontFace(family: "Inter", weight: 400, path: "/usr/share/fonts/opentype/inter/Inter-Regular.otf",
                              index: 3, package: "fonts-inter")
        XCTAssertThrowsError(try LoadedFont(noFace))
    }

    func testTheDefaultBookUsesDebiansFiles() throws {
        let book = try Fixtures.get().book
        let regular = book.stack(locale: "ja", weight: .regular).faces
        XCTAssertEqual(regular[0].path, "/usr/share/fonts/opentype/inter/Inter-Regular.otf")
        XCTAssertEqual(regular[1], FontFace(family: "Noto Sans CJK JP", weight: 400,
                                            path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
                                            index: 0, package: "fonts-noto-cjk"))
        let semibold = book.stack(locale: "ja", weight: .semibold).faces
        XCTAssertEqual(semibold.map(\.weight), [600, 700, 700] + (semibold.count > 3 ? [700] : []))
    }
}
