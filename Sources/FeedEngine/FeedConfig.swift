/// The parameters of SPEC §5: everything that makes one list behave unlike
/// another. A preset is one of these; a scenario's `config` overrides fields.
public struct FeedConfig: Hashable, Sendable {
    public struct Header: Hashable, Sendable {
        /// What the header draws beside its text (a look only: the rules are the same).
        public enum Indicator: String, Hashable, Sendable, CaseIterable {
            /// UIRefreshControl: ticks that appear as the pull grows, then spin.
            case refreshControl
            /// MJRefresh's header: an arrow that flips when armed, a spinner while refreshing.
            case arrow
        }

        public var height: Double
        /// How far past its resting edge the header must be pulled to arm.
        public var armDistance: Double
        public var indicator: Indicator

        public init(height: Double, armDistance: Double, indicator: Indicator = .refreshControl) {
            self.height = height
            self.armDistance = armDistance
            self.indicator = indicator
        }
    }

    public struct Footer: Hashable, Sendable {
        public enum Mode: String, Hashable, Sendable, CaseIterable {
            /// Loads by itself when the last rows show (seed001, standard).
            case auto
            /// Loads when pulled past the bottom and released (seed000).
            case release
        }

        public enum Spinner: String, Hashable, Sendable, CaseIterable {
            /// Spins whenever the footer shows, as seed001's activity indicator does.
            case always
            /// Spins only while a page loads.
            case loading
        }

        public var mode: Mode
        public var height: Double
        public var armDistance: Double
        /// An auto footer fires when the last visible row is this close to the end.
        public var prefetchRows: Int
        public var spinner: Spinner
        /// A CSS colour for templates.
        public var colour: String

        public init(mode: Mode, height: Double, armDistance: Double? = nil, prefetchRows: Int = 0,
                    spinner: Spinner = .loading, colour: String) {
            self.mode = mode
            self.height = height
            self.armDistance = armDistance ?? height
            self.prefetchRows = prefetchRows
            self.spinner = spinner
            self.colour = colour
        }
    }

    public enum FirstLoadIndicator: String, Hashable, Sendable, CaseIterable { case none, header, footer }
    public enum FirstLoadFailure: String, Hashable, Sendable, CaseIterable { case retry, stuck }
    public enum RefreshFailure: String, Hashable, Sendable, CaseIterable { case retry, toast }
    public enum LoadMoreFailure: String, Hashable, Sendable, CaseIterable { case toast, toastAndFailedFooter, stuck }
    public enum RefreshWhileLoading: String, Hashable, Sendable, CaseIterable { case ignore, cancel }
    /// Where the retry button sits.
    public enum RetryPlacement: String, Hashable, Sendable, CaseIterable {
        /// Centred on the screen, above the content (standard).
        case screen
        /// A subview of the table at the table's centre in content coordinates, so it
        /// scrolls with the rows: seed000's `btnRetry.center = self.center`.
        case content
    }

    public var rowHeight: Double
    /// Items a full page holds; a shorter page ends the feed.
    public var pageSize: Int
    /// `nil` for a list without pull-to-refresh.
    public var header: Header?
    public var footer: Footer
    public var hideUntilFirstData: Bool
    public var hideFooterWhenFits: Bool
    public var firstLoadIndicator: FirstLoadIndicator
    public var firstLoadFailure: FirstLoadFailure
    public var refreshFailure: RefreshFailure
    public var loadMoreFailure: LoadMoreFailure
    public var refreshWhileLoading: RefreshWhileLoading
    /// Seconds a toast stays up.
    public var toastDuration: Double
    public var texts: FeedTexts
    /// Whether a started refresh or load-more holds its header or footer in view by
    /// growing the content inset (SPEC §8). seed000 never changes its inset, so its
    /// list settles back to rest while the request runs.
    public var holdWhileLoading: Bool
    public var retryPlacement: RetryPlacement

    public init(rowHeight: Double, pageSize: Int, header: Header?, footer: Footer,
                hideUntilFirstData: Bool, hideFooterWhenFits: Bool,
                firstLoadIndicator: FirstLoadIndicator, firstLoadFailure: FirstLoadFailure,
                refreshFailure: RefreshFailure, loadMoreFailure: LoadMoreFailure,
                refreshWhileLoading: RefreshWhileLoading, toastDuration: Double, texts: FeedTexts,
                holdWhileLoading: Bool = true, retryPlacement: RetryPlacement = .screen) {
        self.rowHeight = rowHeight
        self.pageSize = pageSize
        self.header = header
        self.footer = footer
        self.hideUntilFirstData = hideUntilFirstData
        self.hideFooterWhenFits = hideFooterWhenFits
        self.firstLoadIndicator = firstLoadIndicator
        self.firstLoadFailure = firstLoadFailure
        self.refreshFailure = refreshFailure
        self.loadMoreFailure = loadMoreFailure
        self.refreshWhileLoading = refreshWhileLoading
        self.toastDuration = toastDuration
        self.texts = texts
        self.holdWhileLoading = holdWhileLoading
        self.retryPlacement = retryPlacement
    }
}

extension FeedConfig {
    /// The retry button's top in viewport coordinates when it scrolls with the content:
    /// seed000 centres its 100×50 button at the table's centre (H/2 in the table's content,
    /// whose first 100 pt are the header view the −100 inset hides), so at rest it shows
    /// the header's height above the screen's centre. `nil` for a button centred on the screen.
    public func retryTop(viewportHeight: Double, contentOffset: Double) -> Double? {
        guard retryPlacement == .content else { return nil }
        return viewportHeight / 2 - (header?.height ?? 0) - Self.retryButtonHeight / 2 - contentOffset
    }

    /// seed000's `CGRectMake(0, 0, 100, 50)`.
    public static let retryButtonHeight: Double = 50
}
