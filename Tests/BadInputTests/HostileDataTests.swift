import Foundation
import JSONText
import FeedFramesProcess
import XCTest
import XHTMLValidation

/// Hostile titles, ids and descriptions through the whole tool, from a `file`
/// source to every file written: HTML frames valid and inert, text frames
/// aligned in 80 columns, every JSON file parsing back to the exact titles.
final class HostileDataTests: XCTestCase {
    var scratch: Subprocess!

    override func setUpWithError() throws {
        _ = try Subprocess.binary()
        scratch = try Subprocess()
    }

    override func tearDown() { scratch?.cleanUp() }

    /// id → title. Ids are hostile too: they go into `data-id` attributes.
    static let hostile: [(id: String, title: String)] = {
        var items: [(String, String)] = [
            ("1", "<script>alert(1)</script>"),
            ("2\" onmouseover=\"alert(2)", "\"><img src=x onerror=alert(2)>"),
            ("3", "Tom & Jerry &amp; &lt;b&gt; &#60; &"),
            ("4", "]]><![CDATA[<script>x</script>]]>"),
            ("5", "nul\u{0}bell\u{7}esc\u{1B}[31mred\u{7F}del\u{85}nel"),
            ("6", "\u{202E}gnp.exe\u{202C} and \u{2067}isolate\u{2069} \u{200F}rlm"),
            ("7", "新闻标题 😀 e\u{301} العربية"),
            ("8", "'single' \"double\" `back` <!-- comment -->"),
            ("9", "</span></div><div class=\"row\" data-index=\"99\">"),
            ("10", "{{title}} {{{title}}} {{> row.html}} {{=<% %>=}}"),
            ("11", "line\u{2028}sep\r\ncrlf\ttab\nnewline"),
            ("12", String(repeating: "W", count: 100_000)),
            ("13", "\u{FFFE}\u{FFFF}\u{FEFF}bom"),
            ("14", String(repeating: "新", count: 40_000)),
            ("15", "<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>&e;"),
            ("<16>&'", "<?php echo 1; ?>"),
        ]
        for n in 17...45 { items.append(("\(n)", "Item \(n) <i>\(n)</i>")) }
        return items
    }()

