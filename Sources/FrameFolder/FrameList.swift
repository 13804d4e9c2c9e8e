import JSONText

/// `frames.json` (SPEC §6) and the viewer's `frames.js`, the same list, written a frame at a
/// time so that 100,000 frames never sit in memory.
public struct FrameList {
    let json: FrameStream
    let script: FrameStream
    public private(set) var count = 0

    public init(_ writer: FrameWriter) throws(OutputError) {
        json = try writer.stream(to: "frames.json")
        script = try writer.stream(to: "frames.js")
        try json.append("[\n")
        try script.append("window.FEEDFRAMES = [\n")
    }

    /// One frame: `{"frame": 1, "time": 0, "cause": "launch", "files": […]}` on a line of its own.
    public mutating func append(frame number: Int, time: Double, cause: String, files: [String]) throws(OutputError) {
        let entry: JSONValue = ["frame": .number(Double(number)), "time": .number(time),
                                "cause": .string(cause), "files": .array(files.map { .string($0) })]
        let line = (count == 0 ? [] : Array(",\n".utf8)) + Array("  ".utf8) + JSONWriter.bytes(entry)
        try json.append(line)
        try script.append(line)
        count += 1
    }

    public func close() throws(OutputError) {
        try json.append("\n]\n")
        try script.append("\n];\n")
        try json.close()
        try script.close()
    }

    public var bytes: Int { json.count + script.count }
}

