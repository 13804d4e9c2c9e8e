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

/// `fling V`'s 60 Hz frames play at their own pace in a GIF, resampled to 50 Hz.
final class FlingPlaybackTests: XCTestCase {
    func testAFlingIsResampledTo50HzAndTheRestClamped() {
        // launch, a reply, then a fling's steps every 1/60 s, a reply during it, its last step, and a wait.
        var times = [0.0, 1.0]
        var causes = ["launch", "wait 1 → reply 1"]
        for step in 1...12 { times.append(1 + Double(step) / 60); causes.append(step == 7 ? "fling 3000 → reply 2: page 2, 40 items" : "fling 3000") }
        times.append(4); causes.append("wait 1 → toast expired")
        let delays = Playback.gifDelays(times, causes: causes)
        XCTAssertEqual(delays.count, times.count)
        XCTAssertEqual(delays[0], 100, "an ordinary frame shows until the next")
        XCTAssertEqual(delays[1], 25, "the frame before the fling keeps the readable minimum")
        let kept = (2...13).filter { delays[$0] != nil }
        // Kept every 2 cs of virtual time: 1/60 s steps keep about five of each six.
        for (a, b) in zip(kept, kept.dropFirst()) where b != 13 { XCTAssertGreaterThanOrEqual(times[b] - times[a], 0.02 - 1e-9) }
        XCTAssertTrue(kept.contains(13), "the fling's last frame stays")
        XCTAssertLessThan(kept.count, 12, "some 60 Hz steps are left out")
        XCTAssertTrue(kept.dropLast().allSatisfy { (2...4).contains(delays[$0]!) }, "\(kept.map { delays[$0]! })")
        XCTAssertEqual(delays[13], 200, "the fling's last frame shows until the wait's frame, clamped to 2 s")
        XCTAssertEqual(Playback.gifDelays([0, 1, 2], causes: ["launch", "wait 1", "wait 1"]).compactMap { $0 }, Playback.gifDelays([0, 1, 2]))
    }
}