    func testHostileDataComesOutValidInertAlignedAndExact() throws {
        let items: JSONValue = .array(Self.hostile.map { .object(JSONObject(uniqueKeysWithValues: [("id", .string($0.id)), ("title", .string($0.title))])) })
        try scratch.write(JSONWriter.bytes(items, style: .pretty), to: "items.json")
        let description = "</script><script>alert(9)</script> <img src=x onerror=alert(9)> & ]]> \u{202E}"
        let scenario: JSONValue = [
            "name": "hostile", "description": .string(description), "preset": "standard",
            "viewport": ["width": 375, "height": 667],
            "source": ["kind": "file", "path": "items.json", "pageSize": 20],
            "events": ["launch", "wait 1", "scroll by 300", "scroll to bottom", "wait 1", "scroll to bottom", "wait 1",
                       "drag to -80", "release", "wait 1", "resize 667x375", "scroll to 100"],
        ]
        try scratch.write(JSONWriter.bytes(scenario, style: .pretty), to: "hostile.json")
        let outcome = try scratch.run(["render", "hostile.json", "--out", "out"], timeout: 120)
        XCTAssertEqual(outcome.crashSigns, [])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertEqual(outcome.stderr, "")

        // The tool's own validator agrees, reading the files back.
        let validated = try scratch.run(["validate", "out"], timeout: 120)
        XCTAssertEqual(validated.status, 0, validated.stderr)

        let titles = Dictionary(uniqueKeysWithValues: Self.hostile.map { ($0.id, $0.title) })
        let files = scratch.list("out/hostile")
        let frameNumbers = files.filter { $0.hasSuffix(".json") && $0.first!.isNumber }.map { String($0.prefix(4)) }
        XCTAssertGreaterThan(frameNumbers.count, 5)
        var seen: Set<String> = []
        for number in frameNumbers {
            // JSON: strict parse, and every row's id and title exactly as the items file says.
            let json = try JSONParser.parse(scratch.read("out/hostile/\(number).json")).plain
            guard case .object(let frame) = json, case .array(let rows)? = frame["rows"] else { return XCTFail("\(number).json has no rows") }
            var expectedRows: [(id: String, title: String)] = []
            for row in rows {
                guard case .object(let fields) = row, case .string(let id)? = fields["id"], case .string(let title)? = fields["title"] else {
                    return XCTFail("\(number).json: a row without id and title")
                }
                XCTAssertEqual(title, titles[id], "\(number).json: the title of \(id.debugDescription) is exact")
                expectedRows.append((id, title))
                seen.insert(id)
            }

            // HTML: valid, inert, every title shown as text.
            let html = try scratch.read("out/hostile/\(number).html")
            let document = try XHTMLDocument.parse(html, file: "\(number).html", limits: ParseLimits(maxBytes: 64 << 20))
            XCTAssertEqual(try document.count("//h:script"), 0, "\(number).html: no script element")
            XCTAssertEqual(try document.count("//h:img | //h:iframe | //h:object | //h:embed | //h:link | //h:form"), 0, "\(number).html: no active element")
            XCTAssertEqual(try document.count("//@*[starts-with(name(), 'on')]"), 0, "\(number).html: no event handler attribute")
            XCTAssertEqual(try document.count("//comment() | //processing-instruction()"), 0, "\(number).html: no comment or PI from a title")
            let shown = try document.nodes("//h:div[@class='row' or starts-with(@class, 'row ')]")
            XCTAssertEqual(shown.map { $0.attributes["data-id"] ?? "" }, expectedRows.map(\.id), "\(number).html: ids as attribute values")
            let spans = try document.nodes("//h:div[@id='viewport']//h:span[@class='title']")
            XCTAssertEqual(spans.map(\.text), expectedRows.map { Self.asXMLText($0.title) }, "\(number).html: titles as text")

            // Text: at most 80 columns, the box aligned, nothing that moves the cursor or reorders the line.
            let text = try scratch.text("out/hostile/\(number).txt")
            let lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            for line in lines {
                XCTAssertLessThanOrEqual(Self.columns(line), 80, "\(number).txt: too wide: \(line.prefix(60))")
                XCTAssertFalse(line.unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(number).txt: a control character")
                XCTAssertFalse(line.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) },
                               "\(number).txt: a bidirectional override")
            }
            let box = lines.filter { $0.hasPrefix("|") || $0.hasPrefix("+") }
            XCTAssertEqual(Set(box.map(Self.columns)).count, 1, "\(number).txt: box lines of one width: \(Set(box.map(Self.columns)))")
        }
        let hostileIDs = Set(Self.hostile.prefix(16).map(\.id))
        XCTAssertEqual(hostileIDs.subtracting(seen), [], "every hostile row was shown")

