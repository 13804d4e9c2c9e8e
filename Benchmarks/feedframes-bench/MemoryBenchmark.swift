import Foundation

/// Targets 4 and 6: peak memory of a 100,000-frame render, and start-up time,
/// both of the real `feedframes` binary as a child process.
enum ProcessBenchmark {
    static func run(binary: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feedframes-bench-proc-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(PipelineBenchmark.scenarioJSON(frames: 100_000).utf8).write(to: folder.appendingPathComponent("big.json"))

        Report.heading("4. Memory: a 100,000-frame scenario through the CLI")
        let big = Child.run(binary, ["render", "big.json", "--out", "out"], in: folder.path)
        let frames = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out/bench").path).count) ?? 0
        Report.line("render (exit \(big.status), \(frames.formatted()) files)", String(format: "%.1f s", big.seconds))
        let megabytes = Double(big.peakKilobytes) / 1024
        Report.line("peak resident memory", String(format: "%.1f MB", megabytes), Report.verdict(megabytes < 100, "< 100 MB"))

        Report.heading("6. Start-up: feedframes with no arguments (every demo)")
        _ = Child.run(binary, [], in: folder.path)
        var best = Double.infinity
        var status: Int32 = 0
        for _ in 0..<5 {
            let run = Child.run(binary, [], in: folder.path)
            best = min(best, run.seconds)
            status = run.status
        }
        Report.line("feedframes (exit \(status))", String(format: "%.3f s", best), Report.verdict(best < 1, "< 1 s"))
    }
}
