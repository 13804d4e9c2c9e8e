import FrameImaging
import Foundation

/// `render --gif`: seconds ImageMagick takes to make the animation, per 100 frames, from the PNGs of
/// one `render --png` run (150 frames of the standard list scrolling). The GIF is made as the CLI
/// makes it (`ImageMagick.gif`: per-frame `-delay`, `-loop 0`, `+dither`, `-layers OptimizeFrame`),
/// three times; the best and the median are printed. Skips when Chromium or ImageMagick is missing.
enum GIFBenchmark {
    static func run(binary: String) throws {
        print("\n== GIF animations (render --gif) ==")
        guard let convert = ["/usr/bin/convert", "/usr/local/bin/magick", "/usr/bin/magick"].first(where: ImageMagick.isImageMagick) else {
            return print("  skipped: ImageMagick is not installed (apt-get install imagemagick)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feedframes-bench-gif-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var events = ["\"launch\"", "\"wait 1\""]
        for step in 0..<148 { events += ["\"scroll by 60\""] + (step % 8 == 7 ? ["\"wait 1\""] : []) }
        let text = #"{ "name": "animated", "preset": "standard", "source": { "total": 400 }, "events": [\#(events.joined(separator: ", "))] }"#
        try Data(text.utf8).write(to: folder.appendingPathComponent("animated.json"))
        let out = folder.appendingPathComponent("out")
        _ = try launch(binary, ["render", folder.appendingPathComponent("animated.json").path, "--out", out.path, "--png", "--jobs", "2"], in: folder)
        let frames = out.appendingPathComponent("animated")
        let pngs = ((try? FileManager.default.contentsOfDirectory(atPath: frames.path)) ?? []).filter { $0.hasSuffix(".png") }.sorted()
        guard pngs.count >= 100 else { return print("  skipped: \(pngs.count) PNGs written (chromium and chromedriver are needed)") }
        var arguments = ["-loop", "0", "+dither"]
        for png in pngs { arguments += ["-delay", "25", png] }
        arguments += ["-layers", "OptimizeFrame", "animated.gif"]
        var seconds: [Double] = []
        for _ in 0..<3 { seconds.append(try launch(convert, arguments, in: frames)) }
        seconds.sort()
        let bytes = (try? FileManager.default.attributesOfItem(atPath: frames.appendingPathComponent("animated.gif").path)[.size] as? Int) ?? 0
        print(String(format: "  %d frames (407 × 699 PNGs): best %.2f s, median %.2f s", pngs.count, seconds[0], seconds[1]))
        print(String(format: "  GIF seconds per 100 frames:  %6.2f (best)  %6.2f (median);  %d KB, %.1f KB a frame",
                     seconds[0] * 100 / Double(pngs.count), seconds[1] * 100 / Double(pngs.count), bytes / 1024, Double(bytes) / 1024 / Double(pngs.count)))
    }

    /// Runs a program in `folder`, silently; returns its wall time in seconds.
    static func launch(_ program: String, _ arguments: [String], in folder: URL) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let start = Date()
        try process.run()
        process.waitUntilExit()
        return Date().timeIntervalSince(start)
    }
}
