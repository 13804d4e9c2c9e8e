import FrameFolder
import Dispatch
import FeedEngine
import FeedScenario
import TextLayout

/// One frame's files, rendered and validated, or why they could not be.
/// `usage`: the characters its cells drew, font by font (for the fonts shipped with the frames).
typealias RenderedFrame = (frame: Frame, files: Result<[(name: String, bytes: [UInt8])], RenderError>, usage: GlyphUsage)

/// Writes rendered frames, in order, with their entries in `frames.json` and
/// the viewer's list.
///
/// With `background`, a batch is written on a thread of its own while the
/// caller runs the scenario and renders the next batch: on this kind of job,
/// creating files is a large serial part, and overlapping it is what lets a
/// second core pay off. At most one batch waits to be written, so memory
/// stays bounded. Writing stays on one thread: files created in one folder
/// from several threads contend in the kernel for that folder.
final class FrameSink: @unchecked Sendable {
    /// Unowned: the caller keeps the writer for the whole render. A strong
    /// reference could be the last one, dropped on the sink's thread after a
    /// failed render returns, and the writer's `deinit` (which deletes the
    /// unfinished folder) would then race the process's exit.
    private unowned let writer: FrameWriter
    private let queue: DispatchQueue?
    private let group = DispatchGroup()
    // Touched only by the batch being written (on `queue`, or inline without
    // one), and read by the caller only after `finish()`; `group` orders the two.
    private var list: FrameList
    private var failure: RenderError?
    private(set) var bytes = 0
    private(set) var largest: Viewport

    init(_ writer: FrameWriter, viewport: Viewport, background: Bool) throws(OutputError) {
        self.writer = writer
        list = try FrameList(writer)
        largest = viewport
        queue = background ? DispatchQueue(label: "feedframes.frame-sink") : nil
    }

    /// Queues a batch; throws the failure of an earlier batch, if any.
    func submit(_ batch: [RenderedFrame]) throws(RenderError) {
        try finish()
        guard let queue else { return write(batch) }
        group.enter()
        queue.async {
            self.write(batch)
            self.group.leave()
        }
    }

    /// Waits for every batch to be written; throws the first failure.
    func finish() throws(RenderError) {
        group.wait()
        if let failure { throw failure }
    }

    /// Frames written so far; call after `finish()`.
    var count: Int { list.count }

    /// Closes `frames.json` and the viewer's list; call after `finish()`.
    func close() throws(RenderError) {
        do throws(OutputError) { try list.close() } catch { throw .output(error) }
        bytes += list.bytes
    }

    private func write(_ batch: [RenderedFrame]) {
        guard failure == nil else { return }
        do throws(RenderError) {
            for (frame, result, _) in batch {
                let files = try result.get()
                for file in files {
                    do throws(OutputError) { try writer.write(file.bytes, to: file.name) } catch { throw .output(error) }
                    bytes += file.bytes.count
                }
                do throws(OutputError) { try list.append(frame: frame.number, time: frame.time, cause: frame.cause, files: files) } catch { throw .output(error) }
                largest.width = max(largest.width, frame.layout.viewport.width)
                largest.height = max(largest.height, frame.layout.viewport.height)
            }
        } catch {
            failure = error
        }
    }
}
