import FeedEngine

/// A device a list is shown on (SPEC §9 `device`, `--device`): its screen in points, the safe area
/// its status bar (or sensor housing) and home indicator take, its corner radius, and the layout
/// margin UIKit gives its cells and separators.
public struct Device: Hashable, Sendable {
    public var name: String
    public var screen: Viewport
    public var safeTop: Double
    public var safeBottom: Double
    /// The screen's corner radius, for a device frame around it.
    public var cornerRadius: Double
    /// UITableViewCell's layout margin at the leading and trailing edge: 16 pt, 20 pt on the Max phones and iPad.
    public var layoutMargin: Double

    /// The devices FeedFrames knows, in `feedframes devices` order. Portrait; `resize` turns them.
    public static let all: [Device] = [
        Device(name: "iPhone SE", screen: Viewport(width: 375, height: 667), safeTop: 20, safeBottom: 0, cornerRadius: 0, layoutMargin: 16),
        Device(name: "iPhone 15", screen: Viewport(width: 393, height: 852), safeTop: 59, safeBottom: 34, cornerRadius: 55, layoutMargin: 16),
        Device(name: "iPhone 15 Pro Max", screen: Viewport(width: 430, height: 932), safeTop: 59, safeBottom: 34, cornerRadius: 55, layoutMargin: 20),
        Device(name: "iPad", screen: Viewport(width: 820, height: 1180), safeTop: 24, safeBottom: 20, cornerRadius: 18, layoutMargin: 20),
    ]

    /// The device named `name` (case and spaces as written).
    public static func named(_ name: String) -> Device? { all.first { $0.name == name } }

    /// The names, for messages.
    public static var names: String { all.map { "\"\($0.name)\"" }.joined(separator: ", ") }
}
