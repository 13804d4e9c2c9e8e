import Foundation

/// A folder of frames on disk: the I/O edge of the pure comparisons, and of `validate`.
public struct FrameDirectory: FrameFiles, Sendable {
    public let url: URL
    public let fileNames: [String]

    /// Lists the frame files directly in `url` (hidden files and subfolders are not frames).
    public init(url: URL) {
        self.url = url
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        fileNames = names.filter { !$0.hasPrefix(".") && FrameFileName.number(of: $0) != nil }.filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }
    }

    public func contents(of name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: url.appendingPathComponent(name).path).map(Array.init)
    }

    /// What a folder holds, to tell a scenario's frames from an output folder of scenarios.
    public enum Kind: Hashable, Sendable {
        /// Frame files or a `frames.json`: one scenario's frames.
        case scenario
        /// Subfolders that hold frames, by name (`render --out` writes these).
        case output(scenarios: [String])
        /// Nothing that looks like frames.
        case empty
    }

    /// - Returns: `nil` when `url` is not a folder.
    public static func kind(of url: URL) -> Kind? {
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        guard files.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
        if !FrameDirectory(url: url).fileNames.isEmpty || files.fileExists(atPath: url.appendingPathComponent("frames.json").path) {
            return .scenario
        }
        let names = ((try? files.contentsOfDirectory(atPath: url.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        let scenarios = names.filter { name in
            let child = url.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard files.fileExists(atPath: child.path, isDirectory: &isFolder), isFolder.boolValue else { return false }
            return !FrameDirectory(url: child).fileNames.isEmpty
                || files.fileExists(atPath: child.appendingPathComponent("frames.json").path)
        }
        return scenarios.isEmpty ? .empty : .output(scenarios: scenarios)
    }
}
