import FeedEngine

/// The device drawn around a viewer's HTML frame: the screen the frames were laid out for, with
/// that iPhone's display corners, so a list reads as it would in the hand. The frames draw their
/// own status bar; this is only the glass and the bezel.
public struct DeviceFrame: Hashable, Sendable {
    /// The screen, in points: the scenario's viewport.
    public var screen: Viewport
    /// The display's corner radius in points (0 for the screens with square corners, iPhone 8 and
    /// older, and for sizes that are no iPhone's).
    public var cornerRadius: Double

    /// Display corner radii of the iPhones by screen size in portrait (points; Apple's
    /// `_displayCornerRadius`, as published by developers who read it).
    static let radii: [Viewport: Double] = [
        Viewport(width: 375, height: 812): 39, Viewport(width: 414, height: 896): 41.5,
        Viewport(width: 360, height: 780): 44, Viewport(width: 390, height: 844): 47.33,
        Viewport(width: 428, height: 926): 53.33, Viewport(width: 393, height: 852): 55,
        Viewport(width: 430, height: 932): 55, Viewport(width: 402, height: 874): 62, Viewport(width: 440, height: 956): 62,
    ]

    /// Whether the device has a home button under the screen (and a forehead above it): the
    /// iPhones with square display corners (SE, 6–8 and their Plus sizes).
    public var homeButton: Bool

    static let homeButtonScreens: Set<Viewport> = [
        Viewport(width: 320, height: 568), Viewport(width: 375, height: 667), Viewport(width: 414, height: 736),
    ]

    public init(screen: Viewport) {
        self.screen = screen
        cornerRadius = Self.radii[screen] ?? Self.radii[screen.rotated] ?? 0
        homeButton = Self.homeButtonScreens.contains(screen)
    }
}
