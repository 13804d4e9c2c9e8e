import ArgumentParser
import ExploreReport
import FeedEngine
import FeedExplorer
import FeedScenario
import Foundation

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
        if !merge.isEmpty { return try runMerge(explorer, logic: logic, scenario: scenario, out: out, console: console) }
        var explorer = explorer
        if let shard = self.shard {
            try DeterministicHashing.ensure()
            explorer.shard = SearchShard(index: shard.index, count: shard.count, depth: shardDepth)
        }
        let jobs = self.jobs ?? ProcessInfo.processInfo.activeProcessorCount
        var resumed: SearchCheckpoint?
        if let resume {
            do throws(CheckpointError) { resumed = try SearchCheckpoint.load(resume) } catch {
                throw CommandFailure(Self.status(of: error), "\(error)")
            }
        }
        let shardText = explorer.shard.map { ", shard \($0.index)/\($0.count) at depth \($0.depth)" } ?? ""
        console.out("explore \(scenario.name): fingerprint search, \(logic) playing the app, \(jobs) job\(jobs == 1 ? "" : "s")\(shardText), at most "
                    + "\(ItemLimits.describe(count: maxStates)) states"
                    + (resumed.map { ", resuming \(resume ?? "") at \(ItemLimits.describe(count: $0.states)) states (rebuilding its visited set first)" } ?? ""))
        let result: BehaviourSearch
        if let resumed {
            do throws(CheckpointError) {
                result = try explorer.search(resuming: resumed, jobs: jobs, timeLimit: timeLimit, progress: progress)
            } catch {
                throw CommandFailure(Self.status(of: error), "\(error)")
            }
        } else {
            result = explorer.search(jobs: jobs, timeLimit: timeLimit, progress: progress)
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
        try report(result.violations, invariants: result.invariants, skipped: result.skipped, out: out, console: console)
        if let shard = explorer.shard { try Self.write(result.shardResult, of: shard, out: out, console: console) }
        if let checkpoint = result.checkpoint { try Self.write(checkpoint, to: self.checkpoint ?? "\(out)/explore.checkpoint", console: console) }
        if !result.violations.isEmpty { throw Self.broken(result.violations.count, out: out) }
    }

    /// `--merge` for a team's logic: the shards' results as one search's, each counterexample re-run.
    private func runMerge<Behaviour: PagingBehaviour>(_ explorer: BehaviourExplorer<Behaviour>, logic: String, scenario: Scenario,
                                                      out: String, console: Console) throws {
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
        try report(violations, invariants: explorer.searchedRuleSummaries, skipped: explorer.skippedRules, out: out, console: console)
        if !violations.isEmpty { throw Self.broken(violations.count, out: out) }
    }

    /// Each rule ok, or FAIL with its shortest path, its replies and its counterexample file; then the rules not checked.
    private func report(_ violations: [BehaviourViolation], invariants: [(name: String, summary: String)], skipped: [String],
                        out: String, console: Console) throws {
        for (name, _) in invariants {
            guard let violation = violations.first(where: { $0.invariant == name }) else {
                console.out("  ok    \(name)")
                continue
            }
            console.out("  FAIL  \(name): \(violation.message) (\(violation.occurrences) found)")
            let events = CounterexampleWriter.events(violation.path)
            console.out("        shortest, \(events.count) events: \(events.joined(separator: ", "))")
            let replies = CounterexampleWriter.replies(violation.path, issued: violation.requestsIssued)
            if !replies.isEmpty { console.out("        replies: \(replies.map(\.rawValue).joined(separator: ", "))") }
            console.out("        scenario: \(try Self.writeCounterexample(violation.counterexample, rule: name, out: out))")
        }
        for name in skipped {
            console.out("  --    \(name): not checked (it needs the whole graph; run without --fingerprints)")
        }
    }

    /// `<out>/counterexamples/<rule>.json`, a scenario that replays the path.
    static func writeCounterexample(_ counterexample: Scenario, rule: String, out: String) throws(CommandFailure) -> String {
        let folder = "\(out)/counterexamples"
        let file = "\(folder)/\(rule).json"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(ScenarioWriter.bytes(of: counterexample)).write(to: URL(fileURLWithPath: file), options: .atomic)
        } catch {
            throw CommandFailure(.cannotCreate, "cannot write \(file): \(error.localizedDescription)")
        }
        return file
    }
}
