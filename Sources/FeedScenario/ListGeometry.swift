import FeedEngine

/// What a scenario's `list` says of its geometry (SPEC §9): its content inset, navigation bar and
/// separator inset, before the device's safe area joins them in `ListInsets`.
struct ListGeometry: Hashable, Sendable {
    var contentTop = 0.0
    var contentBottom = 0.0
    var navigationBar: ListInsets.NavigationBar?
    var separatorInset: Double?
    var hidesSeparators = false
    var title: String?
    var style: ListStyle?
}
