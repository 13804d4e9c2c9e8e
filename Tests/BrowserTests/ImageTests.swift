import BrowserSession
import Foundation
import FrameImaging
import TestSupport
import XCTest

/// `render --gif` and `preview --gif` in the browser: the PNGs and the GIF named in `frames.json`,
/// shown and linked by the viewer and the output index; the viewer's keys; the gallery's cells
/// opening their frame in the row's viewer, its labels sticky, its contact sheet.
extension BrowserTests {
    /// The GIF needs ImageMagick: skipped without it, except under CI.
    func requireImageMagick() throws {
        let found = ["/usr/bin/convert", "/usr/local/bin/magick", "/usr/bin/magick"].contains(where: ImageMagick.isImageMagick)
        if !found { throw missingInput("ImageMagick (apt-get install imagemagick, or FEEDFRAMES_BROWSER=1 bash .ci/install)") }
    }

    /// Each frame's delay in a GIF (hundredths of a second, from its Graphic Control Extensions) and its loop count.
    static func gifTiming(_ bytes: [UInt8]) -> (delays: [Int], loops: Int?) {
        var delays: [Int] = [], loops: Int?
        var index = 0
        while index + 8 < bytes.count {
            if bytes[index] == 0x21 && bytes[index + 1] == 0xF9 && bytes[index + 2] == 0x04 {
                delays.append(Int(bytes[index + 4]) | Int(bytes[index + 5]) << 8)
                index += 8
                continue
            }
            if bytes[index] == 0x21 && bytes[index + 1] == 0xFF, index + 18 < bytes.count,
               String(decoding: bytes[(index + 3)..<(index + 14)], as: UTF8.self) == "NETSCAPE2.0" {
                loops = Int(bytes[index + 16]) | Int(bytes[index + 17]) << 8
            }
            index += 1
        }
        return (delays, loops)
    }

