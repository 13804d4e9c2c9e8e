import JSONText

/// `frames.json` (SPEC §6), and for the viewer `frames.js` (the same list) and
/// the text frames' contents in `texts-NNNN.js`, written a frame at a time so
/// that 100,000 frames never sit in memory.
///
/// A viewer opened from `file://` may not read the `.txt` files beside it, and
/// a text frame shown in an `<iframe>` cannot be given a font; so the viewer
/// draws each text frame itself, from these scripts, `textsPerFile` frames a
/// file, loading each file when it first shows one of its frames.
public struct FrameList {
    let json: FrameStream
    let script: FrameStream
    /// Unowned, as in `FrameSink`: the caller keeps the writer for the whole render.
    private unowned let writer: FrameWriter
    private var texts: FrameStream?
    /// `""`, or the subfolder the lists go into with its slash (a preview row's, `standard-en/`).
    private let prefix: String
    private var textBytes = 0
    public private(set) var count = 0

    /// Text frames a `texts-NNNN.js` file holds: frames 1–100 are in `texts-0001.js`.
    public static let textsPerFile = 100

    /// `texts-0001.js`: the file holding text frame `frame`.
    public static func textsFile(holding frame: Int) -> String {
        let digits = String((frame - 1) / textsPerFile + 1)
        return "texts-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".js"
    }

    /// - Parameter folder: the subfolder of the writer's folder the frames are in (created
    ///   already, by their files), or `""`; the entries name the files relative to it.
    public init(_ writer: FrameWriter, in folder: String = "") throws(OutputError) {
        self.writer = writer
        prefix = folder.isEmpty ? "" : folder + "/"
        json = try writer.stream(to: prefix + "frames.json")
        script = try writer.stream(to: prefix + "frames.js")
        try json.append("[\n")
        try script.append("window.FEEDFRAMES = [\n")
    }

    /// One frame: `{"frame": 1, "time": 0, "cause": "launch", "files": […]}` on a line of its own,
    /// and its text frame (`NNNN.txt`), if it has one, for the viewer.
    public mutating func append(frame number: Int, time: Double, cause: String,
                                files: [(name: String, bytes: [UInt8])]) throws(OutputError) {
        let entry: JSONValue = ["frame": .number(Double(number)), "time": .number(time),
                                "cause": .string(cause), "files": .array(files.map { .string($0.name) })]
        let line = (count == 0 ? [] : Array(",\n".utf8)) + Array("  ".utf8) + JSONWriter.bytes(entry)
        try json.append(line)
        try script.append(line)
        count += 1
        if let text = files.first(where: { FrameFileName.pathExtension(of: $0.name) == "txt" }) {
            try appendText(text.bytes, of: number)
        }
    }

    /// `window.FEEDFRAMES_TEXTS(101, ["…", …]);`: the frame number of the file's first text, then the texts.
    private mutating func appendText(_ bytes: [UInt8], of frame: Int) throws(OutputError) {
        let first = (frame - 1) % Self.textsPerFile == 0
        if first || texts == nil {
            try closeTexts()
            let stream = try writer.stream(to: prefix + Self.textsFile(holding: frame))
            try stream.append("window.FEEDFRAMES_TEXTS(\(frame), [\n")
            texts = stream
        } else {
            try texts?.append(",\n")
        }
        try texts?.append(JSONWriter.bytes(.string(String(decoding: bytes, as: UTF8.self))))
    }

    private mutating func closeTexts() throws(OutputError) {
        guard let texts else { return }
        try texts.append("\n]);\n")
        try texts.close()
        textBytes += texts.count
        self.texts = nil
    }

    public mutating func close() throws(OutputError) {
        try json.append("\n]\n")
        try script.append("\n];\n")
        try json.close()
        try script.close()
        try closeTexts()
    }

    public var bytes: Int { json.count + script.count + textBytes }
}
