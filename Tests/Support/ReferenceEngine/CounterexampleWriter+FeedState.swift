import FeedEngine
import FeedExplorer
import FeedScenario

extension CounterexampleWriter {
    /// The scenario: the base scenario's preset, locale, viewport and configuration,
    /// a scripted source answering each request as the path chose, and the path.
    ///
    /// - Parameters:
    ///   - end: the state the path ends in (for the number of requests it issued).
    ///   - name: a folder-safe name.
    public static func scenario(path: [Transition], end: FeedState, base: Scenario, source: ScriptedSource,
                                name: String, description: String) -> Scenario {
        scenario(path: path, issued: end.requestsIssued, base: base, source: source, name: name, description: description)
    }
}
