import BrowserSession
import Foundation
import TextLayout
import XCTest

/// SPEC §9's cells in real Chromium, for every `cells-*` demo frame: each line the layout broke is
/// as wide in the browser as TextLayout measured it (within 0.5 px), no line leaves its cell, every
/// row's box is the layout's height, and the text is drawn in the fonts shipped in `fonts/`.
extension BrowserTests {
    private static let cells = """
        var v = document.getElementById('viewport').getBoundingClientRect();
        var faces = []; document.fonts.forEach(function (f) { faces.push([f.family, f.weight, f.status]); });
        return { lang: document.documentElement.lang, faces: faces,
          cells: Array.prototype.map.call(document.querySelectorAll('.row.cell'), function (row) {
            var r = row.getBoundingClientRect();
            return { index: row.getAttribute('data-index'), top: r.top - v.top, height: r.height, width: r.width,
              lines: Array.prototype.map.call(row.querySelectorAll('.line'), function (line) {
                var b = line.getBoundingClientRect(), style = getComputedStyle(line);
                return { text: line.textContent, left: b.left - r.left, right: r.right - b.right, width: b.width, height: b.height,
                         size: parseFloat(style.fontSize), weight: parseInt(style.fontWeight, 10), whiteSpace: style.whiteSpace };
              }) };
          }) };
        """

    func testEveryCellLineIsAsWideInChromiumAsTheLayoutMeasuredIt() throws {
        let browser = try openBrowser()
        let layouter: TextLayouter
        do { layouter = try TextLayouter() } catch { throw XCTSkip("the frames' fonts: \(error)") }
        let demos = try subfolders(of: try renderDemos()).filter { $0.lastPathComponent.hasPrefix("cells-") }
        XCTAssertGreaterThanOrEqual(demos.count, 5, "the cells demos")
        var problems: [String] = [], lines = 0, widest = 0.0, worst = 0.0, rows = 0
        for demo in demos {
            let css = try String(contentsOf: demo.appendingPathComponent("fonts/fonts.css"), encoding: .utf8)
            XCTAssertTrue(css.contains("@font-face"), "\(demo.lastPathComponent): fonts.css names the fonts")
            for html in try htmlFrames(in: demo) {
                let name = "\(demo.lastPathComponent)/\(html.lastPathComponent)"
                let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: html.deletingPathExtension().appendingPathExtension("json"))) as? [String: Any])
                let expected = (json["rows"] as? [[String: Any]] ?? []).filter { $0["cell"] != nil }
                try browser.navigate(to: html)
                try browser.wait(until: "return document.fonts.status === 'loaded';", "\(name): fonts loaded")
                let page = try XCTUnwrap(browser.execute(Self.cells) as? [String: Any])
                let locale = page["lang"] as? String ?? "en"
                let faces = page["faces"] as? [[Any]] ?? []
                if !expected.isEmpty && !faces.contains(where: { $0.count == 3 && $0[2] as? String == "loaded" }) {
                    problems.append("\(name): no shipped font loaded (\(faces))")
                }
                let cells = page["cells"] as? [[String: Any]] ?? []
                if cells.count != expected.count { problems.append("\(name): \(cells.count) cells drawn, JSON has \(expected.count)") }
                for (cell, row) in zip(cells, expected) {
                    rows += 1
                    let height = (row["height"] as? NSNumber)?.doubleValue ?? 0
                    if abs(((cell["height"] as? NSNumber)?.doubleValue ?? 0) - height) > 0.5 {
                        problems.append("\(name): cell \(cell["index"] ?? "?") is \(cell["height"] ?? "?") px tall, the layout's \(height)")
                    }
                    let drawn = cell["lines"] as? [[String: Any]] ?? []
                    let wanted = (row["lines"] as? [String: [String]] ?? [:]).values.reduce(0) { $0 + $1.count }
                    if drawn.count != wanted { problems.append("\(name): cell \(cell["index"] ?? "?") draws \(drawn.count) lines, JSON \(wanted)") }
                    for line in drawn {
                        lines += 1
                        let text = line["text"] as? String ?? ""
                        let size = (line["size"] as? NSNumber)?.doubleValue ?? 0
                        let weight: TextStyle.Weight = ((line["weight"] as? NSNumber)?.intValue ?? 400) >= 600 ? .semibold : .regular
                        let measured = layouter.measure(text, style: TextStyle(size: size, weight: weight), locale: locale)
                        let width = (line["width"] as? NSNumber)?.doubleValue ?? 0
                        worst = max(worst, abs(width - measured))
                        widest = max(widest, width)
                        if abs(width - measured) > 0.5 {
                            problems.append("\(name): \"\(text)\" is \(width) px in Chromium, the layout measured \(measured)")
                        }
                        let left = (line["left"] as? NSNumber)?.doubleValue ?? -1, right = (line["right"] as? NSNumber)?.doubleValue ?? -1
                        if left < -0.5 || right < -0.5 { problems.append("\(name): \"\(text)\" leaves its cell (left \(left), right \(right))") }
                        if line["whiteSpace"] as? String != "pre" { problems.append("\(name): \"\(text)\" may be re-wrapped (white-space \(line["whiteSpace"] ?? "?"))") }
                    }
                }
            }
        }
        print("CellTests: \(lines) lines in \(rows) cells of \(demos.count) demos; largest |Chromium − layout| \(String(format: "%.4f", worst)) px")
        XCTAssertGreaterThan(lines, 200, "lines checked")
        XCTAssert(problems.isEmpty, Self.summary(problems))
    }
}
