import FeedEngine
import FeedScenario

/// Why a sweep cannot run: a bad `--param`, or a parameter the scenario cannot take.
public struct SweepError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// One axis of a sweep: a parameter and the values it takes, from
/// `NAME=FROM..TO[:STEP]` (`viewport.height=600..800:10`).
public struct SweepParameter: Hashable, Sendable {
    /// The parameters a sweep can vary, named as in scenario files.
    public enum Name: String, Hashable, Sendable, CaseIterable {
        case footerPrefetchRows = "footer.prefetchRows"
        case footerArmDistance = "footer.armDistance"
        case footerHeight = "footer.height"
        case headerArmDistance = "header.armDistance"
        case viewportHeight = "viewport.height"
        case viewportWidth = "viewport.width"
        case sourcePageSize = "source.pageSize"
        case sourceTotal = "source.total"
        case sourceLatency = "source.latency"
        case rowHeight
        case toastDuration

        /// Whole numbers only (rows, items).
        var isWhole: Bool { self == .footerPrefetchRows || self == .sourcePageSize || self == .sourceTotal }

        /// The values a scenario file accepts (SPEC §4 and the README's limits).
        var range: ClosedRange<Double> {
            switch self {
            case .footerPrefetchRows: return 0...10_000
            case .sourcePageSize: return 1...10_000
            case .sourceTotal: return 0...100_000_000
            case .sourceLatency, .toastDuration: return 0...86_400
            // As a scenario's `config.rowHeight` (ScenarioReader.minRowHeight): thinner rows would be a list no file can describe.
            case .rowHeight: return ScenarioReader.minRowHeight...100_000
            default: return 0.000_001...100_000
            }
        }
    }

    /// At most this many values per parameter, and runs per sweep.
    public static let maxValues = 10_000

    public var name: Name
    public var values: [Double]

    public init(name: Name, values: [Double]) {
        self.name = name
        self.values = values
    }

    /// Reads `NAME=FROM..TO[:STEP]`; STEP defaults to 1.
    public static func parse(_ text: String) -> Result<SweepParameter, SweepError> {
        let expected = "expected NAME=FROM..TO[:STEP], e.g. viewport.height=600..800:10"
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return .failure(SweepError("'\(text)': \(expected)")) }
        guard let name = Name(rawValue: parts[0]) else {
            return .failure(SweepError("'\(parts[0])': unknown parameter (expected one of \(Name.allCases.map(\.rawValue).joined(separator: ", ")))"))
        }
        // Empty pieces kept: "=:" is one empty range and one empty step, not nothing (which trapped).
        let rangeAndStep = parts[1].split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let bounds = rangeAndStep[0].components(separatedBy: "..")
        guard bounds.count == 2, let from = Double(bounds[0]), let to = Double(bounds[1]), from.isFinite, to.isFinite else {
            return .failure(SweepError("'\(text)': \(expected)"))
        }
        var step = 1.0
        if rangeAndStep.count == 2 {
            guard let value = Double(rangeAndStep[1]), value.isFinite, value > 0 else {
                return .failure(SweepError("'\(text)': STEP must be a number above 0"))
            }
            step = value
        }
        guard from <= to else { return .failure(SweepError("'\(text)': FROM must not be above TO")) }
        // Counted in Double and compared before it becomes an Int: 600..800:1e-18 asks for 2e20
        // values and 0..1e300 for 1e300, which no Int holds (converting them trapped).
        let steps = ((to - from) / step + 1e-9).rounded(.down)
        guard steps.isFinite, steps < Double(maxValues) else {
            let shown = !steps.isFinite ? "too many" : (steps < 1e15 ? String(Int(steps) + 1) : "about " + formatPoints(steps))
            return .failure(SweepError("'\(text)': \(shown) values (expected at most \(maxValues); use a larger STEP)"))
        }
        let count = Int(steps) + 1
        let values = (0..<count).map { from + Double($0) * step }
        for value in values {
            if name.isWhole && value != value.rounded() {
                return .failure(SweepError("'\(text)': \(name.rawValue) takes whole numbers, not \(formatPoints(value))"))
            }
            if !name.range.contains(value) {
                return .failure(SweepError("'\(text)': \(name.rawValue) = \(formatPoints(value)) is out of range (expected \(formatPoints(name.range.lowerBound == 0.000_001 ? 0 : name.range.lowerBound))\(name.range.lowerBound == 0.000_001 ? " (exclusive)" : "")…\(formatPoints(name.range.upperBound)))"))
            }
        }
        return .success(SweepParameter(name: name, values: values))
    }

    /// Sets `value` in `scenario`, as the same key in the scenario file would
    /// (a footer arm distance equal to its height follows a new height).
    public static func apply(_ name: Name, _ value: Double, to scenario: inout Scenario) throws(SweepError) {
        switch name {
        case .footerPrefetchRows: scenario.config.footer.prefetchRows = Int(value)
        case .footerArmDistance: scenario.config.footer.armDistance = value
        case .footerHeight:
            if scenario.config.footer.armDistance == scenario.config.footer.height { scenario.config.footer.armDistance = value }
            scenario.config.footer.height = value
        case .headerArmDistance:
            guard scenario.config.header != nil else {
                throw SweepError("header.armDistance: the scenario's list has no header (preset \(scenario.preset.name))")
            }
            scenario.config.header?.armDistance = value
        case .viewportHeight: scenario.viewport.height = value
        case .viewportWidth: scenario.viewport.width = value
        case .rowHeight: scenario.config.rowHeight = value
        case .toastDuration: scenario.config.toastDuration = value
        case .sourcePageSize:
            scenario.config.pageSize = Int(value)
            try editSource(&scenario, name) { $0.pageSize = Int(value) }
        case .sourceTotal:
            if case .scripted = scenario.source {
                throw SweepError("source.total: a scripted source has no total (its replies say where the feed ends)")
            }
            try editSource(&scenario, name) { $0.total = Int(value) }
        case .sourceLatency: try editSource(&scenario, name) { $0.latency = .fixed(value) }
        }
    }

    private static func editSource(_ scenario: inout Scenario, _ name: Name,
                                   _ edit: (inout SyntheticSource) -> Void) throws(SweepError) {
        if case .synthetic(var source) = scenario.source {
            edit(&source)
            scenario.source = .synthetic(source)
        } else if case .scripted(var source) = scenario.source {
            edit(&source.items)
            scenario.source = .scripted(source)
        } else {
            throw SweepError("\(name.rawValue): only synthetic and scripted sources can be swept")
        }
    }
}
