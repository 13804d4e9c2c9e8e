import FeedScenario

/// What a frame's drawing needs besides its layout: which list it belongs to.
public struct FrameContext: Hashable, Sendable {
    public var scenarioName: String
    public var presetName: String
    public var locale: String
    /// The footer's background, from the configuration (a checked CSS colour).
    public var footerColour: String
    /// The built-in preset whose look the frames have (`Preset.behaviour`): a list description
    /// copied from `standard` and renamed still looks like `standard`.
    public var look: String

    public init(scenarioName: String, presetName: String, locale: String, footerColour: String, look: String? = nil) {
        self.scenarioName = scenarioName
        self.presetName = presetName
        self.locale = locale
        self.footerColour = footerColour
        self.look = look ?? presetName
    }

    public init(_ scenario: Scenario) {
        self.init(scenarioName: scenario.name, presetName: scenario.preset.name, locale: scenario.locale,
                  footerColour: scenario.config.footer.colour, look: scenario.preset.behaviour)
    }
}
