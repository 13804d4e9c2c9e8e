import FrameFolder
import XCTest

/// The play rule the viewer and `--gif` share, and how `frames.json` names the images.
final class FrameImagesTests: XCTestCase {
    func testEachFrameShowsForItsVirtualTimeClamped() {
        // Gaps: 0 (clamped up to 0.25 s), 1 s, 0.5 s, 30 s (clamped down to 2 s); the last holds for 2 s.
        let times = [0, 0, 1, 1.5, 31.5]
        XCTAssertEqual(times.indices.map { Playback.shown($0, of: times) }, [0.25, 1, 0.5, 2, 2])
        XCTAssertEqual(Playback.gifDelays(times), [25, 100, 50, 200, 200])
        XCTAssertEqual(Playback.gifDelays([]), [])
        XCTAssertEqual(Playback.gifDelays([3]), [200], "a single frame holds for the longest")
    }

    func testDelaysAreWholeHundredthsNeverUnderTwo() {
        let times = [0, 0.333, 0.666, 1.0, 3.0]
        let delays = Playback.gifDelays(times)
        XCTAssertEqual(delays, [33, 33, 33, 200, 200])
        XCTAssertTrue(delays.allSatisfy { $0 >= Playback.shortestGIFDelay })
        XCTAssertEqual(Playback.gifDelays([0, .nan, 1]), [25, 25, 200], "a time that is not a number is an instant change")
    }

    let lines = [
        "[",
        #"  {"frame":1,"time":0,"cause":"launch","files":["0001.html","0001.txt"]},"#,
        #"  {"frame":2,"time":1,"cause":"wait 1","files":["0002.html","0002.txt"]},"#,
        #"  {"frame":3,"time":1.5,"cause":"tap","files":["0003.html","0003.txt"]}"#,
        "]", "",
    ]

    func testPNGsAndTheGIFAreNamedOnlyWhereTheyExist() {
        let linked = FrameImages.linked(lines, gif: "story.gif") { $0 != "0002.png" }
        XCTAssertEqual(linked[0], "[")
        XCTAssertEqual(linked[1], #"  {"frame":1,"time":0,"cause":"launch","files":["0001.html","0001.txt"],"png":"0001.png","gif":"story.gif","gifDelay":1.5},"#,
                       "frame 2 has no PNG, so the animation goes from frame 1 to 3 and frame 1 shows until then")
        XCTAssertEqual(linked[2], lines[2], "no PNG: the entry as it was")
        XCTAssertEqual(linked[3], #"  {"frame":3,"time":1.5,"cause":"tap","files":["0003.html","0003.txt"],"png":"0003.png","gif":"story.gif","gifDelay":2}"#)
        XCTAssertEqual(Array(linked[4...]), ["]", ""])
    }

    func testWithoutImagesTheListIsUnchanged() {
        XCTAssertEqual(FrameImages.linked(lines, gif: nil) { _ in false }, lines)
        XCTAssertEqual(FrameImages.linked(lines, gif: "story.gif") { _ in false }, lines, "no PNG, no frame in a GIF")
        let pngsOnly = FrameImages.linked(lines, gif: nil) { _ in true }
        XCTAssertTrue(pngsOnly[1].hasSuffix(#","png":"0001.png"},"#))
        XCTAssertFalse(pngsOnly.joined().contains("gif"))
    }

    func testThePNGOfAFrameIsItsHTMLFrames() {
        XCTAssertEqual(FrameImages.png(of: ["0007.txt", "0007.html"]), "0007.png")
        XCTAssertEqual(FrameImages.png(of: ["en/header-idle.html"]), "en/header-idle.png")
        XCTAssertNil(FrameImages.png(of: ["0007.txt", "0007.json"]), "no HTML frame, no screenshot")
    }
}
