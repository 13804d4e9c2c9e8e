import FeedScenario

/// What a frame's drawing needs besides its layout: which list it belongs to.
public struct FrameContext: Hashable, Sendable {
    public var scenarioName: String
    public var presetName: String
    public var locale: String
    /// The footer's background, from the configuration (a checked CSS colour).
    public var footerColour: String

    public init(scenarioName: String, presetName: String, locale: String, footerColour: String) {
        self.scenarioName = scenarioName
        self.presetName = presetName
        self.locale = locale
        self.footerColour = footerColour
    }

    /// seed000 comments its header's activity indicator out ("刷新（顶部）指示器不需要").
    public var headerIndicator: Bool { presetName != "seed000" }

    /// seed001's footer is an activity indicator alone, with no label.
    public var footerLabel: Bool { presetName != "seed001" }

    public init(_ scenario: Scenario) {
        self.init(scenarioName: scenario.name, presetName: scenario.preset.name, locale: scenario.locale,
                  footerColour: scenario.config.footer.colour)
    }
}
