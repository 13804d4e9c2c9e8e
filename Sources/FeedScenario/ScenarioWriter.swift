import FeedEngine
import JSONText

/// Writes scenarios as scenario files (SPEC §4): the reader's other half, and
/// the one place besides it that knows the format's keys. Reading what it
/// writes gives the same scenario back (a test holds every demo and random
/// scenarios to that).
///
/// A scenario is written as its preset plus only what differs from it: the
/// `config` keys whose values differ from the preset's, the source's keys
/// whose values differ from the defaults.
public enum ScenarioWriter {
    /// The scenario file as JSON.
    /// - Complexity: O(events + source keys).
    public static func value(of scenario: Scenario) -> JSONValue {
        var object: JSONObject = ["name": .string(scenario.name)]
        if !scenario.summary.isEmpty { object["description"] = .string(scenario.summary) }
        object["preset"] = .string(scenario.presetFile ?? scenario.preset.name)
        object["locale"] = .string(scenario.locale)
        if let texts = scenario.textsFile { object["texts"] = .string(texts) }
        if let device = scenario.device { object["device"] = .string(device.name) }
        if scenario.appearance != .standard { object["appearance"] = .string(scenario.appearance.rawValue) }
        if scenario.contentSize != .standard { object["contentSize"] = .string(scenario.contentSize.rawValue) }
        let insets = scenario.insets
        let geometry = insets.contentTop != 0 || insets.contentBottom != 0 || insets.navigationBar != nil
            || scenario.separatorInset != nil || scenario.hidesSeparators || scenario.title != nil || scenario.style != nil
        if !scenario.colours.isEmpty || scenario.cells.isSet || geometry {
            var list = JSONObject()
            if let style = scenario.style { list["style"] = .string(style.rawValue) }
            if scenario.cells.automaticHeights { list["rowHeight"] = .string("automatic") }
            if let cell = scenario.cells.cell { list["cell"] = .string(cell) }
            if scenario.hidesSeparators { list["separatorInset"] = .null } else if let inset = scenario.separatorInset { list["separatorInset"] = .number(inset) }
            if insets.contentTop != 0 || insets.contentBottom != 0 {
                list["contentInset"] = ["top": .number(insets.contentTop), "bottom": .number(insets.contentBottom)]
            }
            if let bar = insets.navigationBar { list["navigationBar"] = .string(bar.rawValue) }
            if let title = scenario.title { list["title"] = .string(title) }
            for (key, roles) in [("colours", scenario.colours.light), ("darkColours", scenario.colours.dark)] where !roles.isEmpty {
                list[key] = .object(JSONObject(uniqueKeysWithValues: ListColours.roles.compactMap { role in roles[role].map { (role, JSONValue.string($0)) } }))
            }
            object["list"] = .object(list)
        }
        object["viewport"] = viewport(scenario.viewport)
        let overrides = configOverrides(scenario.config, preset: scenario.preset.config(locale: scenario.locale))
        if !overrides.keys.isEmpty { object["config"] = .object(overrides) }
        object["source"] = .object(source(scenario.source))
        object["events"] = .array(scenario.steps.map { .string($0.description) })
        return .object(object)
    }

    /// The file's bytes: pretty-printed, with a final newline.
    public static func bytes(of scenario: Scenario) -> [UInt8] { bytes(value(of: scenario)) }

    /// A scenario file's bytes from its JSON.
    public static func bytes(_ value: JSONValue) -> [UInt8] { JSONWriter.bytes(value, style: .pretty) + [0x0A] }

    /// A scenario file given by parts, for callers that hold a preset's name and
    /// overrides rather than a scenario read and checked (the testing library's
    /// `.preset(…)`, `explore --preset`): the reader checks it like any file.
    public static func value(preset: String, name: String? = nil, locale: String? = nil, appearance: String? = nil,
                             contentSize: String? = nil, viewport: Viewport? = nil,
                             config: JSONValue? = nil, source: JSONObject = [:], events: [String]) -> JSONValue {
        var object: JSONObject = [:]
        if let name { object["name"] = .string(name) }
        object["preset"] = .string(preset)
        if let locale { object["locale"] = .string(locale) }
        if let appearance { object["appearance"] = .string(appearance) }
        if let contentSize { object["contentSize"] = .string(contentSize) }
        if let viewport { object["viewport"] = self.viewport(viewport) }
        if let config { object["config"] = config }
        if !source.keys.isEmpty { object["source"] = .object(source) }
        object["events"] = .array(events.map { .string($0) })
        return .object(object)
    }

    static func viewport(_ viewport: Viewport) -> JSONValue {
        ["width": .number(viewport.width), "height": .number(viewport.height)]
    }

    // MARK: config (SPEC §5)

    /// The `config` keys whose values differ from the preset's (a changed footer or header is
    /// written whole, so the reader's "arm follows height" cannot move either of its values).
    public static func configOverrides(_ config: FeedConfig, preset: FeedConfig?) -> JSONObject {
        guard let preset else { return JSONObject() }
        let base = configValue(preset)
        var object = JSONObject()
        let all = configValue(config)
        for (key, value) in zip(all.keys, all.values) where base[key] != value { object[key] = value }
        return object
    }

