import FrameFolder
import FeedEngine
import Mustache

/// What a viewer says about the frames it steps through.
public struct ViewerHeading: Hashable, Sendable {
    public var name: String
    public var summary: String
    /// The `lang` of the page (the frames' locale).
    public var locale: String

    public init(name: String, summary: String, locale: String) {
        self.name = name
        self.summary = summary
        self.locale = locale
    }
}

/// The values `index.html`, the viewer beside a folder of frames, is drawn from.
///
/// The viewer shows only the panes whose files exist: the HTML frame when HTML
/// is written, the text frame when text is, and the JSON frame in the text's
/// place when JSON is written without text. Its frame list is `frames.js` and
/// its text frames come from `texts-NNNN.js` (see `FrameList`); a frame's PNG, and the
/// scenario's GIF, when `frames.js` names them (see `FrameImages`).
public enum ViewerPage {
    public static func page(_ heading: ViewerHeading, frames: Int, largest: Viewport, formats: [FrameFormat]) -> Page {
        let device = DeviceFrame(screen: largest)
        return Page(.viewer, .object([
            "name": .string(XMLText.safe(heading.name)), "summary": .string(XMLText.safe(heading.summary)),
            "lang": .string(XMLText.safe(heading.locale)), "count": .int(frames),
            "frameWidth": .double(largest.width + 32), "frameHeight": .double(largest.height + 32),
            "html": .bool(formats.contains(.html)), "text": .bool(formats.contains(.text)),
            "json": .bool(formats.contains(.json) && !formats.contains(.text)),
            "textsPerFile": .int(FrameList.textsPerFile),
            // The list inside its device: the frame page's 16 pt margin is cropped by the screen.
            "screenWidth": .double(largest.width), "screenHeight": .double(largest.height),
            // The strip's thumbnails without PNGs: the frame itself, scaled to 96 px tall.
            "thumbScale": .double(96 / max(1, largest.height + 32)), "thumbWidth": .double(((largest.width + 32) * 96 / max(1, largest.height + 32)).rounded()),
            "cornerRadius": .double(device.cornerRadius), "bezelRadius": .double(device.homeButton ? 56 : device.cornerRadius + 12),
            "homeButton": .bool(device.homeButton),
            // One play rule for the viewer and --gif (Playback).
            "shortest": .double(Playback.shortest), "longest": .double(Playback.longest),
            "asciiAndWide": .string(TextWidth.unicodeRange([0...0x7F] + TextWidth.wideRanges)),
            "narrow": .string(TextWidth.unicodeRange(TextWidth.narrowRanges)),
        ]))
    }
}
