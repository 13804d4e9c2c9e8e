import FeedEngine
import JSONText

/// Reads scenario files (SPEC §4) into checked `Scenario` values.
///
/// Pure: it takes the file's bytes, so reading files stays at the edge.
/// Every problem is reported with the file, the line:column where the value
/// starts, its key path and what was expected; unknown keys and events are
/// errors, never silently ignored.
public enum ScenarioReader {
    /// Larger scenario files are refused before parsing.
    public static let maxFileBytes = 8 << 20
    /// Longer strings (titles, names) are refused.
    public static let maxStringLength = 1 << 20
    /// The largest coordinate, size or duration accepted.
    public static let maxMagnitude = 100_000.0
    /// The smallest row height accepted (scenario and item heights).
    public static let minRowHeight = 1.0

    /// - Parameters:
    ///   - file: the name used in messages (and, without `.json`, the default name);
    ///     relative paths in `source` are relative to its folder.
    ///   - opener: opens `file`, `sqlite` and `http` sources, so that what they name
    ///     is checked now (exit 65); without one they are read but not opened.
    /// - Complexity: O(size of the file), plus what the opener does.
    public static func read(_ bytes: [UInt8], file: String, opener: (any SourceOpener)? = nil) throws(ScenarioErrors) -> Scenario {
        guard bytes.count <= maxFileBytes else {
            throw ScenarioErrors([ScenarioError(file: file, message: "file is \(bytes.count) bytes; expected at most \(maxFileBytes) bytes")])
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw ScenarioErrors([ScenarioError(file: file, line: error.line, column: error.column, message: error.message)])
        }
        var reading = Reading(file: file)
        reading.opener = opener
        let scenario = reading.scenario(root, defaultName: FolderName.defaultName(forFile: file))
        guard let scenario, reading.problems.isEmpty else { throw ScenarioErrors(reading.problems) }
        return scenario
    }

}

/// The walk over one file's JSON tree, collecting problems as it goes.
struct Reading {
    let file: String
    var problems: [ScenarioError] = []
    /// Opens external sources (see `ScenarioReader+Sources`); `nil` reads them only.
    var opener: (any SourceOpener)?

    init(file: String) { self.file = file }

    mutating func fail(_ node: JSONNode?, _ path: String, _ message: String) {
        problems.append(ScenarioError(file: file, line: node?.position.line, column: node?.position.column,
                                      path: path, message: message))
    }

    // MARK: The scenario

