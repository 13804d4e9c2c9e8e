import FrameFolder

/// The files a frame can be written as (SPEC §6).
public enum FrameFormat: String, CaseIterable, Hashable, Sendable {
    /// XHTML that is also HTML5, for people and browsers.
    case html
    /// A plain-text drawing of the screen, for diffs.
    case text
    /// The layout, for tools.
    case json

    public var fileExtension: String {
        switch self {
        case .html: return "html"
        case .text: return "txt"
        case .json: return "json"
        }
    }

    /// `0004.json` for frame 4.
    public func fileName(frame number: Int) -> String { FrameFileName.name(frame: number, extension: fileExtension) }
}
