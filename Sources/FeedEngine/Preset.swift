/// A named, complete starting configuration, faithful to one seed (SPEC §5).
public struct Preset: Hashable, Sendable {
    public var name: String
    /// One line saying what the preset reproduces.
    public var summary: String
    public var defaultLocale: String
    /// Defaults for the scenario's `source`.
    public var latency: Double
    public var title: String
    /// The built-in preset whose rules and look this one has (its own name for the built-ins; a
    /// list description copied from one names it in `behaviour`). Frames are styled by it.
    public var behaviour: String
    /// Titles in locales whose script differs from `title`'s (seed001 under zh-Hant: 新聞標題{n}, as seed 002),
    /// by built-in table name.
    public var localizedTitles: [String: String]
    /// The texts of one of `FeedTexts.locales` (a list description may give its own).
    private let textTable: @Sendable (String) -> FeedTexts?
    /// Builds the preset's configuration with the texts of `locale`.
    private let makeConfig: @Sendable (FeedTexts) -> FeedConfig

    /// - Parameters:
    ///   - texts: the texts for a table name of `FeedTexts.locales`; the built-in tables by default.
    ///   - makeConfig: the configuration, given the texts of the scenario's locale.
    public init(name: String, summary: String, behaviour: String? = nil, defaultLocale: String, latency: Double, title: String,
                localizedTitles: [String: String] = [:],
                texts: @escaping @Sendable (String) -> FeedTexts? = { FeedTexts.forLocale($0) },
                makeConfig: @escaping @Sendable (FeedTexts) -> FeedConfig) {
        self.name = name
        self.summary = summary
        self.behaviour = behaviour ?? name
        self.defaultLocale = defaultLocale
        self.latency = latency
        self.title = title
        self.localizedTitles = localizedTitles
        self.textTable = texts
        self.makeConfig = makeConfig
    }

    public static func == (lhs: Preset, rhs: Preset) -> Bool {
        lhs.name == rhs.name && lhs.behaviour == rhs.behaviour && lhs.defaultLocale == rhs.defaultLocale
            && lhs.latency == rhs.latency && lhs.title == rhs.title && lhs.localizedTitles == rhs.localizedTitles && lhs.summary == rhs.summary
            && FeedTexts.locales.allSatisfy { lhs.config(locale: $0) == rhs.config(locale: $0) }
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// The configuration in `locale` (any BCP 47 tag, through `LocaleMatch`), or `nil` when it is not one.
    public func config(locale: String? = nil) -> FeedConfig? {
        guard let match = LocaleMatch.match(locale ?? defaultLocale), let texts = textTable(match.table) else { return nil }
        return makeConfig(texts)
    }

    /// The default item title in `locale` (any BCP 47 tag: `zh-HK` takes the `zh-Hant` title).
    public func title(locale: String?) -> String {
        locale.flatMap { LocaleMatch.match($0)?.table }.flatMap { localizedTitles[$0] } ?? title
    }

    public static let all: [Preset] = [seed000, seed001, standard]

    public static func named(_ name: String) -> Preset? { all.first { $0.name == name } }

    /// The texts each built-in table key shows in this preset (for export): its own words where it has them.
    public func texts(table: String) -> FeedTexts? { config(locale: table)?.texts }

    /// seed000: the Objective-C `IncrementalTableView` with pull-to-refresh and release-to-load.
    public static let seed000 = Preset(
        name: "seed000", summary: "release-to-load footer and pull-to-refresh header, retry button and toast (seed 000)",
        defaultLocale: "zh-Hans", latency: 1, title: "新闻{n}", localizedTitles: ["zh-Hant": "新聞{n}"],
        // The seed's own words replace the simplified-Chinese table where it has them.
        texts: { table in table == "zh-Hans" ? FeedTexts.simplifiedChinese.withSeed000Words() : FeedTexts.forLocale(table) }
    ) { texts in
        FeedConfig(rowHeight: 44, pageSize: 20, header: .init(height: 100, armDistance: 60),
                   footer: .init(mode: .release, height: 100, armDistance: 60, colour: "#aaaaaa"),
                   hideUntilFirstData: true, hideFooterWhenFits: true, firstLoadIndicator: .none,
                   firstLoadFailure: .retry, refreshFailure: .retry, loadMoreFailure: .toast,
                   refreshWhileLoading: .ignore, toastDuration: 2, texts: texts,
                   holdWhileLoading: false, retryPlacement: .content)
    }

    /// seed001: the Swift table that loads 20 more when its last row shows, with no failure path.
    public static let seed001 = Preset(
        name: "seed001", summary: "load more when the last row shows, orange spinner footer, no failure path (seeds 001/002)",
        defaultLocale: "zh-Hans", latency: 2, title: "新闻标题{n}", localizedTitles: ["zh-Hant": "新聞標題{n}"]
    ) { texts in
        FeedConfig(rowHeight: 44, pageSize: 20, header: nil,
                   footer: .init(mode: .auto, height: 60, prefetchRows: 0, spinner: .always, colour: "#ff8000"),
                   hideUntilFirstData: false, hideFooterWhenFits: false, firstLoadIndicator: .footer,
                   firstLoadFailure: .stuck, refreshFailure: .retry, loadMoreFailure: .stuck,
                   refreshWhileLoading: .ignore, toastDuration: 2, texts: texts)
    }

    /// standard: what users expect of a modern list.
    public static let standard = Preset(
        name: "standard", summary: "prefetch, no-more-data, toast plus tap-to-retry footer, refresh cancels load-more",
        defaultLocale: "en", latency: 1, title: "Item {n}"
    ) { texts in
        FeedConfig(rowHeight: 44, pageSize: 20, header: .init(height: 54, armDistance: 54),
                   footer: .init(mode: .auto, height: 44, prefetchRows: 3, colour: "#f2f2f7"),
                   hideUntilFirstData: false, hideFooterWhenFits: false, firstLoadIndicator: .header,
                   firstLoadFailure: .retry, refreshFailure: .toast, loadMoreFailure: .toastAndFailedFooter,
                   refreshWhileLoading: .cancel, toastDuration: 2, texts: texts)
    }
}
