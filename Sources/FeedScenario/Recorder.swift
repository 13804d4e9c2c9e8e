import FeedEngine
import JSONText

/// `feedframes record`: a real source's pages fetched once and kept as a
/// fixture a `file` source replays, so previews and snapshots stay deterministic.
public enum Recorder {
    /// Pages 1…`pages`, asked as the list would ask them, with no scripted failures or inserts;
    /// stops early at a short page, and leaves out items whose id was already recorded.
    /// - Throws: `.pageFailed` when the source could not give a page; `.overLimit` when the
    ///   fixture would be more than a `file` source reads back (`ItemLimits`).
    public static func record(_ scenario: Scenario, pages: Int) throws(RecordError) -> Fixture {
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
                throw .pageFailed(page: number, reason: FailureText.reason(message))
            case .success(let page):
                for item in page where seen.insert(item.id).inserted {
                    if let problem = fixture.append(item) {
                        throw .overLimit(page: number, problem: problem)
                    }
                }
                if page.count < pageSize { return fixture }
            }
        }
        return fixture
    }

}
