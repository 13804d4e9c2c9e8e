import FeedEngine

/// What an external source gives when the scenario was read without a
/// `SourceOpener`: every request fails and says why, rather than crashing.
struct UnopenedSource: FeedSource {
    var kind: String
    var latency: Latency

    mutating func respond(to request: Request, at time: Double) -> (latency: Double, outcome: Reply.Outcome) {
        (latency.seconds(forRequest: request.id),
         .failure("the \(kind) source was not opened (read the scenario with a SourceOpener, e.g. FeedSources' RealSourceOpener)"))
    }
}
