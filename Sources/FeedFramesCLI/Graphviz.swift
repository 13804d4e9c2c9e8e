import Foundation

/// Graphviz's `dot`, when installed: an SVG from a DOT file. Optional, so a
/// missing or failing `dot` only means no SVG.
enum Graphviz {
    /// `dot` on the PATH, if any.
    static var executable: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/dot"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `dot -Tsvg`; `true` when the SVG was written.
    static func svg(from dotFile: String, to svgFile: String) -> Bool {
        guard let executable else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-Tsvg", dotFile, "-o", svgFile]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return false
        }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
