import FeedEngine
import FeedExplorer
import FeedScenario

/// What the clock owes a search state: replies whose outcome the explorer
/// chooses when they arrive, and toast expiries (see `Timeline`).
public typealias SearchTimeline = Timeline<Unchosen>

/// One node of the search: the engine's state plus what is still in flight
/// (requests awaiting replies, the toast's expiry), in the order it was
/// scheduled, so that same-time events happen in the runner's order (SPEC §3).
///
/// The value is concrete (absolute clock, real request ids), so the path that
/// reached it replays to exactly this state through `ScenarioRunner`; the
/// search tells states apart by `key`, which forgets what cannot matter.
public struct SearchState: Hashable, Sendable {
    public var feed: FeedState
    public var timeline: SearchTimeline
    /// Items inserted at the feed's head so far (`insert N`): the requests made from now on see pages
    /// shifted by them.
    public var inserted: Int

    public init(feed: FeedState, timeline: SearchTimeline = SearchTimeline(), inserted: Int = 0) {
        self.feed = feed
        self.timeline = timeline
        self.inserted = inserted
    }
}
