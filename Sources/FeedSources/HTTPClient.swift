import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A blocking GET with a hard deadline, for the synchronous, virtual-time runner.
///
/// The runner answers a request inside `respond(to:at:)`, so the fetch waits
/// on a semaphore around `URLSession`'s callback. That blocking stays in this
/// edge; the reply's virtual latency comes from the scenario, not the clock.
final class HTTPClient {
    /// Larger replies are failures.
    static let maxBodyBytes = 16 << 20

    private let session: URLSession

    init(timeout: Double) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = Self.sessionTimeout(timeout)
        configuration.timeoutIntervalForResource = Self.sessionTimeout(timeout)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        session = URLSession(configuration: configuration)
    }

    deinit { session.invalidateAndCancel() }

    /// FoundationNetworking rounds a timeout down to whole seconds (0.3 s times
    /// out at once), so the session gets a whole second more than asked and the
    /// semaphore's deadline in `get` is the one that counts.
    static func sessionTimeout(_ timeout: Double) -> Double { timeout.rounded(.up) + 1 }

    /// Why a GET gave no usable body.
    struct Failure: Error, Sendable, CustomStringConvertible {
        var description: String
    }

    /// The reply's body when the status is 2xx.
    /// - Complexity: waits at most `timeout` seconds (plus a moment to cancel).
    func get(_ url: URL, headers: [String: String], timeout: Double) -> Result<Data, Failure> {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: Self.sessionTimeout(timeout))
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let box = ResultBox()
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: request) { data, response, error in
            box.set(Self.outcome(data, response, error, timeout: timeout))
            done.signal()
        }
        task.resume()
        if done.wait(timeout: .now() + timeout) == .timedOut {
            task.cancel()
            // The cancelled task calls back soon; wait for it briefly so nothing outlives this call.
            _ = done.wait(timeout: .now() + 1)
            return .failure(Failure(description: "timed out after \(ItemDecoder.text(timeout)) s"))
        }
        return box.get() ?? .failure(Failure(description: "no reply"))
    }

    private static func outcome(_ data: Data?, _ response: URLResponse?, _ error: Error?, timeout: Double) -> Result<Data, Failure> {
        if let error {
            if let urlError = error as? URLError, urlError.code == .timedOut {
                return .failure(Failure(description: "timed out after \(ItemDecoder.text(timeout)) s"))
            }
            return .failure(Failure(description: error.localizedDescription))
        }
        guard let http = response as? HTTPURLResponse else { return .failure(Failure(description: "not an HTTP reply")) }
        guard (200..<300).contains(http.statusCode) else {
            return .failure(Failure(description: "HTTP \(http.statusCode)"))
        }
        let body = data ?? Data()
        guard body.count <= maxBodyBytes else {
            return .failure(Failure(description: "reply of \(body.count) bytes (expected at most \(maxBodyBytes >> 20) MiB)"))
        }
        return .success(body)
    }

    /// Hands the callback's result to the waiting thread.
    private final class ResultBox: @unchecked Sendable {
        private let lock = NSLock()
        private var result: Result<Data, Failure>?

        func set(_ value: Result<Data, Failure>) { lock.withLock { result = value } }
        func get() -> Result<Data, Failure>? { lock.withLock { result } }
    }
}