    func testPNGsAndTheGIFAreNamedInFramesJSONWithThePlayRule() throws {
        _ = try openBrowser()
        try requireImageMagick()
        let pages = try Pages.shared()
        let folder = pages.url("images/standard-story")
        let list = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("frames.json"))) as? [[String: Any]])
        XCTAssertGreaterThanOrEqual(list.count, 3)
        let times = list.map { $0["time"] as? Double ?? -1 }
        for (index, entry) in list.enumerated() {
            let png = try XCTUnwrap(entry["png"] as? String, "frame \(index + 1) names its PNG")
            XCTAssertEqual(png, String(format: "%04d.png", index + 1))
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent(png).path), png)
            XCTAssertEqual(entry["gif"] as? String, "standard-story.gif")
            // The viewer's rule: the time to the next frame, at least 0.25 s, at most 2 s; the last holds 2 s.
            let expected = index + 1 < list.count ? min(max(times[index + 1] - times[index], 0.25), 2) : 2
            XCTAssertEqual(entry["gifDelay"] as? Double ?? -1, expected, accuracy: 0.005, "frame \(index + 1)")
        }
        let gif = try Data(contentsOf: folder.appendingPathComponent("standard-story.gif"))
        XCTAssertEqual(Array(gif.prefix(6)), Array("GIF89a".utf8))
        let timing = Self.gifTiming(Array(gif))
        XCTAssertEqual(timing.delays, list.map { Int((($0["gifDelay"] as? Double ?? 0) * 100).rounded()) }, "the GIF's delays are frames.json's")
        XCTAssertEqual(timing.loops, 0, "loops for ever")
        // Without --png, no image is named (the demo snapshot tests hold those lists byte for byte).
        let plain = try String(contentsOf: pages.url("output/standard-story/frames.json"), encoding: .utf8)
        XCTAssertFalse(plain.contains("\"png\"") || plain.contains("\"gif\""))
    }

    func testTheViewerShowsThePNGBesideTheHTMLAndLinksTheGIF() throws {
        let browser = try openBrowser()
        try requireImageMagick()
        let pages = try Pages.shared()
        try browser.navigate(to: pages.url("images/standard-story/index.html"))
        let state = """
            var pane = document.getElementById('png-pane'), img = pane.querySelector('img');
            return [pane.hidden, img.getAttribute('src'), document.getElementById('png-link').getAttribute('href'),
                    document.getElementById('gif-link').getAttribute('href'), document.querySelectorAll('#strip a img').length,
                    document.querySelectorAll('#strip a').length, img.naturalWidth];
            """
        try browser.wait(until: "return document.querySelector('#png-pane img').naturalWidth > 0;", "the PNG loaded")
        let first = try XCTUnwrap(browser.execute(state) as? [Any])
        XCTAssertEqual(first[0] as? Bool, false, "the PNG pane shows")
        XCTAssertEqual(first[1] as? String, "0001.png")
        XCTAssertEqual(first[2] as? String, "0001.png")
        XCTAssertEqual(first[3] as? String, "standard-story.gif")
        XCTAssertEqual(first[4] as? Int, first[5] as? Int, "a thumbnail a strip link")
        XCTAssertEqual(first[6] as? Int, 375 + 32, "the PNG's own width")
        try browser.press([.right])
        try browser.wait(until: "return document.querySelector('#png-pane img').getAttribute('src') === '0002.png';", "frame 2's PNG")
        XCTAssertEqual(try browser.execute("return document.getElementById('png-link').getAttribute('href');") as? String, "0002.png")
        // Every image and link resolves; the index shows the scenario's GIF, linked.
        XCTAssertEqual(try missingTargets(on: "viewer, with images", browser), [])
        try shoot(browser, "viewer-with-images.png")
        try browser.navigate(to: pages.url("images/index.html"))
        // The GIF is read once it has loaded (on a busy machine it had not when the page was).
        try browser.wait(until: "var img = document.querySelector('td.image img'); return !img || img.complete;", "the index's GIF loaded")
        let index = try XCTUnwrap(browser.execute("""
            var img = document.querySelector('td.image img');
            return img ? [img.getAttribute('src'), img.parentNode.getAttribute('href'), img.complete && img.naturalWidth] : [];
            """) as? [Any])
        XCTAssertEqual(index.first as? String, "standard-story/standard-story.gif")
        XCTAssertEqual(index.dropFirst().first as? String, "standard-story/standard-story.gif")
        XCTAssertEqual(index.last as? Int, 375 + 32, "the GIF loaded")
        // An output without images has no image column.
        try browser.navigate(to: pages.url("output/index.html"))
        XCTAssertEqual(try browser.execute("return document.querySelectorAll('img, td.image').length;") as? Int, 0)
        // A viewer without PNGs keeps its pane hidden and has no image links.
        try browser.navigate(to: pages.url("output/standard-story/index.html"))
        XCTAssertEqual(try browser.execute("""
            return [String(document.getElementById('png-pane').hidden), String(document.getElementById('images').hidden),
                    document.querySelectorAll('#strip img, #gif-link, #png-link').length];
            """) as? [AnyHashable], ["true", "true", 0])
    }

    func testViewerKeysOpenHelpAndTheFramesJSONAndStopPlaying() throws {
        let browser = try openBrowser()
        let pages = try Pages.shared()
        try browser.navigate(to: pages.url("output/standard-story/index.html"))
        let help = "return [document.body.getAttribute('data-help'), document.getElementById('help').hidden ? 'hidden' : 'shown'];"
        XCTAssertEqual(try browser.execute(help) as? [AnyHashable], ["closed", "hidden"])
        try browser.press([.question])
        XCTAssertEqual(try browser.execute(help) as? [AnyHashable], ["open", "shown"], "? opens the help")
        try shoot(browser, "viewer-help.png")
        try browser.press([.question])
        XCTAssertEqual(try browser.execute(help) as? [AnyHashable], ["closed", "hidden"], "? again closes it")
        try browser.press([.question, .escape])
        XCTAssertEqual(try browser.execute(help) as? [AnyHashable], ["closed", "hidden"], "Esc closes it")
        // j: the cause and the frame's JSON, loaded only while open, following the frame.
        let details = """
            return [document.getElementById('details').open, document.getElementById('frame-json').getAttribute('src'),
                    document.getElementById('cause-full').textContent, JSON.parse(document.getElementById('entry').textContent).frame];
            """
        XCTAssertEqual(try XCTUnwrap(browser.execute(details) as? [Any]).first as? Bool, false)
        XCTAssertNil(try XCTUnwrap(browser.execute(details) as? [Any])[1] as? String, "no JSON loaded while closed")
        try browser.press([.j, .right])
        try browser.wait(until: "return document.body.getAttribute('data-current') === '2';", "frame 2")
        let open = try XCTUnwrap(browser.execute(details) as? [Any])
        XCTAssertEqual(open[0] as? Bool, true, "j opens the details")
        XCTAssertEqual(open[1] as? String, "0002.json")
        XCTAssertTrue((open[2] as? String ?? "").hasPrefix("Cause: "), "\(open[2])")
        XCTAssertEqual(open[3] as? Int, 2, "the frame's entry of frames.json")
        try browser.press([.j])
        XCTAssertEqual(try XCTUnwrap(browser.execute(details) as? [Any]).first as? Bool, false, "j again closes them")
        // A strip link stops playing and shows its frame.
        try browser.press([.space])
        XCTAssertEqual(try browser.execute("return document.body.getAttribute('data-playing');") as? String, "true")
        try browser.execute("document.getElementById('f4').click();")
        XCTAssertEqual(try browser.execute("return [document.body.getAttribute('data-playing'), document.body.getAttribute('data-current')];") as? [AnyHashable],
                       ["false", "4"])
        // The device frame is the viewport's size, the list inside it.
        let device = try XCTUnwrap(browser.execute("""
            var screen = document.querySelector('#device .screen').getBoundingClientRect();
            return [screen.width, screen.height, getComputedStyle(document.getElementById('device')).borderRadius];
            """) as? [Any])
        XCTAssertEqual(device[0] as? Int ?? Int(device[0] as? Double ?? 0), 375)
        XCTAssertEqual(device[1] as? Int ?? Int(device[1] as? Double ?? 0), 667)
        XCTAssertNotEqual(device[2] as? String, "0px", "rounded corners")
    }

    func testGalleryCellsOpenTheirFrameInTheRowsViewer() throws {
        let browser = try openBrowser()
        let pages = try Pages.shared()
        try browser.navigate(to: pages.url("preview/index.html"))
        let cells = try XCTUnwrap(browser.execute("""
            return Array.prototype.map.call(document.querySelectorAll('td[data-state] a.open'), function (a) {
              return [a.closest('tr').id, a.closest('td').getAttribute('data-state'), a.getAttribute('href')];
            });
            """) as? [[String]])
        XCTAssertGreaterThan(cells.count, 20)
        var numbers: [String: Int] = [:]
        for cell in cells {
            numbers[cell[0], default: 0] += 1
            XCTAssertEqual(cell[2], "\(cell[0])/index.html#\(numbers[cell[0]]!)", "\(cell[0]) \(cell[1])")
        }
        XCTAssertEqual(try missingTargets(on: "preview gallery", browser), [])
        // Sticky labels: scrolled down and right, the state names stay on top and the row labels on the left.
        try browser.execute("window.scrollTo(600, 500);")
        let sticky = try XCTUnwrap(browser.execute("""
            var head = document.querySelector('thead th:nth-child(5)').getBoundingClientRect();
            var row = document.querySelector('tbody tr:nth-child(4) th.row').getBoundingClientRect();
            return [window.scrollX, window.scrollY, head.top, row.left];
            """) as? [Any])
        let number = { (value: Any) in value as? Double ?? Double(value as? Int ?? -999) }
        XCTAssertGreaterThan(number(sticky[1]), 0, "the page scrolled down")
        XCTAssertEqual(number(sticky[2]), 0, accuracy: 1, "the column labels stay on top")
        if number(sticky[0]) > 0 { XCTAssertEqual(number(sticky[3]), 0, accuracy: 1, "the row labels stay on the left") }
        // A cell opens its state in the row's viewer, whose strip steps to the row's other states.
        for cell in cells where cell[0] == "standard-en" && ["footer-failed", "toast"].contains(cell[1]) {
            try browser.navigate(to: URL(string: cell[2], relativeTo: pages.url("preview/index.html"))!)
            let shown = try XCTUnwrap(browser.execute("return [document.body.getAttribute('data-current'), document.getElementById('html-frame').getAttribute('src')];") as? [String])
            XCTAssertEqual(shown, [String(cell[2].split(separator: "#").last!), "\(cell[1]).html"], cell[2])
        }
    }

    func testPreviewImagesAreOneACellAndAContactSheet() throws {
        let browser = try openBrowser()
        try requireImageMagick()
        let pages = try Pages.shared()
        try browser.navigate(to: pages.url("preview-images/index.html"))
        let shown = try XCTUnwrap(browser.execute("""
            return [document.querySelectorAll('td[data-state] .shot img').length, document.querySelectorAll('td[data-state] .shot iframe').length,
                    document.querySelectorAll('td[data-state]:not(.unreachable)').length, document.getElementById('contact-sheet').getAttribute('href'),
                    document.querySelectorAll('a.gif').length, document.querySelectorAll('thead th').length - 1];
            """) as? [Any])
        XCTAssertEqual(shown[0] as? Int, shown[2] as? Int, "every cell shows its PNG")
        XCTAssertEqual(shown[1] as? Int, 0, "no iframes")
        XCTAssertEqual(shown[3] as? String, "contact-sheet.png")
        XCTAssertEqual(shown[4] as? Int, 1, "the row's GIF")
        XCTAssertEqual(try missingTargets(on: "preview gallery, with images", browser), [])
        try browser.wait(until: "return Array.prototype.every.call(document.querySelectorAll('.shot img'), function (i) { return i.complete && i.naturalWidth === 407; });",
                         "every cell's PNG loaded")
        // The sheet: one image, as wide as the grid's columns of half-size cells.
        let sheet = try Data(contentsOf: pages.url("preview-images/contact-sheet.png"))
        XCTAssertEqual(Array(sheet.prefix(8)), WebDriver.pngSignature)
        let width = sheet[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = sheet[20..<24].reduce(0) { $0 << 8 | Int($1) }
        let columns = try XCTUnwrap(shown[5] as? Int)
        XCTAssertGreaterThanOrEqual(width, columns * (204 + 12), "a state a column, each at least 204 px plus its margins")
        XCTAssertGreaterThanOrEqual(height, 350 + 12, "one row (standard, en)")
        XCTAssertLessThan(height, 2 * (350 + 12), "one row (standard, en)")
        try shoot(browser, "preview-with-images.png")
    }
}
