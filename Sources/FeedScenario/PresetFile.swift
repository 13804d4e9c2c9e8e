import FeedEngine
import JSONText

/// A preset as data (SPEC §9 "The presets are list descriptions too"): what
/// `feedframes presets --export DIR` writes and what a scenario's `preset` may
/// name instead of a built-in preset.
///
/// ```json
/// { "name": "standard", "summary": "…", "behaviour": "standard", "locale": "en",
///   "source": { "latency": 1, "title": "Item {n}", "titles": { "zh-Hant": "…" }, "pageSize": 20 },
///   "config": { every key of SPEC §5 },
///   "texts": { "en": { "header.idle": "Pull down to refresh", … }, "zh-Hans": { … }, … } }
/// ```
///
/// The logic a preset runs is named (`behaviour`, one of the built-in presets),
/// not written: its parameters, texts and look are data; its rules stay code.
public enum PresetFile {
    /// Larger preset files are refused before parsing.
    public static let maxBytes = 1 << 20

    /// The file for `preset`: its whole configuration and the texts of every built-in table.
    /// - Complexity: O(number of tables).
    public static func value(of preset: Preset) -> JSONValue {
        var texts = JSONObject()
        for table in FeedTexts.locales {
            guard let config = preset.config(locale: table) else { continue }
            texts[table] = .object(Self.texts(config.texts, footer: config.footer.mode))
        }
        var object: JSONObject = ["name": .string(preset.name)]
        object["summary"] = .string(preset.summary)
        object["behaviour"] = .string(preset.behaviour)
        object["locale"] = .string(preset.defaultLocale)
        let config = preset.config() ?? preset.config(locale: "en")!
        var source: JSONObject = ["latency": .number(preset.latency), "title": .string(preset.title)]
        if !preset.localizedTitles.isEmpty {
            source["titles"] = .object(JSONObject(uniqueKeysWithValues: preset.localizedTitles.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value)) }))
        }
        source["pageSize"] = .number(Double(config.pageSize))
        object["source"] = .object(source)
        object["config"] = .object(ScenarioWriter.configValue(config))
        object["texts"] = .object(texts)
        return .object(object)
    }

    /// The file's bytes: pretty-printed, with a final newline.
    public static func bytes(of preset: Preset) -> [UInt8] { ScenarioWriter.bytes(value(of: preset)) }

    /// A table's texts by key (`FeedTexts.keys`); `footer.idle` is the one the footer's mode shows.
    static func texts(_ texts: FeedTexts, footer mode: FeedConfig.Footer.Mode) -> JSONObject {
        let values = [texts.headerIdle, texts.headerArmed, texts.headerRefreshing,
                      mode == .release ? texts.footerIdleRelease : texts.footerIdleAuto, texts.footerArmed,
                      texts.footerLoading, texts.footerExhausted, texts.footerFailed, texts.toast, texts.retry, texts.empty]
        return JSONObject(uniqueKeysWithValues: zip(FeedTexts.keys, values.map { JSONValue.string($0) }))
    }

    /// Reads a preset file; every problem is reported at its line and column in `file`.
    /// - Complexity: O(size of the file).
    public static func read(_ bytes: [UInt8], file: String) throws(ScenarioErrors) -> Preset {
        guard bytes.count <= maxBytes else {
            throw ScenarioErrors([ScenarioError(file: file, message: "file is \(bytes.count) bytes; expected at most \(maxBytes) bytes")])
        }
        let root: JSONNode
        do { root = try JSONParser.parse(bytes) } catch {
            throw ScenarioErrors([ScenarioError(file: file, line: error.line, column: error.column, message: error.message)])
        }
        var reading = Reading(file: file)
        let preset = reading.presetFile(root)
        guard let preset, reading.problems.isEmpty else { throw ScenarioErrors(reading.problems) }
        return preset
    }
}

extension Reading {
    /// A preset file's tree: its behaviour's built-in preset, with every key the file gives in place.
    mutating func presetFile(_ root: JSONNode) -> Preset? {
        let keys = ["name", "summary", "behaviour", "locale", "source", "config", "texts"]
        guard let fields = object(root, "", keys: keys) else { return nil }
        let names = Preset.all.map(\.name).joined(separator: ", ")
        guard let behaviourNode = fields["behaviour"] else {
            fail(root, "behaviour", "missing (expected the logic the list runs: one of \(names))")
            return nil
        }
        guard let behaviourName = string(behaviourNode, "behaviour") else { return nil }
        guard let base = Preset.named(behaviourName) else {
            fail(behaviourNode, "behaviour", "unknown behaviour \(found(behaviourNode)) (expected one of \(names))")
            return nil
        }
        var name = base.name
        if let node = fields["name"], let value = string(node, "name") {
            if FolderName.isValid(value) { name = value } else {
                fail(node, "name", "\(found(node)) cannot name a preset (expected \(FolderName.expected))")
            }
        }
        let summary = fields["summary"].flatMap { string($0, "summary") } ?? base.summary
        var locale = base.defaultLocale
        if let node = fields["locale"], let value = string(node, "locale") {
            if LocaleMatch.match(value) != nil { locale = value } else {
                fail(node, "locale", "\(found(node)) is not a BCP 47 language tag (expected e.g. en, zh-Hant, ar-EG)")
            }
        }
        var latency = base.latency
        var title = base.title
        var titles = base.localizedTitles
        guard var config = base.config(locale: "en") else { return nil }
        if let node = fields["source"], let source = object(node, "source", keys: ["latency", "title", "titles", "pageSize"]) {
            if let node = source["titles"], let byTable = object(node, "source.titles", keys: FeedTexts.locales) {
                titles = [:]
                for (table, value) in byTable { if let text = string(value, "source.titles.\(table)") { titles[table] = text } }
            }
            if let value = source["latency"].flatMap({ number($0, "source.latency", in: 0...86_400, "a number of seconds from 0 to 86400") }) { latency = value }
            if let value = source["title"].flatMap({ string($0, "source.title") }) { title = value }
            if let value = source["pageSize"].flatMap({ integer($0, "source.pageSize", in: 1...10_000) }) { config.pageSize = value }
        }
        if let node = fields["config"] { override(&config, with: node) }
        var tables: [String: [String: String]] = [:]
        if let node = fields["texts"], let byTable = object(node, "texts", keys: FeedTexts.locales) {
            for (table, texts) in byTable {
                guard let members = object(texts, "texts.\(table)", keys: FeedTexts.keys) else { continue }
                var values: [String: String] = [:]
                for (key, value) in members { if let text = string(value, "texts.\(table).\(key)") { values[key] = text } }
                tables[table] = values
            }
        }
        let settled = config
        let given = tables
        // A table the file leaves out, or a key it leaves out, keeps the behaviour's own.
        return Preset(name: name, summary: summary, behaviour: base.behaviour, defaultLocale: locale, latency: latency, title: title,
                      localizedTitles: titles, texts: { table in base.texts(table: table).map { $0.replacing(given[table] ?? [:]) } }) { texts in
            var config = settled
            config.texts = texts
            return config
        }
    }
}
