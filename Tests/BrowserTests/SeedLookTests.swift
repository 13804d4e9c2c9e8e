import BrowserSession
import Foundation
import XCTest

/// The seeds' views as Chromium computes them, against the values the seeds' UIKit code gives
/// (README, "The seeds' look"): seed000's lightGrayColor header and footer of 100 pt with UIKit's
/// default 40 pt UILabel (system 17 pt, black) centred in them, its white 20×20 footer spinner
/// 100 pt left of the footer's centre, no header spinner, its custom 100×50 retry button with a
/// grayColor title, no border and no fill, at the table's centre in content coordinates; seed001's
/// orange 60 pt footer holding a darkGrayColor 20×20 spinner, centred, and no label.
extension BrowserTests {
    /// Measures the views of the open frame relative to `#viewport`, with their computed styles.
    private static let styles = """
        var v = document.getElementById('viewport').getBoundingClientRect();
        function info(selector) {
          var e = document.querySelector(selector);
          if (!e) { return null; }
          var r = e.getBoundingClientRect(), s = getComputedStyle(e);
          return { x: r.left - v.left, y: r.top - v.top, width: r.width, height: r.height,
                   background: s.backgroundColor, color: s.color, fontSize: s.fontSize, textAlign: s.textAlign,
                   borderStyle: s.borderTopStyle + ' ' + s.borderRightStyle + ' ' + s.borderBottomStyle + ' ' + s.borderLeftStyle,
                   borderWidth: s.borderTopWidth, display: s.display, text: e.textContent.trim() };
        }
        return { viewport: { width: v.width, height: v.height },
                 header: info('#header'), headerText: info('#header .text'), headerSpinner: info('#header .spinner'),
                 footer: info('#footer'), footerText: info('#footer .text'), footerSpinner: info('#footer .spinner'),
                 retry: info('#retry') };
        """