    mutating func scenario(_ root: JSONNode, defaultName: String) -> Scenario? {
        let keys = ["name", "description", "preset", "locale", "texts", "device", "appearance", "contentSize", "list", "viewport", "config", "source", "events"]
        guard let fields = object(root, "", keys: keys) else { return nil }

        // Every name goes through one check, whether the file gives it or it comes from the file's name.
        var name = defaultName
        if let node = fields["name"], let value = string(node, "name") {
            if FolderName.isValid(value) { name = value } else {
                fail(node, "name", "\(found(node)) cannot name an output folder (expected \(FolderName.expected))")
            }
        } else if fields["name"] == nil && !FolderName.isValid(defaultName) {
            fail(nil, "", "the file name \(Self.shown(defaultName)) cannot name an output folder; "
                 + "give the scenario a \"name\" (expected \(FolderName.expected))")
        }
        let summary = fields["description"].flatMap { string($0, "description") } ?? ""

        guard let presetNode = fields["preset"] else {
            fail(root, "preset", "missing (expected one of \(Preset.all.map(\.name).joined(separator: ", ")))")
            return nil
        }
        guard let presetName = string(presetNode, "preset") else { return nil }
        let presetFile = presetName.hasSuffix(".json") ? presetName : nil
        guard let preset = presetFile.map({ presetFromFile($0, node: presetNode) }) ?? Preset.named(presetName) else {
            if presetFile == nil {
                fail(presetNode, "preset", "unknown preset \(found(presetNode)) (expected one of \(Preset.all.map(\.name).joined(separator: ", ")), "
                     + "or a preset file ending in .json)")
            }
            return nil
        }

        var locale = preset.defaultLocale
        var notes: [String] = []
        if let node = fields["locale"], let value = string(node, "locale") {
            if let match = LocaleMatch.match(value) {
                locale = value
                if let note = match.fallbackNote { notes.append(note) }
            } else {
                fail(node, "locale", "\(found(node)) is not a BCP 47 language tag (expected e.g. en, zh-Hant, ar-EG; "
                     + "built-in texts: \(FeedTexts.locales.joined(separator: ", ")))")
            }
        }
        guard var config = preset.config(locale: locale), let match = LocaleMatch.match(locale) else { return nil }
        let textsFile = fields["texts"].flatMap { texts($0, locale: match, into: &config, notes: &notes) }

        let appearance: Appearance = fields["appearance"].flatMap { choice($0, "appearance") } ?? .standard
        let contentSize: ContentSize = fields["contentSize"].flatMap { choice($0, "contentSize") } ?? .standard

        var device: Device?
        if let node = fields["device"], let name = string(node, "device") {
            if let known = Device.named(name) { device = known } else {
                fail(node, "device", "unknown device \(found(node)) (expected one of \(Device.names); feedframes devices lists them)")
            }
        }
        var cells = ListCells()
        var geometry = ListGeometry()
        let colours = fields["list"].map { list($0, cells: &cells, geometry: &geometry, config: &config) } ?? ListColours()

        var viewport = device?.screen ?? Viewport.standard
        if let node = fields["viewport"], let size = object(node, "viewport", keys: ["width", "height"]) {
            if let width = size["width"].flatMap({ length($0, "viewport.width") }) { viewport.width = width }
            if let height = size["height"].flatMap({ length($0, "viewport.height") }) { viewport.height = height }
        }

        if let node = fields["config"] { override(&config, with: node) }
        let source = self.source(fields["source"], preset: preset, locale: locale, config: &config)

        var steps: [ScriptStep] = []
        // `insert N` grows the made-up feeds; a file takes `source.inserts`, and a database or server changes by itself.
        let growable: Bool = switch source { case .external: false; default: true }
        if let node = fields["events"] { steps = events(node, insertable: growable) } else {
            fail(root, "events", "missing (expected a list of events starting with \"launch\")")
        }

        guard let source else { return nil }
        var scenario = Scenario(name: name, summary: summary, preset: preset, locale: locale, viewport: viewport,
                        config: config, source: source, steps: steps, textsFile: textsFile, presetFile: presetFile,
                        appearance: appearance, contentSize: contentSize, notes: notes)
        scenario.colours = colours
        scenario.cells = cells
        scenario.device = device
        scenario.insets = ListInsets(safeTop: device?.safeTop ?? 0, safeBottom: device?.safeBottom ?? 0,
                                     contentTop: geometry.contentTop, contentBottom: geometry.contentBottom,
                                     navigationBar: geometry.navigationBar)
        scenario.separatorInset = geometry.separatorInset
        scenario.hidesSeparators = geometry.hidesSeparators
        scenario.title = geometry.title
        scenario.style = geometry.style
        return scenario
    }

    /// SPEC §9's `list`: its cells (`rowHeight`, a number or "automatic"; `cell`, a style or a cell
    /// template's name, checked against the templates when the run starts) and its `colours` and
    /// `darkColours` (role → hex colour). The geometry keys (`style`, insets) come with issue 19.
    mutating func list(_ node: JSONNode, cells: inout ListCells, geometry: inout ListGeometry, config: inout FeedConfig) -> ListColours {
        var colours = ListColours()
        let keys = ["style", "rowHeight", "cell", "separatorInset", "contentInset", "navigationBar", "title", "colours", "darkColours"]
        guard let fields = object(node, "list", keys: keys) else { return colours }
        if let value = fields["contentInset"], let edges = object(value, "list.contentInset", keys: ["top", "bottom"]) {
            for (key, path) in [("top", \ListGeometry.contentTop), ("bottom", \ListGeometry.contentBottom)] {
                if let edge = edges[key], let points = number(edge, "list.contentInset.\(key)", in: 0...2000, "a number of points from 0 to 2000") {
                    geometry[keyPath: path] = points
                }
            }
        }
        if let value = fields["navigationBar"], !value.isNull {
            if let text = value.stringValue, let bar = ListInsets.NavigationBar(rawValue: text) { geometry.navigationBar = bar } else {
                fail(value, "list.navigationBar", "\(found(value)) is not a navigation bar (expected \"inline\" (44 pt), \"large\" (96 pt, collapsing) or null)")
            }
        }
        if let value = fields["title"], let text = string(value, "list.title") { geometry.title = text }
        if let value = fields["style"], let style: ListStyle = choice(value, "list.style") { geometry.style = style }
        if let value = fields["separatorInset"] {
            if value.isNull { geometry.hidesSeparators = true } else if let points = number(value, "list.separatorInset", in: 0...1000, "a number of points from the leading edge, or null for no separators") {
                geometry.separatorInset = points
            }
        }
        if let value = fields["rowHeight"] {
            if value.stringValue == "automatic" { cells.automaticHeights = true } else if value.doubleValue != nil {
                if let height = rowLength(value, "list.rowHeight") { config.rowHeight = height }
            } else {
                fail(value, "list.rowHeight", "\(found(value)) is not a row height (expected a number of points or \"automatic\")")
            }
        }
        if let value = fields["cell"], let name = string(value, "list.cell") {
            if CellName.isValid(name) { cells.cell = name } else {
                fail(value, "list.cell", "\(found(value)) cannot name a cell (expected basic, subtitle, value1, value2 "
                     + "or a cell template's name: \(CellName.expected))")
            }
        }
        for (key, target) in [("colours", \ListColours.light), ("darkColours", \ListColours.dark)] {
            guard let value = fields[key], let roles = object(value, "list.\(key)", keys: ListColours.roles) else { continue }
            for (role, node) in roles {
                guard let text = string(node, "list.\(key).\(role)") else { continue }
                if ListColours.isHexColour(text) { colours[keyPath: target][role] = text.lowercased() } else {
                    fail(node, "list.\(key).\(role)", "\(found(node)) is not a colour (expected #rrggbb, #rgb or #rrggbbaa)")
                }
            }
        }
        return colours
    }

