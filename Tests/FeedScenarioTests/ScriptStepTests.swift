import FeedEngine
import FeedScenario
import XCTest

final class ScriptStepTests: XCTestCase {
    func testEveryEventOfTheGrammar() throws {
        let cases: [(String, ScriptStep)] = [
            ("launch", .event(.launch)), ("wait 2", .wait(2)), ("wait 0.5", .wait(0.5)),
            ("scroll to top", .event(.scroll(.top))), ("scroll to bottom", .event(.scroll(.bottom))),
            ("scroll to 120", .event(.scroll(.offset(120)))), ("scroll by -30", .event(.scroll(.by(-30)))),
            ("drag to -80", .event(.drag(.offset(-80)))), ("drag by 15.5", .event(.drag(.by(15.5)))),
            ("release", .event(.release)), ("tap retry", .event(.tapRetry)), ("tap footer", .event(.tapFooter)),
            ("refresh", .event(.refresh)), ("resize 667x375", .event(.resize(Viewport(width: 667, height: 375)))),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(try ScriptStep.parse(text).get(), expected, text)
            XCTAssertEqual(try ScriptStep.parse(text).get().description, text, "round trip of \(text)")
        }
    }

    func testMalformedEventsSayWhatWasExpected() {
        let cases: [(String, String)] = [
            ("wait -1", "S ≥ 0"), ("wait", "wait S"), ("wait soon", "wait S"),
            ("scroll to middle", "scroll to top, bottom or a number Y"), ("scroll up", "scroll to top|bottom|Y"),
            ("resize 0x0", "from 1 to 100000"), ("resize 375", "resize WxH"), ("resize axb", "resize WxH"),
            ("jump 3", "unknown event \"jump 3\" (expected launch, wait S"), ("tap header", "tap retry or tap footer"),
            ("drag to", "drag to Y or drag by DY"), ("drag to nan", "drag to Y"), ("wait inf", "wait S"),
            ("", "unknown event"), ("launch now", "unknown event"),
        ]
        for (text, expected) in cases {
            switch ScriptStep.parse(text) {
            case .success(let step): XCTFail("\"\(text)\" parsed as \(step)")
            case .failure(let error): XCTAssertTrue(error.message.contains(expected), "\(text): \(error.message)")
            }
        }
    }
}
