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
        // A long scenario for the sessions (their start-up amortised as in a real run), a short one for
        // the launches (a second a frame): each scroll and each reply is a frame.
        func scenario(_ name: String, scrolls: Int) throws {
            var events = ["\"launch\"", "\"wait 1\""]
            for step in 0..<scrolls { events += ["\"scroll by 60\""] + (step % 8 == 7 ? ["\"wait 1\""] : []) }
            let text = #"{ "name": "\#(name)", "preset": "standard", "source": { "total": 400 }, "events": [\#(events.joined(separator: ", "))] }"#
            try Data(text.utf8).write(to: folder.appendingPathComponent("\(name).json"))
        }
        try scenario("shots", scrolls: 150)
        try scenario("few", scrolls: 20)
        func render(_ arguments: [String], scenario name: String = "shots", environment: [String: String] = [:]) throws -> (seconds: Double, pngs: Int) {
            let out = folder.appendingPathComponent("out-\(UUID().uuidString.prefix(6))")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["render", folder.appendingPathComponent("\(name).json").path, "--out", out.path] + arguments
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let start = Date()
            try process.run()
            process.waitUntilExit()
            let seconds = Date().timeIntervalSince(start)
            let pngs = ((try? FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent(name).path)) ?? [])
                .filter { $0.hasSuffix(".png") }.count
            return (seconds, pngs)
        }
        let plain = try render(["--jobs", "1"])
        let plainFew = try render(["--jobs", "1"], scenario: "few")
        let one = try render(["--png", "--jobs", "1"])
        guard one.pngs > 0 else { return print("  skipped: no PNGs written (chromium and chromedriver are needed)") }
        let two = try render(["--png", "--jobs", "2"])
        let launch = try render(["--png", "--jobs", "1"], scenario: "few", environment: ["FEEDFRAMES_PNG": "launch"])
        func rate(_ run: (seconds: Double, pngs: Int), base: Double? = nil) -> Double { Double(run.pngs) / max(0.001, run.seconds - (base ?? plain.seconds)) }
        let launchRate = rate(launch, base: plainFew.seconds)
        print(String(format: "  %d frames for the sessions (the render alone %.2f s, subtracted), %d for the launches", one.pngs, plain.seconds, launch.pngs))
        print(String(format: "  one launch a frame:          %6.1f frames/s  (%.1f s)", launchRate, launch.seconds))
        print(String(format: "  one session, --jobs 1:       %6.1f frames/s  (%.1f s, browser start included)  %.1f× the launches", rate(one), one.seconds, rate(one) / launchRate))
        print(String(format: "  two sessions, --jobs 2:      %6.1f frames/s  (%.1f s)  %.1f× the launches, %.2f× one session",
                     rate(two), two.seconds, rate(two) / launchRate, rate(two) / rate(one)))
    }
}
