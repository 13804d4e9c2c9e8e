import Foundation

/// Copies of built-in files for a team to edit (`demos --export`, `presets --export`):
/// each written whole, and never over a copy someone edited.
///
/// `DIR/.feedframes` records the checksum of each file written, so an untouched
/// copy (replaced freely) is told from an edited one or a file FeedFrames did not
/// write (kept, unless `force`). Every file is checked before any is written.
public enum FileExport {
    /// - Parameter kind: the marker's kind (`demos`, `presets`).
    /// - Throws: the first file that is in the way, or why the folder cannot be written.
    /// - Complexity: O(total size of the files).
    public static func write(_ files: [(name: String, bytes: [UInt8])], to folder: String, kind: String, force: Bool) throws(OutputError) {
        let url = URL(fileURLWithPath: folder)
        var marker = FolderMarker.read(in: folder) ?? FolderMarker(kind: kind)
        if !force {
            for (name, bytes) in files {
                let path = url.appendingPathComponent(name).path
                guard let existing = FileManager.default.contents(atPath: path).map(Array.init) else { continue }
                if existing != bytes && marker.files[name] != FolderMarker.checksum(of: existing) {
                    throw OutputError(path: path, message: "was edited or not written by FeedFrames; not replacing it (move it away, or give --force)")
                }
            }
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw OutputError(path: folder, message: "cannot be created (\(FrameWriter.reason(error)))")
        }
        for (name, bytes) in files {
            try AtomicFile.replace(at: url.appendingPathComponent(name).path, with: bytes)
            marker.files[name] = FolderMarker.checksum(of: bytes)
        }
        try AtomicFile.replace(at: url.appendingPathComponent(FolderMarker.fileName).path, with: marker.bytes)
    }
}
