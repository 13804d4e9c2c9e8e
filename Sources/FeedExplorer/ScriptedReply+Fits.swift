import FeedScenario

extension ScriptedReply {
    /// Whether this reply can answer page `page` of a feed of `pageLimit` full pages: past the end none is full.
    package func fits(page: Int, pageLimit: Int?) -> Bool { self != .full || pageLimit.map { page <= $0 } ?? true }
}
