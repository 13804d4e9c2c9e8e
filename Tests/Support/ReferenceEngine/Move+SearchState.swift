import FeedEngine
import FeedExplorer
import FeedScenario

extension Move {
    /// The steps this move is in `state`, or `nil` when it cannot be made there
    /// (no header to pull, nothing to wait for).
    /// - Complexity: O(log n).
    public func steps(in state: SearchState) -> [ScriptStep]? {
        let feed = state.feed
        switch self {
        case .scrollToTop: return [.event(.scroll(.top))]
        case .scrollToBottom: return [.event(.scroll(.bottom))]
        case .scrollScreenDown: return [.event(.scroll(.by(feed.viewport.height)))]
        case .pullHeader:
            guard let header = feed.config.header else { return nil }
            return [.event(.drag(.offset(-(header.armDistance + feed.insetTop + 1)))), .event(.release)]
        case .pullFooter:
            // Past both the resting bottom and a release footer's top (below a short list).
            let bottom = max(feed.maxOffset, feed.footerTop - feed.viewport.height)
            return [.event(.drag(.offset(bottom + feed.config.footer.armDistance + 1))), .event(.release)]
        case .tapRetry: return [.event(.tapRetry)]
        case .tapFooter: return [.event(.tapFooter)]
        case .rotate: return [.event(.resize(feed.viewport.rotated))]
        case .wait:
            guard let due = state.timeline.nextDue else { return nil }
            return [.wait(max(0, SearchTimeline.rounded(due - feed.time)))]
        case .insert: return [.insert(1)]
        }
    }
}
