import FeedFramesProcess
import Foundation
import XCTest

/// `feedframes explore` says up front how many states it may hold and about
/// how much memory that takes (issue 15: the default of 5,000,000 needed about 23 GB).
final class ExploreCommandTests: XCTestCase {
    var cli: Subprocess!

    override func setUpWithError() throws {
        cli = try Subprocess()
        _ = try Subprocess.binary()
    }

    override func tearDown() { cli?.cleanUp() }

    func testTheDefaultFitsAndTheRunSaysWhatItMayUse() throws {
        let outcome = try cli.run("explore", "--preset", "seed001", "--depth", "2", "--out", "out")
        XCTAssertEqual(outcome.stdout.split(separator: "\n").first,
                       "explore seed001: Seed001Behaviour playing the app, at most 1,000,000 states, up to about 6.2 GB of memory "
                       + "(--max-states to change)")
        XCTAssertEqual(outcome.crashSigns, [])
    }

    func testMaxStatesAtItsLimitAndOnePast() throws {
        let atLimit = try cli.run("explore", "--preset", "standard", "--depth", "1", "--max-states", "100000000", "--out", "out")
        XCTAssertEqual(atLimit.status, 0, atLimit.stderr)
        XCTAssertEqual(atLimit.stdout.split(separator: "\n").first,
                       "explore standard: RulesBehaviour playing the app, at most 100,000,000 states, up to about 620.0 GB of memory "
                       + "(--max-states to change)")
        let past = try cli.run("explore", "--preset", "standard", "--depth", "1", "--max-states", "100000001", "--out", "out")
        XCTAssertEqual(past.status, 64)
        XCTAssertEqual(past.stderrLines.first, "Error: bad --max-states '100000001' (expected a number from 1 to 100000000)")
    }

    /// The summary line without its time: what must not depend on how the search was run.
    static func counts(_ outcome: Subprocess.Outcome) -> String? {
        outcome.stdout.split(separator: "\n").first { $0.hasPrefix("explore standard (RulesBehaviour) to depth") }
            .map { String($0.split(separator: ",").prefix(3).joined(separator: ",")) }
    }