    /// `preset` naming a file (`presets --export` writes them), relative to the scenario,
    /// read through the opener; its problems name the preset file, line and column.
    mutating func presetFromFile(_ path: String, node: JSONNode) -> Preset? {
        guard opener != nil else {
            fail(node, "preset", "\(found(node)): preset files are read by the feedframes command (expected one of \(Preset.all.map(\.name).joined(separator: ", ")) here)")
            return nil
        }
        guard let bytes = readFile(path, node: node, key: "preset", limit: PresetFile.maxBytes,
                                   expected: "a preset file, as feedframes presets --export writes them") else { return nil }
        do throws(ScenarioErrors) { return try PresetFile.read(bytes, file: resolve(path)) } catch {
            problems += error.problems
            return nil
        }
    }

    /// The `texts` key: a String Catalog or `.strings` file whose texts for `locale` replace the
    /// built-in ones in `config`. Read through the opener (at the edge); without one, only its
    /// name is checked. Its own problems name the texts file, line and column.
    /// - Returns: the path as written.
    mutating func texts(_ node: JSONNode, locale: LocaleMatch, into config: inout FeedConfig, notes: inout [String]) -> String? {
        guard let path = string(node, "texts") else { return nil }
        guard let format = TextsFile.Format(file: path) else {
            fail(node, "texts", "\(found(node)) is neither a String Catalog nor a strings file (expected a path ending in .xcstrings or .strings)")
            return nil
        }
        guard opener != nil else { return path }
        if let bytes = readFile(path, node: node, key: "texts", limit: TextsFile.maxBytes, expected: "a .xcstrings or .strings file") {
            do throws(ScenarioErrors) {
                let texts = try TextsFile.read(bytes, file: resolve(path), format: format, locale: locale)
                config.texts = config.texts.replacing(texts.values)
                if !texts.missing.isEmpty {
                    notes.append("texts \(path) has no \(texts.missing.joined(separator: ", ")) for \(locale.requested); "
                                 + "those keep the built-in \(locale.table) texts")
                }
            } catch {
                problems += error.problems
            }
        }
        return path
    }

    /// The bytes of a file the scenario names (relative to it), read through the opener at the
    /// edge; a file that cannot be read is a problem at `key`. `nil` when there is no opener
    /// or the file cannot be read.
    mutating func readFile(_ path: String, node: JSONNode, key: String, limit: Int, expected: String) -> [UInt8]? {
        switch opener?.readFile(at: resolve(path), limit: limit, expected: expected) {
        case .success(let bytes): return bytes
        case .failure(let problem): fail(node, key, problem.message); return nil
        case nil: return nil
        }
    }

