import XCTest
import FeedEngine
import FeedScenario

final class SmokeTests: XCTestCase {
    func testPrintStandard() throws {
        for preset in Preset.all {
            let config = preset.config()!
            let source = SyntheticSource(total: 45, pageSize: 20, latency: .fixed(preset.latency), title: preset.title, failures: [3])
            var runner = ScenarioRunner(state: FeedState(config: config), source: source)
            let steps = ["launch", "wait 2", "scroll to bottom", "wait 2", "scroll to bottom", "drag by 80", "release", "wait 2", "drag to -120", "release", "wait 3", "tap retry", "wait 2", "drag to -120", "release", "wait 2"].map { try! ScriptStep.parse($0).get() }
            print("== \(preset.name)")
            runner.run(steps) { f in
                let l = f.layout
                print(f.number, f.time, f.cause, "| y", l.contentOffset, "C", l.contentHeight, "rows", l.rows.first?.index ?? -1, "-", l.rows.last?.index ?? -1, "| H", l.header.state, l.header.visible, l.header.text, "| F", l.footer.state, l.footer.visible, l.footer.text, "| retry", l.retryVisible, "toast", l.toast?.text ?? "-", "req", l.request.map { "\($0.id) \($0.kind) p\($0.page)" } ?? "nil", "pi", l.pageIndex, "n", l.itemCount, "sup", l.suppressed)
            }
        }
    }
}
