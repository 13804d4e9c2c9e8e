import FrameFolder
import Foundation

/// `--gif`'s animation of a folder of frames (a scenario's, a preview row's): the PNGs its
/// `frames.json` lists, in order, each for its `Playback` time, looping.
public enum Animation {
    /// Writes `<name>.gif` beside the frames in `folder` (`""` for the writer's own folder).
    /// - Returns: the GIF's file name, or `nil` when no frame has a PNG.
    public static func write(named name: String, folder: String = "", in writer: FrameWriter, with magick: ImageMagick,
                      exists: (String) -> Bool) throws(ImageMagick.Failure) -> String? {
        guard let lines = try? FrameImages.lines(in: writer, folder: folder) else { return nil }
        let entries = FrameImages.entries(lines, exists: exists)
        let frames = zip(entries, FrameImages.gifDelays(entries)).compactMap { entry, delay in
            entry.png.flatMap { png in delay.map { (png: png, delay: $0) } }
        }
        guard !frames.isEmpty else { return nil }
        let gif = name + ".gif"
        try magick.gif(frames, named: gif, in: folder.isEmpty ? writer.temporary : writer.temporary.appendingPathComponent(folder))
        return gif
    }
}
