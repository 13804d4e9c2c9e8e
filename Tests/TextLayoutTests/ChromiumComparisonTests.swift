import Foundation
import XCTest
@testable import TextLayout

/// The layout's lines against headless Chromium drawing them with the subset fonts.
///
/// Opt-in (`TEXTLAYOUT_CHROMIUM=1 swift test --filter ChromiumComparisonTests`): it needs
/// Debian's `chromium` and takes a few seconds. The page has one `white-space: pre` element
/// per line, fonts by `@font-face` from the subsets only, and reports each line's width
/// (`getBoundingClientRect`) and box height; the test prints every figure and fails past
/// the issue's 0.5 px or on any height difference. The browser suite proper is the lead's.
final class ChromiumComparisonTests: XCTestCase {
    struct Sample {
        var text: String
        var width: Double
        var style: TextStyle
        var locale: String
        var maxLines = 0
    }

    static let samples: [Sample] = [
        Sample(text: "The quick brown fox jumps over the lazy dog", width: 1000, style: TextStyle(size: 17), locale: "en"),
        Sample(text: "Pull to refresh the inbox, then keep scrolling: more items load as the footer appears on screen.",
               width: 343, style: TextStyle(size: 17), locale: "en"),
        Sample(text: "Subtitle text in fifteen point, wrapping over several lines of a cell with AVAVAV To Ta Wa office",
               width: 300, style: TextStyle(size: 15), locale: "en"),
        Sample(text: "Semibold title of a rather long item that wraps", width: 250, style: TextStyle(size: 17, weight: .semibold), locale: "en"),
        Sample(text: "新闻标题12 正在加载更多的数据", width: 1000, style: TextStyle(size: 17), locale: "zh-Hans"),
        Sample(text: "新闻「标题」，正在加载更多的数据。请稍候，好的！还有更多内容以及其他。", width: 200, style: TextStyle(size: 17), locale: "zh-Hans"),
        Sample(text: "載入更多資料中，請稍候。", width: 120, style: TextStyle(size: 17), locale: "zh-Hant"),
        Sample(text: "さらに読み込んでいます。しばらくお待ちください。", width: 150, style: TextStyle(size: 17), locale: "ja"),
        Sample(text: "더 많은 항목을 불러오는 중입니다 잠시만 기다려 주세요", width: 160, style: TextStyle(size: 17), locale: "ko"),
        Sample(text: "iPhone 15 Pro 的新闻标题：正在加载更多的数据 loading more", width: 180, style: TextStyle(size: 17), locale: "zh-Hans"),
        Sample(text: "مرحبا بالعالم، هذا نص طويل للتجربة في قائمة الرسائل الواردة", width: 200, style: TextStyle(size: 17), locale: "ar"),
        Sample(text: "جارٍ تحميل المزيد من العناصر (١٢٣) 2024 iPhone", width: 180, style: TextStyle(size: 15), locale: "ar"),
        Sample(text: "שלום עולם, טוען פריטים נוספים", width: 150, style: TextStyle(size: 17), locale: "he"),
        Sample(text: "A long title that is cut after two lines because the cell allows no more than that, really",
               width: 200, style: TextStyle(size: 17), locale: "en", maxLines: 2),
        Sample(text: "Supercalifragilisticexpialidocious", width: 120, style: TextStyle(size: 28), locale: "en"),
        Sample(text: "المستخدمين", width: 40, style: TextStyle(size: 17), locale: "ar"),
        Sample(text: "عاجل: مجلس المدينة يوافق على خطة النقل الجديدة بعد نقاش طويل جدا", width: 200,
               style: TextStyle(size: 17), locale: "ar", maxLines: 2),
    ]

