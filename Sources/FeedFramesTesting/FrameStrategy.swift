import FeedScenario
import FrameDiff
import FrameRendering

/// One file format a snapshot test writes and compares per frame, as a
/// value: how a frame becomes bytes, and how two versions are compared (in
/// the spirit of swift-snapshot-testing's `Snapshotting` and `Diffing`).
///
/// `.text` and `.json` are the default pair: the text frame shows what a
/// person sees, the JSON what a tool checks. Make your own to snapshot part
/// of a frame, e.g. only the header and footer states:
///
/// ```swift
/// FrameStrategy(pathExtension: "states.txt", diffing: .lines()) { frame, _ in
///     Array("\(frame.layout.header.state) \(frame.layout.footer.state)\n".utf8)
/// }
/// ```
public struct FrameStrategy: Sendable {
    /// The part of the file name after `NNNN.`; unique among the strategies of one test.
    public var pathExtension: String
    public var diffing: FileDiffing
    /// Renders one frame; an error fails the test with its description.
    public var render: @Sendable (Frame, FrameResources) throws -> [UInt8]

    public init(pathExtension: String, diffing: FileDiffing,
                render: @escaping @Sendable (Frame, FrameResources) throws -> [UInt8]) {
        self.pathExtension = pathExtension
        self.diffing = diffing
        self.render = render
    }

    /// `NNNN.txt`, the text frame drawn by `frame.txt`, compared as a unified line diff.
    public static let text = FrameStrategy(pathExtension: "txt", diffing: .textFrame()) { frame, renderer in
        try renderer.templates.textBytes(of: frame, in: renderer.context, cells: renderer.cells)
    }

    /// `NNNN.json`, the frame's layout (SPEC §6), compared by key path.
    public static let json = FrameStrategy(pathExtension: "json", diffing: .json) { frame, renderer in
        FrameJSON.bytes(of: frame, in: renderer.context, cells: renderer.cells)
    }

    /// `NNNN.html`, validated against `frame.rng` and the layout as `render` does, compared by lines.
    public static let html = FrameStrategy(pathExtension: "html", diffing: .lines()) { frame, renderer in
        let html = try renderer.templates.htmlBytes(of: frame, in: renderer.context, cells: renderer.cells)
        let issues = renderer.validator.validate(html, file: FrameFormat.html.fileName(frame: frame.number),
                                                 expected: FrameExpectation(frame.layout))
        if !issues.isEmpty { throw FrameValidationError(issues: issues.map(\.description)) }
        return html
    }
}
