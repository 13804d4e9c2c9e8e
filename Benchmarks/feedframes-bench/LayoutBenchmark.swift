import FeedEngine
import FeedScenario
import ReferenceEngine

/// Target 1: a layout costs about the same at 10,000,000 rows as at 1,000.
enum LayoutBenchmark {
    static func run() {
        Report.heading("1. Layout (O(log n + visible rows))")
        var generator = SeededRandom(seed: 42)
        let small = state(rows: 1_000)
        let large = state(rows: 10_000_000)
        // Samples alternate between the two lists, so that whatever else the
        // machine is doing weighs on both alike.
        let layouts = medians(small, large, samples: 10_000, &generator) { state, y in
            _ = state.reduce(.scroll(.offset(y)))
            let start = Measure.clock.now
            let layout = state.layout()
            return (Measure.seconds(Measure.clock.now - start), layout.rows.count)
        }
        let frames = medians(small, large, samples: 10_000, &generator) { state, y in
            let start = Measure.clock.now
            _ = state.reduce(.scroll(.offset(y)))
            let layout = state.layout()
            return (Measure.seconds(Measure.clock.now - start), layout.rows.count)
        }
        let reads = medians(small, large, samples: 10_000, &generator) { state, y in
            let row = Int(y) % state.items.count
            let start = Measure.clock.now
            let title = state.items[row].title.utf8.count
            return (Measure.seconds(Measure.clock.now - start), title)
        }
        let naive = naiveScan(large, samples: 5, &generator)
        Report.line("median layout(), 1,000 rows", Report.micro(layouts.small))
        Report.line("median layout(), 10,000,000 rows", Report.micro(layouts.large))
        Report.line("ratio 10M / 1k", Report.ratio(layouts.ratio), Report.verdict(layouts.ratio <= 1.5, "≤ 1.5×"))
        Report.line("median frame, scroll event + layout(), 1k", Report.micro(frames.small))
        Report.line("median frame, scroll event + layout(), 10M", Report.micro(frames.large))
        Report.line("ratio 10M / 1k", Report.ratio(frames.ratio))
        Report.line("one read of one random row, 1k / 10M", "\(Report.micro(reads.small)) / \(Report.micro(reads.large))",
                    "the memory latency under the 10M figures: +\(Report.micro(reads.large - reads.small))")
        Report.line("naive O(n) scan, 10,000,000 rows", Report.milli(naive), "\(Report.ratio(naive / layouts.large)) the layout")

        // Appending a page and changing a height, measured on the row offsets themselves.
        for count in [1_000, 10_000_000] {
            var offsets = RowOffsets(heights: (0..<count).map { Double(44 + ($0 % 3) * 22) })
            let pages = 1_000
            let append = Measure.time {
                for _ in 0..<pages { offsets.append(contentsOf: repeatElement(44.0, count: 20)) }
            } / Double(pages)
            let updates = 100_000
            let update = Measure.time {
                for index in 0..<updates { offsets.changeHeight(at: Int(generator.next() % UInt64(count)), by: Double(index % 5 - 2)) }
            } / Double(updates)
            Report.line("row offsets: append 20 rows at \(count.formatted())", Report.micro(append))
            Report.line("row offsets: change one height at \(count.formatted())", Report.micro(update))
        }
        // The same through the reducer: a load-more reply of 20 rows (ids checked, rows and offsets appended).
        for (name, state) in [("1,000", small), ("10,000,000", large)] {
            Report.line("reducer: a 20-row page at \(name) rows", Report.micro(medianPageAppend(state)))
        }
    }

    /// A launched standard list holding `rows` items of mixed heights.
    static func state(rows: Int) -> FeedState {
        var state = FeedState(config: Preset.standard.config()!)
        _ = state.reduce(.launch)
        let heights: [Double] = [44, 88, 60, 120, 44]
        let items = (0..<rows).map { Item(id: String($0 + 1), title: "Item \($0 + 1)", height: heights[$0 % heights.count]) }
        _ = state.reduce(.replyArrived(Reply(requestID: 1, outcome: .success(items))))
        return state
    }

    struct Medians {
        var small, large: Double
        var ratio: Double { large / small }
    }

    /// Median time of `sample` at random content offsets, alternating between the two states.
    static func medians(_ first: FeedState, _ second: FeedState, samples: Int, _ generator: inout SeededRandom,
                        _ sample: (inout FeedState, Double) -> (seconds: Double, check: Int)) -> Medians {
        var states = [first, second]
        var times: [[Double]] = [[], []]
        var checksum = 0
        for index in 0..<(2 * samples) {
            let which = index % 2
            let y = Double(generator.next() % UInt64(max(1, Int(states[which].contentHeight))))
            let (seconds, check) = sample(&states[which], y)
            times[which].append(seconds)
            checksum &+= check
        }
        precondition(checksum > 0)
        return Medians(small: Measure.median(times[0]), large: Measure.median(times[1]))
    }

    /// The median cost of a load-more that appends 20 new rows, over 200 pages.
    static func medianPageAppend(_ start: FeedState) -> Double {
        var state = start
        var times: [Double] = []
        for page in 0..<200 {
            // Scrolling to the bottom starts a load-more (the standard preset loads automatically).
            let effects = state.reduce(.scroll(.bottom))
            guard case .startRequest(let request)? = effects.first else { preconditionFailure("no load-more started") }
            let items = (0..<20).map { Item(id: "p\(page)-\($0)", title: "Page \(page) row \($0)") }
            let reply = FeedEvent.replyArrived(Reply(requestID: request.id, outcome: .success(items)))
            times.append(Measure.time { _ = state.reduce(reply) })
        }
        precondition(state.items.count == start.items.count + 4_000)
        return Measure.median(times)
    }

    /// The visible rows found by walking every row from the top, for contrast.
    static func naiveScan(_ state: FeedState, samples: Int, _ generator: inout SeededRandom) -> Double {
        let heights = Array(state.rowHeights)
        var times: [Double] = []
        for _ in 0..<samples {
            let y = Double(generator.next() % UInt64(Int(state.contentHeight)))
            var visible = 0
            times.append(Measure.time {
                var top = 0.0
                for height in heights {
                    if top < y + 667 && top + height > y { visible += 1 }
                    top += height
                }
            })
            precondition(visible > 0)
        }
        return Measure.median(times)
    }
}