    func testAFingerprintSearchStopsWithACheckpointThatResumesToTheSameResult() throws {
        let whole = try cli.run("explore", "--preset", "standard", "--depth", "5", "--fingerprints", "--jobs", "1", "--out", "whole")
        XCTAssertEqual(whole.status, 0, whole.stderr)
        XCTAssertTrue(whole.stdout.contains("fingerprint collision probability"), whole.stdout)
        XCTAssertTrue(whole.stdout.contains("way-forward: not checked"), whole.stdout)
        XCTAssertFalse(whole.stdout.contains("waiting for work"), "one job has no other thread to wait for")

        let first = try cli.run("explore", "--preset", "standard", "--depth", "3", "--jobs", "2", "--out", "part")
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.contains("Checkpoint: part/explore.checkpoint"), first.stdout)
        XCTAssertNotNil(first.stdout.range(of: #"\n  2 threads: [0-9]+% of their time waiting for work\n"#, options: .regularExpression), first.stdout)
        let resumed = try cli.run("explore", "--preset", "standard", "--depth", "5", "--resume", "part/explore.checkpoint", "--out", "part")
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        XCTAssertNotNil(Self.counts(whole))
        XCTAssertEqual(Self.counts(resumed), Self.counts(whole))
        XCTAssertEqual(resumed.crashSigns, [])
    }

    /// A fingerprint search's folder is written as every command's: whole at the end, replacing only a folder FeedFrames
    /// wrote (a report's too, nothing of it left), never anyone else's; and where it or the checkpoint cannot be written,
    /// it says so before the search, not after hours of it.
    func testAFingerprintSearchWritesItsFolderWholeAndChecksItFirst() throws {
        try cli.write("{\"mine\": 1}", to: "theirs/counterexamples/spinner-has-a-request.json")
        try cli.write("mine", to: "theirs/notes.txt")
        let theirs = try cli.run("explore", "--preset", "seed001", "--fingerprints", "--out", "theirs")
        XCTAssertEqual(theirs.status, 73, theirs.stderr)
        XCTAssertFalse(theirs.stdout.contains("states,"), "refused before the search: \(theirs.stdout)")
        XCTAssertEqual(try cli.text("theirs/counterexamples/spinner-has-a-request.json"), "{\"mine\": 1}")
        XCTAssertEqual(cli.list("theirs"), ["counterexamples", "notes.txt"])

        XCTAssertEqual(try cli.run("explore", "--preset", "seed001", "--depth", "3", "--out", "out").status, 1, "seed001 breaks a rule")
        XCTAssertTrue(cli.list("out").contains("index.html"))
        let again = try cli.run("explore", "--preset", "standard", "--depth", "3", "--fingerprints", "--out", "out")
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(cli.list("out"), [".feedframes", "explore.checkpoint"], "the report and seed001's counterexample are gone")

        try cli.write("a file", to: "afile")
        let checkpoint = try cli.run("explore", "--preset", "standard", "--depth", "3", "--checkpoint", "afile/x.checkpoint", "--out", "o")
        XCTAssertEqual(checkpoint.status, 73)
        XCTAssertEqual(checkpoint.stderrLines, ["cannot write the checkpoint afile/x.checkpoint: cannot create the folder afile (Not a directory)"])
        XCTAssertFalse(checkpoint.stdout.contains("states,"), "refused before the search: \(checkpoint.stdout)")
        XCTAssertEqual(try cli.run("explore", "--preset", "standard", "--fingerprints", "--out", "afile").status, 73)
    }

    /// `--dot` makes its file's folder, as `--out` does (the README's `--dot output/seed001.dot` in a fresh folder).
    func testTheStateGraphsFolderIsMade() throws {
        let outcome = try cli.run("explore", "--preset", "standard", "--depth", "2", "--dot", "graphs/standard.dot", "--out", "out")
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertTrue(try cli.text("graphs/standard.dot").hasPrefix("digraph"))
    }

    /// The first Ctrl-C stops a fingerprint search at its next batch: it writes its checkpoint, which resumes, and exits 130.
    func testAnInterruptedSearchKeepsItsCheckpoint() throws {
        let process = try cli.start(["explore", "--preset", "standard", "--depth", "60", "--fingerprints", "--jobs", "1", "--out", "out"])
        // Until its output folder is begun (a hidden folder beside it), then a moment more: the search is under way.
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline && !((try? FileManager.default.contentsOfDirectory(atPath: cli.folder.path)) ?? [])
            .contains(where: { $0.hasPrefix(".out-tmp-") }) {
            usleep(5_000)
        }
        usleep(300_000)
        XCTAssertTrue(process.isRunning, "the search of depth 60 was still running")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 130)
        XCTAssertEqual(cli.list("out"), [".feedframes", "explore.checkpoint"])
        let resumed = try cli.run("explore", "--preset", "standard", "--depth", "60", "--resume", "out/explore.checkpoint", "--time-limit", "0",
                                  "--out", "out")
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        XCTAssertTrue(resumed.stdout.contains("stopped at the time limit"), resumed.stdout)
    }

    func testMergedShardsReportWhatOneSearchReports() throws {
        // The figures and each rule's line, without the time.
        func report(_ outcome: Subprocess.Outcome) -> [String] {
            let lines = outcome.stdout.split(separator: "\n").map(String.init)
            let summary = lines.first { $0.hasPrefix("explore standard (RulesBehaviour) to depth") }.map { line in
                line.split(separator: ":").dropFirst().joined(separator: ":").split(separator: ",").prefix(3).joined(separator: ",")
            }
            return [summary ?? "none"] + lines.filter { $0.hasPrefix("  ok") || $0.hasPrefix("  FAIL") || $0.hasPrefix("        shortest") }
        }
        let whole = try cli.run("explore", "--preset", "standard", "--depth", "7", "--fingerprints", "--out", "whole")
        XCTAssertEqual(whole.status, 0, whole.stderr)
        var files: [String] = []
        for index in [2, 3, 1] {
            let shard = try cli.run("explore", "--preset", "standard", "--depth", "7", "--shard", "\(index)/3", "--shard-depth", "2",
                                    "--frontier-states", "5", "--out", "shard\(index)")
            XCTAssertEqual(shard.status, 0, shard.stderr)
            XCTAssertTrue(shard.stdout.contains("Shard result: shard\(index)/shard-\(index)-of-3.result"), shard.stdout)
            files += ["--merge", "shard\(index)/shard-\(index)-of-3.result"]
        }
        let merged = try cli.run(["explore", "--preset", "standard", "--depth", "7", "--out", "merged"] + files)
        XCTAssertEqual(merged.status, 0, merged.stderr)
        XCTAssertTrue(merged.stdout.contains("3 shards merged"), merged.stdout)
        XCTAssertEqual(report(merged), report(whole))
        XCTAssertGreaterThan(report(whole).count, 5)

        let missing = try cli.run(["explore", "--preset", "standard", "--depth", "7", "--out", "merged"] + files.dropLast(2))
        XCTAssertEqual(missing.status, 65)
        XCTAssertEqual(missing.stderrLines.first, "cannot merge: expected shards 1…3 once each; missing 1")
        let otherDepth = try cli.run(["explore", "--preset", "standard", "--depth", "6", "--out", "merged"] + files)
        XCTAssertEqual(otherDepth.status, 65)
        XCTAssertEqual(otherDepth.stderrLines.first?.hasSuffix("but this run is --depth 6"), true, otherDepth.stderr)
        let mixed = try cli.run(["explore", "--preset", "standard", "--shard", "1/3", "--out", "merged"] + files)
        XCTAssertEqual(mixed.status, 64)
        XCTAssertEqual(mixed.stderrLines.first, "Error: --merge reads finished shards: leave out --shard")
        let nothing = try cli.run("explore", "--preset", "standard", "--merge", "nowhere.result")
        XCTAssertEqual(nothing.status, 66)
        XCTAssertEqual(nothing.stderrLines.first, "cannot read shard result nowhere.result")
        XCTAssertEqual(merged.crashSigns, [])
    }

