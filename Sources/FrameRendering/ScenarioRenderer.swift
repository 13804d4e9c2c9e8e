import FeedEngine
import FeedScenario
import JSONText

/// What one scenario's render produced.
public struct RenderReport: Hashable, Sendable {
    public var name: String
    public var frames: Int
    public var bytes: Int
}

/// Runs a scenario and writes each frame in the chosen formats, plus
/// `frames.json`, into a `FrameWriter`'s folder.
public struct ScenarioRenderer {
    public var formats: [FrameFormat]

    public init(formats: [FrameFormat] = FrameFormat.allCases) {
        self.formats = formats
    }

    /// - Complexity: O(frames × visible rows); memory holds one frame at a
    ///   time plus the small list for `frames.json`.
    public func render(_ scenario: Scenario, into writer: FrameWriter,
                       progress: (Int) -> Void = { _ in }) throws(OutputError) -> RenderReport {
        var runner = ScenarioRunner(state: scenario.initialState, source: scenario.source.makeSource())
        var entries: [JSONValue] = []
        var bytes = 0
        do {
            try runner.run(scenario.steps) { frame throws(OutputError) in
                var files: [JSONValue] = []
                for format in formats {
                    let name = format.fileName(frame: frame.number)
                    let content: [UInt8]
                    switch format {
                    case .json: content = FrameJSON.bytes(of: frame)
                    case .html, .text: continue
                    }
                    try writer.write(content, to: name)
                    bytes += content.count
                    files.append(.string(name))
                }
                entries.append(["frame": .number(Double(frame.number)), "time": .number(frame.time),
                                "cause": .string(frame.cause), "files": .array(files)])
                progress(frame.number)
            }
        } catch let error as OutputError {
            throw error
        } catch {
            throw OutputError(path: writer.target.path, message: "\(error)")
        }
        let list = JSONWriter.bytes(.array(entries), style: .pretty) + [0x0A]
        try writer.write(list, to: "frames.json")
        bytes += list.count
        return RenderReport(name: scenario.name, frames: entries.count, bytes: bytes)
    }
}