    func testLinesMatchChromium() throws {
        // Under CI this always runs (and Chromium must be there); elsewhere when asked, as it takes a browser start.
        let environment = ProcessInfo.processInfo.environment
        let onCI = environment["CI"] != nil
        try XCTSkipUnless(onCI || environment["TEXTLAYOUT_CHROMIUM"] == "1",
                          "set TEXTLAYOUT_CHROMIUM=1 to compare with headless Chromium")
        let chromium = "/usr/bin/chromium"
        guard FileManager.default.isExecutableFile(atPath: chromium) else {
            if onCI { XCTFail("CI is set but Chromium is missing (CI=true bash .ci/install installs it)") }
            throw XCTSkip("apt-get install chromium")
        }
        let layouter = try Fixtures.get()

        var usage = GlyphUsage()
        var laidOut: [(Sample, [TextLine])] = []
        for sample in Self.samples {
            laidOut.append((sample, layouter.lines(sample.text, width: sample.width, style: sample.style,
                                                   maxLines: sample.maxLines, locale: sample.locale, usage: &usage)))
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("textlayout-chromium")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        var rules: [String] = []
        var cssFamily: [FontFace: String] = [:]
        for subset in try layouter.subsets(for: usage) {
            try Data(subset.bytes).write(to: directory.appendingPathComponent("fonts/\(subset.fileName)"))
            let family = "tl-\(subset.family.filter { !$0.isWhitespace })"
            rules.append("@font-face { font-family: \"\(family)\"; font-weight: \(subset.weight); src: url(\"fonts/\(subset.fileName)\"); }")
            for face in usage.scalars.keys where face.family == subset.family && face.weight == subset.weight { cssFamily[face] = family }
        }
        var body: [String] = []
        for (sampleIndex, (sample, lines)) in laidOut.enumerated() {
            let stack = layouter.stack(style: sample.style, locale: sample.locale).faces
            let families = stack.map { cssFamily[$0] ?? "tl-\($0.family.filter { !$0.isWhitespace })" }
            let weight = sample.style.weight == .semibold ? 600 : 400
            for (lineIndex, line) in lines.enumerated() {
                body.append("<div class=\"line\" id=\"l\(sampleIndex)-\(lineIndex)\" dir=\"\(line.isRightToLeft ? "rtl" : "ltr")\" "
                    + "style=\"font-family: \(families.map { "'\($0)'" }.joined(separator: ", ")); font-size: \(sample.style.size)px; "
                    + "font-weight: \(weight)\"><span>\(escape(line.text))</span></div>")
            }
        }
        let html = """
        <!DOCTYPE html><html><head><meta charset="utf-8"><style>
        \(rules.joined(separator: "\n"))
        body { margin: 0 } .line { white-space: pre; line-height: normal; width: max-content }
        </style></head><body>
        \(body.joined(separator: "\n"))
        <pre id="out"></pre><script>
        document.fonts.ready.then(() => setTimeout(() => {
          const out = [];
          for (const line of document.querySelectorAll('.line')) {
            out.push([line.id, line.querySelector('span').getBoundingClientRect().width, line.getBoundingClientRect().height].join(' '));
          }
          out.push('fonts ' + [...document.fonts].map(f => f.family + ':' + f.status).join(','));
          document.getElementById('out').textContent = out.join('\\n');
        }, 100));
        </script></body></html>
        """
        let page = directory.appendingPathComponent("index.html")
        try html.write(to: page, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=5000", "--dump-dom", page.absoluteString]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard let start = output.range(of: "<pre id=\"out\">"), let end = output.range(of: "</pre>", range: start.upperBound..<output.endIndex) else {
            return XCTFail("no figures from Chromium:\n\(output.prefix(500))")
        }
        var measured: [String: (width: Double, height: Double)] = [:]
        for row in output[start.upperBound..<end.lowerBound].split(separator: "\n") {
            let fields = row.split(separator: " ")
            if fields.first == "fonts" {
                print("Chromium fonts: \(row)")
                XCTAssertFalse(row.contains(":error"), String(row))
                continue
            }
            guard fields.count == 3, let width = Double(fields[1]), let height = Double(fields[2]) else { continue }
            measured[String(fields[0])] = (width, height)
        }
        var worst = 0.0, count = 0
        for (sampleIndex, (sample, lines)) in laidOut.enumerated() {
            for (lineIndex, line) in lines.enumerated() {
                guard let browser = measured["l\(sampleIndex)-\(lineIndex)"] else {
                    XCTFail("no figure for line \(lineIndex) of \(sample.text)"); continue
                }
                let difference = browser.width - line.width
                worst = max(worst, abs(difference))
                count += 1
                print(String(format: "%@ %5.1f px  layout %9.4f  chromium %9.4f  Δ %+.4f  height %g/%g  %@",
                             sample.locale, sample.style.size, line.width, browser.width, difference, line.height, browser.height, line.text))
                XCTAssertEqual(browser.width, line.width, accuracy: 0.5, line.text)
                XCTAssertLessThanOrEqual(browser.width, sample.width + 0.01, "wider than its cell: \(line.text)")
                XCTAssertEqual(browser.height, line.height, line.text)
            }
        }
        print("Chromium comparison: \(count) lines, largest width difference \(worst) px; page at \(page.path)")
    }

    private func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
