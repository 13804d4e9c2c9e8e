import FeedEngine
import FeedScenario
import FrameFolder
import Foundation
import JSONText

/// `feedframes review DIR --out OUT`: the snapshot references recorded under `DIR`
/// (every `__Snapshots__` folder, as `assertFrames`, `expectFrames` and the
/// swift-snapshot-testing strategy leave them) as folders a reviewer steps through
/// in the viewer, with `OUT/index.html` linking them all.
///
/// Each reference folder becomes one scenario folder, `OUT/<TestFile>.<test>/`, laid
/// out as `render` lays out a scenario's (its frame files copied as they are,
/// `frames.json`, `scenario.json` and the viewer), so the same index and viewer serve
/// both, and it is written by the same rules: all folders or none, only over folders
/// FeedFrames wrote.
public struct ReferenceReview {
    /// One recorded reference.
    public struct Reference: Hashable, Sendable {
        /// Its folder in `OUT`: `ListTests.testPaging`.
        public var name: String
        public var folder: URL
        /// Its path below the reviewed folder, for the summary line.
        public var path: String
        /// Frame files by frame number: `NNNN.txt`, `NNNN.json`, `NNNN.html`…
        public var frames: [(number: Int, files: [String])] {
            let names = FrameDirectory(url: folder).fileNames
            let numbers = Set(names.compactMap(FrameFileName.number(of:))).sorted()
            return numbers.map { number in (number, names.filter { FrameFileName.number(of: $0) == number }.sorted()) }
        }

        public static func == (a: Reference, b: Reference) -> Bool { a.name == b.name && a.folder == b.folder }
        public func hash(into hasher: inout Hasher) { hasher.combine(folder) }
    }

    let templates: FrameTemplates
    let out: URL
    let shownOut: String

    public init(templates: FrameTemplates, out: URL, shownOut: String) {
        self.templates = templates
        self.out = out
        self.shownOut = shownOut
    }

