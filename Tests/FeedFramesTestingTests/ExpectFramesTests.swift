import FeedFramesSwiftTesting
import Foundation
import Testing

/// The Swift Testing adapter, as a user's test would call it, against
/// references checked in under `__Snapshots__/ExpectFramesTests/`.
@Suite struct ExpectFramesTests {
    @Test func expectFramesMatchesItsReference() {
        expectFrames(of: .preset("seed000", source: .init(total: 30),
                                 events: ["launch", "wait 1", "drag to -70", "release", "wait 1"]))
    }

    @Test func aMismatchIsRecordedAsAnIssue() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("feedframes-expect-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        withKnownIssue {
            expectFrames(of: .preset("standard", events: ["launch", "wait 1"]), record: .never, snapshotDirectory: folder.path)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("No reference frames at \(folder.path)/aMismatchIsRecordedAsAnIssue") }
        }
    }
}
