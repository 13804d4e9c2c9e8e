import ArgumentParser
import ExploreReport
import FeedEngine
import FeedExplorer
import FeedScenario
import Foundation
import FrameFolder
import FrameRendering

/// `feedframes explore`: the search of the list's behaviour (`BehaviourExplorer`), the very code `render`
/// plays, with FeedFrames playing UIKit around it as for a team's logic.
extension ExploreCommand {
    func explore<Behaviour: PagingBehaviour>(_ behaviour: Behaviour, scenario: Scenario, out: String,
                                                     console: Console) throws {
        var explorer = BehaviourExplorer(behaviour, scenario: scenario, maxDepth: depth, maxStates: maxStates)
        explorer.frontierLimit = frontierStates
        explorer.insertLimit = inserts
        explorer.pageLimit = pages
        let logic = String(describing: Behaviour.self)
        let progress = { (stats: ExplorationStatistics) in
            console.progress("explore \(scenario.name) (\(logic)): depth \(stats.depthReached), \(stats.states) states, "
                             + "\(stats.transitions) transitions, \(Int(stats.statesPerSecond)) states/s")
        }
        if usesFingerprints { return try search(explorer, logic: logic, scenario: scenario, out: out, console: console, progress: progress) }

        let (templates, validator) = try TemplateLocator.load(custom: templates.templates)
        console.out("explore \(scenario.name): \(logic) playing the app, at most \(ItemLimits.describe(count: maxStates)) states, "
                    + "up to about \(SearchBudget.memory(forStates: maxStates, bytesPerState: BehaviourExplorer<Behaviour>.bytesPerState)) "
                    + "of memory (--max-states to change)")
        let exploration = explorer.run(progress: progress)
        console.endProgress()
        let output = ExploreOutput(scenario: scenario, exploration: exploration, playing: behaviour, depth: depth,
                                   templates: templates, validator: validator, galleryLimit: gallery)
        try write(output, to: out, console: console)
    }

    /// `--fingerprints`: the figures, each rule ok or broken, the counterexamples as scenario files; with
    /// `--shard`, the shard's result; with `--merge`, the shards' results as one search's.
    private func search<Behaviour: PagingBehaviour>(_ explorer: BehaviourExplorer<Behaviour>, logic: String, scenario: Scenario,
                                                    out: String, console: Console,
                                                    progress: (ExplorationStatistics) -> Void) throws {
        var explorer = explorer
        if let shard = self.shard {
            // First: it may run the command again, in this process.
            try DeterministicHashing.ensure()
            explorer.shard = SearchShard(index: shard.index, count: shard.count, depth: shardDepth)
        }
        // What the search writes is checked before it runs, for hours perhaps: its folder, written whole at the end as
        // every command's (replacing only a folder FeedFrames wrote), and the checkpoint's folder.
        let writer = try Self.writer(for: out)
        if !merge.isEmpty { return try runMerge(explorer, logic: logic, scenario: scenario, out: out, writer: writer, console: console) }
        if let checkpoint { try Self.checkWritable(checkpoint: checkpoint) }
        let jobs = self.jobs ?? ProcessInfo.processInfo.activeProcessorCount
        // The first Ctrl-C (or SIGTERM) stops the search at its next batch (or as it begins), to write what it found and
        // its checkpoint; a second stops the process at once.
        let interrupt = InterruptFlag()
        Interruption.deferStop {
            interrupt.raise()
            FileHandle.standardError.write(Data("\nStopping at the next batch to write a checkpoint (Ctrl-C again to stop at once, without one)\n".utf8))
        }
        defer { Interruption.endDeferral() }
        var resumed: SearchCheckpoint?
        if let resume {
            let loaded: SearchCheckpoint
            do throws(CheckpointError) { loaded = try SearchCheckpoint.load(resume) } catch {
                throw CommandFailure(Self.status(of: error), "\(error)")
            }
            try checkBounds(of: loaded, file: resume)
            resumed = loaded
        }
        let shardText = explorer.shard.map { ", shard \($0.index)/\($0.count) at depth \($0.depth)" } ?? ""
        console.out("explore \(scenario.name): fingerprint search, \(logic) playing the app, \(jobs) job\(jobs == 1 ? "" : "s")\(shardText), at most "
                    + "\(ItemLimits.describe(count: maxStates)) states"
                    + (resumed.map { ", resuming \(resume ?? "") at \(ItemLimits.describe(count: $0.states)) states (rebuilding its visited set first)" } ?? ""))
        let result: BehaviourSearch
        if let resumed {
            do throws(CheckpointError) {
                result = try explorer.search(resuming: resumed, jobs: jobs, timeLimit: timeLimit, progress: progress,
                                             interrupted: { interrupt.isRaised })
            } catch {
                throw CommandFailure(Self.status(of: error), "\(error)")
            }
        } else {
            result = explorer.search(jobs: jobs, timeLimit: timeLimit, progress: progress, interrupted: { interrupt.isRaised })
        }
        console.endProgress()
        let stats = result.statistics
        console.out(summary(scenario, logic: logic, stats, stop: result.stop))
        console.out(String(format: "  %.0f states/s, %.0f transitions/s; %.1f bytes a visited state; peak RSS %@", stats.statesPerSecond,
                           Double(stats.transitions) / max(stats.seconds, 1e-9), result.bytesPerState,
                           Self.megabytes(Self.peakResidentBytes())))
        console.out(Self.collisionLine(states: stats.states))
        if jobs > 1 {
            // This run's time: a resumed search's seconds count the runs before it too.
            let ran = stats.seconds - (resumed?.seconds ?? 0)
            console.out(String(format: "  %d threads: %.0f%% of their time waiting for work", jobs,
                               max(0, 100 - 100 * stats.busySeconds / max(Double(jobs) * ran, 1e-9))))
        }
        if let shard = explorer.shard {
            console.out("  shard \(shard.index)/\(shard.count): \(result.excluded) states at depth \(shard.depth) left to the other shards")
        }
        var lines = try report(result.violations, invariants: result.invariants, skipped: result.skipped, out: out, writer: writer)
        if let shard = explorer.shard { lines += try Self.write(result.shardResult, of: shard, out: out, writer: writer) }
        if let checkpoint = result.checkpoint {
            lines.append(try Self.write(checkpoint, to: self.checkpoint, out: out, writer: writer))
        }
        try Self.commit(writer)
        for line in lines { console.out(line) }
        if result.stop == .interrupted {
            throw CommandFailure(.interrupted, "interrupted: the search stopped early; --resume its checkpoint to go on")
        }
        if !result.violations.isEmpty { throw Self.broken(result.violations.count, out: out) }
    }

