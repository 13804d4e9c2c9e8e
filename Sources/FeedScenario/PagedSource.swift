import FeedEngine

/// A source of pages over data: the synthetic feed, a file, a database, a
/// server. Each says only how to fetch a page; what every such source does
/// alike comes from here: a reply takes the scripted `latency`, and a request
/// that `failures` names fails without asking for data.
public protocol PagedSource: FeedSource {
    var latency: Latency { get }
    /// Request numbers (1-based, every request counts) that fail.
    var failures: Set<Int> { get }
    /// The reply to `request`, issued at virtual time `time`.
    mutating func page(for request: Request, at time: Double) -> Reply.Outcome
}

extension PagedSource {
    public mutating func respond(to request: Request, at time: Double) -> (latency: Double, outcome: Reply.Outcome) {
        let seconds = latency.seconds(forRequest: request.id)
        if let failure = request.scriptedFailure(in: failures) {
            return (seconds, failure)
        }
        return (seconds, page(for: request, at: time))
    }
}

extension Request {
    /// The failure `source.failures` scripts for this request, when it names it:
    /// every kind of source fails such a request without asking for data.
    public func scriptedFailure(in failures: Set<Int>) -> Reply.Outcome? {
        failures.contains(id) ? .failure("scripted in source.failures") : nil
    }
}
