import BrowserSession
import Foundation
import XCTest

/// SPEC §9's appearance, Dynamic Type and direction, as Chromium computes them: iOS's system
/// colours light and dark (systemBackground, label, separator, secondarySystemBackground for
/// standard's footer), body text at Apple's size for the content size, and a mirrored list
/// right to left (the first row's text right-aligned, the separator inset from the right).
extension BrowserTests {
    private static let look = """
        var v = document.getElementById('viewport'), row = document.querySelector('.row'), footer = document.getElementById('footer');
        var title = row.querySelector('.title').getBoundingClientRect(), box = row.getBoundingClientRect();
        var separator = getComputedStyle(row, '::after');
        return { background: getComputedStyle(v).backgroundColor, color: getComputedStyle(row).color,
                 fontSize: getComputedStyle(row).fontSize, footer: getComputedStyle(footer).backgroundColor,
                 separator: separator.backgroundColor, separatorLeft: separator.left, separatorRight: separator.right,
                 titleLeft: title.left - box.left, titleRight: box.right - title.right, dir: document.documentElement.dir };
        """

    private func look(_ name: String, _ keys: String) throws -> [String: Any] {
        let browser = try openBrowser()
        let file = folder.appendingPathComponent("\(name).json")
        try Data(#"{ "name": "\#(name)", "preset": "standard", \#(keys) "source": { "total": 30 }, "events": ["launch", "wait 1", "scroll to bottom"] }"#.utf8).write(to: file)
        let outcome = try run(["render", file.path, "--out", "looks"])
        XCTAssertEqual(outcome.status, 0, outcome.output)
        let html = try XCTUnwrap(htmlFrames(in: folder.appendingPathComponent("looks/\(name)")).last)
        let problems = try check(frame: html, in: browser)
        XCTAssert(problems.isEmpty, "\(name): \(problems)")
        try browser.navigate(to: html)
        try shoot(browser, "look-\(name).png")
        return try XCTUnwrap(browser.execute(Self.look) as? [String: Any])
    }

    func testLightAndDarkUseIOSSystemColours() throws {
        let light = try look("light", "")
        XCTAssertEqual(light["background"] as? String, "rgb(255, 255, 255)", "systemBackground, light")
        XCTAssertEqual(light["color"] as? String, "rgb(0, 0, 0)", "label, light")
        XCTAssertEqual(light["separator"] as? String, "rgba(60, 60, 67, 0.29)", "separator, light")
        XCTAssertEqual(light["footer"] as? String, "rgb(242, 242, 247)", "secondarySystemBackground, light")
        XCTAssertEqual(light["separatorLeft"] as? String, "16px", "inset by the layout margin from the leading edge")
        XCTAssertEqual(light["fontSize"] as? String, "17px", "body text at large")
        let dark = try look("dark", #""appearance": "dark","#)
        XCTAssertEqual(dark["background"] as? String, "rgb(0, 0, 0)", "systemBackground, dark")
        XCTAssertEqual(dark["color"] as? String, "rgb(255, 255, 255)", "label, dark")
        XCTAssertEqual(dark["separator"] as? String, "rgba(84, 84, 88, 0.6)", "separator, dark")
        XCTAssertEqual(dark["footer"] as? String, "rgb(28, 28, 30)", "secondarySystemBackground, dark")
    }

    func testTheListsOwnColoursOverrideTheSystemsInTheirAppearance() throws {
        let own = ##""list": { "colours": { "background": "#FFFBE6" }, "darkColours": { "background": "#101820", "text": "#f2aa4c", "footer": "#203040" } },"##
        let light = try look("own-light", own)
        XCTAssertEqual(light["background"] as? String, "rgb(255, 251, 230)", "colours.background in light")
        XCTAssertEqual(light["color"] as? String, "rgb(0, 0, 0)", "label where the list gives no text colour")
        let dark = try look("own-dark", ##""appearance": "dark", "## + own)
        XCTAssertEqual(dark["background"] as? String, "rgb(16, 24, 32)", "darkColours.background in dark")
        XCTAssertEqual(dark["color"] as? String, "rgb(242, 170, 76)", "darkColours.text")
        XCTAssertEqual(dark["footer"] as? String, "rgb(32, 48, 64)", "darkColours.footer")
        XCTAssertEqual(dark["separator"] as? String, "rgba(84, 84, 88, 0.6)", "the system's dark separator where the list gives none")
    }

    func testDynamicTypeAndRightToLeft() throws {
        let large = try look("ax3", #""contentSize": "accessibility3","#)
        XCTAssertEqual(large["fontSize"] as? String, "40px", "body text at accessibility3, Apple's table")
        let arabic = try look("arabic", #""locale": "ar","#)
        XCTAssertEqual(arabic["dir"] as? String, "rtl")
        let left = (arabic["titleLeft"] as? NSNumber)?.doubleValue ?? 0, right = (arabic["titleRight"] as? NSNumber)?.doubleValue ?? 0
        XCTAssertLessThan(right, left, "the first row's text is right-aligned (\(right) from the right, \(left) from the left)")
        XCTAssertEqual(right, 16, accuracy: 0.5, "at the layout margin from the right")
        XCTAssertEqual(arabic["separatorRight"] as? String, "16px", "the separator inset from the leading (right) edge")
    }
}
