import FeedEngine
import FeedScenario
import FrameRendering
import JSONText

/// Every state of each preset, preset × locale × state, each a real frame
/// the preset's behaviour produced (issue 4, `feedframes preview`).
///
/// A state is found by running a small script (`GalleryScript`) with the
/// preset's behaviour playing the app (`BehaviourRunner`, as render plays it)
/// and taking the last frame whose JSON shows it. A state a
/// preset cannot show by its rules is marked with the reason, never faked;
/// one it can show but no script reaches is an error, so the gallery stays
/// complete as rules change.
public struct Gallery: Sendable {
    /// One preset in one locale: a row of the gallery.
    public struct Row: Sendable {
        public var preset: Preset
        public var locale: String
        public var appearance: Appearance = .standard
        public var contentSize: ContentSize = .standard
        public var device: Device?
        public var cells: [Cell]

        /// `seed000-zh-Hans`, then `-dark` and the content size when they are not the defaults: the row's folder.
        public var folder: String {
            "\(preset.name)-\(locale)" + (appearance == .standard ? "" : "-\(appearance.rawValue)")
                + (contentSize == .standard ? "" : "-\(contentSize.rawValue)")
        }

        /// `zh-Hans`, `zh-Hans · dark · accessibility2`: what the row label says below the preset.
        public var label: String {
            ([locale] + (appearance == .standard ? [] : [appearance.rawValue]) + (contentSize == .standard ? [] : [contentSize.rawValue])
                + (device.map { [$0.name] } ?? []))
                .joined(separator: " · ")
        }
    }

    public struct Cell: Sendable {
        public enum Content: Sendable {
            /// The frame showing the state, and the events that led to it.
            case frame(Frame, script: GalleryScript)
            case unreachable(reason: String)
        }

        public var state: GalleryState
        public var content: Content
    }

    public var rows: [Row]

    /// - Parameters:
    ///   - presets: in the order to show them.
    ///   - locales: the same locales for every preset; `nil` for each preset's own.
    ///   - appearances, contentSizes: more axes, preset × locale × appearance × size × state (the
    ///     frames are the behaviour's, the same in each; only how they are drawn differs).
    /// - Throws: `GalleryError.unknownLocale`, or `.notReached` when no script shows a reachable state.
    /// - Complexity: O(states × script length × visible rows) per row.
    /// - Parameter device: the device every state is shown on (`--device`); none keeps the 375×667 screen.
    public static func build(presets: [Preset], locales: [String]? = nil, appearances: [Appearance] = [.standard],
                             contentSizes: [ContentSize] = [.standard], device: Device? = nil) throws(GalleryError) -> Gallery {
        var rows: [Row] = []
        for preset in presets {
            for locale in locales ?? [preset.defaultLocale] {
                guard let config = preset.config(locale: locale) else { throw .unknownLocale(locale) }
                var cells: [Cell] = []
                for state in GalleryState.allCases {
                    if let reason = state.unreachableReason(config) {
                        cells.append(Cell(state: state, content: .unreachable(reason: reason)))
                        continue
                    }
                    guard let (frame, script) = find(state, preset: preset, locale: locale, config: config, device: device) else {
                        throw .notReached(preset: preset.name, locale: locale, state: state)
                    }
                    cells.append(Cell(state: state, content: .frame(frame, script: script)))
                }
                for appearance in appearances {
                    for contentSize in contentSizes {
                        rows.append(Row(preset: preset, locale: locale, appearance: appearance, contentSize: contentSize, device: device, cells: cells))
                    }
                }
            }
        }
        return Gallery(rows: rows)
    }

    /// The scenario a script runs: the preset's defaults, the script's source.
    public static func scenario(_ script: GalleryScript, preset: Preset, locale: String, config: FeedConfig,
                                state: GalleryState, device: Device? = nil) -> Scenario? {
        var steps: [ScriptStep] = []
        for event in script.events {
            guard case .success(let step) = ScriptStep.parse(event) else { return nil }
            steps.append(step)
        }
        let source = SyntheticSource(total: script.total, pageSize: config.pageSize, latency: .fixed(preset.latency),
                                     title: preset.title(locale: locale), failures: script.failures)
        var scenario = Scenario(name: "\(preset.name)-\(locale)-\(state.rawValue)", summary: state.title, preset: preset,
                                locale: locale, viewport: .standard, config: config, source: .synthetic(source), steps: steps)
        if let device { scenario.show(on: device) }
        return scenario
    }

    static func find(_ state: GalleryState, preset: Preset, locale: String, config: FeedConfig, device: Device?) -> (Frame, GalleryScript)? {
        let top = device.map { $0.safeTop } ?? 0
        for script in GalleryScript.candidates(for: state, config: config, latency: preset.latency, restingTop: top) {
            guard let scenario = scenario(script, preset: preset, locale: locale, config: config, state: state, device: device) else { continue }
            if let found = lastFrame(showing: state, scenario, playing: scenario.behaviour) { return (found, script) }
        }
        return nil
    }

    /// The last frame of `scenario` that shows `state`, with the preset's behaviour playing the app, as
    /// render plays it (issue 20: one pipeline). A gallery script is a few events over a short feed: it
    /// never nears `ItemLimits`, but a run that stopped short would be no proof, so it finds nothing.
    static func lastFrame<Behaviour: PagingBehaviour>(showing state: GalleryState, _ scenario: Scenario,
                                                      playing behaviour: Behaviour) -> Frame? {
        (try? scenario.frames(playing: behaviour, sizer: nil))?.last { state.isShown(in: FrameJSON.value(of: $0)) }
    }
}