    /// A checkpoint is continued with the bounds it stopped at or larger: with smaller ones the search would end where it
    /// stands, past them, and say it stopped at them.
    private func checkBounds(of checkpoint: SearchCheckpoint, file: String) throws(CommandFailure) {
        if checkpoint.depthReached > depth {
            throw CommandFailure(.usage, "checkpoint \(file) reached depth \(checkpoint.depthReached): --depth \(depth) would not continue it "
                                 + "(give --depth \(checkpoint.depthReached) or more)")
        }
        if checkpoint.states > maxStates {
            throw CommandFailure(.usage, "checkpoint \(file) holds \(checkpoint.states) states: --max-states \(maxStates) would not continue it "
                                 + "(give --max-states \(checkpoint.states) or more)")
        }
    }

    /// `--merge` for a team's logic: the shards' results as one search's, each counterexample re-run.
    private func runMerge<Behaviour: PagingBehaviour>(_ explorer: BehaviourExplorer<Behaviour>, logic: String, scenario: Scenario,
                                                      out: String, writer: FrameWriter, console: Console) throws {
        let merged: MergedExploration
        let violations: [BehaviourViolation]
        do throws(ShardMergeError) {
            merged = try Self.merge(merge, depth: depth, identity: explorer.searchIdentity)
            violations = try explorer.violations(of: merged)
        } catch {
            throw Self.failure(error)
        }
        console.out(mergedSummary(scenario, logic: logic, merged))
        console.out(Self.collisionLine(states: merged.statistics.states))
        let lines = try report(violations, invariants: explorer.searchedRuleSummaries, skipped: explorer.skippedRules, out: out, writer: writer)
        try Self.commit(writer)
        for line in lines { console.out(line) }
        if !violations.isEmpty { throw Self.broken(violations.count, out: out) }
    }

    /// Each rule ok, or FAIL with its shortest path, its replies and its counterexample file (written to `writer`);
    /// then the rules not checked. The lines, to print once the folder is in place.
    private func report(_ violations: [BehaviourViolation], invariants: [(name: String, summary: String)], skipped: [String],
                        out: String, writer: FrameWriter) throws(CommandFailure) -> [String] {
        var lines: [String] = []
        for (name, _) in invariants {
            guard let violation = violations.first(where: { $0.invariant == name }) else {
                lines.append("  ok    \(name)")
                continue
            }
            lines.append("  FAIL  \(name): \(violation.message) (\(violation.occurrences) found)")
            let events = CounterexampleWriter.events(violation.path)
            lines.append("        shortest, \(events.count) events: \(events.joined(separator: ", "))")
            let replies = CounterexampleWriter.replies(violation.path, issued: violation.requestsIssued)
            if !replies.isEmpty { lines.append("        replies: \(replies.map(\.rawValue).joined(separator: ", "))") }
            let file = "counterexamples/\(name).json"
            try Self.write(ScenarioWriter.bytes(of: violation.counterexample), to: file, in: writer)
            lines.append("        scenario: \(out)/\(file)")
        }
        for name in skipped {
            lines.append("  --    \(name): not checked (it needs the whole graph; run without --fingerprints)")
        }
        return lines
    }
}
