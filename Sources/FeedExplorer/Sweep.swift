import FeedEngine
import FeedScenario

/// Runs a scenario over a grid of parameter values and tabulates what changed.
public enum Sweep {
    /// Runs every combination (the last parameter varies fastest).
    ///
    /// - Parameter progress: called after each run with (runs done, runs in all).
    /// - Complexity: O(runs × the scenario's cost).
    public static func run(_ scenario: Scenario, parameters: [SweepParameter],
                           progress: (Int, Int) -> Void = { _, _ in }) throws(SweepError) -> SweepTable {
        try run(scenario, parameters: parameters, outcome: { (variant) throws(RunLimitError) in try outcome(of: variant) }, progress: progress)
    }

    /// The same grid with a team's own logic playing the app (SPEC §10).
    public static func run<Behaviour: PagingBehaviour>(_ scenario: Scenario, parameters: [SweepParameter], playing behaviour: Behaviour,
                                                       progress: (Int, Int) -> Void = { _, _ in }) throws(SweepError) -> SweepTable {
        try run(scenario, parameters: parameters, outcome: { (variant) throws(RunLimitError) in try outcome(of: variant, playing: behaviour) },
                progress: progress)
    }

    /// Whether `parameters` make a grid a sweep runs: at least one, each once, at most `SweepParameter.maxValues` runs.
    public static func checkGrid(_ parameters: [SweepParameter]) throws(SweepError) {
        guard !parameters.isEmpty else { throw SweepError("no --param given (expected at least one NAME=FROM..TO[:STEP])") }
        let names = parameters.map(\.name)
        if let repeated = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
            throw SweepError("\(repeated.rawValue) is given twice (expected each parameter once)")
        }
        let total = parameters.reduce(1) { $0 * $1.values.count }
        guard total <= SweepParameter.maxValues else {
            throw SweepError("\(total) runs (expected at most \(SweepParameter.maxValues); use larger steps or fewer parameters)")
        }
    }

    private static func run(_ scenario: Scenario, parameters: [SweepParameter], outcome: (Scenario) throws(RunLimitError) -> SweepOutcome,
                            progress: (Int, Int) -> Void) throws(SweepError) -> SweepTable {
        try checkGrid(parameters)
        let names = parameters.map(\.name)
        let total = parameters.reduce(1) { $0 * $1.values.count }
        var rows: [SweepRow] = []
        rows.reserveCapacity(total)
        for number in 0..<total {
            var rest = number
            var values = [Double](repeating: 0, count: parameters.count)
            for axis in parameters.indices.reversed() {
                values[axis] = parameters[axis].values[rest % parameters[axis].values.count]
                rest /= parameters[axis].values.count
            }
            var variant = scenario
            for (axis, value) in values.enumerated() { try SweepParameter.apply(parameters[axis].name, value, to: &variant) }
            let result: SweepOutcome
            do {
                result = try outcome(variant)
            } catch {
                let values = zip(names, values).map { "\($0.rawValue)=\(formatPoints($1))" }.joined(separator: ", ")
                throw SweepError("\(values): \(error.message)")
            }
            var changed: [String] = []
            // Compared with the row before only when the other parameters are the same.
            if let previous = rows.last, previous.values.dropLast() == values.dropLast() {
                changed = result.differences(from: previous.outcome)
            }
            rows.append(SweepRow(values: values, outcome: result, changed: changed))
            progress(number + 1, total)
        }
        return SweepTable(scenario: scenario.name, parameters: names, rows: rows)
    }

    /// Runs the scenario once with `behaviour` playing the app, and reads what happened from
    /// FeedFrames' own log and the screen it ends on.
    /// - Throws: why the run stopped (the logic's rows past `ItemLimits`).
    /// - Complexity: O(the scenario's callbacks).
    public static func outcome<Behaviour: PagingBehaviour>(of scenario: Scenario, playing behaviour: Behaviour) throws(RunLimitError) -> SweepOutcome {
        var runner = BehaviourRunner(behaviour, scenario: scenario)
        var loadMores: [Double] = [], refreshes: [Double] = []
        var seen = Set<Int>()
        runner.journal = []
        for step in scenario.steps {
            runner.perform(step) { (_: Frame) throws(Never) in }
            for record in runner.journal ?? [] {
                for started in record.started where seen.insert(started.request.id).inserted {
                    if started.request.kind == .more { loadMores.append(record.time) }
                    if started.request.kind == .refresh { refreshes.append(record.time) }
                }
            }
            runner.journal = []
        }
        if let stopped = runner.stopped { throw stopped }
        let screen = runner.screen
        // Stale: pages the logic was given after a newer first load or refresh began (a cancelled request's
        // reply never reaches it: FeedFrames drops it, as frame JSON's `staleReplies` counts).
        return SweepOutcome(loadMores: loadMores, refreshes: refreshes, suppressed: screen.suppressed, staleReplies: runner.staleReplies,
                            header: screen.header, footer: screen.footer, rows: screen.rows.count, pageIndex: runner.pageIndex,
                            retry: screen.retry != nil, toast: runner.toast != nil, empty: screen.empty != nil)
    }

    /// Runs the scenario once with its preset's rules playing the app (`Scenario.behaviour`).
    /// - Throws: the run's `RunLimitError` (an endless feed past `ItemLimits`).
    /// - Complexity: O(the scenario's callbacks).
    public static func outcome(of scenario: Scenario) throws(RunLimitError) -> SweepOutcome {
        try outcome(of: scenario, playing: scenario.behaviour)
    }
}
