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

    /// A scenario that replays `path`, which made `issued` requests (counted by FeedFrames' log).
    public static func scenario(path: [Transition], issued: Int, base: Scenario, source: ScriptedSource,
                                name: String, description: String) -> Scenario {
        var items = source.items
        // Latencies other than a fixed one are written out request by request: the file replays as searched.
        if case .fixed = items.latency {} else {
            items.latency = .perRequest((1...max(1, issued)).map { source.items.latency.seconds(forRequest: $0) })
        }
        var scenario = base
        scenario.name = name
        scenario.summary = description
        scenario.source = .scripted(ScriptedSource(items: items, replies: replies(path, issued: issued)))
        scenario.steps = [.event(.launch)] + path.flatMap(\.steps)
        return scenario
    }
}
