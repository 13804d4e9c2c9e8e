import Foundation

/// `render --png`: a PNG screenshot beside each HTML frame, taken by headless
/// Chromium when it is installed. Nothing else depends on it, so a missing
/// browser or a failed shot is a note, not an error.
struct Screenshots {
    let browser: String

    /// Chromium on the PATH, if any.
    init?() {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            for name in ["chromium", "chromium-browser", "google-chrome"] {
                let candidate = "\(folder)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) {
                    browser = candidate
                    return
                }
            }
        }
        return nil
    }

    /// Shoots every `NNNN.html` in `folder` into `NNNN.png`; returns how many were written.
    func shoot(folder: URL, width: Double, height: Double, progress: (Int, Int) -> Void) -> Int {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".html") && $0 != "index.html" }.sorted()
        var written = 0
        for (number, name) in names.enumerated() {
            progress(number + 1, names.count)
            let page = folder.appendingPathComponent(name)
            let png = page.deletingPathExtension().appendingPathExtension("png")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: browser)
            process.arguments = ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                 "--force-device-scale-factor=1", "--window-size=\(Int(width) + 32),\(Int(height) + 32)",
                                 "--screenshot=\(png.path)", page.absoluteString]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { continue }
            let deadline = Date().addingTimeInterval(30)
            while process.isRunning && Date() < deadline { usleep(20_000) }
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            if FileManager.default.fileExists(atPath: png.path) { written += 1 }
        }
        return written
    }
}
