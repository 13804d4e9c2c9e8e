#if SnapshotTesting
import FeedFramesTesting
import Foundation
import SnapshotTesting

/// How a scenario's frames become one snapshot: all its text frames, or all
/// its JSON frames, in frame order, in one file.
public enum FeedFramesFormat: String, Sendable, CaseIterable {
    /// The text frames (`frame 1 · t=0s · launch` …), one after another.
    case text
    /// The JSON frames (SPEC §6), as one JSON array.
    case json
}

extension Snapshotting where Value == FramesScenario, Format == String {
    /// A scenario's frames as swift-snapshot-testing snapshots, compared line by line
    /// with its own diff, recorded as its record mode says:
    ///
    /// ```swift
    /// assertSnapshot(of: .preset("standard", events: ["launch", "wait 1"]), as: .feedFrames(.text))
    /// ```
    ///
    /// A `.file` scenario's relative path is relative to the working folder (where
    /// `swift test` runs: the package's root). A scenario that does not read or render
    /// becomes a snapshot that says so (so the test fails with the reason in its diff).
    public static func feedFrames(_ format: FeedFramesFormat, relativeTo folder: URL? = nil) -> Snapshotting {
        let base = folder ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        return Snapshotting(pathExtension: format == .text ? "txt" : "json", diffing: .lines) { scenario in
            FeedFramesDocument.text(of: scenario, format: format, relativeTo: base)
        }
    }
}

/// One document of all a scenario's frames.
enum FeedFramesDocument {
    static func text(of scenario: FramesScenario, format: FeedFramesFormat, relativeTo folder: URL) -> String {
        let frames: [(name: String, bytes: [UInt8])]
        do throws(FramesFailure) {
            frames = try scenario.frames(as: format == .text ? .text : .json, relativeTo: folder)
        } catch {
            return "error: FeedFrames could not render the scenario\n\(error.message)\n"
        }
        let texts = frames.map { String(decoding: $0.bytes, as: UTF8.self) }
        switch format {
        case .text:
            // Text frames end with a newline; a blank line between them.
            return texts.joined(separator: "\n")
        case .json:
            let indented = texts.map { text in
                text.trimmingCharacters(in: .newlines).split(separator: "\n", omittingEmptySubsequences: false)
                    .map { "  " + $0 }.joined(separator: "\n")
            }
            return "[\n" + indented.joined(separator: ",\n") + "\n]\n"
        }
    }
}
#endif