    func testABadCheckpointIsRefusedNamingTheFile() throws {
        try cli.write("{ \"name\": \"x\" }", to: "x.json")
        let bad = try cli.run("explore", "--preset", "standard", "--resume", "x.json")
        XCTAssertEqual(bad.status, 65)
        XCTAssertEqual(bad.stderrLines.first?.hasPrefix("x.json is not an explore checkpoint: expected a file written by"), true, bad.stderr)
        let missing = try cli.run("explore", "--preset", "standard", "--resume", "nowhere.checkpoint")
        XCTAssertEqual(missing.status, 66)
        XCTAssertEqual(missing.stderrLines.first, "cannot read checkpoint nowhere.checkpoint: no such file")

        let first = try cli.run("explore", "--preset", "standard", "--depth", "2", "--fingerprints", "--checkpoint", "c.checkpoint", "--out", "o")
        XCTAssertEqual(first.status, 0, first.stderr)
        let other = try cli.run("explore", "--preset", "seed000", "--depth", "3", "--resume", "c.checkpoint", "--out", "o")
        XCTAssertEqual(other.status, 65)
        XCTAssertEqual(other.stderrLines.first?.hasPrefix("checkpoint c.checkpoint was written for another search"), true, other.stderr)
        let sharded = try cli.run("explore", "--preset", "standard", "--depth", "4", "--shard", "1/2", "--resume", "c.checkpoint", "--out", "o")
        XCTAssertEqual(sharded.status, 65, "a checkpoint of the whole search is not one of a shard")
        // A checkpoint continues with the bounds it stopped at or larger.
        let shallower = try cli.run("explore", "--preset", "standard", "--depth", "1", "--resume", "c.checkpoint", "--out", "o")
        XCTAssertEqual(shallower.status, 64)
        XCTAssertEqual(shallower.stderrLines.first, "checkpoint c.checkpoint reached depth 2: --depth 1 would not continue it (give --depth 2 or more)")
        XCTAssertEqual(try cli.run("explore", "--preset", "standard", "--depth", "2", "--max-states", "2", "--resume", "c.checkpoint").status, 64)
        // Options a fingerprint search would not use are refused, not ignored.
        XCTAssertEqual(try cli.run("explore", "--preset", "standard", "--fingerprints", "--gallery", "5").status, 64)
        XCTAssertEqual(try cli.run("explore", "--preset", "standard", "--depth", "3", "--shard", "1/2", "--shard-depth", "4").status, 64)
        XCTAssertEqual(try cli.run("explore", "--preset", "standard", "--jobs", "0").status, 64)
        // A negative number is read as the option's value and refused as out of range, not as a missing value.
        let negative = try cli.run("explore", "--preset", "standard", "--depth", "-1")
        XCTAssertEqual(negative.status, 64)
        XCTAssertEqual(negative.stderrLines.first, "Error: bad --depth '-1' (expected a number from 0 to 1000)")
        XCTAssertEqual(try cli.run("explore", "--preset", "standard", "--shard", "3/2").status, 64)
    }

