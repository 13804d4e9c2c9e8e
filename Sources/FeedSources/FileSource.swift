import FeedEngine
import FeedScenario

/// `{ "kind": "file", "path": "items.json" }`: replays a file's items (SPEC §4),
/// paged by `pageSize`, by page number or cursor, with `inserts` at the head.
///
/// The file is read and checked once, when the scenario is read; every run
/// then pages over the same items, so its frames are the same every time.
struct FileSource: PagedSource {
    let items: FileItems
    var options: SourceOptions
    private var pager = FeedPager()

    init(items: FileItems, options: SourceOptions) {
        self.items = items
        self.options = options
    }

    var latency: Latency { options.latency }
    var failures: Set<Int> { options.failures }

    mutating func page(for request: Request, at time: Double) -> Reply.Outcome {
        let feed = ShiftingFeed(base: items, inserts: options.inserts, insertTitle: options.insertTitle)
        return pager.page(for: request, in: feed, at: time, pageSize: options.pageSize, paging: options.paging)
    }

    /// Starts fresh file sources over items read once.
    struct Factory: SourceFactory {
        let items: FileItems

        func makeSource(_ options: SourceOptions) -> any FeedSource { FileSource(items: items, options: options) }
    }

    /// Reads and checks the file.
    /// - Throws: a missing or unreadable file at `source.path`; a bad item at its file and line.
    static func open(_ spec: FileSourceSpec, options: SourceOptions) throws(SourceProblems) -> Factory {
        try open(spec, bytes: try DataFile.read(spec.resolvedPath, shownAs: spec.path, limit: ItemsFile.maxBytes), options: options)
    }

    /// Checks a file's bytes already read (a file compiled into the binary, for the demos).
    static func open(_ spec: FileSourceSpec, bytes: [UInt8], options: SourceOptions) throws(SourceProblems) -> Factory {
        let items: [Item]
        switch ItemsFile.parse(bytes, file: spec.resolvedPath) {
        case .success(let parsed): items = parsed
        case .failure(let problems): throw problems
        }
        if !options.inserts.isEmpty,
           let clash = items.first(where: { $0.id.hasPrefix(ShiftingFeed<FileItems>.insertedPrefix) }) {
            throw SourceProblems([SourceProblem(
                path: "source.inserts",
                message: "the file has an item with id \"\(clash.id)\", which inserted items use (they are new-1, new-2, …)")])
        }
        return Factory(items: FileItems(items))
    }
}
