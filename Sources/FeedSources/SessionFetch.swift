import FeedScenario
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One bounded GET at a time over `URLSession`, for `https://` (which
/// FeedFrames' own socket client does not speak).
///
/// The delegate refuses a `Content-Length` over the limit and any
/// `Content-Encoding` but identity as soon as the head arrives, and keeps at
/// most the limit of a body. FoundationNetworking may go on reading for a
/// while after the cancel (measured over plain HTTP: up to the timeout), so
/// over HTTPS the limit bounds what is kept, not always what is read.
final class SessionFetch: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private var session: URLSession?
    private let lock = NSLock()
    /// The task in flight and what it has received; guarded by `lock`.
    private var current: Transfer?

    private final class Transfer {
        let task: URLSessionTask
        let limit: Int
        let done = DispatchSemaphore(value: 0)
        var status = 0
        var location: String?
        var body: [UInt8] = []
        var failure: String?
        var finished = false

        init(task: URLSessionTask, limit: Int) {
            self.task = task
            self.limit = limit
        }
    }

    init(timeout: Double) {
        super.init()
        let configuration = URLSessionConfiguration.ephemeral
        // FoundationNetworking rounds a timeout down to whole seconds; the deadline in `get` is the one that counts.
        configuration.timeoutIntervalForRequest = timeout.rounded(.up) + 1
        configuration.timeoutIntervalForResource = timeout.rounded(.up) + 1
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
    }

    deinit { session?.invalidateAndCancel() }

    /// The status, `Location` and (for a 2xx) body; redirects are left to the caller.
    func get(_ url: URL, headers: [String: String], deadline: Deadline,
             maxBodyBytes: Int) -> Result<(status: Int, location: String?, body: [UInt8]), HTTPClient.Failure> {
        guard let session else { return .failure(.init(description: "no HTTPS session")) }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: deadline.seconds.rounded(.up) + 1)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        let transfer = Transfer(task: session.dataTask(with: request), limit: maxBodyBytes)
        lock.withLock { current = transfer }
        transfer.task.resume()
        let waited = transfer.done.wait(timeout: .now() + .milliseconds(Int(deadline.remainingMilliseconds)))
        let result: Result<(status: Int, location: String?, body: [UInt8]), HTTPClient.Failure> = lock.withLock {
            defer { current = nil }
            if waited == .timedOut { return .failure(.init(description: "timed out after \(deadline.shown)")) }
            if let failure = transfer.failure { return .failure(.init(description: failure)) }
            return .success((transfer.status, transfer.location, transfer.body))
        }
        if waited == .timedOut { transfer.task.cancel() }
        return result
    }

    /// Ends the transfer with `failure` (once) and cancels its task.
    private func stop(_ transfer: Transfer, _ failure: String?) {
        guard !transfer.finished else { return }
        transfer.finished = true
        transfer.failure = failure
        transfer.task.cancel()
        transfer.done.signal()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        lock.withLock {
            guard let transfer = current, transfer.task === dataTask, !transfer.finished else { return completionHandler(.cancel) }
            guard let http = response as? HTTPURLResponse else {
                stop(transfer, "not an HTTP reply")
                return completionHandler(.cancel)
            }
            transfer.status = http.statusCode
            transfer.location = http.value(forHTTPHeaderField: "Location")
            guard (200..<300).contains(http.statusCode) else {
                stop(transfer, nil)
                return completionHandler(.cancel)
            }
            if let coding = http.value(forHTTPHeaderField: "Content-Encoding"), coding.lowercased() != "identity" {
                stop(transfer, "the reply is \(FailureText.excerpt(coding, limit: 20))-encoded (Content-Encoding), which was not asked for (FeedFrames asks for identity)")
                return completionHandler(.cancel)
            }
            if http.expectedContentLength > Int64(transfer.limit) {
                stop(transfer, "a reply of \(http.expectedContentLength) bytes (Content-Length), over \(ItemLimits.describe(bytes: transfer.limit)) (the limit of an HTTP reply); not read")
                return completionHandler(.cancel)
            }
            completionHandler(.allow)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.withLock {
            guard let transfer = current, transfer.task === dataTask, !transfer.finished else { return }
            guard transfer.body.count + data.count <= transfer.limit else {
                return stop(transfer, "reply over \(ItemLimits.describe(bytes: transfer.limit)) (the limit of an HTTP reply); stopped reading")
            }
            transfer.body.append(contentsOf: data)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        lock.withLock {
            guard let transfer = current, transfer.task === task, !transfer.finished else { return }
            transfer.finished = true
            if let error {
                transfer.failure = (error as? URLError)?.code == .timedOut ? "timed out" : error.localizedDescription
            }
            transfer.done.signal()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        // `HTTPClient` follows redirects itself, with its count and its deadline.
        completionHandler(nil)
    }
}
