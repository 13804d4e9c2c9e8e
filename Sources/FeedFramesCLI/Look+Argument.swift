import ArgumentParser
import FeedScenario

/// `--appearance light|dark`.
extension Appearance: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

/// `--content-size xSmall … accessibility5` (Dynamic Type).
extension ContentSize: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
