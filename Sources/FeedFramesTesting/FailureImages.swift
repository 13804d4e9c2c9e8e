import FrameDiff
import FrameFolder
import FrameImaging
import Foundation

/// The images of a failed snapshot test's report, when Chromium is there: each
/// changed HTML frame's screenshot, expected beside actual, and with ImageMagick a GIF of each whole
/// run. Only tests that snapshot HTML (`.html` among the strategies) have frames to draw; without the
/// tools, or with `FEEDFRAMES_REPORT_IMAGES=0`, the report is as before. The images go into the
/// report's temporary folder, so they appear with it or not at all.
enum FailureImages {
    static let environmentVariable = "FEEDFRAMES_REPORT_IMAGES"

    /// - Parameters:
    ///   - writer: the report's writer, its page and copied frames written.
    ///   - reference, actual: the two folders compared.
    /// - Returns: the images made, or `nil` when none could be (then why, for the message).
    static func make(in writer: FrameWriter, reference: String, actual: String) -> Result<DiffImages, Skipped> {
        if ["0", "off", "no"].contains(ProcessInfo.processInfo.environment[environmentVariable] ?? "") { return .failure(.off) }
        let root = writer.temporary
        let copied = subfolders(of: root.appendingPathComponent("frames"), depth: 2)
        let runs = [("expected", reference), ("actual", actual)].filter { !htmlFrames(in: URL(fileURLWithPath: $0.1)).isEmpty }
        guard !copied.isEmpty || !runs.isEmpty else { return .failure(.noHTML) }
        guard let screenshots = Screenshots(jobs: 2), screenshots.keepsBrowsers else { return .failure(.noBrowser) }
        defer { screenshots.close() }
        let size = viewport(in: URL(fileURLWithPath: actual))
        for folder in copied { _ = screenshots.shoot(folder: folder, width: size.width, height: size.height) { _, _ in } }
        var animations: [(side: String, file: String)] = []
        if let magick = try? ImageMagick.find() {
            for (side, source) in runs {
                let folder = "frames/run/\(side)"
                let target = root.appendingPathComponent(folder)
                let pages = htmlFrames(in: URL(fileURLWithPath: source))
                guard (try? FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)) != nil else { continue }
                for page in pages { try? FileManager.default.copyItem(at: page, to: target.appendingPathComponent(page.lastPathComponent)) }
                let fonts = URL(fileURLWithPath: source).appendingPathComponent("fonts")
                try? FileManager.default.copyItem(at: fonts, to: target.appendingPathComponent("fonts"))
                _ = screenshots.shoot(folder: target, width: size.width, height: size.height) { _, _ in }
                let shot = pages.map { "\(folder)/\($0.deletingPathExtension().lastPathComponent).png" }
                    .filter { FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path) }
                let times = shot.map { time(of: URL(fileURLWithPath: source).appendingPathComponent(
                    URL(fileURLWithPath: $0).deletingPathExtension().appendingPathExtension("json").lastPathComponent)) }
                guard !shot.isEmpty else { continue }
                let frames = zip(shot, Playback.gifDelays(times.enumerated().map { $0.element ?? Double($0.offset) })).map { (png: $0, delay: $1) }
                if (try? magick.gif(frames, named: "\(side).gif", in: root)) != nil { animations.append((side, "\(side).gif")) }
            }
        }
        let path = root.path
        return .success(DiffImages(exists: { FileManager.default.fileExists(atPath: path + "/" + $0) }, animations: animations))
    }

    /// Why a report has no images.
    enum Skipped: Error, CustomStringConvertible {
        case off, noHTML, noBrowser
        var description: String {
            switch self {
            case .off: "\(FailureImages.environmentVariable)=0"
            case .noHTML: "no HTML frames (add .html to the strategies for images)"
            case .noBrowser: "chromium not found (apt-get install chromium)"
            }
        }
    }

    /// `NNNN.html` in `folder`, in order.
    static func htmlFrames(in folder: URL) -> [URL] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { FrameFileName.number(of: $0) != nil && $0.hasSuffix(".html") }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// The folders `depth` levels under `folder` (`frames/<section>/<side>`).
    static func subfolders(of folder: URL, depth: Int) -> [URL] {
        guard depth > 0 else { return [folder] }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        return names.flatMap { name -> [URL] in
            let child = folder.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: child.path, isDirectory: &isFolder), isFolder.boolValue else { return [] }
            return subfolders(of: child, depth: depth - 1)
        }
    }

    /// The viewport of the folder's first JSON frame, else the standard 375 × 667.
    static func viewport(in folder: URL) -> (width: Double, height: Double) {
        let first = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { FrameFileName.number(of: $0) != nil && $0.hasSuffix(".json") }.sorted().first
        guard let first, let data = FileManager.default.contents(atPath: folder.appendingPathComponent(first).path),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let viewport = object["viewport"] as? [String: Any],
              let width = (viewport["width"] as? NSNumber)?.doubleValue, let height = (viewport["height"] as? NSNumber)?.doubleValue
        else { return (375, 667) }
        return (width, height)
    }

    /// A JSON frame's virtual time, if the file is there.
    static func time(of json: URL) -> Double? {
        guard let data = FileManager.default.contents(atPath: json.path),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return (object["time"] as? NSNumber)?.doubleValue
    }
}
