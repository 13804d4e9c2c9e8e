import FeedScenario
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A blocking GET with a hard deadline and a bounded reply, for the
/// synchronous, virtual-time runner.
///
/// `http://` goes over FeedFrames' own socket client (`PlainHTTPConnection`),
/// which stops reading at the limit; `https://` goes through `URLSession`
/// (`SessionFetch`), which keeps at most the limit but cannot be made to stop
/// reading at once (README, Reliability). Either way FeedFrames asks for
/// `Accept-Encoding: identity` and refuses any other `Content-Encoding`, so
/// nothing is decompressed. Redirects are followed, at most `maxRedirects`.
/// The blocking stays in this edge; the reply's virtual latency comes from
/// the scenario, not the clock.
final class HTTPClient {
    /// Larger replies are failures, refused as soon as they pass it.
    static let maxBodyBytes = 16 << 20
    /// The status line and headers (and a chunked body's trailers) together.
    static let maxHeadBytes = 64 << 10
    static let maxRedirects = 5
    /// Headers FeedFrames sets itself, which a scenario may not.
    static let reservedHeaders: Set<String> = ["accept-encoding", "connection", "content-length", "te", "transfer-encoding", "upgrade"]

    private let timeout: Double
    private var session: SessionFetch?

    init(timeout: Double) {
        self.timeout = timeout
    }

    /// Why a GET gave no usable body.
    struct Failure: Error, Sendable, CustomStringConvertible {
        var description: String
    }

    /// The reply's body when the status is 2xx.
    /// - Complexity: waits at most `timeout` seconds in all (redirects included);
    ///   holds at most `maxBodyBytes` of body.
    func get(_ url: URL, headers: [String: String], timeout: Double) -> Result<[UInt8], Failure> {
        let deadline = Deadline(after: timeout)
        var current = url
        for _ in 0...Self.maxRedirects {
            let response: Result<(status: Int, location: String?, body: [UInt8]), Failure>
            switch current.scheme?.lowercased() {
            case "http":
                let connection = PlainHTTPConnection(url: current, headers: headers, deadline: deadline,
                                                     maxHeadBytes: Self.maxHeadBytes, maxBodyBytes: Self.maxBodyBytes)
                response = connection.get().map { ($0.head.status, $0.head.value("Location"), $0.body) }
            case "https":
                if session == nil { session = SessionFetch(timeout: self.timeout) }
                guard let session else { return .failure(Failure(description: "no HTTPS session")) }
                response = session.get(current, headers: headers, deadline: deadline, maxBodyBytes: Self.maxBodyBytes)
            default:
                return .failure(Failure(description: "\(FailureText.excerpt(current.absoluteString, limit: 80)) is not an http or https URL"))
            }
            let (status, location, body): (Int, String?, [UInt8])
            switch response {
            case .failure(let failure): return .failure(failure)
            case .success(let reply): (status, location, body) = reply
            }
            if (200..<300).contains(status) { return .success(body) }
            guard [301, 302, 303, 307, 308].contains(status), let location,
                  let next = URL(string: location, relativeTo: current)?.absoluteURL else {
                return .failure(Failure(description: "HTTP \(status)"))
            }
            current = next
        }
        return .failure(Failure(description: "more than \(Self.maxRedirects) redirects"))
    }
}