        // The lists and the viewers.
        for name in ["frames.json", "scenario.json"] {
            XCTAssertNoThrow(try JSONParser.parse(scratch.read("out/hostile/\(name)")), name)
        }
        let script = try scratch.text("out/hostile/frames.js")
        XCTAssertTrue(script.hasPrefix("window.FEEDFRAMES = ["))
        XCTAssertNoThrow(try JSONParser.parse(String(script.dropFirst("window.FEEDFRAMES = ".count).trimmingCharacters(in: .whitespacesAndNewlines).dropLast())))
        guard case .object(let about) = try JSONParser.parse(scratch.read("out/hostile/scenario.json")).plain else { return XCTFail() }
        XCTAssertEqual(about["summary"], .string(description), "the description exact in scenario.json")
        for page in ["out/hostile/index.html", "out/index.html"] {
            let html = try scratch.text(page)
            XCTAssertFalse(html.contains("<script>alert"), "\(page): the description cannot open a script")
            XCTAssertFalse(html.contains("<img"), "\(page): nor an element")
            XCTAssertTrue(html.contains("&lt;img src=x onerror=alert(9)&gt;"), "\(page): the description shown as text")
        }
    }

    /// A title as XML text: C0 controls (not tab, newline) and U+FFFE/U+FFFF replaced, line ends normalized.
    static func asXMLText(_ title: String) -> String {
        var scalars = String.UnicodeScalarView()
        let normalized = title.replacingOccurrences(of: "\r\n", with: "\n")
        for scalar in normalized.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A: scalars.append(scalar)
            case 0x0D: scalars.append("\n")
            // Not XML, or a parse error in HTML5 (C1 controls, DEL, noncharacters).
            case 0x00..<0x20, 0x7F...0x9F, 0xFDD0...0xFDEF: scalars.append("\u{FFFD}")
            case let value where value & 0xFFFE == 0xFFFE: scalars.append("\u{FFFD}")
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// Terminal columns, counted independently of the renderer: wide CJK and emoji 2, format characters 0.
    static func columns(_ text: String) -> Int {
        text.reduce(0) { total, character in
            let first = character.unicodeScalars.first!
            switch first.properties.generalCategory {
            case .format, .nonspacingMark, .enclosingMark: return total
            default: break
            }
            let value = first.value
            let wide = (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
                || (0xF900...0xFAFF).contains(value) || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
                || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1F64F).contains(value) || (0x1F900...0x1F9FF).contains(value)
                || (0x20000...0x3FFFD).contains(value)
            return total + (wide ? 2 : 1)
        }
    }

    /// A frame file deleted from a render is a problem `validate` reports (frames.json lists it), not a smaller
    /// folder that passes.
    func testValidateReportsAFrameFileThatIsMissing() throws {
        try scratch.write("{\"name\": \"x\", \"preset\": \"standard\", \"events\": [\"launch\", \"wait 1\"]}", to: "x.json")
        XCTAssertEqual(try scratch.run("render", "x.json", "--out", "out").status, 0)
        XCTAssertEqual(try scratch.run("validate", "out").status, 0)
        try FileManager.default.removeItem(at: scratch.url("out/x/0002.json"))
        for path in ["out", "out/x"] {
            let outcome = try scratch.run("validate", path)
            XCTAssertEqual(outcome.status, 1, path)
            XCTAssertEqual(outcome.stderrLines.first, "out/x/0002.json: missing: frames.json lists it, but it is not there", path)
        }
    }

    /// libxml2 hardened, end to end: a frame declaring an external entity is refused,
    /// and nothing of the file it names reaches the output.
    func testValidateRefusesAnExternalEntityAndReadsNothing() throws {
        try scratch.write("{\"name\": \"x\", \"preset\": \"standard\", \"events\": [\"launch\", \"wait 1\"]}", to: "x.json")
        XCTAssertEqual(try scratch.run("render", "x.json", "--out", "out").status, 0)
        var html = try scratch.text("out/x/0002.html")
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"))
        html = html.replacingOccurrences(of: "<!DOCTYPE html>", with: "<!DOCTYPE html [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>")
        html = html.replacingOccurrences(of: ">Item 1<", with: ">&x;<")
        XCTAssertTrue(html.contains("&x;"))
        try scratch.write(html, to: "out/x/0002.html")
        let outcome = try scratch.run("validate", "out/x/0002.html")
        XCTAssertEqual(outcome.crashSigns, [])
        XCTAssertEqual(outcome.status, 1)
        XCTAssertTrue(outcome.stderrLines.first?.hasPrefix("out/x/0002.html:1:") ?? false, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("entity declaration 'x' is not allowed"), outcome.stderr)
        let passwd = (try? String(contentsOfFile: "/etc/passwd", encoding: .utf8)) ?? "root:x:0:0:"
        for line in passwd.split(separator: "\n").prefix(5) where line.count > 8 {
            XCTAssertFalse(outcome.stderr.contains(line) || outcome.stdout.contains(line), "nothing from /etc/passwd")
        }
        XCTAssertFalse(outcome.stderr.contains("root:") || outcome.stdout.contains("root:"))
        // The same through a folder, as CI would run it.
        let folder = try scratch.run("validate", "out/x")
        XCTAssertEqual(folder.status, 1)
        XCTAssertFalse(folder.stderr.contains("root:"))
    }
}
