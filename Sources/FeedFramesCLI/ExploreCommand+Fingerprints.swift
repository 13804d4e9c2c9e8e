import FeedEngine
import FeedExplorer
import FeedScenario
import Foundation
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

    /// `<out>/shard-i-of-n.result` of a shard that finished, or why there is none yet.
    static func write(_ result: ShardResult?, of shard: SearchShard, out: String, console: Console) throws(CommandFailure) {
        guard let result else {
            return console.out("Shard result: none yet (the shard stopped early; resume it to the end to merge it)")
        }
        let file = "\(out)/shard-\(shard.index)-of-\(shard.count).result"
        do throws(ShardMergeError) {
            try result.write(to: file)
        } catch {
            throw CommandFailure(.cannotCreate, "\(error)")
        }
        console.out("Shard result: \(file) (merge the \(shard.count) with feedframes explore --merge FILE … and the same scenario and --depth)")
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

    /// Writes the checkpoint of a search that stopped early (atomically, its folder made first) and says how to go on.
    static func write(_ checkpoint: SearchCheckpoint, to path: String, console: Console) throws(CommandFailure) {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder.isEmpty ? "." : folder, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure(.cannotCreate, "cannot create \(folder): \(error.localizedDescription)")
        }
        do throws(CheckpointError) { try checkpoint.write(to: path) } catch {
            throw CommandFailure(.cannotCreate, "\(error)")
        }
        console.out("Checkpoint: \(path) (continue with --resume \(path), raising --depth, --max-states or --time-limit)")
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
