import FeedEngine
import FeedScenario
import JSONText

/// Writes a path the explorer found as a ready-to-run scenario file (SPEC §4):
/// `launch`, then each move's steps, with a scripted source whose replies are
/// the outcomes the path chose, so `feedframes render` replays it exactly.
public enum CounterexampleWriter {
    /// The events: `launch`, then every step of every transition.
    public static func events(_ path: [Transition]) -> [String] {
        ["launch"] + path.flatMap { $0.steps.map(\.description) }
    }

    /// The outcome of each request, by request number, for the `issued` requests
    /// the path made; a request whose reply never came within the path gets `full`.
    public static func replies(_ path: [Transition], issued: Int) -> [ScriptedReply] {
        var replies = [ScriptedReply](repeating: .full, count: issued)
        for reply in path.flatMap(\.replies) where reply.requestID >= 1 && reply.requestID <= issued {
            replies[reply.requestID - 1] = reply.outcome
        }
        return replies
    }

    /// The scenario file as JSON: the base scenario's preset, locale, viewport and
    /// configuration (only what differs from the preset), a scripted source, and the path.
    ///
    /// - Parameters:
    ///   - end: the state the path ends in (for the number of requests it issued).
    ///   - name: a folder-safe name.
    public static func scenario(path: [Transition], end: FeedState, base: Scenario, source: ScriptedSource,
                                name: String, description: String) -> JSONValue {
        let issued = end.requestsIssued
        var object: JSONObject = [
            "name": .string(name),
            "description": .string(description),
            "preset": .string(base.preset.name),
            "locale": .string(base.locale),
            "viewport": ["width": .number(base.viewport.width), "height": .number(base.viewport.height)],
        ]
        let overrides = configOverrides(base.config, preset: base.preset.config(locale: base.locale))
        if !overrides.keys.isEmpty { object["config"] = .object(overrides) }
        var sourceObject: JSONObject = ["kind": "scripted", "pageSize": .number(Double(source.items.pageSize))]
        if case .fixed(let seconds) = source.items.latency {
            sourceObject["latency"] = .number(seconds)
        } else {
            sourceObject["latency"] = .array((1...max(1, issued)).map { .number(source.items.latency.seconds(forRequest: $0)) })
        }
        sourceObject["title"] = .string(source.items.title)
        if !source.items.rowHeights.isEmpty { sourceObject["rowHeights"] = .array(source.items.rowHeights.map { .number($0) }) }
        sourceObject["replies"] = .array(replies(path, issued: issued).map { .string($0.rawValue) })
        object["source"] = .object(sourceObject)
        object["events"] = .array(events(path).map { .string($0) })
        return .object(object)
    }

    /// The file's bytes, pretty-printed with a final newline.
    public static func bytes(_ scenario: JSONValue) -> [UInt8] {
        JSONWriter.bytes(scenario, style: .pretty) + [0x0A]
    }

    /// The `config` keys (SPEC §5) whose values differ from the preset's.
    static func configOverrides(_ config: FeedConfig, preset: FeedConfig?) -> JSONObject {
        var object = JSONObject()
        guard let preset else { return object }
        if config.rowHeight != preset.rowHeight { object["rowHeight"] = .number(config.rowHeight) }
        if config.header != preset.header {
            object["header"] = config.header.map {
                ["height": .number($0.height), "armDistance": .number($0.armDistance)]
            } ?? .null
        }
        if config.footer != preset.footer {
            let footer = config.footer
            // Height before armDistance, and both, so the reader's "arm follows height" cannot move either.
            object["footer"] = [
                "mode": .string(footer.mode.rawValue), "height": .number(footer.height),
                "armDistance": .number(footer.armDistance), "prefetchRows": .number(Double(footer.prefetchRows)),
                "spinner": .string(footer.spinner.rawValue), "colour": .string(footer.colour),
            ]
        }
        if config.hideUntilFirstData != preset.hideUntilFirstData { object["hideUntilFirstData"] = .bool(config.hideUntilFirstData) }
        if config.hideFooterWhenFits != preset.hideFooterWhenFits { object["hideFooterWhenFits"] = .bool(config.hideFooterWhenFits) }
        if config.firstLoadIndicator != preset.firstLoadIndicator { object["firstLoadIndicator"] = .string(config.firstLoadIndicator.rawValue) }
        if config.firstLoadFailure != preset.firstLoadFailure { object["firstLoadFailure"] = .string(config.firstLoadFailure.rawValue) }
        if config.refreshFailure != preset.refreshFailure { object["refreshFailure"] = .string(config.refreshFailure.rawValue) }
        if config.loadMoreFailure != preset.loadMoreFailure { object["loadMoreFailure"] = .string(config.loadMoreFailure.rawValue) }
        if config.refreshWhileLoading != preset.refreshWhileLoading { object["refreshWhileLoading"] = .string(config.refreshWhileLoading.rawValue) }
        if config.toastDuration != preset.toastDuration { object["toastDuration"] = .number(config.toastDuration) }
        return object
    }
}
