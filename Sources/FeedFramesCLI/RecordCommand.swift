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
            temporary file and renamed into place. A fixture a file source would refuse (over \
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
        let fixture = try Self.record(loaded, pages: pages, file: scenario)
        try Self.write(fixture, to: out)
        Console().out("Recorded \(fixture.count) item\(fixture.count == 1 ? "" : "s") to \(out)")
    }

    /// Pages 1…`pages`, asked as the list would ask them, with no scripted failures or inserts.
    /// - Throws: a failed page (66: the source could not be read); a fixture past what a
    ///   `file` source reads (65: `ItemLimits`), before it is written.
    static func record(_ scenario: Scenario, pages: Int, file: String) throws(CommandFailure) -> Fixture {
        var source: any FeedSource
        let pageSize: Int
        switch scenario.source {
        case .synthetic(var synthetic):
            synthetic.failures = []
            synthetic.inserts = []
            pageSize = synthetic.pageSize
            source = synthetic
        case .scripted(let scripted):
            var synthetic = scripted.items
            synthetic.failures = []
            pageSize = synthetic.pageSize
            source = ScriptedSource(items: synthetic, replies: scripted.replies.map { $0 == .fail ? .full : $0 })
        case .external(let external):
            var options = external.options
            options.failures = []
            options.inserts = []
            pageSize = options.pageSize
            source = external.makeSource(options: options)
        }
        var fixture = Fixture()
        var seen: Set<String> = []
        for number in 1...pages {
            let request = Request(id: number, kind: number == 1 ? .initial : .more, page: number)
            switch source.respond(to: request, at: 0).outcome {
            case .failure(let message):
                throw CommandFailure(.noInput, "\(file): source: page \(number) could not be fetched (\(FailureText.reason(message)))")
            case .success(let page):
                for item in page where seen.insert(item.id).inserted {
                    if let problem = fixture.append(item) {
                        throw CommandFailure(.dataError, "\(file): page \(number): \(problem); nothing was written (record fewer --pages)")
                    }
                }
                if page.count < pageSize { return fixture }
            }
        }
        return fixture
    }

    /// A fixture as it is recorded: a JSON array, one item a line, fields in a
    /// stable order, held to what a `file` source reads back (`ItemLimits`).
    struct Fixture {
        private(set) var lines: [String] = []
        /// The file's size so far, as `text` would write it.
        private(set) var bytes = 3  // "[]\n"

        var count: Int { lines.count }

        /// Adds an item, or says which limit it would cross (and adds nothing).
        mutating func append(_ item: Item) -> String? {
            if let (field, size) = ItemLimits.oversizedField(of: item) {
                return "item \(FailureText.excerpt(item.id, limit: 40)): \(field) of \(size) bytes, over \(ItemLimits.describe(bytes: ItemLimits.maxFieldBytes)) (the limit of one field)"
            }
            guard lines.count < ItemLimits.maxItems else {
                return "more than \(ItemLimits.describe(count: ItemLimits.maxItems)) items (the most a file source reads)"
            }
            let line = Self.line(item)
            // "[\n" + lines joined by ",\n" + "\n]\n", or "[]\n" for none.
            let size = lines.isEmpty ? 2 + line.utf8.count + 3 : bytes + 2 + line.utf8.count
            guard size <= ItemLimits.maxFileBytes else {
                return "the fixture would be \(size) bytes, over \(ItemLimits.describe(bytes: ItemLimits.maxFileBytes)) (the most a file source reads)"
            }
            lines.append(line)
            bytes = size
            return nil
        }

        var text: String { lines.isEmpty ? "[]\n" : "[\n" + lines.joined(separator: ",\n") + "\n]\n" }

        static func line(_ item: Item) -> String {
            var object = JSONObject()
            object["id"] = .string(item.id)
            object["title"] = .string(item.title)
            if let height = item.height { object["height"] = .number(height) }
            for (key, value) in item.fields.sorted(by: { $0.key < $1.key }) { object[key] = .string(value) }
            return "  " + JSONWriter.string(.object(object))
        }
    }

    /// Whole or not at all: a failed run leaves no half-written fixture.
    static func write(_ fixture: Fixture, to path: String) throws(CommandFailure) {
        do throws(OutputError) { try AtomicFile.replace(at: path, with: Array(fixture.text.utf8)) } catch {
            throw CommandFailure(.cannotCreate, error.description)
        }
    }
}
