import BrowserSession
import Foundation
import XCTest

/// SPEC §9's geometry in real Chromium, for every section, inset and fling demo frame: each section
/// header at the layout's `y` (a pinned one at the top of the visible area, below the status bar
/// and navigation bar), the navigation bar and status bar at their heights, the home indicator in
/// the bottom safe area, all within 0.5 px.
extension BrowserTests {
    private static let geometry = """
        var v = document.getElementById('viewport').getBoundingClientRect();
        function box(e) { if (!e) { return null; } var r = e.getBoundingClientRect(); return { top: r.top - v.top, bottom: r.bottom - v.top, height: r.height, text: e.textContent.trim(), pinned: e.classList.contains('pinned') }; }
        return { sections: Array.prototype.map.call(document.querySelectorAll('.section-header'), box),
                 statusBar: box(document.getElementById('status-bar')), navigationBar: box(document.getElementById('navigation-bar')),
                 home: box(document.getElementById('home-indicator')), height: v.height };
        """

    func testSectionHeadersAndBarsSitWhereTheLayoutPutsThem() throws {
        let browser = try openBrowser()
        let demos = try subfolders(of: try renderDemos()).filter { ["sections-", "insets-", "fling"].contains(where: $0.lastPathComponent.hasPrefix) }
        XCTAssertGreaterThanOrEqual(demos.count, 8, "the section, inset and fling demos")
        var problems: [String] = [], headers = 0, pinned = 0, bars = 0
        func number(_ value: Any?) -> Double { (value as? NSNumber)?.doubleValue ?? .nan }
        for demo in demos {
            for html in try htmlFrames(in: demo) {
                let name = "\(demo.lastPathComponent)/\(html.lastPathComponent)"
                let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: html.deletingPathExtension().appendingPathExtension("json"))) as? [String: Any])
                try browser.navigate(to: html)
                let page = try XCTUnwrap(browser.execute(Self.geometry) as? [String: Any])
                let expected = json["sections"] as? [[String: Any]] ?? []
                let shown = page["sections"] as? [[String: Any]] ?? []
                if shown.count != expected.count { problems.append("\(name): \(shown.count) section headers, JSON \(expected.count)") }
                let safe = json["safeArea"] as? [String: Any], adjusted = json["adjustedInset"] as? [String: Any]
                for (box, section) in zip(shown, expected) {
                    headers += 1
                    if abs(number(box["top"]) - number(section["y"])) > 0.5 || abs(number(box["height"]) - number(section["height"])) > 0.5 {
                        problems.append("\(name): header \(section["title"] ?? "?") at \(box["top"] ?? "?") (\(box["height"] ?? "?") px), JSON \(section["y"] ?? "?") (\(section["height"] ?? "?"))")
                    }
                    if box["text"] as? String != section["title"] as? String { problems.append("\(name): header shows \(box["text"] ?? "?"), JSON \(section["title"] ?? "?")") }
                    if (box["pinned"] as? Bool) != (section["pinned"] as? Bool) { problems.append("\(name): header \(section["title"] ?? "?") pinned \(box["pinned"] ?? "?"), JSON \(section["pinned"] ?? "?")") }
                    if section["pinned"] as? Bool == true {
                        pinned += 1
                        // At the top of the visible area, or pushed above it by the next header: never below it.
                        let line = number(safe?["top"]) + (number(adjusted?["top"]) - number(safe?["top"]) > 0 ? 44 : 0)
                        if number(box["top"]) > line + 0.5 { problems.append("\(name): pinned \(section["title"] ?? "?") at \(box["top"] ?? "?"), below the visible area's top \(line)") }
                    }
                }
                if let safe {
                    bars += 1
                    let status = page["statusBar"] as? [String: Any]
                    if number(safe["top"]) > 0, status == nil || abs(number(status?["height"]) - number(safe["top"])) > 0.5 || abs(number(status?["top"])) > 0.5 {
                        problems.append("\(name): status bar \(status ?? [:]), safe area top \(safe["top"] ?? "?")")
                    }
                    let home = page["home"] as? [String: Any]
                    if number(safe["bottom"]) > 0, home == nil || abs(number(home?["bottom"]) - number(page["height"])) > 0.5 || abs(number(home?["height"]) - number(safe["bottom"])) > 0.5 {
                        problems.append("\(name): home indicator \(home ?? [:]), safe area bottom \(safe["bottom"] ?? "?")")
                    }
                    if let bar = page["navigationBar"] as? [String: Any], abs(number(bar["top"]) - number(safe["top"])) > 0.5 {
                        problems.append("\(name): navigation bar at \(bar["top"] ?? "?"), below a status bar of \(safe["top"] ?? "?")")
                    }
                }
            }
        }
        print("GeometryTests: \(headers) section headers (\(pinned) pinned) and \(bars) frames with bars checked in Chromium")
        XCTAssertGreaterThanOrEqual(pinned, 3, "pinned headers checked")
        XCTAssert(problems.isEmpty, Self.summary(problems))
    }
}
