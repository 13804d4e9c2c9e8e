import FeedFramesResources
import FeedScenario
import Foundation
import FrameRendering
import XHTMLValidation

/// Why `--jobs 2` gains less than 2×: each stage alone, on one thread and on
/// two, in CPU time (getrusage) as well as wall time.
enum ScalingBenchmark {
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }

    static func run() throws {
        let input = try PipelineBenchmark.Input(frames: 4_000)
        let (templates, validator, context, frames, html) = (input.templates, input.validator, input.context, input.frames, input.html)
        let copies = [templates, templates.compiledAgain()]
        Report.heading("Scaling: each stage on 1 and 2 threads, \(frames.count) frames (CPU time and wall time)")
        let stages: [(String, @Sendable (Int, Int) -> Int)] = [
            ("libxml2 parse + RelaxNG", { _, i in validateXHTML(html[i], file: "f", schema: validator.schema).issues.count }),
            ("validate with cross-check", { _, i in validator.validate(html[i], file: "f", expected: FrameExpectation(frames[i].layout)).count }),
            ("render HTML", { t, i in (try? copies[t].htmlBytes(of: frames[i], in: context))?.count ?? 0 }),
            ("render text", { t, i in (try? copies[t].textBytes(of: frames[i], in: context))?.count ?? 0 }),
            ("render JSON", { _, i in FrameJSON.bytes(of: frames[i]).count }),
        ]
        for (name, stage) in stages {
            var results: [(wall: Double, cpu: Double)] = []
            for threads in [1, 2] {
                var best = (wall: Double.infinity, cpu: Double.infinity)
                for _ in 0..<3 {
                    let cpu = cpuSeconds()
                    let wall = Measure.time {
                        DispatchQueue.concurrentPerform(iterations: threads) { thread in
                            var index = thread, sum = 0
                            while index < frames.count { sum &+= stage(thread, index); index += threads }
                            precondition(sum >= 0)
                        }
                    }
                    let used = cpuSeconds() - cpu
                    if wall < best.wall { best = (wall, used) }
                }
                results.append(best)
            }
            Report.line(name, String(format: "speed-up %.2f×", results[0].wall / results[1].wall),
                        String(format: "CPU time on 2 threads / on 1: %.2f×", results[1].cpu / results[0].cpu))
        }
    }
}