    /// The reference folders below `root`: folders inside a `__Snapshots__` folder that
    /// hold frame files, sorted by path. Build folders (`.build`) and hidden folders are
    /// not searched. A reference's name is `<TestFile>.<test>`; when two test targets
    /// have a test file of the same name, the folder above `__Snapshots__` (the target's)
    /// goes first in the names of all of that file's references.
    /// swift-snapshot-testing's own references (`testPaging.1.txt`, one file for a
    /// whole scenario) are not frame folders and are not listed.
    /// - Complexity: O(files below `root`).
    public static func references(under root: URL) -> [Reference] {
        var found: [(folder: URL, parts: [String])] = []
        let files = FileManager.default
        func visit(_ folder: URL, parts: [String], inside: Bool) {
            let names = ((try? files.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
            if inside && !FrameDirectory(url: folder).fileNames.isEmpty { found.append((folder, parts)) }
            for name in names where !name.hasPrefix(".") {
                let child = folder.appendingPathComponent(name)
                var isFolder: ObjCBool = false
                guard files.fileExists(atPath: child.path, isDirectory: &isFolder), isFolder.boolValue,
                      (try? files.destinationOfSymbolicLink(atPath: child.path)) == nil else { continue }
                visit(child, parts: parts + [name], inside: inside || name == "__Snapshots__")
            }
        }
        visit(root.standardizedFileURL, parts: [], inside: false)
        // (folder above `__Snapshots__`, test file, test) for each reference.
        let split = found.map { folder, parts -> (target: String, below: [String]) in
            let snapshots = parts.lastIndex(of: "__Snapshots__") ?? 0
            return (snapshots > 0 ? parts[snapshots - 1] : "", Array(parts[(snapshots + 1)...]))
        }
        // A test file whose name two targets share: every reference of it gets its target first.
        var targets: [String: Set<String>] = [:]
        for (target, below) in split { targets[below.first ?? "", default: []].insert(target) }
        let references = zip(found, split).map { found, split -> Reference in
            let shared = (targets[split.below.first ?? ""]?.count ?? 0) > 1 && !split.target.isEmpty
            return Reference(name: Self.name(shared ? [split.target] + split.below : split.below), folder: found.folder,
                             path: found.parts.joined(separator: "/"))
        }
        return references
    }

    /// `["ListTests", "testPaging"]` → `ListTests.testPaging`, with characters a folder
    /// name may not hold replaced by `_`, and cut to `FolderName.maxLength` characters and `maxBytes` bytes.
    static func name(_ parts: [String]) -> String {
        let joined = parts.joined(separator: ".")
        let kept = String(joined.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "_" }).drop { $0 == "." }
        let name = FolderName.cut(String(kept))
        return name.isEmpty ? "_" : name
    }

    /// Writes every reference into `OUT/<name>/`, then `OUT/index.html`; nothing is
    /// committed unless every folder was written.
    /// - Returns: the number of frames.
    /// - Throws: `.names` for names that clash or cannot be folders, `.render` for a
    ///   folder that cannot be written (one FeedFrames did not write is in the way).
    public func write(_ references: [Reference], progress: (String) -> Void = { _ in }) throws(OutputRenderError) -> Int {
        try OutputRender.checkFolderNames(references.map(\.name), kind: "references") { "reference \(references[$0].path): " }
        var frames = 0
        do throws(RenderError) {
            try OutputIndex.update(out, templates: templates, repairOnly: true)
            var writers: [FrameWriter] = []
            do throws(OutputError) {
                for reference in references {
                    writers.append(try FrameWriter(target: out.appendingPathComponent(reference.name), kind: .scenario))
                }
            } catch { throw .output(error) }
            for (number, (reference, writer)) in zip(references, writers).enumerated() {
                frames += try write(reference, into: writer)
                progress("[\(number + 1)/\(references.count)] \(reference.name)")
            }
            do throws(OutputError) {
                for writer in writers { try writer.commit() }
            } catch { throw .output(error) }
            try OutputIndex.update(out, templates: templates)
        } catch { throw .render(error) }
        return frames
    }

    /// One reference: its frame files as they are, the frame list, `scenario.json`, the viewer.
    private func write(_ reference: Reference, into writer: FrameWriter) throws(RenderError) -> Int {
        let frames = reference.frames
        var largest = Viewport(width: 0, height: 0)
        var locale = "en"
        var formats: Set<FrameFormat> = []
        var list = try output { () throws(OutputError) in try FrameList(writer) }
        for (number, names) in frames {
            var files: [(name: String, bytes: [UInt8])] = []
            for name in names {
                let path = reference.folder.appendingPathComponent(name).path
                guard let bytes = FileManager.default.contents(atPath: path).map(Array.init) else {
                    throw .output(OutputError(path: path, message: "cannot be read"))
                }
                try output { () throws(OutputError) in try writer.write(bytes, to: name) }
                files.append((name, bytes))
                if let format = FrameFormat.allCases.first(where: { $0.fileExtension == FrameFileName.pathExtension(of: name) }) {
                    formats.insert(format)
                }
            }
            let about = Self.about(files)
            largest = Viewport(width: max(largest.width, about.viewport.width), height: max(largest.height, about.viewport.height))
            if let frameLocale = about.locale { locale = frameLocale }
            try output { () throws(OutputError) in try list.append(frame: number, time: about.time, cause: about.cause, files: files) }
        }
        try output { () throws(OutputError) in try list.close() }
        let summary = "\(reference.path): \(frames.count) recorded frame\(frames.count == 1 ? "" : "s")"
        let scenario = ScenarioSummary(name: reference.name, preset: "reference", summary: summary, frames: frames.count)
        let ordered = FrameFormat.allCases.filter(formats.contains)
        let about = scenario.bytes(locale: locale, formats: ordered.map(\.rawValue))
        try output { () throws(OutputError) in try writer.write(about, to: "scenario.json") }
        let page = ViewerPage.page(ViewerHeading(name: reference.name, summary: summary, locale: locale), frames: frames.count,
                                   largest: largest.width > 0 ? largest : Viewport.standard, formats: ordered)
        let html = try templates.render(page, file: (shownOut as NSString).appendingPathComponent(reference.name) + "/index.html")
        try output { () throws(OutputError) in try writer.write(html, to: "index.html") }
        return frames.count
    }

    /// `body`'s output error as a render error.
    private func output<T>(_ body: () throws(OutputError) -> T) throws(RenderError) -> T {
        do throws(OutputError) { return try body() } catch { throw .output(error) }
    }

    /// A frame's time, cause, viewport and locale: from its JSON frame (SPEC §6), else from
    /// its text frame's first line (`frame 2 · t=1s · wait 1 → reply 1: …`).
    static func about(_ files: [(name: String, bytes: [UInt8])]) -> (time: Double, cause: String, viewport: Viewport, locale: String?) {
        if let json = files.first(where: { FrameFileName.pathExtension(of: $0.name) == "json" }),
           let node = try? JSONParser.parse(json.bytes) {
            let width = node.member("viewport")?.value.member("width")?.value.doubleValue ?? 0
            let height = node.member("viewport")?.value.member("height")?.value.doubleValue ?? 0
            return (node.member("time")?.value.doubleValue ?? 0, node.member("cause")?.value.stringValue ?? "",
                    Viewport(width: width, height: height), node.member("locale")?.value.stringValue)
        }
        if let text = files.first(where: { FrameFileName.pathExtension(of: $0.name) == "txt" }) {
            let first = String(decoding: text.bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
            let parts = first.components(separatedBy: " · ")
            if parts.count >= 3, parts[1].hasPrefix("t="), parts[1].hasSuffix("s") {
                let time = Double(parts[1].dropFirst(2).dropLast()) ?? 0
                return (time, parts[2...].joined(separator: " · "), Viewport(width: 0, height: 0), nil)
            }
        }
        return (0, "", Viewport(width: 0, height: 0), nil)
    }
}
