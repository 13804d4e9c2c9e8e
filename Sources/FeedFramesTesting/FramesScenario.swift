import FeedEngine
import FeedScenario
import JSONText
import Foundation

/// What a snapshot test renders: a scenario file, or a preset with a data
/// source and events written in Swift.
///
/// ```swift
/// .file("Scenarios/my-list.json")
/// .init(preset: "standard", source: .init(total: 30, failures: [2]), events: ["launch", "wait 1", "scroll to bottom", "wait 1"])
/// ```
///
/// Built-in-code scenarios go through the same reader as files
/// (`ScenarioReader`), so a typo in an event or a config key fails the test
/// with the same message the command line would print.
public struct FramesScenario: Sendable {
    enum Origin: Sendable {
        case file(String)
        case json(String, file: String, files: [String: String])
        /// Built in code: the JSON is generated, so messages give key paths, not lines.
        case built(String, name: String)
        case scenario(Scenario)
    }

    let origin: Origin
    /// A team's own logic playing the app instead of the preset's rules (`playing(_:)`).
    var behaviour: (@Sendable (Scenario) throws(RunLimitError) -> [Frame])?

    /// A scenario file (SPEC §4). A relative path is relative to the folder of the test file.
    public static func file(_ path: String) -> FramesScenario { FramesScenario(origin: .file(path)) }

    /// A scenario file's text, e.g. one of `Embedded.demos`; `file` names it in messages.
    /// - Parameter files: the files it names (an items file, a String Catalog, a preset file), by
    ///   their paths relative to `file`'s folder; files not given are read from disk, relative to the
    ///   test file's folder.
    public static func json(_ text: String, file: String = "scenario.json", files: [String: String] = [:]) -> FramesScenario {
        FramesScenario(origin: .json(text, file: file, files: files))
    }

    /// A scenario already read, or built field by field.
    public static func scenario(_ scenario: Scenario) -> FramesScenario { FramesScenario(origin: .scenario(scenario)) }

    /// A preset plus overrides and events, as a scenario file would say them.
    /// - Parameters:
    ///   - preset: `seed000`, `seed001` or `standard`.
    ///   - name: the scenario's name in frames and messages; the preset's name by default.
    ///   - locale: a BCP 47 tag (built-in texts for en, zh-Hans, zh-Hant, ja, ko, ar); the preset's own by default.
    ///   - appearance: `light` or `dark` (SPEC §9); light by default.
    ///   - contentSize: a Dynamic Type size, `xSmall` … `accessibility5`; `large` by default.
    ///   - viewport: the screen in points; 375 × 667 by default.
    ///   - config: overrides of SPEC §5 by name, e.g. `["footer": ["prefetchRows": 0]]`.
    ///   - source: the synthetic data source; the preset's defaults where a field is `nil`.
    ///   - events: SPEC §4's event strings, starting with `"launch"`.
    public init(preset: String, name: String? = nil, locale: String? = nil, appearance: String? = nil, contentSize: String? = nil,
                viewport: (width: Double, height: Double)? = nil, config: JSONValue? = nil, source: Source = Source(), events: [String]) {
        // Named, so the name never comes from the label below (which is no folder name).
        let value = ScenarioWriter.value(preset: preset, name: name ?? preset, locale: locale, appearance: appearance, contentSize: contentSize,
                                         viewport: viewport.map { Viewport(width: $0.width, height: $0.height) },
                                         config: config, source: source.json, events: events)
        origin = .built(JSONWriter.string(value, style: .pretty), name: "scenario \"\(name ?? preset)\"")
    }

    /// The same as `init(preset:…)`, reading as `.preset("standard", events: […])` at the call site.
    public static func preset(_ preset: String, name: String? = nil, locale: String? = nil, appearance: String? = nil,
                              contentSize: String? = nil, viewport: (width: Double, height: Double)? = nil, config: JSONValue? = nil,
                              source: Source = Source(), events: [String]) -> FramesScenario {
        FramesScenario(preset: preset, name: name, locale: locale, appearance: appearance, contentSize: contentSize,
                       viewport: viewport, config: config, source: source, events: events)
    }

    private init(origin: Origin) { self.origin = origin }

    /// The same scenario (its list, source and events) with a team's own paging logic playing the app
    /// instead of the preset's rules (SPEC §10): `assertFrames(of: .file("inbox.json").playing(InboxLoader()))`.
    public func playing<Behaviour: PagingBehaviour>(_ logic: Behaviour) -> FramesScenario {
        var copy = self
        // A run that stops (rows past `ItemLimits`) fails the assertion instead of recording what came before.
        copy.behaviour = { (scenario) throws(RunLimitError) in try scenario.frames(playing: logic, sizer: nil) }
        return copy
    }

    /// The synthetic source of SPEC §4; every field left `nil` keeps the preset's default.
    public struct Source: Sendable {
        /// Items in the feed; `nil` for endless.
        public var total: Int?
        public var pageSize: Int?
        /// Seconds each request takes.
        public var latency: Double?
        /// `{n}` is replaced by the item's number.
        public var title: String?
        public var rowHeights: [Double]
        /// Request numbers (1-based, every request counts) that fail.
        public var failures: [Int]

        public init(total: Int? = nil, pageSize: Int? = nil, latency: Double? = nil, title: String? = nil,
                    rowHeights: [Double] = [], failures: [Int] = []) {
            self.total = total
            self.pageSize = pageSize
            self.latency = latency
            self.title = title
            self.rowHeights = rowHeights
            self.failures = failures
        }

        var json: JSONObject {
            var object = JSONObject()
            if let total { object["total"] = .number(Double(total)) }
            if let pageSize { object["pageSize"] = .number(Double(pageSize)) }
            if let latency { object["latency"] = .number(latency) }
            if let title { object["title"] = .string(title) }
            if !rowHeights.isEmpty { object["rowHeights"] = .array(rowHeights.map { .number($0) }) }
            if !failures.isEmpty { object["failures"] = .array(failures.map { .number(Double($0)) }) }
            return object
        }
    }
}

extension FramesScenario {
    /// Every frame of the scenario as `strategy` writes it, in frame order: for
    /// adapters to other snapshot libraries (`FeedFramesSnapshotTesting`). A scenario given a team's
    /// logic (`playing(_:)`) is played by it, as `assertFrames` plays it.
    /// - Parameter folder: what a relative `.file` path is relative to.
    /// - Throws: a scenario that does not read, or a frame that does not render.
    public func frames(as strategy: FrameStrategy, relativeTo folder: URL) throws(FramesFailure) -> [(name: String, bytes: [UInt8])] {
        let scenario = try FrameSnapshots.load(self, relativeTo: folder)
        let files = try FrameSnapshots.render(scenario, as: [strategy], behaviour: behaviour)
        return files.frames.flatMap { frame in frame.files.map { ($0, files.files[$0] ?? []) } }
    }
}
