import FeedEngine

/// Target 1: a layout costs the same at 10,000,000 rows as at 1,000.
enum LayoutBenchmark {
    static func run() {
        Report.heading("1. Layout (O(log n + visible rows))")
        var generator = SplitMix64(seed: 42)
        let small = state(rows: 1_000)
        let large = state(rows: 10_000_000)
        // Samples alternate between the two lists, so that whatever else the
        // machine is doing weighs on both alike.
        let (smallTime, largeTime) = medianLayouts(small, large, samples: 10_000, &generator)
        let naive = naiveScan(large, samples: 5, &generator)
        Report.line("median layout, 1,000 rows", Report.micro(smallTime))
        Report.line("median layout, 10,000,000 rows", Report.micro(largeTime))
        Report.line("ratio 10M / 1k", Report.ratio(largeTime / smallTime), Report.verdict(largeTime / smallTime <= 1.5, "≤ 1.5×"))
        Report.line("naive O(n) scan, 10,000,000 rows", Report.milli(naive), "\(Report.ratio(naive / largeTime)) the layout")

        // Appending a page and changing a height, measured on the row offsets themselves.
        for count in [1_000, 10_000_000] {
            var offsets = RowOffsets(heights: (0..<count).map { Double(44 + ($0 % 3) * 22) })
            let pages = 1_000
            let append = Measure.time {
                for _ in 0..<pages { offsets.append(contentsOf: repeatElement(44.0, count: 20)) }
            } / Double(pages)
            let updates = 100_000
            let update = Measure.time {
                for index in 0..<updates { offsets.setHeight(Double(30 + index % 50), at: Int(generator.next() % UInt64(count))) }
            } / Double(updates)
            Report.line("append a 20-row page at \(count.formatted()) rows", Report.micro(append))
            Report.line("change one height at \(count.formatted()) rows", Report.micro(update))
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

    static func medianLayouts(_ first: FeedState, _ second: FeedState, samples: Int,
                              _ generator: inout SplitMix64) -> (Double, Double) {
        var states = [first, second]
        var times: [[Double]] = [[], []]
        var checksum = 0
        for sample in 0..<(2 * samples) {
            let which = sample % 2
            let y = Double(generator.next() % UInt64(max(1, Int(states[which].contentHeight))))
            _ = states[which].reduce(.scroll(.offset(y)))
            let start = Measure.clock.now
            let layout = states[which].layout()
            times[which].append(Measure.seconds(Measure.clock.now - start))
            checksum &+= layout.rows.count
        }
        precondition(checksum > 0)
        return (Measure.median(times[0]), Measure.median(times[1]))
    }

    /// The visible rows found by walking every row from the top, for contrast.
    static func naiveScan(_ state: FeedState, samples: Int, _ generator: inout SplitMix64) -> Double {
        let heights = state.offsets.heights
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

/// A small, fast, seeded generator so every run measures the same offsets.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
