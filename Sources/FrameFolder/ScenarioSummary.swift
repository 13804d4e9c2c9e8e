import Foundation
import JSONText
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `scenario.json`: what a rendered scenario folder says of itself, read by the
/// output index and written by the renderer, through JSONText only.
public struct ScenarioSummary: Hashable, Sendable {
    public var name: String
    public var preset: String
    public var summary: String
    public var frames: Int

    /// Larger `scenario.json` files are not read: FeedFrames writes a few hundred bytes.
    static let maxBytes = 1 << 20

    public init(name: String, preset: String, summary: String, frames: Int) {
        self.name = name
        self.preset = preset
        self.summary = summary
        self.frames = frames
    }

    /// The file's bytes, with the locale and formats the render used.
    public func bytes(locale: String, formats: [String]) -> [UInt8] {
        JSONWriter.bytes([
            "name": .string(name), "summary": .string(summary), "preset": .string(preset),
            "locale": .string(locale), "frames": .number(Double(frames)),
            "formats": .array(formats.map { .string($0) }),
        ], style: .pretty) + [0x0A]
    }

    /// - Returns: `nil` when `folder` holds no readable `scenario.json`.
    public static func read(_ folder: URL) -> ScenarioSummary? {
        let path = folder.appendingPathComponent("scenario.json").path
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= maxBytes,
              let data = FileManager.default.contents(atPath: path),
              let root = try? JSONParser.parse(Array(data)), root.members != nil else { return nil }
        return ScenarioSummary(name: folder.lastPathComponent, preset: root["preset"]?.stringValue ?? "",
                               summary: root["summary"]?.stringValue ?? "", frames: root["frames"]?.intValue ?? 0)
    }
}
