import FrameFolder
import Foundation

/// Graphviz's `dot`, when installed: an SVG from a DOT file. Optional, so a
/// missing or failing `dot` only means no SVG, and the report links none.
public struct Graphviz: Sendable {
    /// The `dot` to run; `nil` when there is none.
    public var executable: String?

    public init(executable: String?) {
        self.executable = executable
    }

    /// `dot` on the PATH, if any.
    public static var onPath: Graphviz {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/dot"
            if FileManager.default.isExecutableFile(atPath: candidate) { return Graphviz(executable: candidate) }
        }
        return Graphviz(executable: nil)
    }

    /// Runs `dot -Tsvg`; `true` when the SVG was written.
    public func svg(from dotFile: String, to svgFile: String) -> Bool {
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
        return process.terminationStatus == 0 && FileManager.default.fileExists(atPath: svgFile)
    }
}
