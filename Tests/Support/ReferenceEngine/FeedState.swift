import FeedEngine
import FeedExplorer
import FeedScenario

/// Everything that makes one moment of a list, as a value.
///
/// Stored here is only what cannot be derived; the header and footer states,
/// the insets and the resting range follow from it (see `FeedState+Geometry`).
/// `Hashable` so that a search can tell states apart.
public struct FeedState: Hashable, Sendable {
    /// The preset's configuration with the scenario's overrides; constant for the state's life.
    /// Read in place (`_read`): `state.config.footer.height` borrows the shared configuration instead of
    /// copying it, which would bump every text's reference count (a tenth of a search's time, measured).
    @inlinable public var config: FeedConfig { _read { yield configuration.value } }
    /// Held by reference: a search copies states many times a successor, and a configuration holds a
    /// dozen texts, each a reference count to bump on every copy (measured: about 45% of the
    /// explorer's instructions went to copying states).
    @usableFromInline let configuration: Shared<FeedConfig>
    public internal(set) var viewport: Viewport
    /// What covers the list's edges: safe area, navigation bar, content inset (SPEC §9).
    public let insets: ListInsets
    /// The table's style, when its items form sections under headers (SPEC §9 `list.style`).
    public let style: ListStyle?
    public internal(set) var time: Double = 0

    public internal(set) var items: [Item] = []
    /// Row tops and heights, for layouts in O(log n). With a `style`, a row's slot holds its section's
    /// header (and spacing) above it when it begins a section.
    public internal(set) var offsets = RowOffsets()
    /// Whether each row begins a titled section (only with a `style`; empty otherwise).
    public internal(set) var sectionStarts: [Bool] = []
    /// The ids of `items`, to drop an item a page repeats.
    var knownIDs: Set<String> = []
    /// Pages loaded successfully since the rows were last replaced.
    public internal(set) var pageIndex = 0
    /// The one request in flight, if any.
    public internal(set) var request: Request?
    /// How many requests have been issued; the next one gets this plus one.
    public internal(set) var requestsIssued = 0

    /// The content y at the top of the viewport.
    public internal(set) var contentOffset: Double = 0
    public internal(set) var isDragging = false

    public internal(set) var launched = false
    /// A first load or refresh has succeeded at least once.
    public internal(set) var hasData = false
    /// The source has no more pages.
    public internal(set) var exhausted = false
    /// A load-more failed and the footer says so (until a tap or a new drag).
    public internal(set) var footerFailed = false
    /// After a failed load-more the auto footer waits for a tap or a new drag.
    public internal(set) var autoLoadBlocked = false
    /// A failure the preset has no way out of: the spinner spins for ever (seed001).
    public internal(set) var stuck = false
    /// The kind of request the retry button repeats, while it is offered.
    public internal(set) var retryKind: RequestKind?
    public internal(set) var toast: Toast?
    /// The last first load or refresh returned no rows.
    public internal(set) var emptyShown = false

    /// User triggers made while a request ran, and so ignored.
    public internal(set) var suppressed = 0
    /// Replies that arrived for a request no longer in flight, and were dropped.
    public internal(set) var staleReplies = 0
    /// Items dropped from a page because their ids were already in the list.
    public internal(set) var duplicatesDropped = 0
    /// The last failed reply's request and reason, until a reply succeeds.
    public internal(set) var lastFailure: RequestFailure?
    /// Some reply has failed: from then on frames say `lastFailure`, null after a success.
    public internal(set) var hasFailed = false

    public init(config: FeedConfig, viewport: Viewport = .standard, insets: ListInsets = .none, style: ListStyle? = nil) {
        self.configuration = Shared(config)
        self.viewport = viewport
        self.insets = insets
        self.style = style
        // At rest, the first row sits just below what covers the top (UIScrollView's −adjustedContentInset.top).
        contentOffset = 0 - insets.top  // not -0.0, which a fingerprint of the bits would tell from 0
    }

    public var contentHeight: Double { offsets.total }
}
