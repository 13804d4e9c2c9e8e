import FeedEngine

/// A small script of events that brings a preset into one gallery state:
/// the data source it needs (how many items, which requests fail) and the
/// gestures. Scripts are written from the preset's geometry (arm distances,
/// footer mode), so the same few cover every preset.
public struct GalleryScript: Hashable, Sendable {
    /// Items in the feed; `nil` for endless.
    public var total: Int?
    /// Request numbers that fail.
    public var failures: Set<Int>
    public var events: [String]

    public init(total: Int? = nil, failures: Set<Int> = [], events: [String]) {
        self.total = total
        self.failures = failures
        self.events = events
    }

    /// The scripts to try for `state`, best first; the gallery shows the
    /// last frame of the first script that shows the state.
    /// - Parameter restingTop: what covers the list's top on a device (`ListInsets.top`): pulls count from there.
    public static func candidates(for state: GalleryState, config: FeedConfig, latency: Double, restingTop: Double = 0) -> [GalleryScript] {
        let wait = "wait \(formatPoints(latency))"
        let start = ["launch", wait]
        let arm = (config.header?.armDistance ?? 60) + 10
        let pull = ["drag to -\(formatPoints(arm + restingTop))", "release"]
        let footerArm = config.footer.armDistance + 10
        // Idle is shown pulled as far as it goes without arming: the header or footer label
        // sits in the middle of its bar, and a shallower pull leaves it off screen.
        let headerAlmostArmed = (config.header?.armDistance ?? 60) - 0.5
        let footerAlmostArmed = config.footer.armDistance - 0.5
        // Starts a load-more from the top of a first page.
        let loadMore = config.footer.mode == .auto
            ? ["scroll to bottom"]
            : ["scroll to bottom", "drag by \(formatPoints(footerArm))", "release"]
        let page = config.pageSize
        switch state {
        case .headerIdle:
            return [GalleryScript(events: start + ["drag to -\(formatPoints(headerAlmostArmed + restingTop))"])]
        case .headerArmed:
            return [GalleryScript(events: start + ["drag to -\(formatPoints(arm + restingTop))"])]
        case .headerRefreshing:
            // A list that holds nothing open (seed000) settles back at once: the finger pulls
            // the header into view again while the refresh runs.
            let header = config.header?.height ?? 60
            return [GalleryScript(events: start + pull),
                    GalleryScript(events: start + pull + ["drag to -\(formatPoints(header + restingTop))"])]
        case .footerIdle:
            if config.footer.mode == .release {
                return [GalleryScript(events: start + ["scroll to bottom", "drag by \(formatPoints(footerAlmostArmed))"])]
            }
            // An auto footer is idle on screen, below rows, while a refresh runs, or after a
            // failed load-more that a preset shows with a toast alone.
            return [GalleryScript(events: start + pull + ["scroll to bottom"]),
                    GalleryScript(failures: [2], events: start + loadMore + [wait])]
        case .footerArmed:
            return [GalleryScript(events: start + ["scroll to bottom", "drag by \(formatPoints(footerArm))"])]
        case .footerLoading:
            return [GalleryScript(events: start + loadMore),
                    GalleryScript(events: start + loadMore + ["drag by \(formatPoints(config.footer.height))"])]
        case .footerFailed:
            return [GalleryScript(failures: [2], events: start + loadMore + [wait])]
        case .footerExhausted:
            // A release footer sits below the screen: pulled up by its whole height to show it.
            let show = config.footer.mode == .auto ? ["scroll to bottom"]
                : ["scroll to bottom", "drag by \(formatPoints(config.footer.height))"]
            return [GalleryScript(total: page + page / 2, events: start + loadMore + [wait] + show)]
        case .retry:
            return [GalleryScript(failures: [1], events: start),
                    GalleryScript(failures: [2], events: start + pull + [wait])]
        case .toast:
            return [GalleryScript(failures: [2], events: start + loadMore + [wait]),
                    GalleryScript(failures: [2], events: start + pull + [wait])]
        case .empty:
            return [GalleryScript(total: 0, events: start)]
        case .shortContent:
            return [GalleryScript(total: 5, events: start)]
        }
    }
}
