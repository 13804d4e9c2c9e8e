import TestSupport
import FeedScenario
import Foundation
import FeedFramesProcess
import XCTest

/// Where output goes and what survives: paths that would leave the chosen
/// folder, symbolic links, SIGKILL at random moments, a full or read-only
/// disk, two renders racing for one folder, and `--jobs` never changing a byte.
final class OutputSafetyTests: XCTestCase {
    var scratch: Subprocess!

    override func setUpWithError() throws {
        _ = try Subprocess.binary()
        scratch = try Subprocess()
    }

    override func tearDown() { scratch?.cleanUp() }

    static func scenario(name: String, total: Int, rounds: Int, title: String = "Row {n}") -> String {
        var events = ["launch"]
        for _ in 0..<rounds { events += ["wait 1", "scroll to bottom", "scroll by -150"] }
        return """
            { "name": "\(name)", "preset": "standard",
              "source": { "total": \(total), "title": "\(title)", "rowHeights": [44, 60, 88] },
              "events": [\(events.map { "\"\($0)\"" }.joined(separator: ", "))] }
            """
    }

    /// Hidden entries other than FeedFrames' marker: temporary folders left behind.
    func hidden(_ folder: String) -> [String] { scratch.list(folder).filter { $0.hasPrefix(".") && $0 != ".feedframes" } }

    // MARK: Paths