    /// A name for a message: quoted, cut after 40 characters, control characters as "?".
    static func shown(_ text: String) -> String {
        let cut = text.unicodeScalars.count > 40 ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(40))) + "…" : text
        return "\"" + cut.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : String($0) }.joined() + "\""
    }

    // MARK: Config overrides (SPEC §5)

    mutating func override(_ config: inout FeedConfig, with node: JSONNode) {
        let keys = ["rowHeight", "header", "footer", "hideUntilFirstData", "hideFooterWhenFits", "firstLoadIndicator",
                    "firstLoadFailure", "refreshFailure", "loadMoreFailure", "refreshWhileLoading", "toastDuration",
                    "holdWhileLoading"]
        guard let fields = object(node, "config", keys: keys) else { return }
        if let node = fields["rowHeight"], let value = rowLength(node, "config.rowHeight") { config.rowHeight = value }
        if let node = fields["header"] {
            if node.isNull { config.header = nil } else if let header = object(node, "config.header", keys: ["height", "armDistance", "indicator"]) {
                let height = header["height"].flatMap { length($0, "config.header.height") } ?? config.header?.height ?? 54
                let arm = header["armDistance"].flatMap { length($0, "config.header.armDistance") }
                    ?? config.header?.armDistance ?? height
                let indicator: FeedConfig.Header.Indicator = header["indicator"].flatMap { choice($0, "config.header.indicator") }
                    ?? config.header?.indicator ?? .refreshControl
                config.header = .init(height: height, armDistance: arm, indicator: indicator)
            }
        }
        if let node = fields["footer"] { overrideFooter(&config.footer, with: node) }
        if let node = fields["hideUntilFirstData"], let value = bool(node, "config.hideUntilFirstData") { config.hideUntilFirstData = value }
        if let node = fields["hideFooterWhenFits"], let value = bool(node, "config.hideFooterWhenFits") { config.hideFooterWhenFits = value }
        if let node = fields["firstLoadIndicator"], let value: FeedConfig.FirstLoadIndicator = choice(node, "config.firstLoadIndicator") { config.firstLoadIndicator = value }
        if let node = fields["firstLoadFailure"], let value: FeedConfig.FirstLoadFailure = choice(node, "config.firstLoadFailure") { config.firstLoadFailure = value }
        if let node = fields["refreshFailure"], let value: FeedConfig.RefreshFailure = choice(node, "config.refreshFailure") { config.refreshFailure = value }
        if let node = fields["loadMoreFailure"], let value: FeedConfig.LoadMoreFailure = choice(node, "config.loadMoreFailure") { config.loadMoreFailure = value }
        if let node = fields["refreshWhileLoading"], let value: FeedConfig.RefreshWhileLoading = choice(node, "config.refreshWhileLoading") { config.refreshWhileLoading = value }
        if let node = fields["toastDuration"], let value = number(node, "config.toastDuration", in: 0...86_400, "a number of seconds from 0 to 86400") { config.toastDuration = value }
        if let node = fields["holdWhileLoading"], let value = bool(node, "config.holdWhileLoading") { config.holdWhileLoading = value }
    }

    mutating func overrideFooter(_ footer: inout FeedConfig.Footer, with node: JSONNode) {
        let keys = ["mode", "height", "armDistance", "prefetchRows", "spinner", "colour"]
        guard let fields = object(node, "config.footer", keys: keys) else { return }
        // An arm distance the preset does not set follows the footer's height (SPEC §5).
        let armFollowsHeight = footer.armDistance == footer.height
        if let node = fields["mode"], let value: FeedConfig.Footer.Mode = choice(node, "config.footer.mode") { footer.mode = value }
        if let node = fields["height"], let value = length(node, "config.footer.height") {
            footer.height = value
            if armFollowsHeight { footer.armDistance = value }
        }
        if let node = fields["armDistance"], let value = length(node, "config.footer.armDistance") { footer.armDistance = value }
        if let node = fields["prefetchRows"], let value = integer(node, "config.footer.prefetchRows", in: 0...10_000) { footer.prefetchRows = value }
        if let node = fields["spinner"], let value: FeedConfig.Footer.Spinner = choice(node, "config.footer.spinner") { footer.spinner = value }
        if let node = fields["colour"], let value = string(node, "config.footer.colour") {
            if Self.isSafeColour(value) { footer.colour = value } else {
                fail(node, "config.footer.colour", "\(found(node)) is not a colour (expected #rgb, #rrggbb or a CSS colour name)")
            }
        }
    }

    /// Colours go into CSS, so only plain forms are let through.
    static func isSafeColour(_ value: String) -> Bool {
        let scalars = Array(value.unicodeScalars)
        if scalars.first == "#" {
            let hex = scalars.dropFirst()
            return [3, 4, 6, 8].contains(hex.count) && hex.allSatisfy { $0.properties.isASCIIHexDigit }
        }
        return (1...30).contains(scalars.count) && scalars.allSatisfy { ("a"..."z").contains($0) }
    }

    // MARK: The source

    mutating func source(_ node: JSONNode?, preset: Preset, locale: String, config: inout FeedConfig) -> SourceSpec? {
        var synthetic = SyntheticSource(total: nil, pageSize: config.pageSize, latency: .fixed(preset.latency),
                                        title: preset.title(locale: locale))
        guard let node else { return .synthetic(synthetic) }
        if let kind = node["kind"]?.stringValue, Self.externalKinds.contains(kind) {
            return externalSource(node, kindName: kind, preset: preset, locale: locale, config: &config)
        }
        let keys = ["kind", "total", "pageSize", "latency", "title", "rowHeights", "failures", "replies", "inserts", "paging"]
        guard let fields = object(node, "source", keys: keys) else { return nil }
        if let kind = fields["kind"], let value = string(kind, "source.kind"), value != "synthetic" && value != "scripted" {
            fail(kind, "source.kind", "unknown source kind \(found(kind)) (expected synthetic, scripted, file, sqlite or http)")
            return nil
        }
        if let node = fields["total"], !node.isNull {
            synthetic.total = integer(node, "source.total", in: 0...100_000_000)
        }
        if let node = fields["pageSize"], let value = integer(node, "source.pageSize", in: 1...10_000) {
            synthetic.pageSize = value
            config.pageSize = value
        }
        if let node = fields["latency"], let value = latency(node) { synthetic.latency = value }
        if let node = fields["title"], let value = string(node, "source.title") {
            synthetic.title = value
            if let problem = synthetic.pageTextProblem { fail(node, "source.title", problem) }
        }
        if let node = fields["rowHeights"] {
            if let list = array(node, "source.rowHeights") {
                let heights = list.enumerated().compactMap { index, element in rowLength(element, "source.rowHeights[\(index)]") }
                if heights.count == list.count { synthetic.rowHeights = heights }
            }
        }
        if let node = fields["failures"], let list = array(node, "source.failures") {
            for (index, element) in list.enumerated() {
                if let id = integer(element, "source.failures[\(index)]", in: 1...100_000_000) { synthetic.failures.insert(id) }
            }
        }
        readShifting(fields, into: &synthetic)
        return finishSource(fields, synthetic: synthetic)
    }

    // MARK: Events

    /// - Parameter insertable: whether the source takes `insert N` (a synthetic or scripted one).
    mutating func events(_ node: JSONNode, insertable: Bool = true) -> [ScriptStep] {
        guard let list = array(node, "events") else { return [] }
        if list.isEmpty { fail(node, "events", "empty (expected a list of events starting with \"launch\")") }
        var steps: [ScriptStep] = []
        steps.reserveCapacity(list.count)
        for (index, element) in list.enumerated() {
            let path = "events[\(index)]"
            guard let text = string(element, path) else { continue }
            switch ScriptStep.parse(text) {
            case .failure(let error):
                fail(element, path, error.message)
            case .success(let step):
                if step == .event(.launch) && index > 0 {
                    // "again" only when the first event was a launch; else it is out of place (the first is reported too).
                    let first = list.first.flatMap { $0.stringValue }.flatMap { try? ScriptStep.parse($0).get() }
                    fail(element, path, first == .event(.launch) ? "\"launch\" again (expected it once, as the first event)"
                                                                 : "\"launch\" not first (expected it once, as the first event)")
                } else if index == 0 && step != .event(.launch) {
                    fail(element, path, "\(found(element)) before \"launch\" (expected \"launch\" first)")
                } else if case .insert = step, !insertable {
                    fail(element, path, "\(found(element)) needs a synthetic or scripted source (a file source takes "
                         + "source.inserts; a database or server changes by itself)")
                }
                steps.append(step)
            }
        }
        return steps
    }

    // MARK: Typed reads

    /// An object whose keys are all among `keys`.
    mutating func object(_ node: JSONNode, _ path: String, keys: [String]) -> [String: JSONNode]? {
        guard let members = node.members else {
            fail(node, path.isEmpty ? "" : path, "expected an object, found \(found(node))")
            return nil
        }
        var fields: [String: JSONNode] = [:]
        for member in members {
            // A hostile key can be a megabyte long: the path shows its start only.
            let shownKey = member.key.count > 60 ? String(member.key.prefix(60)) + "…" : member.key
            let memberPath = path.isEmpty ? shownKey : "\(path).\(shownKey)"
            if keys.contains(member.key) {
                fields[member.key] = member.value
            } else {
                var message = "unknown key \"\(shownKey)\""
                if let guess = closest(member.key, among: keys) { message += " (did you mean \"\(guess)\"?)" }
                else { message += " (expected one of \(keys.joined(separator: ", ")))" }
                problems.append(ScenarioError(file: file, line: member.keyPosition.line,
                                              column: member.keyPosition.column, path: memberPath, message: message))
            }
        }
        return fields
    }

    mutating func array(_ node: JSONNode, _ path: String) -> [JSONNode]? {
        guard let elements = node.elements else {
            fail(node, path, "expected a list, found \(found(node))")
            return nil
        }
        return elements
    }

    mutating func string(_ node: JSONNode, _ path: String) -> String? {
        guard let value = node.stringValue else {
            fail(node, path, "expected a string, found \(found(node))")
            return nil
        }
        guard value.utf8.count <= ScenarioReader.maxStringLength else {
            fail(node, path, "string of \(value.utf8.count) bytes (expected at most \(ScenarioReader.maxStringLength))")
            return nil
        }
        return value
    }

    mutating func bool(_ node: JSONNode, _ path: String) -> Bool? {
        guard let value = node.boolValue else {
            fail(node, path, "expected true or false, found \(found(node))")
            return nil
        }
        return value
    }

    mutating func number(_ node: JSONNode, _ path: String, in range: ClosedRange<Double>, _ expected: String) -> Double? {
        guard let value = node.doubleValue, range.contains(value) else {
            fail(node, path, "expected \(expected), found \(found(node))")
            return nil
        }
        return value
    }

    /// A row's height: at least 1 pt, so that a screen shows at most 100,000 rows
    /// (0.001 pt rows would put 10⁸ rows in every frame).
    mutating func rowLength(_ node: JSONNode, _ path: String) -> Double? {
        guard let value = node.doubleValue, value >= ScenarioReader.minRowHeight, value <= ScenarioReader.maxMagnitude else {
            fail(node, path, "expected a number of points from 1 to 100000, found \(found(node))")
            return nil
        }
        return value
    }

    /// A size in points: positive and at most `maxMagnitude`.
    mutating func length(_ node: JSONNode, _ path: String) -> Double? {
        guard let value = node.doubleValue, value > 0, value <= ScenarioReader.maxMagnitude else {
            fail(node, path, "expected a number of points above 0 and at most 100000, found \(found(node))")
            return nil
        }
        return value
    }

    mutating func integer(_ node: JSONNode, _ path: String, in range: ClosedRange<Int>) -> Int? {
        guard let value = node.intValue, range.contains(value) else {
            fail(node, path, "expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(found(node))")
            return nil
        }
        return value
    }

    mutating func choice<Choice: RawRepresentable & CaseIterable>(_ node: JSONNode, _ path: String) -> Choice?
    where Choice.RawValue == String {
        let options = Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        guard let text = node.stringValue, let value = Choice(rawValue: text) else {
            fail(node, path, "expected one of \(options), found \(found(node))")
            return nil
        }
        return value
    }

    /// A short rendering of what was found, for messages.
    func found(_ node: JSONNode) -> String {
        switch node.value {
        case .string(let text):
            return Self.shown(text)
        case .number(let value): return formatPoints(value)
        case .bool(let value): return String(value)
        case .null: return "null"
        case .array: return "a list"
        case .object: return "an object"
        }
    }

    /// The allowed key nearest to a misspelt one, when it is near enough.
    func closest(_ key: String, among keys: [String]) -> String? {
        let scored = keys.map { ($0, editDistance(key.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(1, best.0.count / 3) else { return nil }
        return best.0
    }
}

/// Levenshtein distance, for "did you mean" hints.
/// - Complexity: O(m·n) for strings of m and n characters (keys are short).
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.prefix(64)), b = Array(b.prefix(64))
    if a.isEmpty { return b.count }
    var previous = Array(0...b.count)
    for (i, ca) in a.enumerated() {
        var current = [i + 1] + Array(repeating: 0, count: b.count)
        for (j, cb) in b.enumerated() {
            current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (ca == cb ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}
