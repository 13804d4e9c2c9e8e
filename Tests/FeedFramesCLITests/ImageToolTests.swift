import Foundation
import FeedFramesProcess
import XCTest

/// `--png` and `--gif` without their tools: a note naming the package, exit 0, the frames written and
/// their lists untouched (the images are extras; the browser suite covers them with the tools there).
final class ImageToolTests: XCTestCase {
    var cli: Subprocess!

    override func setUpWithError() throws {
        cli = try Subprocess()
        _ = try Subprocess.binary()
    }

    override func tearDown() { cli?.cleanUp() }

    /// A PATH with neither Chromium nor ImageMagick, but a `convert` that is something else (as
    /// sandboxes and other packages install): it must not be taken for ImageMagick.
    func toolless() throws -> [String: String] {
        try cli.write("#!/bin/sh\necho 'convert: not ImageMagick' >&2\nexit 1\n", to: "bin/convert")
        chmod(cli.url("bin/convert").path, 0o755)
        return ["PATH": cli.url("bin").path, "CHROMIUM_BIN": "", "CHROMEDRIVER_BIN": ""]
    }

    func testGIFWithoutImageMagickOrChromiumIsANoteNamingThePackages() throws {
        try cli.write(#"{ "name": "mine", "preset": "standard", "source": { "total": 30 }, "events": ["launch", "wait 1"] }"#, to: "mine.json")
        let plain = try cli.run(["render", "mine.json", "--out", "plain"])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        let outcome = try cli.run(["render", "mine.json", "--out", "out", "--gif"], environment: try toolless())
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("note: --gif needs ImageMagick's convert or magick on the PATH (apt-get install imagemagick"), outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("note: --png needs Chromium (apt-get install chromium)"), outcome.stderr)
        XCTAssertEqual(try cli.text("out/mine/frames.json"), try cli.text("plain/mine/frames.json"), "no image named")
        XCTAssertEqual(cli.list("out/mine").filter { $0.hasSuffix(".png") || $0.hasSuffix(".gif") }, [])
    }

    func testPreviewImagesWithoutTheToolsAreANoteAndTheGalleryIsWritten() throws {
        let outcome = try cli.run(["preview", "--preset", "standard", "--out", "preview", "--png"], environment: try toolless())
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("note: --png needs Chromium"), outcome.stderr)
        XCTAssertTrue(cli.exists("preview/index.html"))
        XCTAssertTrue(cli.exists("preview/standard-en/index.html"), "the row's viewer")
        XCTAssertFalse(cli.exists("preview/contact-sheet.png"))
    }
}