    /// `explore` searches the preset's behaviour, the code render plays: its counterexamples replay through
    /// render, and its fingerprint search finds the graph's counts and stops and resumes; `--logic` is gone.
    func testExploreSearchesThePresetsOwnBehaviour() throws {
        let behaviour = try cli.run("explore", "--preset", "seed001", "--depth", "5", "--out", "behaviour")
        XCTAssertEqual(behaviour.stdout.split(separator: "\n").first,
                       "explore seed001: Seed001Behaviour playing the app, at most 1,000,000 states, up to about 6.2 GB of memory "
                       + "(--max-states to change)")
        XCTAssertTrue(behaviour.stdout.contains("Gallery: "), behaviour.stdout)
        // The seed's footer spins on after the last page (in view): a rule the engine's search does not have.
        XCTAssertEqual(behaviour.status, 1, behaviour.stderr)
        XCTAssertTrue(behaviour.stdout.contains("  FAIL  spinner-has-a-request: the footer's spinner shows with no request in flight"),
                      behaviour.stdout)
        let replay = try cli.run("render", "behaviour/counterexamples/spinner-has-a-request.json", "--out", "replay")
        XCTAssertEqual(replay.status, 0, replay.stderr)
        let last = try cli.text("replay/counterexample-spinner-has-a-request/0002.txt")
        XCTAssertTrue(last.contains("| @ 已经全部加载完毕") && last.contains("[exhausted]"), last)

        // The fingerprint search of the same behaviour: the same counts as the whole graph's.
        func counts(_ outcome: Subprocess.Outcome) -> String? {
            outcome.stdout.split(separator: "\n").first { $0.hasPrefix("explore standard (RulesBehaviour) to depth 4:") }
                .map { String($0.split(separator: ",").prefix(2).joined(separator: ",")) }
        }
        let graph = try cli.run("explore", "--preset", "standard", "--depth", "4", "--out", "graph")
        let prints = try cli.run("explore", "--preset", "standard", "--depth", "4", "--jobs", "2", "--out", "prints")
        XCTAssertEqual(graph.status, 0, graph.stderr)
        XCTAssertEqual(prints.status, 0, prints.stderr)
        XCTAssertNotNil(counts(graph))
        XCTAssertEqual(counts(prints), counts(graph))
        XCTAssertTrue(prints.stdout.contains("way-forward: not checked"), prints.stdout)
        // Stopped before its first state is expanded, then resumed from the checkpoint to the same counts.
        let stopped = try cli.run("explore", "--preset", "standard", "--depth", "4", "--time-limit", "0", "--out", "part")
        XCTAssertEqual(stopped.status, 0, stopped.stderr)
        XCTAssertTrue(stopped.stdout.contains("stopped at the time limit"), stopped.stdout)
        XCTAssertTrue(stopped.stdout.contains("Checkpoint: part/explore.checkpoint"), stopped.stdout)
        let resumed = try cli.run("explore", "--preset", "standard", "--depth", "4", "--resume", "part/explore.checkpoint",
                                  "--out", "part")
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        XCTAssertEqual(counts(resumed), counts(graph))
        let other = try cli.run("explore", "--preset", "seed000", "--resume", "part/explore.checkpoint", "--out", "part")
        XCTAssertEqual(other.status, 65)
        XCTAssertEqual(other.stderrLines.first?.hasPrefix("checkpoint part/explore.checkpoint was written for another search"), true, other.stderr)

        // One pipeline: no second engine to choose.
        let logic = try cli.run("explore", "--preset", "standard", "--logic=engine")
        XCTAssertEqual(logic.status, 64)
        XCTAssertEqual(logic.stderrLines.first, "Error: Unknown option '--logic'")
        XCTAssertEqual(behaviour.crashSigns, [])
    }

