/// What covers a list's edges (SPEC §9): the device's safe area (status bar, home indicator), the
/// list's own `contentInset`, and its navigation bar. They add up as UIScrollView's
/// `adjustedContentInset` does, and SPEC §2's geometry counts from them: where the list rests,
/// where the header arms and holds, where the footer sits, and what "all rows fit" means.
public struct ListInsets: Hashable, Sendable {
    /// `list.navigationBar`: a bar of 44 pt, or a large title's 96 pt that collapses to 44 as the
    /// list scrolls up under it.
    public enum NavigationBar: String, Hashable, Sendable, CaseIterable {
        case inline, large

        /// Its height at rest, as the inset counts it.
        public var height: Double { self == .inline ? 44 : 96 }
        /// A large title scrolled away leaves the inline bar.
        public static let collapsedHeight = 44.0
    }

    public var safeTop: Double
    public var safeBottom: Double
    public var contentTop: Double
    public var contentBottom: Double
    public var navigationBar: NavigationBar?

    public init(safeTop: Double = 0, safeBottom: Double = 0, contentTop: Double = 0, contentBottom: Double = 0,
                navigationBar: NavigationBar? = nil) {
        self.safeTop = safeTop
        self.safeBottom = safeBottom
        self.contentTop = contentTop
        self.contentBottom = contentBottom
        self.navigationBar = navigationBar
    }

    /// Nothing covers the list: SPEC §2 as it was.
    public static let none = ListInsets()

    public var isNone: Bool { self == .none }

    /// The adjusted inset at the top: safe area, navigation bar (at rest), content inset.
    public var top: Double { safeTop + (navigationBar?.height ?? 0) + contentTop }
    /// The adjusted inset at the bottom: safe area and content inset.
    public var bottom: Double { safeBottom + contentBottom }

    /// The navigation bar's drawn height at content offset `y`: a large title shrinks to the inline
    /// bar as the list scrolls up past its rest, and stays whole while the list is pulled down.
    public func navigationBarHeight(at y: Double) -> Double? {
        guard let bar = navigationBar else { return nil }
        guard bar == .large else { return bar.height }
        let scrolled = y + top  // how far past its rest the list has scrolled up
        return min(bar.height, max(Self.NavigationBar.collapsedHeight, bar.height - scrolled))
    }
}
