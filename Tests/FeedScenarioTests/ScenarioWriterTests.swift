import FeedEngine
import FeedFramesResources
import FeedScenario
import JSONText
import XCTest

/// `ScenarioWriter` is the reader's other half: what it writes reads back as the same scenario.
final class ScenarioWriterTests: XCTestCase {
    func roundTrip(_ scenario: Scenario, _ label: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let bytes = ScenarioWriter.bytes(of: scenario)
        let again: Scenario
        do {
            again = try ScenarioReader.read(bytes, file: "written.json")
        } catch {
            XCTFail("\(label): the written file does not read back: \(error)\n\(String(decoding: bytes, as: UTF8.self))", file: file, line: line)
            return
        }
        XCTAssertEqual(again, scenario, "\(label): \(String(decoding: bytes, as: UTF8.self))", file: file, line: line)
        XCTAssertEqual(ScenarioWriter.bytes(of: again), bytes, "\(label): writing is stable", file: file, line: line)
    }

    func testEveryDemoRoundTrips() throws {
        XCTAssertGreaterThan(Embedded.demos.count, 15)
        for (name, text) in Embedded.demos.sorted(by: { $0.key < $1.key }) {
            try roundTrip(try ScenarioReader.read(Array(text.utf8), file: name), name)
        }
    }

    func testExternalSourcesRoundTrip() throws {
        let texts = [
            #"{"preset": "standard", "source": {"kind": "file", "path": "items.json", "pageSize": 7, "latency": [1, 2.5], "failures": [3, 1], "inserts": [{"at": 2, "count": 3}], "paging": "cursor"}, "events": ["launch"]}"#,
            #"{"preset": "seed000", "source": {"kind": "sqlite", "path": "feed.db", "query": "SELECT id, title FROM t", "orderBy": "title", "columns": {"height": "h"}, "timeout": 2}, "events": ["launch", "wait 1"]}"#,
            #"{"preset": "seed001", "source": {"kind": "http", "url": "http://127.0.0.1:9/?p={page}", "items": "/data", "next": "/next", "headers": {"X-A": "b"}, "latency": {"min": 0.2, "max": 3, "seed": 7}}, "events": ["launch"]}"#,
        ]
        for (index, text) in texts.enumerated() {
            try roundTrip(try ScenarioReader.read(Array(text.utf8), file: "external-\(index).json"), "external \(index)")
        }
    }

    /// Random scenarios over every key the writer writes; `FEEDFRAMES_SEED` picks another sequence.
    func testRandomScenariosRoundTrip() throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["FEEDFRAMES_SEED"] ?? "") ?? 20_261_201
        var random = SeededRandom(seed: seed)
        func pick<T>(_ options: [T]) -> T { options[Int(random.next() % UInt64(options.count))] }
        func number(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(random.next() % UInt64(range.count)) }
        for run in 0..<300 {
            var config: [String] = []
            if random.next() % 2 == 0 { config.append(#""rowHeight": \#(number(1...200))"#) }
            if random.next() % 3 == 0 { config.append(pick([#""header": null"#, #""header": {"height": \#(number(10...120))}"#])) }
            if random.next() % 3 == 0 {
                config.append(#""footer": {"mode": "\#(pick(["auto", "release"]))", "height": \#(number(20...120)), "prefetchRows": \#(number(0...9)), "spinner": "\#(pick(["always", "loading"]))", "colour": "\#(pick(["#fff", "red", "#123456"]))"}"#)
            }
            if random.next() % 3 == 0 { config.append(#""refreshWhileLoading": "\#(pick(["ignore", "cancel"]))""#) }
            if random.next() % 3 == 0 { config.append(#""loadMoreFailure": "\#(pick(["toast", "toastAndFailedFooter", "stuck"]))""#) }
            if random.next() % 3 == 0 { config.append(#""toastDuration": \#(Double(number(0...40)) / 4)"#) }
            if random.next() % 3 == 0 { config.append(#""holdWhileLoading": \#(pick(["true", "false"]))"#) }
            var source = [#""kind": "\#(pick(["synthetic", "scripted"]))""#, #""pageSize": \#(number(1...30))"#,
                          #""latency": \#(pick(["1", "[0.5, 2]", #"{"min": 0.1, "max": 2, "seed": 3}"#]))"#]
            if source[0].contains("synthetic") {
                if random.next() % 2 == 0 { source.append(#""total": \#(number(0...200))"#) }
                if random.next() % 3 == 0 { source.append(#""inserts": [{"at": \#(number(0...5)), "count": \#(number(1...9))}]"#) }
                if random.next() % 3 == 0 { source.append(#""paging": "cursor""#) }
            } else {
                source.append(#""replies": ["\#(pick(["full", "short"]))", "fail", "\#(pick(["empty", "full"]))"]"#)
            }
            if random.next() % 2 == 0 { source.append(#""rowHeights": [\#(number(1...99)), \#(number(1...99))]"#) }
            if random.next() % 2 == 0 { source.append(#""failures": [\#(number(1...5)), \#(number(6...9))]"#) }
            if random.next() % 2 == 0 { source.append(#""title": "T {n} \#(pick(["新闻", "a&b", "\\\"q\\\""]))""#) }
            let events = ["launch"] + (0..<number(0...8)).map { _ in
                pick(["wait 1", "wait 0.25", "scroll to bottom", "scroll by -40.5", "drag to -80", "drag by 12", "release",
                      "tap retry", "tap footer", "refresh", "resize 667x375", "scroll to 100"])
            }
            let text = #"{"name": "r\#(run)", "preset": "\#(pick(["seed000", "seed001", "standard"]))", "locale": "\#(pick(["en", "zh-Hans", "zh-Hant"]))", "viewport": {"width": \#(number(100...900)), "height": \#(number(100...900))}, "config": {\#(config.joined(separator: ", "))}, "source": {\#(source.joined(separator: ", "))}, "events": [\#(events.map { "\"\($0)\"" }.joined(separator: ", "))]}"#
            let scenario: Scenario
            do {
                scenario = try ScenarioReader.read(Array(text.utf8), file: "random.json")
            } catch {
                XCTFail("seed \(seed), run \(run): the generated scenario does not read: \(error)\n\(text)")
                continue
            }
            try roundTrip(scenario, "seed \(seed), run \(run)")
        }
    }
}