    /// Every `config` key of SPEC §5 with its value: a list description's whole configuration.
    /// - Complexity: O(1).
    public static func configValue(_ config: FeedConfig) -> JSONObject {
        let footer = config.footer
        var object: JSONObject = [
            "rowHeight": .number(config.rowHeight),
            "header": config.header.map { header -> JSONValue in
                var object: JSONObject = ["height": .number(header.height), "armDistance": .number(header.armDistance)]
                if header.indicator != .refreshControl { object["indicator"] = .string(header.indicator.rawValue) }
                return .object(object)
            } ?? .null,
            // Height before armDistance, so the reader's "arm follows height" cannot move it.
            "footer": [
                "mode": .string(footer.mode.rawValue), "height": .number(footer.height),
                "armDistance": .number(footer.armDistance), "prefetchRows": .number(Double(footer.prefetchRows)),
                "spinner": .string(footer.spinner.rawValue), "colour": .string(footer.colour),
            ],
        ]
        object["hideUntilFirstData"] = .bool(config.hideUntilFirstData)
        object["hideFooterWhenFits"] = .bool(config.hideFooterWhenFits)
        object["firstLoadIndicator"] = .string(config.firstLoadIndicator.rawValue)
        object["firstLoadFailure"] = .string(config.firstLoadFailure.rawValue)
        object["refreshFailure"] = .string(config.refreshFailure.rawValue)
        object["loadMoreFailure"] = .string(config.loadMoreFailure.rawValue)
        object["refreshWhileLoading"] = .string(config.refreshWhileLoading.rawValue)
        object["toastDuration"] = .number(config.toastDuration)
        object["holdWhileLoading"] = .bool(config.holdWhileLoading)
        return object
    }

    // MARK: source (SPEC §4)

    static func source(_ spec: SourceSpec) -> JSONObject {
        switch spec {
        case .synthetic(let synthetic):
            var object: JSONObject = ["kind": "synthetic"]
            if let total = synthetic.total { object["total"] = .number(Double(total)) }
            items(synthetic, into: &object)
            shifting(inserts: synthetic.inserts, paging: synthetic.paging, into: &object)
            return object
        case .scripted(let scripted):
            var object: JSONObject = ["kind": "scripted"]
            items(scripted.items, into: &object)
            object["replies"] = .array(scripted.replies.map { .string($0.rawValue) })
            return object
        case .external(let external):
            var object: JSONObject = ["kind": .string(external.kind.name)]
            switch external.kind {
            case .file(let file):
                object["path"] = .string(file.path)
            case .sqlite(let sqlite):
                object["path"] = .string(sqlite.path)
                switch sqlite.rows {
                case .table(let table): object["table"] = .string(table)
                case .query(let query): object["query"] = .string(query)
                }
                object["orderBy"] = .string(sqlite.orderBy)
                object["columns"] = .object(JSONObject(uniqueKeysWithValues: sqlite.columns.sorted { $0.key < $1.key }
                    .map { ($0.key, JSONValue.string($0.value)) }))
                object["timeout"] = .number(sqlite.timeout)
            case .http(let http):
                object["url"] = .string(http.url)
                object["items"] = .string(http.items)
                if let next = http.next { object["next"] = .string(next) }
                if !http.headers.isEmpty {
                    object["headers"] = .object(JSONObject(uniqueKeysWithValues: http.headers.sorted { $0.key < $1.key }
                        .map { ($0.key, JSONValue.string($0.value)) }))
                }
                object["timeout"] = .number(http.timeout)
            }
            let options = external.options
            object["pageSize"] = .number(Double(options.pageSize))
            object["latency"] = latency(options.latency)
            if !options.failures.isEmpty { object["failures"] = failures(options.failures) }
            if case .file = external.kind { shifting(inserts: options.inserts, paging: options.paging, into: &object) }
            return object
        }
    }

    /// The keys synthetic and scripted sources share: how their items look and arrive.
    static func items(_ synthetic: SyntheticSource, into object: inout JSONObject) {
        object["pageSize"] = .number(Double(synthetic.pageSize))
        object["latency"] = latency(synthetic.latency)
        object["title"] = .string(synthetic.title)
        if !synthetic.rowHeights.isEmpty { object["rowHeights"] = .array(synthetic.rowHeights.map { .number($0) }) }
        if !synthetic.failures.isEmpty { object["failures"] = failures(synthetic.failures) }
    }

    static func shifting(inserts: [HeadInsert], paging: Paging, into object: inout JSONObject) {
        if !inserts.isEmpty {
            object["inserts"] = .array(inserts.map { ["at": .number($0.at), "count": .number(Double($0.count))] })
        }
        if paging != .page { object["paging"] = .string(paging.rawValue) }
    }

    static func latency(_ latency: Latency) -> JSONValue {
        switch latency {
        case .fixed(let seconds): return .number(seconds)
        case .perRequest(let list): return .array(list.map { .number($0) })
        case .seeded(let low, let high, let seed): return ["min": .number(low), "max": .number(high), "seed": .number(Double(seed))]
        }
    }

    static func failures(_ ids: Set<Int>) -> JSONValue { .array(ids.sorted().map { .number(Double($0)) }) }
}
