import BrowserSession
import Foundation
import XCTest

/// The viewer's frame strip is thumbnails even without PNGs: each frame's own page scaled down,
/// beside (not inside) its link, loaded lazily; a click on one still shows that frame.
extension BrowserTests {
    func testTheStripShowsEachFrameAsAThumbnailWithoutPNGs() throws {
        let browser = try openBrowser()
        let demo = try renderDemos().appendingPathComponent("standard-story")
        let count = try htmlFrames(in: demo).count
        try browser.navigate(to: demo.appendingPathComponent("index.html"))
        let strip = """
            var items = document.querySelectorAll('#strip li');
            var live = document.querySelectorAll('#strip li.live > .thumb > iframe');
            var nested = document.querySelectorAll('#strip a iframe').length;
            var first = live.length ? live[0].getBoundingClientRect() : null, thumb = live.length ? live[0].parentNode.getBoundingClientRect() : null;
            return [items.length, live.length, nested, live.length ? live[1].getAttribute('src') : null, thumb ? Math.round(thumb.height) : 0, first ? Math.round(first.height) : 0];
            """
        let shown = try XCTUnwrap(browser.execute(strip) as? [Any])
        XCTAssertEqual(shown[0] as? Int, count, "an item a frame")
        XCTAssertEqual(shown[1] as? Int, count, "a thumbnail a frame")
        XCTAssertEqual(shown[2] as? Int, 0, "no frame inside a link")
        XCTAssertEqual(shown[3] as? String, "0002.html")
        XCTAssertEqual(shown[4] as? Int, 96, "thumbnails 96 px tall")
        XCTAssertEqual(shown[5] as? Int, 96, "the frame scaled to the thumbnail")
        _ = try browser.execute("document.querySelectorAll('#strip a')[2].click(); return true;")
        try browser.wait(until: "return document.body.getAttribute('data-current') === '3';", "frame 3 shown after a click")
    }
}
