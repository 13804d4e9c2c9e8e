import FeedEngine
import FeedScenario

extension ScriptedSource {
    /// What a search answers requests from: the scenario's item shapes and latency, with no reply chosen
    /// yet. Its `total`, `failures` and timed `inserts` are dropped, since the search chooses every reply
    /// and insert itself.
    public static func searching(_ scenario: Scenario) -> ScriptedSource {
        var items: SyntheticSource
        if case .synthetic(let synthetic) = scenario.source {
            items = synthetic
        } else if case .scripted(let scripted) = scenario.source {
            items = scripted.items
        } else {
            // A real source (file, sqlite, http): pages of made-up items of the same size.
            items = SyntheticSource(total: nil, pageSize: scenario.config.pageSize,
                                    latency: .fixed(scenario.preset.latency), title: scenario.preset.title(locale: scenario.locale))
        }
        items.failures = []
        items.inserts = []  // the search makes its own (`insertLimit`), as it chooses every reply
        return ScriptedSource(items: items, replies: [])
    }
}
