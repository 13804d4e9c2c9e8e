import FeedScenario
import XCTest

/// One check for every name that becomes `OUT/<name>`, whether a scenario gives it or its file name does.
final class FolderNameTests: XCTestCase {
    func testPlainNamesPass() {
        for name in ["demo", "seed000-story", "my_list.v2", "新闻", "العربية", String(repeating: "n", count: 100)] {
            XCTAssertTrue(FolderName.isValid(name), name)
        }
    }

    func testNamesThatWouldLeaveOrClashAreRefused() {
        for name in ["", ".", "..", "...", ".hidden", "a/b", "../x", "/x", "a\\b", "a\nb", "x\u{0}y", "a b", "<img src=x>",
                     "index.html", "INDEX.HTML", "frames.json", "frames.js", "scenario.json", String(repeating: "n", count: 101),
                     "tab\there", "e\u{1B}[31m"] {
            XCTAssertFalse(FolderName.isValid(name), name.debugDescription)
        }
    }

    /// A name within 100 characters may still be too long for a file system: 80 three-byte characters are 240
    /// bytes, 81 are 243; a letter with marks is one character of many bytes (a fuzzer found one such name passing).
    func testNamesAreBoundedInBytesToo() {
        XCTAssertTrue(FolderName.isValid(String(repeating: "新", count: 80)))
        XCTAssertFalse(FolderName.isValid(String(repeating: "新", count: 81)))
        let marked = "\u{0797}" + String(repeating: "\u{0617}", count: 130)
        XCTAssertEqual(marked.count, 1)
        XCTAssertTrue(marked.unicodeScalars.allSatisfy(\.properties.isAlphabetic))
        XCTAssertFalse(FolderName.isValid(marked))
        XCTAssertFalse(FolderName.isValid(String(repeating: "a\u{0617}", count: 81)))
        // A cut keeps whole characters within both bounds.
        XCTAssertEqual(FolderName.cut(String(repeating: "新", count: 90)), String(repeating: "新", count: 80))
        XCTAssertEqual(FolderName.cut(String(repeating: "n", count: 120)), String(repeating: "n", count: 100))
        XCTAssertEqual(FolderName.cut("ab" + marked), "ab")
        XCTAssertTrue(FolderName.isValid(FolderName.cut(String(repeating: "a\u{0617}", count: 100))))
    }

    func testTheDefaultNameIsTheFileNameWithoutJSON() {
        XCTAssertEqual(FolderName.defaultName(forFile: "path/to/demo.json"), "demo")
        XCTAssertEqual(FolderName.defaultName(forFile: "..json"), ".")
        XCTAssertEqual(FolderName.defaultName(forFile: "...json"), "..")
        XCTAssertEqual(FolderName.defaultName(forFile: ".json"), "")
        XCTAssertEqual(FolderName.defaultName(forFile: "dir/"), "")
        XCTAssertEqual(FolderName.defaultName(forFile: "plain"), "plain")
    }

    func testTheReaderChecksADefaultNameLikeAGivenOne() {
        let text = Array(#"{"preset": "standard", "events": ["launch"]}"#.utf8)
        XCTAssertEqual((try? ScenarioReader.read(text, file: "dir/ok.json"))?.name, "ok")
        for file in ["..json", "...json", ".json", "index.html.json", "a b.json"] {
            XCTAssertThrowsError(try ScenarioReader.read(text, file: file), file) { error in
                let message = (error as? ScenarioErrors)?.description ?? ""
                XCTAssertTrue(message.hasPrefix("\(file): the file name "), message)
                XCTAssertTrue(message.contains("give the scenario a \"name\""), message)
            }
        }
        // A good `name` makes the file name irrelevant.
        let named = Array(#"{"name": "fine", "preset": "standard", "events": ["launch"]}"#.utf8)
        XCTAssertEqual((try? ScenarioReader.read(named, file: "..json"))?.name, "fine")
    }
}
