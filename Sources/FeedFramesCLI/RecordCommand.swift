import ArgumentParser
import FeedEngine
import FeedScenario
import Foundation
import FrameFolder
import JSONText

/// `feedframes record SCENARIO --pages N --out FIXTURE.json`: fetches N pages
/// once from the scenario's source and saves them as a fixture that a `file`
/// source replays, so previews and snapshots stay deterministic (SPEC §7).
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Save a real source's pages as a fixture for replay.",
        discussion: """
            Fetches pages 1 to N from the scenario's source (an initial load, then load-mores, \
            as the list would), without the scenario's failures and inserts, and writes their \
            items as a JSON array. Replay it with "source": { "kind": "file", "path": "FIXTURE.json" } \
            and the same pageSize. Recording stops early at a short page. Items with an id \
            already recorded are left out, as the list would drop them. The file is written to a \
            temporary file and renamed into place, replacing only a fixture (a JSON array) or \
            nothing (exit 73 otherwise). A fixture a file source would refuse (over \
            64 MiB or 1,000,000 items, a field over 1 MiB) is not written (exit 65).
            """)

    @Argument(help: ArgumentHelp("The scenario whose source to record.", valueName: "scenario"))
    var scenario: String

    @Option(help: ArgumentHelp("How many pages to fetch.", valueName: "n"))
    var pages: Int

    @Option(name: [.short, .long], help: ArgumentHelp("The fixture file to write.", valueName: "file"))
    var out: String

    /// At most this many pages in one recording.
    static let maxPages = 10_000

    func validate() throws {
        guard (1...Self.maxPages).contains(pages) else { throw ValidationError.outOfRange("pages", pages, 1...Self.maxPages) }
    }

    func run() throws {
        let loaded = try ScenarioLoader.load(scenario)
        let fixture: Fixture
        do throws(RecordError) { fixture = try Recorder.record(loaded, pages: pages) } catch {
            switch error {
            case .pageFailed: throw CommandFailure(.noInput, "\(scenario): \(error)")
            case .overLimit: throw CommandFailure(.dataError, "\(scenario): \(error)")
            }
        }
        try Self.write(fixture, to: out)
        Console().out("Recorded \(fixture.count) item\(fixture.count == 1 ? "" : "s") to \(out)")
    }

    /// Whether `bytes` are a JSON array, as a fixture is (read with the parser the `file` source reads it with).
    static func holdsFixture(_ bytes: Data) -> Bool {
        guard let node = try? JSONParser.parse(Array(bytes)), case .array = node.plain else { return false }
        return true
    }

    /// Whole or not at all: a failed run leaves no half-written fixture. A file already there is replaced only when it
    /// holds a fixture (a JSON array, as this writes): `--out` naming the scenario or its SQLite database replaced them.
    static func write(_ fixture: Fixture, to path: String) throws(CommandFailure) {
        if let existing = FileManager.default.contents(atPath: path), !Self.holdsFixture(existing) {
            throw CommandFailure(.cannotCreate, "\(OutputError.shownPath(path)): is not a fixture (a JSON array of items, as record writes); "
                                 + "not replacing it (move it away, or choose another --out)")
        }
        do throws(OutputError) { try AtomicFile.replace(at: path, with: Array(fixture.text.utf8)) } catch {
            throw CommandFailure(.cannotCreate, error.description)
        }
    }
}
