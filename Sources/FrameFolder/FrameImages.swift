import Foundation
import JSONText

/// Names the images beside a scenario's frames in its `frames.json` and `frames.js`:
/// `"png"` for a frame whose screenshot exists, and `"gif"` (the scenario's animation) with
/// `"gifDelay"` (the seconds the frame shows in it, see `Playback`) when one was written.
///
/// The lists are written as the frames are, before any screenshot is taken, so they are
/// rewritten afterwards, and only when there are images: a folder without them keeps its
/// lists byte for byte. Each entry is one line (see `FrameList.append`).
public enum FrameImages {
    /// A frame as its list names it, and its screenshot if that exists.
    public struct Entry: Sendable {
        public var time: Double
        public var png: String?
        /// What caused the frame (a fling's frames are resampled, see `Playback`).
        public var cause = ""
    }

    /// The PNG beside a frame: `0003.png` for `0003.html`.
    public static func png(of files: [String]) -> String? {
        files.first { $0.hasSuffix(".html") }.map { String($0.dropLast(5)) + ".png" }
    }

    /// The frames of a list's lines, in order, with the PNGs that `exists` finds.
    public static func entries(_ lines: [String], exists: (String) -> Bool) -> [Entry] {
        lines.compactMap(object).map { object in
            let png = png(of: object["files"].flatMap(\.strings) ?? [])
            return Entry(time: object["time"].flatMap(\.number) ?? 0, png: png.flatMap { exists($0) ? $0 : nil },
                         cause: object["cause"].flatMap(\.stringValue) ?? "")
        }
    }

    /// The seconds each frame with a PNG shows in the animation (`nil` for the others):
    /// played as the frames that are in it, so a frame whose shot failed is skipped, not held.
    public static func gifDelays(_ entries: [Entry]) -> [Int?] {
        let shot = entries.filter { $0.png != nil }
        var delays = Playback.gifDelays(shot.map(\.time), causes: shot.map(\.cause)).makeIterator()
        return entries.map { $0.png == nil ? nil : delays.next() ?? nil }
    }

    /// Each entry of `frames.json`'s lines with its images; lines that are not entries as they are.
    /// - Parameters:
    ///   - gif: the animation's file name, if one was written.
    ///   - exists: whether a file beside the list exists (the PNGs are looked up by it).
    public static func linked(_ lines: [String], gif: String?, exists: (String) -> Bool) -> [String] {
        let found = entries(lines, exists: exists)
        let delays = gifDelays(found)
        var result = lines
        var position = 0
        for index in lines.indices {
            guard var object = object(lines[index]) else { continue }
            defer { position += 1 }
            guard let png = found[position].png else { continue }
            object["png"] = .string(png)
            if let gif, let delay = delays[position] {
                object["gif"] = .string(gif)
                object["gifDelay"] = .number(Double(delay) / 100)
            }
            result[index] = "  " + JSONWriter.string(.object(object)) + (lines[index].hasSuffix(",") ? "," : "")
        }
        return result
    }

    /// The lines of `frames.json` in the folder `writer` is filling.
    /// - Parameter folder: the subfolder the list is in (a preview row's), or `""`.
    public static func lines(in writer: FrameWriter, folder: String = "") throws(OutputError) -> [String] {
        let file = folder.isEmpty ? "frames.json" : folder + "/frames.json"
        guard let bytes = FileManager.default.contents(atPath: writer.temporary.appendingPathComponent(file).path) else {
            throw OutputError(path: writer.target.appendingPathComponent(file).path, message: "cannot read it back to link the images")
        }
        return String(decoding: bytes, as: UTF8.self).components(separatedBy: "\n")
    }

    /// `frames.json` and `frames.js` in the folder `writer` is filling, rewritten with their images.
    /// - Parameters:
    ///   - folder: the subfolder the list is in (a preview row's), or `""`.
    ///   - exists: whether a file in that folder exists.
    public static func link(in writer: FrameWriter, folder: String = "", gif: String?, exists: (String) -> Bool) throws(OutputError) {
        let prefix = folder.isEmpty ? "" : folder + "/"
        let lines = linked(try lines(in: writer, folder: folder), gif: gif, exists: exists)
        try writer.write(lines.joined(separator: "\n"), to: prefix + "frames.json")
        // frames.js holds the same entries between its own first and last lines.
        let entries = lines.filter { $0.hasPrefix("  {") }.joined(separator: "\n")
        try writer.write("window.FEEDFRAMES = [\n" + entries + "\n];\n", to: prefix + "frames.js")
    }

    /// The entry on `line`, if it is one (`  {…}` with or without its comma).
    private static func object(_ line: String) -> JSONObject? {
        guard line.hasPrefix("  {") else { return nil }
        let text = line.hasSuffix(",") ? String(line.dropLast()) : line
        guard let node = try? JSONParser.parse(text), case .object(let object) = node.plain else { return nil }
        return object
    }
}

private extension JSONValue {
    var number: Double? { if case .number(let value) = self { value } else { nil } }
    var strings: [String]? {
        guard case .array(let values) = self else { return nil }
        return values.compactMap { if case .string(let value) = $0 { value } else { nil } }
    }
}
