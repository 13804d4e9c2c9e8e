import FeedEngine

/// A scenario file, read and checked: a list, a data source and a script (SPEC §4).
public struct Scenario: Hashable, Sendable {
    /// The output folder's name: the scenario's `name`, else its file name.
    public var name: String
    /// Free text saying what the scenario shows (optional `description` key).
    public var summary: String
    public var preset: Preset
    public var locale: String
    public var viewport: Viewport
    /// The preset's configuration with the scenario's overrides applied.
    public var config: FeedConfig
    public var source: SourceSpec
    public var steps: [ScriptStep]
    /// The `texts` file as the scenario names it (relative to the scenario), whose texts are in `config`.
    public var textsFile: String?
    /// Light or dark (SPEC §9 `appearance`).
    public var appearance: Appearance
    /// The Dynamic Type size (SPEC §9 `contentSize`).
    public var contentSize: ContentSize
    /// The list's own colours (SPEC §9 `list.colours`, `list.darkColours`).
    public var colours: ListColours = ListColours()
    /// How rows are drawn and measured (SPEC §9 `list.rowHeight`, `list.cell`).
    public var cells = ListCells()
    /// The device the list is shown on (SPEC §9 `device`); its screen is `viewport` unless that was given.
    public var device: Device?
    /// What covers the list's edges: the device's safe area, `list.contentInset`, `list.navigationBar`.
    public var insets = ListInsets.none
    /// `list.separatorInset`: points from the leading edge; `nil` for the device's layout margin.
    public var separatorInset: Double?
    /// `list.separatorInset: null`: no separators at all.
    public var hidesSeparators = false
    /// `list.title`: the navigation bar's title (the scenario's name when not given).
    public var title: String?
    /// `list.style`: plain, grouped or insetGrouped, for items that name their `section`.
    public var style: ListStyle?
    /// The preset file as the scenario names it (relative to the scenario), when `preset` came from one.
    public var presetFile: String?
    /// What the reader chose where the file left room: the built-in texts a locale fell back to,
    /// the keys a texts file did not give. A run prints them.
    public var notes: [String]

    public init(name: String, summary: String = "", preset: Preset, locale: String, viewport: Viewport,
                config: FeedConfig, source: SourceSpec, steps: [ScriptStep], textsFile: String? = nil, presetFile: String? = nil,
                appearance: Appearance = .standard, contentSize: ContentSize = .standard, notes: [String] = []) {
        self.name = name
        self.summary = summary
        self.preset = preset
        self.locale = locale
        self.viewport = viewport
        self.config = config
        self.source = source
        self.steps = steps
        self.textsFile = textsFile
        self.presetFile = presetFile
        self.appearance = appearance
        self.contentSize = contentSize
        self.notes = notes
    }

    /// Right to left for Arabic, Hebrew, Persian and Urdu locales.
    public var direction: TextDirection { TextDirection(locale: locale) }

    /// The scenario on another device (`--device`): its screen and safe area; the list's own insets stay.
    public mutating func show(on device: Device) {
        self.device = device
        viewport = device.screen
        insets.safeTop = device.safeTop
        insets.safeBottom = device.safeBottom
    }

    /// The layout margin of its cells and separators: the device's, else 16 pt.
    public var layoutMargin: Double { device?.layoutMargin ?? 16 }
}

/// Where a scenario's pages come from.
public enum SourceSpec: Hashable, Sendable {
    case synthetic(SyntheticSource)
    /// Replies chosen request by request (`feedframes explore` writes these).
    case scripted(ScriptedSource)
    /// A file, an SQLite database or an HTTP API (opened by a `SourceOpener`).
    case external(ExternalSource)

    /// A fresh source, as at the start of the scenario.
    public func makeSource() -> any FeedSource {
        switch self {
        case .synthetic(let source): return source
        case .scripted(let source): return source
        case .external(let source): return source.makeSource(options: source.options)
        }
    }
}
