import FeedEngine
import FeedExplorer
import FeedScenario
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `feedframes explore` at scale: the fingerprint search, its figures, its
/// counterexamples as scenario files, and the checkpoint of a bounded run.
extension ExploreCommand {
    func runFingerprints(_ scenario: Scenario, out: String, console: Console) throws {
        let model = self.model(scenario)
        let jobs = self.jobs ?? ProcessInfo.processInfo.activeProcessorCount
        let shard = self.shard.map { SearchShard(index: $0.index, count: $0.count, depth: shardDepth) }
        // A checkpoint belongs to the scenario as written (its list, config, items and latencies).
        let written = String(decoding: ScenarioWriter.bytes(of: scenario), as: UTF8.self)
        let identity = "scenario \(scenario.name) (\(String(Fingerprint.of(written), radix: 16)))"
            + (inserts > 0 ? " inserts \(inserts)" : "") + (pages.map { " pages \($0)" } ?? "")
        if !merge.isEmpty { return try runMerge(scenario, identity: identity, out: out, console: console) }
        var search = FingerprintSearch(model: model, maxDepth: depth, maxStates: maxStates, timeLimit: timeLimit, jobs: jobs,
                                       shard: shard, frontierLimit: frontierStates, identity: identity)
        var resumed: SearchCheckpoint?
        if let resume {
            do throws(CheckpointError) {
                resumed = try SearchCheckpoint.load(resume)
            } catch {
                throw CommandFailure(Self.status(of: error), "\(error)")
            }
        }
        // Made once the input is known good. The frontier past --frontier-states goes to a nameless temporary file in the checkpoint's folder.
        let checkpointPath = self.checkpoint ?? "\(out)/explore.checkpoint"
        let checkpointFolder = (checkpointPath as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: checkpointFolder.isEmpty ? "." : checkpointFolder, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure(.cannotCreate, "cannot create \(checkpointFolder): \(error.localizedDescription)")
        }
        search.spillFolder = checkpointFolder.isEmpty ? "." : checkpointFolder
        let shardText = shard.map { ", shard \($0.index)/\($0.count) at depth \($0.depth)" } ?? ""
        console.out("explore \(scenario.name): fingerprint search, \(jobs) job\(jobs == 1 ? "" : "s")\(shardText), at most "
                    + "\(ItemLimits.describe(count: maxStates)) states"
                    + (resumed.map { ", resuming \(resume ?? "") at \(ItemLimits.describe(count: $0.states)) states" } ?? ""))
        let result: FingerprintExploration
        do throws(CheckpointError) {
            result = try search.run(from: scenario.initialState, resuming: resumed) { partial in
                let stats = partial.statistics
                console.progress("explore \(scenario.name): depth \(stats.depthReached), \(stats.states) states, "
                                 + "\(stats.transitions) transitions, \(Int(stats.statesPerSecond)) states/s")
            }
        } catch {
            throw CommandFailure(Self.status(of: error), "\(error)")
        }
        console.endProgress()

        let stats = result.statistics
        console.out(summary(scenario, logic: scenario.preset.name, stats, stop: result.stop))
        console.out(String(format: "  %.0f states/s, %.0f transitions/s; %.1f bytes a visited state (fingerprints %@, trail %@); peak RSS %@",
                           stats.statesPerSecond, result.transitionsPerSecond, result.bytesPerState,
                           Self.megabytes(result.visitedBytes), Self.megabytes(result.trailBytes), Self.megabytes(Self.peakResidentBytes())))
        console.out(Self.collisionLine(states: stats.states))
        if result.spilledStates > 0 {
            console.out("  frontier past \(ItemLimits.describe(count: frontierStates)) states on disk: \(result.spilledStates) states written "
                        + "as their paths, \(Self.megabytes(result.spillBytes)) for the largest level (a nameless file, freed at the end)")
        }
        if let shard { console.out("  shard \(shard.index)/\(shard.count): \(result.excluded) states at depth \(shard.depth) left to the other shards") }
        try report(result.violations, names: result.invariants.map(\.name), scenario: scenario, model: model, out: out, console: console)
        if let shard { try Self.write(result.shardResult, of: shard, out: out, console: console) }
        if let checkpoint = result.checkpoint { try Self.write(checkpoint, to: checkpointPath, console: console) }
        if !result.violations.isEmpty { throw Self.broken(result.violations.count, out: out) }
    }

    /// Each rule: ok, or FAIL with its shortest path, written as a counterexample scenario.
    private func report(_ violations: [Violation], names: [String], scenario: Scenario, model: ExplorerModel, out: String,
                        console: Console) throws {
        for name in names {
            guard let violation = violations.first(where: { $0.invariant == name }) else {
                console.out("  ok    \(name)")
                continue
            }
            console.out("  FAIL  \(name): \(violation.message) (\(violation.occurrences) found)")
            let events = CounterexampleWriter.events(violation.path)
            console.out("        shortest, \(events.count) events: \(events.joined(separator: ", "))")
            let file = try writeCounterexample(violation, scenario: scenario, model: model, out: out)
            console.out("        scenario: \(file)")
        }
        for name in FingerprintSearch.graphRules(Invariant.standard) {
            console.out("  --    \(name): not checked (it needs the whole graph; run without --fingerprints and its options)")
        }
    }

    /// `--merge`: the shards' results as one search's.
    private func runMerge(_ scenario: Scenario, identity: String, out: String, console: Console) throws {
        let model = self.model(scenario)
        let search = FingerprintSearch(model: model, maxDepth: depth, identity: identity)
        let merged: MergedExploration
        let violations: [Violation]
        do throws(ShardMergeError) {
            merged = try Self.merge(merge, depth: depth, identity: search.unshardedIdentity)
            violations = try merged.violations(names: search.invariants.map(\.name), model: model,
                                               start: model.start(scenario.initialState).0)
        } catch {
            throw Self.failure(error)
        }
        console.out(mergedSummary(scenario, logic: scenario.preset.name, merged))
        console.out(Self.collisionLine(states: merged.statistics.states))
        try report(violations, names: search.invariants.map(\.name), scenario: scenario, model: model, out: out, console: console)
        if !violations.isEmpty { throw Self.broken(violations.count, out: out) }
    }

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

    /// `<out>/counterexamples/<rule>.json`, a scenario that replays the path.
    private func writeCounterexample(_ violation: Violation, scenario: Scenario, model: ExplorerModel, out: String) throws(CommandFailure) -> String {
        let counterexample = CounterexampleWriter.scenario(
            path: violation.path, end: violation.state.feed, base: scenario, source: model.source,
            name: "counterexample-\(violation.invariant)", description: violation.message)
        return try Self.writeCounterexample(counterexample, rule: violation.invariant, out: out)
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
