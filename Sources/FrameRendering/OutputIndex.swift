import FrameFolder
import Foundation
import JSONText
import Mustache
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `OUT/index.html`, the page that links every scenario folder of an output
/// folder (SPEC §6), from the folders on disk, not from one run: a run that
/// renders one scenario keeps the others' links.
///
/// The output folder is the user's (it may hold their own files), so only the
/// index is written there, and an `index.html` FeedFrames did not write is
/// never replaced: one that carries the default template's generator tag, or
/// whose checksum `OUT/.feedframes` recorded when FeedFrames wrote it.
public enum OutputIndex {
    public static let fileName = "index.html"
    /// The tag the default `list.html` carries, telling FeedFrames' index from anyone else's.
    static let generatorTag = Array(#"<meta name="generator" content="FeedFrames""#.utf8)
    /// The heading of the index that versions before the marker wrote.
    static let legacyHeading = Array("<title>FeedFrames</title>".utf8)

    /// The scenario folders of `out`, by name, with what their `scenario.json` says.
    public static func scenarios(in out: URL) -> [ScenarioSummary] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        return names.compactMap { ScenarioSummary.read(out.appendingPathComponent($0)) }
    }

    /// The index page for what `out` holds now.
    /// Each row shows the scenario's animation (`render --gif`) or else its first screenshot
    /// (`--png`), when the folder holds one, linked to the file.
    public static func page(for out: URL) -> Page {
        let rows: [TemplateValue] = scenarios(in: out).map { about in
            var row: [String: TemplateValue] = [
                "name": .string(XMLText.safe(about.name)), "frames": .int(about.frames),
                "preset": .string(XMLText.safe(about.preset)), "summary": .string(XMLText.safe(about.summary)),
            ]
            let folder = out.appendingPathComponent(about.name)
            let image = [about.name + ".gif", FrameFileName.name(frame: 1, extension: "png")]
                .first { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
            if let image {
                row["image"] = .string(XMLText.safe(about.name + "/" + image))
                row["imageKind"] = .string(image.hasSuffix(".gif") ? "animation" : "first frame")
            }
            return .object(row)
        }
        return Page(.list, .object(["scenarios": .list(rows),
                                    "images": .bool(rows.contains { if case .object(let row) = $0 { row["image"] != nil } else { false } })]))
    }

    /// Brings `OUT/index.html` up to date with the folders in `out`: written when it
    /// differs, left alone when it is current or `out` does not exist.
    /// - Parameter repairOnly: only bring an existing index up to date (one that a run
    ///   killed between its folders and its index left stale), never add one: a run
    ///   repairs first, so that even if it then fails, `out` gains nothing new.
    /// - Throws: `.output` when an `index.html` FeedFrames did not write is in the way,
    ///   or the file cannot be written; `.template` or `.page` when `list.html` fails.
    public static func update(_ out: URL, templates: FrameTemplates, repairOnly: Bool = false) throws(RenderError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: out.path, isDirectory: &isFolder), isFolder.boolValue else { return }
        let path = out.appendingPathComponent(fileName).path
        let page = try templates.render(self.page(for: out), file: path)
        let existing = FileManager.default.contents(atPath: path).map(Array.init)
        if existing == page || (repairOnly && existing == nil) { return }
        if let existing, !isOurs(existing, in: out, path: path) {
            throw .output(OutputError(path: path, message: "was not written by FeedFrames; not replacing it "
                                      + "(move it away, or choose another --out)"))
        }
        FrameWriter.removeLeftovers(in: out)
        do throws(OutputError) {
            try AtomicFile.replace(at: path, with: page)
            var marker = FolderMarker.read(in: out.path) ?? FolderMarker(kind: "output")
            marker.files[fileName] = FolderMarker.checksum(of: page)
            try AtomicFile.replace(at: out.appendingPathComponent(FolderMarker.fileName).path, with: marker.bytes)
        } catch { throw .output(error) }
    }

    /// Whether `bytes`, the `index.html` at `path`, is one FeedFrames wrote.
    static func isOurs(_ bytes: [UInt8], in out: URL, path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        if FolderMarker.read(in: out.path)?.files[fileName] == FolderMarker.checksum(of: bytes) { return true }
        return contains(bytes, generatorTag) || contains(bytes, legacyHeading)
    }

    static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard bytes.count >= needle.count, let first = needle.first else { return false }
        var index = 0
        while index <= bytes.count - needle.count {
            if bytes[index] == first && bytes[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}
