import CellLayout
import FeedEngine
import FeedScenario
import FrameRendering
import TextLayout
import ReferenceEngine

/// Issue 18's figures: what measuring an item costs (once, as its page arrives), and a frame's
/// layout with automatic heights at 1,000 and 1,000,000 rows beside fixed heights.
enum CellBenchmark {
    static func run() throws {
        Report.heading("Cells: automatic row heights (SPEC §9)")
        let layouter = try TextLayouter()
        let english = (0..<200).map { Item(id: "e\($0)", title: "Design review: onboarding flow, pass \($0)",
                                           fields: ["subtitle": "Attached are the updated screens. The biggest change is the first page, which now asks later."]) }
        let chinese = (0..<200).map { Item(id: "z\($0)", title: "设计评审：新用户引导流程第 \($0) 版", fields: ["subtitle": "附件是更新后的界面。最大的变化在第一页：现在等用户看过信息流以后，才请求通知权限。"]) }
        let arabic = (0..<200).map { Item(id: "a\($0)", title: "مراجعة التصميم: تدفق الترحيب \($0)", fields: ["subtitle": "أرفقت الشاشات المحدثة. أكبر تغيير في الصفحة الأولى، التي تطلب الإشعارات لاحقاً."]) }
        for (label, items, locale) in [("English", english, "en"), ("Chinese", chinese, "zh-Hans"), ("Arabic", arabic, "ar")] {
            let measurer = CellMeasurer(layouter: layouter, catalog: CellCatalog(), cells: ListCells(automaticHeights: true, cell: "subtitle"),
                                        width: 375, contentSize: .large, locale: locale)
            var times: [Double] = []
            var total = 0.0
            for _ in 0..<3 {
                for item in items {
                    let start = Measure.clock.now
                    total += (try? measurer.height(item)) ?? 0
                    times.append(Measure.seconds(Measure.clock.now - start))
                }
            }
            precondition(total > 0)
            Report.line("measure a subtitle cell, \(label) (title + 2-line subtitle)", Report.micro(Measure.median(times)), "once per item, as its page arrives")
        }

        // Heights measured from real cells (the English ones, cycled), against the fixed 44 pt.
        let measurer = CellMeasurer(layouter: layouter, catalog: CellCatalog(), cells: ListCells(automaticHeights: true, cell: "subtitle"),
                                    width: 375, contentSize: .large, locale: "en")
        let measured = english.map { (try? measurer.height($0)) ?? 44 }
        var generator = SeededRandom(seed: 18)
        for rows in [1_000, 1_000_000] {
            let automatic = state(rows: rows) { measured[$0 % measured.count] }
            let fixed = state(rows: rows) { _ in 44 }
            let frames = LayoutBenchmark.medians(fixed, automatic, samples: 10_000, &generator) { state, y in
                let start = Measure.clock.now
                _ = state.reduce(.scroll(.offset(y)))
                let layout = state.layout()
                return (Measure.seconds(Measure.clock.now - start), layout.rows.count)
            }
            Report.line("median frame (scroll + layout), \(rows.formatted()) rows: fixed / automatic",
                        "\(Report.micro(frames.small)) / \(Report.micro(frames.large))", "automatic \(Report.ratio(frames.ratio)) fixed")
        }
    }

    static func state(rows: Int, height: (Int) -> Double) -> FeedState {
        var state = FeedState(config: Preset.standard.config()!)
        _ = state.reduce(.launch)
        let items = (0..<rows).map { Item(id: String($0 + 1), title: "Item \($0 + 1)", height: height($0)) }
        _ = state.reduce(.replyArrived(Reply(requestID: 1, outcome: .success(items))))
        return state
    }
}
