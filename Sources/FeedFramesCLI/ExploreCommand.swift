import ArgumentParser
import ExploreReport
import FeedEngine
import FeedExplorer
import FeedScenario
import Foundation
import FrameFolder
import FrameRendering

/// `feedframes explore`: every state a list can reach, its invariants checked,
/// with shortest counterexamples, a gallery of screens and the state graph.
struct ExploreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explore",
        abstract: "Explore every reachable state and check the invariants.",
        discussion: """
            Breadth-first search from the scenario's start (after launch) over the moves scroll to \
            top / bottom / one screen down, pull the header or footer past its arming line and let \
            go, tap retry, tap footer, rotate, and wait for the next reply or toast expiry, where \
            every reply is explored as each outcome: a full page, a short page, an empty page and a \
            failure; with --inserts n also insert, a new item at the feed's head (up to n on a path); \
            with --pages n no reply after page n is full, so a deep enough search reaches the end. \
            The scenario gives the list (preset, config, viewport, item shapes, latency); its events, \
            total, failures and timed inserts are not used.

            What plays the app is the list's own behaviour, the code render plays (the port of the \
            seed's code, or the rules as a view controller), FeedFrames playing UIKit's callbacks \
            around it, as for a team's logic. Invariants: one-request-in-flight, \
            no-row-lost-or-duplicated, page-index-moves-only-on-success, spinner-has-a-request (a \
            spinner in view with nothing in flight), header-and-footer-not-both-loading and \
            way-forward (from every state some moves lead back to no spinner and nothing in \
            flight). Each broken one is reported with its shortest path, written as a scenario file \
            (a scripted source replays the chosen replies) and rendered to frames.

            Writes <out>/index.html (the report), <out>/gallery/ (one validated frame per distinct \
            screen, with the shortest path to it as its cause) and <out>/counterexamples/. Exits 1 \
            when an invariant is broken.

            At scale (--fingerprints, or any of --jobs, --time-limit, --resume, --checkpoint, \
            --shard): visited states are kept as 64-bit fingerprints (the chance of a collision is \
            printed), on one worker per core, with the same results whatever --jobs; a search that \
            stops at --depth, --max-states or --time-limit writes a checkpoint that --resume \
            continues; past --frontier-states the next level's states are kept only as their paths \
            and re-run when expanded. Writes <out>/counterexamples/ and the checkpoint only. The \
            first Ctrl-C stops the search at its next batch and writes its checkpoint (exit 130). A \
            search with --shard i/n \
            also writes <out>/shard-i-of-n.result when it finishes; --merge with the n files prints \
            and writes what the unsharded search finds. A behaviour's fingerprints are Swift's \
            Hasher's, so a --shard run sets SWIFT_DETERMINISTIC_HASHING=1 (it runs itself again \
            with it), and shards merge only when built with the same Swift.
            """)

    @Argument(help: ArgumentHelp("A scenario file whose list to explore.", valueName: "scenario"))
    var scenario: String?

    @Option(help: ArgumentHelp("Explore a preset's list instead: seed000, seed001 or standard.", valueName: "preset"),
            transform: Preset.parse)
    var preset: Preset?

    @Option(name: [.short, .long], parsing: .unconditional, help: ArgumentHelp("Moves from the start to explore.", valueName: "n"))
    var depth = 8

    @Option(name: [.short, .long], help: ArgumentHelp("Output folder (default: output/explore-<name>).", valueName: "dir"))
    var out: String?

    @Option(help: ArgumentHelp("Also write the state graph in Graphviz DOT (and an SVG beside it when dot is installed).",
                               valueName: "file"))
    var dot: String?

    @Option(name: .customLong("max-states"), parsing: .unconditional, help: ArgumentHelp("Stop expanding at this many states (about 6.2 KB each, or 30 bytes with --fingerprints).", valueName: "n"))
    var maxStates = SearchBudget.defaultMaxStates

    @Option(name: .customLong("gallery"), parsing: .unconditional, help: ArgumentHelp("At most this many screens in the gallery (default: 400).", valueName: "n"))
    var galleryGiven: Int?

    /// `--gallery`, or 400.
    var gallery: Int { galleryGiven ?? 400 }

    @Option(parsing: .unconditional, help: ArgumentHelp("Also explore new items appearing at the head of the feed while it is read (the move insert, "
                               + "one item at a time), up to this many on a path. Pages asked for by number afterwards "
                               + "are shifted by them.", valueName: "n"))
    var inserts = 0

    @Option(parsing: .unconditional, help: ArgumentHelp("Explore a feed of this many full pages: a reply to a later page comes back short, empty or "
                               + "failed. The rows then stay bounded, and a search with a large --depth reaches the end of "
                               + "the space (by default every page may come back full).", valueName: "n"))
    var pages: Int?

    @OptionGroup var templates: TemplateOptions

    // The fingerprint search (issue 23): model-checker scale, without the report's graph.

    @Flag(help: ArgumentHelp("Search at scale: keep a 64-bit fingerprint of each visited state instead of the state, "
                             + "about 30 bytes a state. No report, gallery, state graph or way-forward rule; broken rules still "
                             + "get shortest counterexamples. Implied by --jobs, --time-limit, --resume, --checkpoint, --shard."))
    var fingerprints = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Worker threads of a fingerprint search (default: one per core); the results do not depend on it.",
                               valueName: "n"))
    var jobs: Int?

    @Option(name: .customLong("time-limit"),
            parsing: .unconditional, help: ArgumentHelp("Stop a fingerprint search after this many seconds and write a checkpoint to continue from "
                               + "(with --resume, counted from the end of the rebuild of the visited set).",
                               valueName: "seconds"))
    var timeLimit: Double?

    @Option(help: ArgumentHelp("Continue the fingerprint search saved in this checkpoint (same scenario and --shard; "
                               + "--depth and --max-states may grow). The result is that of an uninterrupted run.",
                               valueName: "file"))
    var resume: String?

    @Option(help: ArgumentHelp("Where a fingerprint search that stops before the end (depth, states, time) writes its "
                               + "checkpoint (default: <out>/explore.checkpoint).", valueName: "file"))
    var checkpoint: String?

    @Option(help: ArgumentHelp("Explore only shard i of n, for CI matrices: the states first reached at --shard-depth are "
                               + "split by fingerprint; the shards' findings together are those of one run.", valueName: "i/n"),
            transform: Shard.parse)
    var shard: Shard?

    @Option(name: .customLong("shard-depth"), parsing: .unconditional, help: ArgumentHelp("The depth at which --shard splits the states.", valueName: "n"))
    var shardDepth = 4

    @Option(name: .customLong("frontier-states"),
            parsing: .unconditional, help: ArgumentHelp("States of the next level a fingerprint search keeps in memory; past it each is kept only as "
                               + "its place in the trail and re-run from the start when expanded (slower, but memory stays "
                               + "bounded). Default: 200,000 (a state is kilobytes).", valueName: "n"))
    var frontierStatesGiven: Int?

    /// `--frontier-states`, or the explorer's default.
    var frontierStates: Int { frontierStatesGiven ?? BehaviourExplorer<RulesBehaviour>.defaultFrontierLimit }

    @Option(name: .customLong("merge"), parsing: .singleValue,
            help: ArgumentHelp("Merge the results of shards 1…n (the files `explore --shard i/n` writes, one --merge each) into "
                               + "the counts and shortest counterexamples of the unsharded search; give the same scenario or "
                               + "--preset, and --depth.", valueName: "file"))
    var merge: [String] = []

    /// Whether this run is a fingerprint search.
    var usesFingerprints: Bool {
        fingerprints || jobs != nil || timeLimit != nil || resume != nil || checkpoint != nil || shard != nil || !merge.isEmpty
    }

    func validate() throws {
        switch (scenario, preset) {
        case (.some, .some): throw ValidationError("give a scenario file or --preset, not both")
        case (nil, nil): throw ValidationError("missing a scenario file or --preset (e.g. feedframes explore --preset standard)")
        default: break
        }
        guard (0...1_000).contains(depth) else { throw ValidationError.outOfRange("depth", depth, 0...1_000) }
        guard (1...100_000_000).contains(maxStates) else { throw ValidationError.outOfRange("max-states", maxStates, 1...100_000_000) }
        guard (0...100_000).contains(gallery) else { throw ValidationError.outOfRange("gallery", gallery, 0...100_000) }
        guard (0...1_000).contains(inserts) else { throw ValidationError.outOfRange("inserts", inserts, 0...1_000) }
        if let pages, !(1...100_000).contains(pages) { throw ValidationError.outOfRange("pages", pages, 1...100_000) }
        if let jobs, !(1...256).contains(jobs) { throw ValidationError.outOfRange("jobs", jobs, 1...256) }
        if let timeLimit, !(timeLimit >= 0 && timeLimit <= 1e7) {
            throw ValidationError("bad --time-limit '\(timeLimit)' (expected seconds from 0 to 10000000)")
        }
        guard (1...1_000).contains(shardDepth) else { throw ValidationError.outOfRange("shard-depth", shardDepth, 1...1_000) }
        if let frontierStatesGiven, !(1...100_000_000).contains(frontierStatesGiven) {
            throw ValidationError.outOfRange("frontier-states", frontierStatesGiven, 1...100_000_000)
        }
        if !merge.isEmpty {
            let others = [(shard != nil, "--shard"), (resume != nil, "--resume"), (checkpoint != nil, "--checkpoint"),
                          (timeLimit != nil, "--time-limit"), (jobs != nil, "--jobs")].filter(\.0).map(\.1)
            if !others.isEmpty { throw ValidationError("--merge reads finished shards: leave out \(others.joined(separator: ", "))") }
        }
        if dot != nil && usesFingerprints { throw ValidationError("--dot needs the whole graph: leave out --fingerprints and its options") }
        if usesFingerprints, templates.templates != nil || galleryGiven != nil {
            throw ValidationError("--templates and --gallery shape the report, which a fingerprint search does not write: leave them out, "
                                  + "or leave out --fingerprints and its options")
        }
        if let shard, shard.count > 1, shardDepth > depth {
            throw ValidationError("--shard-depth \(shardDepth) is past --depth \(depth): no state would be split, and each shard would "
                                  + "search everything (give --shard-depth \(depth) or less)")
        }
    }

    func run() throws {
        let console = Console()
        let scenario = try loadScenario()
        let out = self.out ?? "output/explore-\(scenario.name)"
        try explore(scenario.behaviour, scenario: scenario, out: out, console: console)
    }

    /// The report, gallery and counterexamples, then the summary; fails (exit 1) when a rule is broken.
    func write(_ output: ExploreOutput, to out: String, console: Console) throws {
        let written: ExploreOutput.Written
        do throws(RenderError) {
            written = try output.write(to: out, dot: dot) { console.progress($0) }
        } catch {
            throw CommandFailure(error)
        }
        console.endProgress()
        for line in output.summary(out: out, written: written) { console.out(line) }
        let broken = output.findings.violations.count
        if broken > 0 {
            throw CommandFailure(.failure, "\(broken) invariant\(broken == 1 ? "" : "s") broken; see \(out)/index.html")
        }
    }

    /// The scenario file, or a preset's list with its defaults.
    func loadScenario() throws(CommandFailure) -> Scenario {
        if let scenario { return try ScenarioLoader.load(scenario) }
        let name = preset?.name ?? "standard"
        let value = ScenarioWriter.value(preset: name, name: name, events: ["launch"])
        return try ScenarioLoader.parse(ScenarioWriter.bytes(value), file: "preset \(name)")
    }
}
