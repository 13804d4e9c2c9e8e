import FeedEngine
import FeedScenario

/// libFuzzer harness for a team's list descriptions (`bash .ci/fuzz 60 lists`): the input is the
/// value of a scenario's `list` (its style, insets, navigation bar, cells, colours), the first byte
/// picking a device. Either the reader refuses it with one-line problems at their key paths, or the
/// scenario runs — drags, releases, scrolls and a fling over sectioned items — and every frame keeps
/// the geometry's promises: rows in order and inside the content, section headers in order with a
/// pinned one first, a resting list inside its range, finite numbers.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzListDescription(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let devices = ["", "iPhone SE", "iPhone 15", "iPhone 15 Pro Max", "iPad"]
    let device = devices[Int(bytes.first ?? 0) % devices.count]
    let list = String(decoding: bytes.dropFirst(), as: UTF8.self)
    let text = #"{ "preset": "standard", \#(device.isEmpty ? "" : #""device": "\#(device)", "#) "list": \#(list), "#
        + #""source": { "total": 60, "pageSize": 25, "latency": 0.1, "rowHeights": [44, 66, 30] }, "#
        + #""events": ["launch", "wait 1", "drag by -90", "release", "wait 1", "scroll by 400", "fling 2500", "drag by 200", "release", "fling -9000", "wait 1"] }"#
    let scenario: Scenario
    do throws(ScenarioErrors) { scenario = try ScenarioReader.read(Array(text.utf8), file: "fuzz.json") } catch {
        precondition(!error.problems.isEmpty, "a failure without a problem")
        for problem in error.problems {
            precondition(!problem.description.contains("\n"), "a problem of more than one line")
        }
        return 0
    }
    // Items in sections of 1 to 9 rows (the synthetic source has none), some without a section.
    let frames = play(scenario.behaviour, scenario, source: SectionedItems(seed: size))
    for frame in frames {
        let layout = frame.layout
        precondition(layout.contentOffset.isFinite && layout.contentHeight.isFinite, "a number that is not finite")
        precondition(zip(layout.rows, layout.rows.dropFirst()).allSatisfy { $0.index < $1.index && $0.y < $1.y }, "rows out of order")
        precondition(layout.rows.allSatisfy { $0.y < layout.viewport.height && $0.y + $0.height > 0 }, "a row off screen")
        precondition(layout.sections.dropFirst().allSatisfy { !$0.pinned }, "a pinned header not first")
        let natural = layout.sections.filter { !$0.pinned }
        precondition(zip(natural, natural.dropFirst()).allSatisfy { $0.y < $1.y }, "headers out of order")
        precondition(layout.adjustedInsetTop >= layout.insets.top && layout.adjustedInsetBottom >= layout.insets.bottom, "an inset below what covers the edges")
        if let bar = layout.navigationBarHeight { precondition(bar >= 44 && bar <= 96, "a navigation bar of \(bar) pt") }
    }
    return 0
}

/// Every frame of the scenario with its preset's behaviour playing the app, its items from `source`.
func play<Behaviour: PagingBehaviour>(_ behaviour: Behaviour, _ scenario: Scenario, source: any FeedSource) -> [Frame] {
    var runner = BehaviourRunner(behaviour, config: scenario.config, viewport: scenario.viewport, insets: scenario.insets,
                                 style: scenario.style, source: source)
    var frames: [Frame] = []
    runner.run(scenario.steps) { (frame: Frame) throws(Never) in frames.append(frame) }
    return frames
}

/// Pages of items whose `section` changes every few rows.
struct SectionedItems: FeedSource {
    let seed: Int

    mutating func respond(to request: Request, at time: Double) -> (latency: Double, outcome: Reply.Outcome) {
        let start = request.kind == .more ? (request.page - 1) * 25 : 0
        let items = (start..<min(start + 25, 60)).map { index -> Item in
            let section = (index * 7 + seed) % 11 == 0 ? nil : "S\((index + seed % 5) / (1 + (index + seed) % 9))"
            return Item(id: "\(index)", title: "Row \(index)", height: [44.0, 66, 30][index % 3], fields: section.map { ["section": $0] } ?? [:])
        }
        return (0.1, .success(items))
    }
}
