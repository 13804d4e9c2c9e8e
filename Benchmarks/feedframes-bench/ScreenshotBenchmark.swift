import Foundation

/// `render --png`: frames a second with one browser for the whole run and a page a job, over its
/// DevTools pipe (the default), and with a browser a job through chromedriver (`FEEDFRAMES_PNG=webdriver`), against one Chromium launch a
/// frame (`FEEDFRAMES_PNG=launch`), measured in the same run on the same scenario. Needs chromium
/// (and chromedriver for the WebDriver rows); says so and skips when it is missing.
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
        guard one.pngs > 0 else { return print("  skipped: no PNGs written (chromium is needed)") }
        let two = try render(["--png", "--jobs", "2"])
        let webOne = try render(["--png", "--jobs", "1"], environment: ["FEEDFRAMES_PNG": "webdriver"])
        let webTwo = try render(["--png", "--jobs", "2"], environment: ["FEEDFRAMES_PNG": "webdriver"])
        let launch = try render(["--png", "--jobs", "1"], scenario: "few", environment: ["FEEDFRAMES_PNG": "launch"])
        func rate(_ run: (seconds: Double, pngs: Int), base: Double? = nil) -> Double { Double(run.pngs) / max(0.001, run.seconds - (base ?? plain.seconds)) }
        let launchRate = rate(launch, base: plainFew.seconds)
        print(String(format: "  %d frames for the browsers (the render alone %.2f s, subtracted; browser start included), %d for the launches",
                     one.pngs, plain.seconds, launch.pngs))
        print(String(format: "  one launch a frame:                 %6.1f frames/s  (%.1f s)", launchRate, launch.seconds))
        for (label, run) in [("WebDriver session, --jobs 1:", webOne), ("WebDriver sessions, --jobs 2:", webTwo),
                             ("DevTools pipe, one page, --jobs 1:", one), ("DevTools pipe, two pages, --jobs 2:", two)] {
            print(String(format: "  %@ %6.1f frames/s  (%.1f s)  %.1f× the launches", label.padding(toLength: 35, withPad: " ", startingAt: 0),
                         rate(run), run.seconds, rate(run) / launchRate))
        }
        print(String(format: "  DevTools / WebDriver: %.2f× (--jobs 1), %.2f× (--jobs 2); two pages / one: %.2f×",
                     rate(one) / rate(webOne), rate(two) / rate(webTwo), rate(two) / rate(one)))
    }
}