    /// Renders `scenario` (a scenario's JSON) and opens its last HTML frame; returns its measures and its JSON.
    private func lastFrame(_ name: String, _ scenario: String, in browser: WebDriver,
                           shot: String? = nil) throws -> (page: [String: Any], json: [String: Any]) {
        let file = folder.appendingPathComponent("\(name).json")
        try Data(scenario.utf8).write(to: file)
        let outcome = try run(["render", file.path, "--out", "seeds-\(name)"])
        XCTAssertEqual(outcome.status, 0, outcome.output)
        let html = try XCTUnwrap(htmlFrames(in: folder.appendingPathComponent("seeds-\(name)/\(name)")).last, name)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(
            with: Data(contentsOf: html.deletingPathExtension().appendingPathExtension("json"))) as? [String: Any])
        // The generic check first: boxes and texts where the JSON says.
        let problems = try check(frame: html, in: browser)
        XCTAssert(problems.isEmpty, "\(name): \(problems)")
        try browser.navigate(to: html)
        let page = try XCTUnwrap(browser.execute(Self.styles) as? [String: Any], name)
        if let shot { try shoot(browser, shot) }
        return (page, json)
    }

    private func view(_ page: [String: Any], _ key: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        try XCTUnwrap(page[key] as? [String: Any], "\(key) missing", file: file, line: line)
    }

    private func number(_ view: [String: Any], _ key: String) -> Double { (view[key] as? NSNumber)?.doubleValue ?? .nan }

    private func assertClose(_ a: Double, _ b: Double, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertLessThanOrEqual(abs(a - b), 0.5, "\(message): \(a), expected \(b)", file: file, line: line)
    }

    /// A UILabel of UIKit's defaults as the seed sets it up: full width, 40 pt, centred in its 100 pt view.
    private func assertSeedLabel(_ label: [String: Any], in bar: [String: Any], _ name: String,
                                 file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(label["fontSize"] as? String, "17px", "\(name): UILabel's default system font, 17 pt", file: file, line: line)
        XCTAssertEqual(label["color"] as? String, "rgb(0, 0, 0)", "\(name): UILabel's default colour (label, black in light)", file: file, line: line)
        XCTAssertEqual(label["textAlign"] as? String, "center", "\(name): NSTextAlignmentCenter", file: file, line: line)
        assertClose(number(label, "height"), 40, "\(name) height", file: file, line: line)
        assertClose(number(label, "width"), number(bar, "width"), "\(name) width (cellWidth)", file: file, line: line)
        assertClose(number(label, "y") + 20, number(bar, "y") + 50, "\(name) centre y (label.center = view.center)", file: file, line: line)
    }

    func testSeed000ViewsHaveTheSeedsUIKitValues() throws {
        let browser = try openBrowser()
        let gray = "rgb(170, 170, 170)" // lightGrayColor, white 2/3

        // The header pulled into view, idle.
        var (page, json) = try lastFrame("s0-header", #"{"preset": "seed000", "events": ["launch", "wait 1", "drag to -80"]}"#, in: browser)
        XCTAssertEqual((json["header"] as? [String: Any])?["state"] as? String, "armed")
        var header = try view(page, "header")
        XCTAssertEqual(header["background"] as? String, gray, "header: lightGrayColor")
        assertClose(number(header, "height"), 100, "header height")
        assertClose(number(header, "y"), -20, "header top at −100 − y")
        assertSeedLabel(try view(page, "headerText"), in: header, "header label")
        XCTAssertEqual(try view(page, "headerText")["text"] as? String, "释放刷新")

        // Refreshing, pulled into view again: still no spinner (the seed comments headerIndicator out).
        (page, json) = try lastFrame("s0-refreshing", #"{"preset": "seed000", "events": ["launch", "wait 1", "drag to -70", "release", "drag to -100"]}"#, in: browser)
        XCTAssertEqual((json["header"] as? [String: Any])?["state"] as? String, "refreshing")
        header = try view(page, "header")
        XCTAssertNil(page["headerSpinner"] as? [String: Any], "no refresh indicator in seed000's header")
        XCTAssertEqual(try view(page, "headerText")["text"] as? String, "释放刷新",
                       "the seed's label follows the pull while refreshing (pulled 100, past the 60 pt line)")
        assertSeedLabel(try view(page, "headerText"), in: header, "refreshing header label")

        // The footer pulled into view while a page loads: spinner on, the label following the pull.
        (page, json) = try lastFrame("s0-footer", #"{"preset": "seed000", "source": {"total": 100}, "events": ["launch", "wait 1", "scroll to bottom", "drag by 70", "release", "drag by 100"]}"#,
                                     in: browser, shot: "seeds-seed000-footer-loading.png")
        XCTAssertEqual((json["footer"] as? [String: Any])?["state"] as? String, "loading")
        let footer = try view(page, "footer")
        XCTAssertEqual(footer["background"] as? String, gray, "footer: lightGrayColor")
        assertClose(number(footer, "height"), 100, "footer height")
        let label = try view(page, "footerText")
        assertSeedLabel(label, in: footer, "footer label")
        XCTAssertEqual(label["text"] as? String, "释放加载", "pulled past the line; never 正在加载更多的数据...")
        let spinner = try view(page, "footerSpinner")
        XCTAssertEqual(spinner["color"] as? String, "rgb(255, 255, 255)", "UIActivityIndicatorViewStyleWhite")
        assertClose(number(spinner, "width"), 20, "spinner width")
        assertClose(number(spinner, "height"), 20, "spinner height")
        let footerCentreX = number(footer, "x") + number(footer, "width") / 2
        assertClose(number(spinner, "x") + 10, footerCentreX - 100, "spinner centre x (footer.center.x − 100)")
        assertClose(number(spinner, "y") + 10, number(footer, "y") + 50, "spinner centre y (footer.center.y)")

        // The retry button after a failed first load: 100 pt above the screen's centre at rest.
        (page, json) = try lastFrame("s0-retry", #"{"preset": "seed000", "source": {"failures": [1]}, "events": ["launch", "wait 1"]}"#,
                                     in: browser, shot: "seeds-seed000-retry.png")
        let retry = try view(page, "retry")
        let viewport = try view(page, "viewport")
        XCTAssertEqual(retry["text"] as? String, "重新加载")
        assertClose(number(retry, "width"), 100, "retry width")
        assertClose(number(retry, "height"), 50, "retry height")
        assertClose(number(retry, "x") + 50, number(viewport, "width") / 2, "retry centre x")
        assertClose(number(retry, "y") + 25, number(viewport, "height") / 2 - 100, "retry centre y (table centre, 100 pt header above)")
        let retryJSON = try XCTUnwrap(json["retry"] as? [String: Any])
        assertClose(number(retry, "y"), (retryJSON["y"] as? NSNumber)?.doubleValue ?? .nan, "retry y as the JSON says")
        XCTAssertEqual(retry["color"] as? String, "rgb(128, 128, 128)", "title in grayColor")
        XCTAssertEqual(retry["background"] as? String, "rgba(0, 0, 0, 0)", "a custom button has no fill")
        XCTAssertEqual(retry["borderStyle"] as? String, "none none none none", "a custom button has no border")
        XCTAssertEqual(retry["borderWidth"] as? String, "0px")

        // It scrolls with the content: the same button 100 pt higher once the rows are scrolled by 100.
        (page, json) = try lastFrame("s0-retry-scrolled", #"{"preset": "seed000", "source": {"failures": [2]}, "events": ["launch", "wait 1", "drag to -70", "release", "wait 1", "scroll to 100"]}"#, in: browser)
        let scrolled = try view(page, "retry")
        assertClose(number(scrolled, "y") + 25, number(viewport, "height") / 2 - 100 - 100, "retry centre y after scrolling 100")
    }

    func testSeed001FooterHasTheSeedsUIKitValues() throws {
        let browser = try openBrowser()
        let (page, json) = try lastFrame("s1-footer", #"{"preset": "seed001", "events": ["launch", "wait 2", "scroll to bottom"]}"#,
                                         in: browser, shot: "seeds-seed001-footer.png")
        XCTAssertEqual((json["footer"] as? [String: Any])?["state"] as? String, "loading")
        let footer = try view(page, "footer")
        XCTAssertEqual(footer["background"] as? String, "rgb(255, 128, 0)", "UIColor.orange (1, 0.5, 0)")
        assertClose(number(footer, "height"), 60, "footer height")
        XCTAssertNil(page["footerText"] as? [String: Any], "no label: the footer holds only the indicator")
        XCTAssertEqual(footer["text"] as? String, "")
        let spinner = try view(page, "footerSpinner")
        XCTAssertEqual(spinner["color"] as? String, "rgb(85, 85, 85)", "activityViewIndicator.color = darkGrayColor")
        assertClose(number(spinner, "width"), 20, "spinner width")
        assertClose(number(spinner, "height"), 20, "spinner height")
        assertClose(number(spinner, "x") + 10, number(footer, "x") + number(footer, "width") / 2, "spinner centre x")
        assertClose(number(spinner, "y") + 10, number(footer, "y") + 30, "spinner centre y")

        // Under zh-Hant the rows are titled as seed 002 titles them.
        let (hant, _) = try lastFrame("s1-hant", #"{"preset": "seed001", "locale": "zh-Hant", "events": ["launch", "wait 2"]}"#, in: browser)
        XCTAssertNotNil(hant["footer"])
        let title = try XCTUnwrap(browser.execute("return document.querySelector('#viewport .row .title').textContent;") as? String)
        XCTAssertEqual(title, "新聞標題1")
    }
}
