import Foundation

/// `render --png`: frames a second with one browser session a job for the whole run, against
/// one Chromium launch a frame (`FEEDFRAMES_PNG=launch`), measured in the same run on the same
/// scenario. Needs chromium and chromedriver; says so and skips when they are missing.
enum ScreenshotBenchmark {
    static func run(binary: String) throws {
        print("\n== PNG screenshots (render --png) ==")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feedframes-bench-png-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // 41 frames: launch, then a scroll and a reply a step through three pages.
        var events = ["\"launch\"", "\"wait 1\""]
        for _ in 0..<13 { events += ["\"scroll by 300\"", "\"wait 1\"", "\"scroll by 10\""] }
        let scenario = #"{ "name": "shots", "preset": "standard", "source": { "total": 200 }, "events": [\#(events.joined(separator: ", "))] }"#
        try Data(scenario.utf8).write(to: folder.appendingPathComponent("shots.json"))
        func render(_ arguments: [String], environment: [String: String] = [:]) throws -> (seconds: Double, pngs: Int) {
            let out = folder.appendingPathComponent("out-\(UUID().uuidString.prefix(6))")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["render", folder.appendingPathComponent("shots.json").path, "--out", out.path] + arguments
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let start = Date()
            try process.run()
            process.waitUntilExit()
            let seconds = Date().timeIntervalSince(start)
            let pngs = ((try? FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("shots").path)) ?? [])
                .filter { $0.hasSuffix(".png") }.count
            return (seconds, pngs)
        }
        let plain = try render(["--jobs", "1"])
        let one = try render(["--png", "--jobs", "1"])
        guard one.pngs > 0 else { return print("  skipped: no PNGs written (chromium and chromedriver are needed)") }
        let two = try render(["--png", "--jobs", "2"])
        let launch = try render(["--png", "--jobs", "1"], environment: ["FEEDFRAMES_PNG": "launch"])
        func rate(_ run: (seconds: Double, pngs: Int)) -> Double { Double(run.pngs) / max(0.001, run.seconds - plain.seconds) }
        print(String(format: "  %d frames; the render alone %.2f s (subtracted below)", one.pngs, plain.seconds))
        print(String(format: "  one launch a frame:          %6.1f frames/s  (%.1f s)", rate(launch), launch.seconds))
        print(String(format: "  one session, --jobs 1:       %6.1f frames/s  (%.1f s)  %.1f× the launches", rate(one), one.seconds, rate(one) / rate(launch)))
        print(String(format: "  two sessions, --jobs 2:      %6.1f frames/s  (%.1f s)  %.1f× the launches, %.2f× one session",
                     rate(two), two.seconds, rate(two) / rate(launch), rate(two) / rate(one)))
    }
}
