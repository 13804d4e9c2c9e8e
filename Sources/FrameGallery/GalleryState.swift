import FeedEngine
import JSONText

/// One state the preview gallery shows for each preset (issue 4): the header
/// and footer states, the retry button, the toast, the empty view and
/// content shorter than the screen.
public enum GalleryState: String, CaseIterable, Hashable, Sendable {
    case headerIdle = "header-idle"
    case headerArmed = "header-armed"
    case headerRefreshing = "header-refreshing"
    case footerIdle = "footer-idle"
    case footerArmed = "footer-armed"
    case footerLoading = "footer-loading"
    case footerFailed = "footer-failed"
    case footerExhausted = "footer-exhausted"
    case retry = "retry-button"
    case toast = "toast"
    case empty = "empty-view"
    case shortContent = "short-content"

    /// The column heading.
    public var title: String {
        switch self {
        case .headerIdle: return "header idle"
        case .headerArmed: return "header armed"
        case .headerRefreshing: return "header refreshing"
        case .footerIdle: return "footer idle"
        case .footerArmed: return "footer armed"
        case .footerLoading: return "footer loading"
        case .footerFailed: return "footer failed"
        case .footerExhausted: return "footer exhausted"
        case .retry: return "retry button"
        case .toast: return "toast"
        case .empty: return "empty view"
        case .shortContent: return "content shorter than the screen"
        }
    }

    /// Whether a frame's JSON (SPEC §6) shows this state on screen. A header
    /// or footer state counts only while the header or footer is visible, and
    /// any state of a list that has rows only while some row is on screen (a
    /// drag that carries every row away shows a bar over nothing).
    public func isShown(in frame: JSONValue) -> Bool {
        if let items = frame["itemCount"]?.intValue, items > 0, !Self.showsRows(frame) { return false }
        func part(_ name: String, _ state: String) -> Bool {
            frame[name]?["state"]?.stringValue == state && frame[name]?["visible"]?.boolValue == true
        }
        switch self {
        case .headerIdle: return part("header", "idle")
        case .headerArmed: return part("header", "armed")
        case .headerRefreshing: return part("header", "refreshing")
        case .footerIdle: return part("footer", "idle")
        case .footerArmed: return part("footer", "armed")
        case .footerLoading: return part("footer", "loading")
        case .footerFailed: return part("footer", "failed")
        case .footerExhausted: return part("footer", "exhausted")
        case .retry: return frame["retry"]?["visible"]?.boolValue == true
        case .toast: return frame["toast"].map { !$0.isNull } ?? false
        case .empty: return frame["empty"].map { !$0.isNull } ?? false
        case .shortContent:
            guard let items = frame["itemCount"]?.intValue, let content = frame["contentHeight"]?.doubleValue,
                  let height = frame["viewport"]?["height"]?.doubleValue else { return false }
            return items > 0 && content < height && frame["request"]?.isNull == true
        }
    }

    /// Whether some row overlaps the viewport.
    static func showsRows(_ frame: JSONValue) -> Bool {
        guard let height = frame["viewport"]?["height"]?.doubleValue, let rows = frame["rows"]?.arrayValue else { return false }
        return rows.contains { row in
            guard let y = row["y"]?.doubleValue, let rowHeight = row["height"]?.doubleValue else { return false }
            return y < height && y + rowHeight > 0
        }
    }

    /// Why a preset can never show this state, from its configuration and
    /// the rules of SPEC §3; `nil` when it can.
    public func unreachableReason(_ config: FeedConfig) -> String? {
        let hasHeader = config.header != nil
        switch self {
        case .headerIdle, .headerArmed, .headerRefreshing:
            return hasHeader ? nil : "no header: this preset has no pull-to-refresh"
        case .footerArmed:
            return config.footer.mode == .release ? nil
                : "an auto footer loads by itself when the last rows show; it never arms"
        case .footerFailed:
            switch config.loadMoreFailure {
            case .toastAndFailedFooter: return nil
            case .toast: return "a failed load-more shows a toast and the footer goes back to idle"
            case .stuck: return "a failed load-more leaves the footer spinning for ever, as the seed does"
            }
        case .retry:
            if config.firstLoadFailure == .retry || (hasHeader && config.refreshFailure == .retry) { return nil }
            return "a failed first load leaves the spinner spinning for ever, and there is no header to refresh with"
        case .toast:
            if config.loadMoreFailure != .stuck || (hasHeader && config.refreshFailure == .toast) { return nil }
            return "no failure shows a toast: a failed request leaves the spinner spinning for ever"
        case .footerIdle:
            // An auto footer loads the moment it shows below rows; only a refresh in flight, or
            // the pause after a failed load-more shown with a toast alone, holds it idle on screen.
            if config.footer.mode == .release || hasHeader || config.loadMoreFailure == .toast { return nil }
            return "an auto footer starts loading as soon as it shows below the rows, and with no header to refresh with nothing holds it idle"
        case .footerLoading, .footerExhausted, .empty, .shortContent:
            return nil
        }
    }
}