    /// `--shard i/n` on n processes (each with its own `Hasher` seed, unless the command sets
    /// `SWIFT_DETERMINISTIC_HASHING`, as it does), then `--merge`: the counts and findings of one search.
    func testShardsOfABehaviourRunAsSeparateProcessesMergeToOneSearch() throws {
        func counts(_ run: Subprocess.Outcome) -> String? {
            run.stdout.split(separator: "\n").map(String.init).first { $0.contains(" states, ") }.map { line in
                line.components(separatedBy: ": ").last!.components(separatedBy: ", ").prefix(2).joined(separator: ", ")
            }
        }
        let whole = try cli.run("explore", "--preset", "seed001", "--depth", "6", "--fingerprints", "--out", "whole")
        XCTAssertEqual(whole.status, 1, whole.stderr)
        XCTAssertEqual(counts(whole), "103 states, 301 transitions")
        var files: [String] = []
        for index in 1...3 {
            let shard = try cli.run("explore", "--preset", "seed001", "--depth", "6", "--shard", "\(index)/3",
                                    "--shard-depth", "2", "--out", "shard\(index)")
            XCTAssertTrue(shard.stdout.contains("shard \(index)/3 at depth 2"), shard.stdout)
            XCTAssertTrue(shard.stdout.contains("Shard result: shard\(index)/shard-\(index)-of-3.result"), shard.stdout)
            files += ["--merge", "shard\(index)/shard-\(index)-of-3.result"]
        }
        let merged = try cli.run(["explore", "--preset", "seed001", "--depth", "6", "--out", "merged"] + files)
        XCTAssertEqual(merged.status, 1, merged.stderr)
        XCTAssertTrue(merged.stdout.contains("3 shards merged: 103 states, 301 transitions, depth reached 6"), merged.stdout)
        let finding = { (run: Subprocess.Outcome) in run.stdout.split(separator: "\n").map(String.init).filter { $0.contains("FAIL") || $0.contains("shortest") } }
        XCTAssertEqual(finding(merged), finding(whole))
        XCTAssertEqual(finding(merged).first, "  FAIL  spinner-has-a-request: the footer's spinner shows with no request in flight (18 found)")
        XCTAssertEqual(try Data(contentsOf: cli.folder.appendingPathComponent("merged/counterexamples/spinner-has-a-request.json")),
                       try Data(contentsOf: cli.folder.appendingPathComponent("whole/counterexamples/spinner-has-a-request.json")))
        // Shards of another preset's behaviour are refused.
        let other = try cli.run(["explore", "--preset", "seed000", "--depth", "6", "--out", "merged"] + files)
        XCTAssertEqual(other.status, 65)
        XCTAssertEqual(other.stderrLines.first?.hasPrefix("cannot merge: shard1/shard-1-of-3.result was written for another search (the behaviour: "
                                                          + "Seed001Behaviour in the shard, Seed000Behaviour in this run; the scenario"), true, other.stderr)
    }

    /// `--inserts`: the report's search and the fingerprint search find the same states, more than without
    /// inserts; a checkpoint of a search with inserts is refused by one without; the gallery's screens replay.
    func testInsertsAreExploredByBothSearchesAlike() throws {
        let plain = try cli.run("explore", "--preset", "standard", "--depth", "5", "--fingerprints", "--jobs", "1", "--out", "plain")
        let prints = try cli.run("explore", "--preset", "standard", "--depth", "5", "--inserts", "2", "--jobs", "2", "--out", "prints")
        let graph = try cli.run("explore", "--preset", "standard", "--depth", "5", "--inserts", "2", "--out", "graph")
        for outcome in [plain, prints, graph] { XCTAssertEqual(outcome.status, 0, outcome.stderr) }
        let states = { (outcome: Subprocess.Outcome) -> Int? in
            guard let line = Self.counts(outcome), let number = line.split(separator: ":").last?.split(separator: " ").first else { return nil }
            return Int(number.replacingOccurrences(of: ",", with: ""))
        }
        XCTAssertGreaterThan(try XCTUnwrap(states(prints)), try XCTUnwrap(states(plain)))
        XCTAssertTrue(graph.stdout.contains("to depth 5: \(try XCTUnwrap(states(prints))) states,"), graph.stdout)

        let part = try cli.run("explore", "--preset", "standard", "--depth", "2", "--inserts", "2", "--jobs", "1", "--out", "part")
        XCTAssertEqual(part.status, 0, part.stderr)
        let other = try cli.run("explore", "--preset", "standard", "--depth", "5", "--resume", "part/explore.checkpoint", "--out", "part")
        XCTAssertEqual(other.status, 65, other.stderr)
        let resumed = try cli.run("explore", "--preset", "standard", "--depth", "5", "--inserts", "2", "--resume", "part/explore.checkpoint",
                                  "--out", "part")
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        XCTAssertEqual(Self.counts(resumed), Self.counts(prints))
        XCTAssertEqual(try cli.run("explore", "--preset", "standard", "--inserts", "-1").status, 64)

        // A feed of one page, inserts and all, is searched to its end: the same end for both searches.
        let ended = try cli.run("explore", "--preset", "standard", "--depth", "1000", "--pages", "1", "--inserts", "1", "--jobs", "2", "--out", "ended")
        XCTAssertEqual(ended.status, 0, ended.stderr)
        XCTAssertTrue(ended.stdout.contains("every state expanded"), ended.stdout)
        let whole = try cli.run("explore", "--preset", "standard", "--depth", "1000", "--pages", "1", "--inserts", "1", "--out", "whole")
        XCTAssertEqual(whole.status, 0, whole.stderr)
        XCTAssertTrue(whole.stdout.contains("to depth 1000: \(try XCTUnwrap(states(ended))) states,"), whole.stdout)
        XCTAssertEqual(try cli.run("explore", "--preset", "standard", "--pages", "0").status, 64)
        XCTAssertEqual(prints.crashSigns, [])
    }
}
