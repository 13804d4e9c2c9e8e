import FeedEngine
import FeedExplorer
import FeedScenario

/// What the collapsed graph draws one node for: the parts a user can tell apart
/// without counting rows.
struct ControlState: Hashable, CustomStringConvertible {
    var header: HeaderState
    var footer: FooterState
    var retry: Bool
    var toast: Bool
    var empty: Bool
    var request: RequestKind?

    init(_ feed: FeedState) {
        header = feed.headerState
        footer = feed.footerState
        retry = feed.retryVisible
        toast = feed.toast != nil
        empty = feed.emptyVisible
        request = feed.request?.kind
    }

    var description: String {
        var lines = ["header \(header.rawValue)", "footer \(footer.rawValue)"]
        if retry { lines.append("retry") }
        if toast { lines.append("toast") }
        if empty { lines.append("empty view") }
        lines.append("request: \(request?.rawValue ?? "none")")
        return lines.joined(separator: "\n")
    }
}
