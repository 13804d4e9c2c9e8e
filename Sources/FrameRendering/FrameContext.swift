import FeedEngine
import FeedScenario
import JSONText

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
    public var appearance: Appearance
    public var contentSize: ContentSize
    /// The list's own colours by role, over the system's (SPEC §9).
    public var colours = ListColours()
    /// What the header draws beside its text (`config.header.indicator`).
    public var headerStyle: FeedConfig.Header.Indicator = .refreshControl
    /// The frames draw cells in the fonts shipped in `fonts/` (SPEC §9), and link their stylesheet.
    public var cellFonts = false
    /// The device the list is shown on (SPEC §9 `device`): frame JSON names it; its layout margin insets
    /// separators and cells.
    public var device: Device?
    /// The navigation bar's title (`list.title`, else the scenario's name).
    public var navigationTitle = ""
    /// `list.separatorInset`, or `nil` for the layout margin; `hidesSeparators` for `null`.
    public var separatorInset: Double?
    public var hidesSeparators = false
    /// The cells' and separators' leading margin: the device's (16 pt; 20 pt on the Max phones and iPad).
    public var layoutMargin: Double { device?.layoutMargin ?? 16 }
    /// From the locale: right to left for Arabic, Hebrew, Persian and Urdu.
    public var direction: TextDirection { TextDirection(locale: locale) }

    public init(scenarioName: String, presetName: String, locale: String, footerColour: String, look: String? = nil,
                appearance: Appearance = .standard, contentSize: ContentSize = .standard) {
        self.scenarioName = scenarioName
        self.presetName = presetName
        self.locale = locale
        self.footerColour = footerColour
        self.look = look ?? presetName
        self.appearance = appearance
        self.contentSize = contentSize
    }

    /// seed000 comments its header's activity indicator out ("刷新（顶部）指示器不需要").
    public var headerIndicator: Bool { look != "seed000" }

    /// seed001's footer is an activity indicator alone, with no label.
    public var footerLabel: Bool { look != "seed001" }

    public init(_ scenario: Scenario) {
        self.init(scenarioName: scenario.name, presetName: scenario.preset.name, locale: scenario.locale,
                  footerColour: scenario.config.footer.colour, look: scenario.preset.behaviour,
                  appearance: scenario.appearance, contentSize: scenario.contentSize)
        headerStyle = scenario.config.header?.indicator ?? .refreshControl
        colours = scenario.colours
        device = scenario.device
        navigationTitle = scenario.title ?? scenario.name
        separatorInset = scenario.separatorInset
        hidesSeparators = scenario.hidesSeparators
    }

    /// SPEC §9's frame JSON fields for the look, each only when it is not the default (so frames
    /// without §9 keys stay byte for byte as they were).
    public var lookFields: JSONObject {
        var fields = JSONObject()
        if let device { fields["device"] = .string(device.name) }
        if appearance != .standard { fields["appearance"] = .string(appearance.rawValue) }
        if contentSize != .standard { fields["contentSize"] = .string(contentSize.rawValue) }
        if direction != .leftToRight { fields["direction"] = .string(direction.rawValue) }
        return fields
    }
}