    /// A name taken from the scenario's file name goes through the same check as a `name`
    /// key: `..json` rendered with `--out .` once replaced the folder it sat in (issue 15).
    func testNamesFromFileNamesAreCheckedAndTheUsersFilesSurvive() throws {
        let scenario = #"{"preset": "standard", "events": ["launch"]}"#
        let named = { (name: String) in #"{"name": "\#(name)", "preset": "standard", "events": ["launch"]}"# }
        let cases: [(file: String, text: String)] = [
            ("..json", scenario), ("...json", scenario), (".json", scenario), (".hidden.json", scenario),
            ("<img src=x onerror=alert(1)>.json", scenario), ("line\nbreak.json", scenario), ("index.html.json", scenario),
            ("frames.json.json", scenario), ("INDEX.HTML.json", scenario), ("idx.json", named("index.html")),
            ("fr.json", named("frames.js")),
        ]
        for (file, text) in cases {
            try? FileManager.default.removeItem(at: scratch.url("p"))
            try scratch.write("precious\n", to: "p/important.txt")
            try scratch.write("{}\n", to: "p/scenario.json")
            try scratch.write(text, to: "p/\(file)")
            let before = scratch.snapshot("")
            let outcome = try scratch.run("render", "p/\(file)", "--out", "p")
            XCTAssertEqual(outcome.status, 65, "\(file): \(outcome.stderr)")
            XCTAssertTrue(outcome.stderr.contains("cannot name an output folder"), "\(file): \(outcome.stderr)")
            XCTAssertFalse(outcome.stderr.contains("\n") && outcome.stderr.split(separator: "\n").count > 1, "\(file): one line")
            XCTAssertEqual(Subprocess.differences(scratch.snapshot(""), before), [], "\(file): nothing written or removed")
            XCTAssertEqual(try scratch.text("p/important.txt"), "precious\n")
        }
    }

    /// A folder is replaced only if FeedFrames wrote it: its marker, of the same kind, and nothing else in it.
    func testOnlyFoldersFeedFramesWroteAreReplaced() throws {
        try scratch.write(#"{"preset": "standard", "events": ["launch"]}"#, to: "ok.json")
        XCTAssertEqual(try scratch.run("render", "ok.json", "--out", "out").status, 0)
        XCTAssertEqual(try scratch.text("out/ok/.feedframes"), #"{"feedframes":1,"kind":"scenario"}"# + "\n")
        XCTAssertEqual(try scratch.run("render", "ok.json", "--out", "out").status, 0, "its own folder is replaced")

        // A file of the user's inside: refused, and it survives.
        try scratch.write("notes\n", to: "out/ok/notes.txt")
        var outcome = try scratch.run("render", "ok.json", "--out", "out")
        XCTAssertEqual(outcome.status, 73, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains(#"holds "notes.txt", which FeedFrames does not write there"#), outcome.stderr)
        XCTAssertEqual(try scratch.text("out/ok/notes.txt"), "notes\n")
        try FileManager.default.removeItem(at: scratch.url("out/ok/notes.txt"))

        // Another kind of output: a gallery never replaces a scenario folder.
        outcome = try scratch.run("preview", "--preset", "standard", "--locale", "en", "--out", "out/ok")
        XCTAssertEqual(outcome.status, 73, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("holds FeedFrames' scenario output, not a gallery"), outcome.stderr)

        // "Holds scenario.json" alone no longer makes a folder ours.
        try scratch.write("{}\n", to: "out2/ok/scenario.json")
        try scratch.write("mine\n", to: "out2/ok/mine.txt")
        XCTAssertEqual(try scratch.run("render", "ok.json", "--out", "out2").status, 73)
        XCTAssertEqual(try scratch.text("out2/ok/mine.txt"), "mine\n")

        // A folder an earlier version wrote (frames and scenario.json, no marker) is recognised by its contents.
        try FileManager.default.removeItem(at: scratch.url("out/ok/.feedframes"))
        XCTAssertEqual(try scratch.run("render", "ok.json", "--out", "out").status, 0)
        XCTAssertTrue(scratch.exists("out/ok/.feedframes"))

        // An index.html of the user's in --out is never replaced.
        try scratch.write("<p>my site</p>\n", to: "site/index.html")
        outcome = try scratch.run("render", "ok.json", "--out", "site")
        XCTAssertEqual(outcome.status, 73, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("site/index.html: was not written by FeedFrames"), outcome.stderr)
        XCTAssertEqual(try scratch.text("site/index.html"), "<p>my site</p>\n")
        XCTAssertFalse(scratch.exists("site/ok"), "refused before anything was rendered")
    }

    /// One run, one outcome: when one of several scenarios fails, none is committed and the
    /// index is not touched; a stale index (a kill between the folders and the index) is repaired.
    func testSeveralScenariosCommitTogetherOrNotAtAll() throws {
        try scratch.write(#"{"name": "first", "preset": "standard", "events": ["launch"]}"#, to: "first.json")
        try scratch.write(#"{"name": "second", "preset": "standard", "events": ["launch", "wait 1"]}"#, to: "second.json")
        XCTAssertEqual(try scratch.run("render", "first.json", "--out", "out").status, 0)
        let before = scratch.snapshot("out")
        // A row template that breaks frame.rng: the first scenario (no rows) renders, the second fails.
        let row = #"<div class="row" data-index="{{index}}" data-id="{{id}}" style="top: {{y}}px;"><b>{{title}}</b></div>"#
        try scratch.write(row + "\n", to: "broken/row.html")
        let outcome = try scratch.run("render", "first.json", "second.json", "--out", "out", "--templates", "broken")
        XCTAssertEqual(outcome.status, 1, outcome.stderr)
        XCTAssertTrue(outcome.stderr.hasPrefix("broken/row.html:1: relaxng:"), "the template and its line: \(outcome.stderr)")
        XCTAssertEqual(Subprocess.differences(scratch.snapshot("out"), before), [], "nothing committed, the index untouched")
        XCTAssertEqual(hidden("out"), [])

        // As if a run was killed after its folders moved in and before its index: the next run repairs it.
        try FileManager.default.copyItem(at: scratch.url("out/first"), to: scratch.url("out/copied"))
        XCTAssertFalse(try scratch.text("out/index.html").contains("copied/index.html"))
        let failing = try scratch.run("render", "second.json", "--out", "out", "--templates", "broken")
        XCTAssertEqual(failing.status, 1)
        XCTAssertTrue(try scratch.text("out/index.html").contains("copied/index.html"), "a failing run repairs the stale index too")
        XCTAssertFalse(scratch.exists("out/second"))
    }

    /// `demos --export` replaces a copy only while it is the one it wrote; an edited copy needs --force.
    func testDemosExportKeepsEditedCopiesUnlessForced() throws {
        XCTAssertEqual(try scratch.run("demos", "--export", "d").status, 0)
        XCTAssertEqual(try scratch.run("demos", "--export", "d").status, 0, "untouched copies are replaced")
        let edited = try scratch.text("d/standard-story.json") + "\n"
        try scratch.write(edited, to: "d/standard-story.json")
        let before = scratch.snapshot("d")
        let outcome = try scratch.run("demos", "--export", "d")
        XCTAssertEqual(outcome.status, 73, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("standard-story.json: was edited or not written by FeedFrames"), outcome.stderr)
        XCTAssertEqual(Subprocess.differences(scratch.snapshot("d"), before), [], "nothing written")
        XCTAssertEqual(try scratch.run("demos", "--export", "d", "--force").status, 0)
        XCTAssertNotEqual(try scratch.text("d/standard-story.json"), edited)
    }

    func testNamesThatWouldLeaveTheOutputFolderAreRefusedAndNothingIsWritten() throws {
        try scratch.write("keep\n", to: "out/inner/marker.txt")
        for name in ["../escape", "../../escape", "/tmp/escape-\(UUID().uuidString)", "a/../../escape", ".hidden", "..", "a\\b", "x\u{0}y"] {
            let escaped = name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\u{0}", with: "\\u0000")
            try scratch.write("{\"name\": \"\(escaped)\", \"preset\": \"standard\", \"events\": [\"launch\"]}", to: "bad.json")
            let before = scratch.snapshot("")
            let outcome = try scratch.run("render", "bad.json", "--out", "out/inner")
            XCTAssertEqual(outcome.status, 65, "\(name): \(outcome.stderr)")
            XCTAssertTrue(outcome.stderr.hasPrefix("bad.json:1:10: name: "), outcome.stderr)
            XCTAssertEqual(Subprocess.differences(scratch.snapshot(""), before), [], "\(name): nothing written anywhere")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/escape"))
    }

    /// `--out` may be a link (an output folder on another disk); `--out/<name>` may not.
    func testASymlinkedOutputFolderIsFollowedButASymlinkedScenarioFolderIsNeverReplaced() throws {
        try scratch.write(Self.scenario(name: "linked", total: 30, rounds: 1), to: "linked.json")
        // --out is a link to a folder elsewhere: legitimate, followed.
        try FileManager.default.createDirectory(at: scratch.url("disk"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: scratch.url("output").path, withDestinationPath: "disk")
        let first = try scratch.run("render", "linked.json", "--out", "output")
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(scratch.exists("disk/linked/0001.json"), "written through the link")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: scratch.url("output").path), "disk", "still a link")
        let again = try scratch.run("render", "linked.json", "--out", "output")
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(hidden("disk"), [], "no temporary folders left behind")

        // --out/<name> is a link to someone's folder: refused, the link and its target untouched.
        try scratch.write("precious\n", to: "elsewhere/precious.txt")
        try FileManager.default.createDirectory(at: scratch.url("out2"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: scratch.url("out2/linked").path, withDestinationPath: scratch.url("elsewhere").path)
        let before = scratch.snapshot("elsewhere")
        let refused = try scratch.run("render", "linked.json", "--out", "out2")
        XCTAssertEqual(refused.status, 73, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("out2/linked: is a symbolic link; not following or replacing it"), refused.stderr)
        XCTAssertEqual(Subprocess.differences(scratch.snapshot("elsewhere"), before), [])
        XCTAssertNotNil(try? FileManager.default.destinationOfSymbolicLink(atPath: scratch.url("out2/linked").path), "the link is still there")
        XCTAssertEqual(hidden("out2"), [])

        // A file, or a folder this tool did not write, where the scenario folder would go: refused too.
        try scratch.write("a file\n", to: "out3/linked")
        let file = try scratch.run("render", "linked.json", "--out", "out3")
        XCTAssertEqual(file.status, 73)
        XCTAssertEqual(try scratch.text("out3/linked"), "a file\n")
        try scratch.write("my notes\n", to: "out4/linked/notes.txt")
        let foreign = try scratch.run("render", "linked.json", "--out", "out4")
        XCTAssertEqual(foreign.status, 73)
        XCTAssertTrue(foreign.stderr.contains("is a folder FeedFrames did not write (it has no .feedframes)"), foreign.stderr)
        XCTAssertEqual(scratch.list("out4/linked"), ["notes.txt"])
        // An empty folder is fine.
        try FileManager.default.createDirectory(at: scratch.url("out5/linked"), withIntermediateDirectories: true)
        XCTAssertEqual(try scratch.run("render", "linked.json", "--out", "out5").status, 0)
        XCTAssertTrue(scratch.exists("out5/linked/scenario.json"))
    }

    /// Commands that replace their whole `--out` (preview, explore, sweep, diff) only replace a
    /// folder they wrote: `--out .` or `--out ~/Documents` once replaced the folder with a gallery.
    func testAWholeFolderCommandNeverReplacesAFolderItDidNotWrite() throws {
        try scratch.write("precious\n", to: "mine/precious.txt")
        let before = scratch.snapshot("mine")
        for arguments in [["preview", "--preset", "standard", "--locale", "en", "--out", "mine"],
                          ["preview", "--preset", "standard", "--locale", "en", "--out", "."]] {
            let outcome = try scratch.run(arguments)
            XCTAssertEqual(outcome.status, 73, "\(arguments): \(outcome.stderr)")
            XCTAssertTrue(outcome.stderr.contains("is a folder FeedFrames did not write (it has no .feedframes)"), outcome.stderr)
            XCTAssertEqual(Subprocess.differences(scratch.snapshot("mine"), before), [])
        }
        XCTAssertEqual(try scratch.run("preview", "--preset", "standard", "--locale", "en", "--out", "gallery").status, 0)
        let again = try scratch.run("preview", "--preset", "standard", "--locale", "en", "--out", "gallery")
        XCTAssertEqual(again.status, 0, "its own folder is replaced: \(again.stderr)")
        XCTAssertEqual(hidden(""), [])
    }

    /// Partials are looked up among the templates loaded from the folder, by name, never on disk.
    func testPartialsLoadOnlyFromTheTemplatesFolder() throws {
        try scratch.write(Self.scenario(name: "p", total: 30, rounds: 1), to: "p.json")
        try scratch.write("SECRET-OUTSIDE\n", to: "secret.txt")
        try scratch.write("SECRET-BELOW\n", to: "templates/sub/inner.txt")
        for reference in ["../secret.txt", "sub/inner.txt", "\(scratch.folder.path)/secret.txt", "./frame.txt"] {
            try scratch.write("{{{heading}}}\n{{> \(reference)}}\n", to: "templates/frame.txt")
            let outcome = try scratch.run("render", "p.json", "--out", "out", "--templates", "templates")
            XCTAssertEqual(outcome.status, 65, reference)
            XCTAssertEqual(outcome.stderrLines, ["templates/frame.txt:2:1: partial \"\(reference)\" is not in the template library"])
            XCTAssertFalse(scratch.exists("out/p"))
        }
        // A partial beside it is found.
        try scratch.write("{{{heading}}}\n{{> mine.txt}}\n", to: "templates/frame.txt")
        try scratch.write("MINE\n", to: "templates/mine.txt")
        XCTAssertEqual(try scratch.run("render", "p.json", "--out", "out", "--templates", "templates").status, 0)
        XCTAssertTrue(try scratch.text("out/p/0001.txt").contains("MINE"))
        XCTAssertFalse(try scratch.text("out/p/0001.txt").contains("SECRET"))
    }

    // MARK: Killed, full, read-only

    /// SIGKILL at ≥ 20 seeded random moments of a long render: the previous render stays whole and valid.
    /// SIGINT and SIGTERM (Ctrl-C, a CI timeout) remove the temporary folder of a render in
    /// progress, leave the previous output whole, and end the process by that signal.
    func testAnInterruptedRenderRemovesItsTemporaryFolder() throws {
        try scratch.write(Self.scenario(name: "stop", total: 60, rounds: 3), to: "small.json")
        try scratch.write(Self.scenario(name: "stop", total: 100_000, rounds: 400, title: "Big row {n}"), to: "big.json")
        XCTAssertEqual(try scratch.run("render", "small.json", "--out", "out").status, 0)
        let reference = scratch.snapshot("out/stop")
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            let process = try scratch.start(["render", "big.json", "--out", "out"])
            // Until its temporary folder holds some frames: the run is well under way.
            let deadline = Date().addingTimeInterval(30)
            var temporary: String?
            while process.isRunning && Date() < deadline {
                if let name = hidden("out").first(where: { $0.hasPrefix(".stop-tmp-") }), scratch.list("out/\(name)").count > 50 {
                    temporary = name
                    break
                }
                usleep(5_000)
            }
            XCTAssertNotNil(temporary, "signal \(signal): the render got under way")
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .uncaughtSignal, "signal \(signal): ended by the signal")
            XCTAssertEqual(process.terminationStatus, signal)
            XCTAssertEqual(hidden("out"), [], "signal \(signal): no temporary folder left")
            XCTAssertEqual(Subprocess.differences(scratch.snapshot("out/stop"), reference), [], "signal \(signal): the previous render")
        }
    }

    func testARenderKilledAtAnyMomentLeavesThePreviousOutputWhole() throws {
        try scratch.write(Self.scenario(name: "crash", total: 60, rounds: 3), to: "small.json")
        try scratch.write(Self.scenario(name: "crash", total: 100_000, rounds: 150, title: "Big row {n}"), to: "big.json")
        // The bigger render once, to know its files and roughly when its folder is swapped in
        // (after that, a kill finds the new render whole: a sanitizer's slow exit makes that window long).
        let started = Date()
        let measured = try scratch.start(["render", "big.json", "--out", "full"])
        while measured.isRunning && !scratch.exists("full/crash") { usleep(2_000) }
        let untilCommit = Date().timeIntervalSince(started)
        measured.waitUntilExit()
        XCTAssertEqual(measured.terminationStatus, 0)
        let bigFiles = scratch.list("full/crash")
        let big = scratch.snapshot("full/crash")
        XCTAssertGreaterThan(bigFiles.count, 1_000)

        XCTAssertEqual(try scratch.run("render", "small.json", "--out", "out").status, 0)
        var reference = scratch.snapshot("out/crash")
        XCTAssertGreaterThan(reference.count, 10)

        let seed = randomSeed(0x6B11_5AFE)
        var random = SeededRandom(seed: seed)
        var kills = 0, afterSwap = 0, completions = 0, attempts = 0
        while kills < 20 && attempts < 80 {
            attempts += 1
            let delay = Double(random.next() % 1_000) / 1_000 * untilCommit * 0.9
            let process = try scratch.start(["render", "big.json", "--out", "out", "--jobs", String(1 + random.next() % 2)])
            usleep(useconds_t(delay * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let now = scratch.snapshot("out/crash")
            if process.terminationReason == .uncaughtSignal && now != big {
                kills += 1
                XCTAssertEqual(Subprocess.differences(now, reference), [], "seed \(seed), killed after \(delay) s: the previous render, every byte")
            } else {
                // Killed after the swap, or finished first: then it is the whole new render, every byte.
                if process.terminationReason == .uncaughtSignal { afterSwap += 1 } else { completions += 1 }
                XCTAssertEqual(Subprocess.differences(now, big), [], "seed \(seed), killed after \(delay) s, after the swap: the whole new render")
                XCTAssertEqual(try scratch.run("render", "small.json", "--out", "out").status, 0, "seed \(seed)")
                reference = scratch.snapshot("out/crash")
            }
            let validated = try scratch.run("validate", "out/crash")
            XCTAssertEqual(validated.status, 0, "seed \(seed), killed after \(delay) s: \(validated.stderr)")
        }
        XCTAssertGreaterThanOrEqual(kills, 20, "seed \(seed): \(kills) kills before the swap, \(afterSwap) after it, \(completions) runs finished first")
        print("OutputSafetyTests: \(kills) renders killed before their swap, \(afterSwap) after it, \(completions) finished first")

        // The next full render replaces it, and clears what the killed runs left.
        let final = try scratch.run(["render", "big.json", "--out", "out"], timeout: 300)
        XCTAssertEqual(final.status, 0, final.stderr)
        XCTAssertEqual(scratch.list("out/crash"), bigFiles)
        XCTAssertEqual(Subprocess.differences(scratch.snapshot("out/crash"), big), [])
        XCTAssertEqual(hidden("out"), [], "temporary folders of killed runs are cleared")
    }

    /// A full disk: exit 73, the temporary folder removed, the previous output as it was.
    /// With a 128 KiB tmpfs when mounting is allowed (root), and always with a file-size limit
    /// (RLIMIT_FSIZE, SIGXFSZ ignored), which fails writes the same way.
    func testAFullDiskExits73AndLeavesNoTemporaryFolder() throws {
        try scratch.write(Self.scenario(name: "full", total: 60, rounds: 3), to: "small.json")
        try scratch.write(Self.scenario(name: "full", total: 100_000, rounds: 30), to: "big.json")

        // File-size limit: every file over 16 KiB fails with EFBIG. (ThreadSanitizer's runtime
        // itself cannot start under such a limit, so not when the tests run under it.)
        if dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") == nil {
            XCTAssertEqual(try scratch.run("render", "small.json", "--out", "out", "--format", "json").status, 0)
            let before = scratch.snapshot("out")
            let limited = try shell("ulimit -f 16; trap '' XFSZ; exec \"$0\" render big.json --out out", try Subprocess.binary().path)
            XCTAssertEqual(limited.status, 73, limited.stderr)
            XCTAssertTrue(limited.stderr.contains("File too large"), limited.stderr)
            XCTAssertEqual(Subprocess.differences(scratch.snapshot("out"), before), [], "previous output untouched, no temporary folder")
        }

        // A real full file system, where this machine lets us mount one.
        let mountPoint = scratch.url("small-disk").path
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        guard try shell("mount -t tmpfs -o size=128k tmpfs \"$0\"", mountPoint).status == 0 else {
            throw XCTSkip("cannot mount a tmpfs here; the file-size limit above stood in for a full disk")
        }
        defer { _ = try? shell("umount \"$0\"", mountPoint) }
        try scratch.write(Self.scenario(name: "full", total: 30, rounds: 1), to: "tiny.json")
        XCTAssertEqual(try scratch.run("render", "tiny.json", "--out", "small-disk/out", "--format", "json").status, 0)
        let previous = scratch.snapshot("small-disk/out")
        let full = try scratch.run("render", "big.json", "--out", "small-disk/out")
        XCTAssertEqual(full.status, 73, full.stderr)
        XCTAssertTrue(full.stderr.contains("No space left on device"), full.stderr)
        XCTAssertEqual(Subprocess.differences(scratch.snapshot("small-disk/out"), previous), [], "previous output untouched, temporary folder removed")

        // Read-only: 73 before anything is written.
        XCTAssertEqual(try shell("mount -o remount,ro \"$0\"", mountPoint).status, 0)
        let readOnly = try scratch.run("render", "small.json", "--out", "small-disk/out")
        XCTAssertEqual(readOnly.status, 73, readOnly.stderr)
        XCTAssertTrue(readOnly.stderr.contains("Read-only file system"), readOnly.stderr)
        XCTAssertEqual(Subprocess.differences(scratch.snapshot("small-disk/out"), previous), [])
    }

    func shell(_ script: String, _ argument: String) throws -> Subprocess.Outcome {
        try scratch.run(shell: script, argument)
    }

    // MARK: Concurrency

    /// Two renders of different scenarios with one name into one folder, at once: the
    /// folder ends up exactly one of them, never a mix.
    func testTwoRendersIntoOneFolderAtOnceNeverMix() throws {
        try scratch.write(Self.scenario(name: "same", total: 200, rounds: 40, title: "First {n}"), to: "a.json")
        try scratch.write(Self.scenario(name: "same", total: 300, rounds: 60, title: "Second {n}"), to: "b.json")
        XCTAssertEqual(try scratch.run("render", "a.json", "--out", "ref-a").status, 0)
        XCTAssertEqual(try scratch.run("render", "b.json", "--out", "ref-b").status, 0)
        let a = scratch.snapshot("ref-a/same"), b = scratch.snapshot("ref-b/same")
        XCTAssertNotEqual(a, b)
        var winners: [String: Int] = [:]
        for round in 0..<6 {
            let first = try scratch.start(["render", round % 2 == 0 ? "a.json" : "b.json", "--out", "out"])
            let second = try scratch.start(["render", round % 2 == 0 ? "b.json" : "a.json", "--out", "out"])
            first.waitUntilExit()
            second.waitUntilExit()
            XCTAssertEqual([first.terminationStatus, second.terminationStatus], [0, 0], "round \(round): both succeed")
            let result = scratch.snapshot("out/same")
            XCTAssertTrue(result == a || result == b, "round \(round): the folder is exactly one render")
            winners[result == a ? "a" : "b", default: 0] += 1
            XCTAssertEqual(hidden("out"), [], "round \(round): no temporary folders left")
            XCTAssertEqual(try scratch.run("validate", "out/same").status, 0)
        }
        print("OutputSafetyTests: concurrent renders, last to finish: \(winners)")
    }

    /// `--jobs N` changes how frames are made, never what: every byte equal to `--jobs 1`, run after run.
    func testJobsNeverChangeAByte() throws {
        XCTAssertEqual(try scratch.run("demos", "--export", "demos").status, 0)
        try scratch.write(Self.scenario(name: "long", total: 100_000, rounds: 200, title: "Long {n}"), to: "demos/zz-long.json")
        let scenarios = scratch.list("demos").filter { $0.hasSuffix(".json") }.map { "demos/" + $0 }
        XCTAssertGreaterThan(scenarios.count, 15)
        XCTAssertEqual(try scratch.run(["render"] + scenarios + ["--out", "jobs-1", "--jobs", "1"]).status, 0)
        let reference = scratch.snapshot("jobs-1")
        XCTAssertGreaterThan(reference.count, 1_000)
        for (run, jobs) in [2, 4, 2, 4, 3].enumerated() {
            let folder = "jobs-\(jobs)-\(run)"
            let outcome = try scratch.run(["render"] + scenarios + ["--out", folder, "--jobs", String(jobs)], timeout: 120)
            XCTAssertEqual(outcome.status, 0, outcome.stderr)
            let result = scratch.snapshot(folder)
            XCTAssertEqual(Set(result.keys), Set(reference.keys), "--jobs \(jobs): the same files")
            for (file, bytes) in reference where result[file] != bytes {
                XCTFail("--jobs \(jobs), run \(run): \(file) differs from --jobs 1")
            }
        }
    }
}

extension Subprocess {
    /// `sh -c script argument` in the scratch folder (`$0` is `argument`).
    func run(shell script: String, _ argument: String) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, argument]
        process.currentDirectoryURL = folder
        process.environment = Self.environment
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        try process.run()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        return Outcome(status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
                       timedOut: false, stdout: "", stderr: text, stderrBytes: Array(data))
    }
}

