import FeedEngine
import FeedExplorer
import FeedScenario
import Foundation
import FrameFolder
import FrameRendering
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `feedframes explore` at scale: the shards merged, the figures, and the
/// checkpoint of a bounded run.
extension ExploreCommand {
    /// The shard results in `files` merged, when they are the shards of the search `identity` to `depth`.
    static func merge(_ files: [String], depth: Int, identity: String) throws(ShardMergeError) -> MergedExploration {
        let results = try files.map { file throws(ShardMergeError) in try ShardResult.load(file) }
        if let other = results.first(where: { $0.maxDepth != depth }) {
            throw .mismatch("\(other.file) was searched to depth \(other.maxDepth), but this run is --depth \(depth)")
        }
        return try ShardMerge.merge(results, identity: identity)
    }

    /// A missing result is missing input (66), one that cannot be written 73, the rest bad data (65).
    static func failure(_ error: ShardMergeError) -> CommandFailure {
        switch error {
        case .unreadable: CommandFailure(.noInput, "\(error)")
        case .unwritable: CommandFailure(.cannotCreate, "\(error)")
        case .notAResult, .damaged, .mismatch: CommandFailure(.dataError, "\(error)")
        }
    }

    /// `<out>/shard-i-of-n.result` of a shard that finished, or why there is none yet: the line to print.
    static func write(_ result: ShardResult?, of shard: SearchShard, out: String, writer: FrameWriter) throws(CommandFailure) -> [String] {
        guard let result else { return ["Shard result: none yet (the shard stopped early; resume it to the end to merge it)"] }
        let file = "shard-\(shard.index)-of-\(shard.count).result"
        try write(result.bytes(), to: file, in: writer)
        return ["Shard result: \(out)/\(file) (merge the \(shard.count) with feedframes explore --merge FILE … and the same scenario and --depth)"]
    }

    /// `explore NAME (LOGIC) to depth D: N states, T transitions, depth reached R, why it ended, seconds`.
    func summary(_ scenario: Scenario, logic: String, _ stats: ExplorationStatistics, stop: StopReason) -> String {
        "explore \(scenario.name) (\(logic)) to depth \(depth): \(stats.states) states, \(stats.transitions) transitions, "
            + "depth reached \(stats.depthReached), "
            + (stop == .exhausted ? "every state expanded" : "stopped at \(stop.rawValue)") + String(format: ", %.2f s", stats.seconds)
    }

    /// `explore NAME (LOGIC) to depth D, n shards merged: N states, …` for `--merge`.
    func mergedSummary(_ scenario: Scenario, logic: String, _ merged: MergedExploration) -> String {
        let stats = merged.statistics
        return "explore \(scenario.name) (\(logic)) to depth \(depth), \(merged.shards) shards merged: \(stats.states) states, "
            + "\(stats.transitions) transitions, depth reached \(stats.depthReached), "
            + (stats.complete ? "every state expanded" : "stopped at the depth limit")
            + String(format: ", %.2f s for the slowest shard", stats.seconds)
    }

    /// Exit 1 for a fingerprint search that found `count` rules broken.
    static func broken(_ count: Int, out: String) -> CommandFailure {
        CommandFailure(.failure, "\(count) invariant\(count == 1 ? "" : "s") broken; see \(out)/counterexamples/")
    }

    static func collisionLine(states: Int) -> String {
        String(format: "  fingerprint collision probability for %d states: at most %.1e", states, Fingerprint.collisionProbability(states: states))
    }

    /// The checkpoint of a search that stopped early, in the output folder (`writer`) or at `path` (atomically, its
    /// folder made first), and the line that says how to go on.
    static func write(_ checkpoint: SearchCheckpoint, to path: String?, out: String, writer: FrameWriter) throws(CommandFailure) -> String {
        let shown: String
        if let path {
            try makeFolder(of: path, for: "the checkpoint")
            do throws(CheckpointError) { try checkpoint.write(to: path) } catch {
                throw CommandFailure(.cannotCreate, "\(error)")
            }
            shown = path
        } else {
            try write(checkpoint.bytes(), to: "explore.checkpoint", in: writer)
            shown = "\(out)/explore.checkpoint"
        }
        return "Checkpoint: \(shown) (continue with --resume \(shown), raising --depth, --max-states or --time-limit)"
    }

    /// The writer of the output folder `out`, made before the search: it fails now when the folder cannot be written
    /// or is not FeedFrames' to replace.
    static func writer(for out: String) throws(CommandFailure) -> FrameWriter {
        do throws(OutputError) { return try FrameWriter(target: URL(fileURLWithPath: out), kind: .exploration) } catch {
            throw CommandFailure(RenderError.output(error))
        }
    }

    static func write(_ bytes: [UInt8], to file: String, in writer: FrameWriter) throws(CommandFailure) {
        do throws(OutputError) { try writer.write(bytes, to: file) } catch { throw CommandFailure(RenderError.output(error)) }
    }

    /// Puts the output folder in place, whole.
    static func commit(_ writer: FrameWriter) throws(CommandFailure) {
        do throws(OutputError) { try writer.commit() } catch { throw CommandFailure(RenderError.output(error)) }
    }

    /// Fails now, before a search that may run for hours, when no checkpoint can be written at `path`: its folder
    /// cannot be made or written to, or a folder stands at the path.
    static func checkWritable(checkpoint path: String) throws(CommandFailure) {
        let folder = try makeFolder(of: path, for: "the checkpoint")
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw CommandFailure(.cannotCreate, "cannot write the checkpoint \(path): it is a folder (give --checkpoint a file)")
        }
        let probe = folder + "/.feedframes-probe-\(getpid())"
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw CommandFailure(.cannotCreate, "cannot write the checkpoint \(path): \(folder): \(String(cString: strerror(errno)))")
        }
        close(descriptor)
        unlink(probe)
    }

    /// Makes the folder `path` lies in (`mkdir -p`), or says why it cannot, naming `what` goes there; returns the folder.
    @discardableResult
    static func makeFolder(of path: String, for what: String) throws(CommandFailure) -> String {
        let parent = (path as NSString).deletingLastPathComponent
        let folder = parent.isEmpty ? "." : parent
        if let problem = FrameWriter.makeFolders(folder) {
            throw CommandFailure(.cannotCreate, "cannot write \(what) \(path): cannot create the folder \(folder) (\(problem))")
        }
        return folder
    }

    /// A missing checkpoint is missing input (66); one that is not a checkpoint, damaged or another search's is bad data (65).
    static func status(of error: CheckpointError) -> ExitStatus {
        switch error {
        case .unreadable: .noInput
        case .notACheckpoint, .damaged, .otherSearch: .dataError
        case .unwritable, .spillFailed: .cannotCreate
        }
    }

    static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1e6) }

    /// The process's peak resident memory so far.
    static func peakResidentBytes() -> Int {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024
        #else
        getrusage(RUSAGE_SELF, &usage)
        return usage.ru_maxrss
        #endif
    }
}
