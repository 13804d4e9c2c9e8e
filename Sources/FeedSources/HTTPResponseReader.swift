import FeedScenario
import Foundation

/// Reads one HTTP/1.1 response from bytes as they arrive, within limits: a
/// head of at most `maxHeadBytes`, then a body framed by `Content-Length`,
/// `chunked` or the end of the connection, of at most `maxBodyBytes`.
///
/// A pure value: the connection feeds it what `recv` gave and stops as soon
/// as it says `failed`, so a 10 GB `Content-Length` is refused before a byte
/// of its body is read, and an endless body stops at the limit. Nothing is
/// decompressed: a `Content-Encoding` FeedFrames did not ask for (it asks for
/// `identity`) is refused, so a gzip bomb never inflates.
struct HTTPResponseReader {
    /// The status line and headers.
    struct Head: Hashable, Sendable {
        var status: Int
        /// In order, names as sent.
        var headers: [(name: String, value: String)]

        /// The first header named `name` (case-insensitive), trimmed.
        func value(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }

        static func == (lhs: Head, rhs: Head) -> Bool {
            lhs.status == rhs.status && lhs.headers.map(\.name) == rhs.headers.map(\.name)
                && lhs.headers.map(\.value) == rhs.headers.map(\.value)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(status)
            for (name, value) in headers {
                hasher.combine(name)
                hasher.combine(value)
            }
        }
    }

    enum Progress: Hashable, Sendable {
        case needsMore
        case complete
        /// Why the reply is unusable; reading should stop.
        case failed(String)
    }

    private enum State {
        case head
        case length(Int)
        case untilClose
        case chunkSize
        case chunkData(Int)
        case chunkEnd
        case trailers
        case done
        case failed(String)
    }

    let maxHeadBytes: Int
    let maxBodyBytes: Int
    /// Set once the head is read (the last one, after any 1xx).
    private(set) var head: Head?
    private(set) var body: [UInt8] = []
    private var state = State.head
    /// Bytes received and not yet consumed, from `start`.
    private var pending: [UInt8] = []
    private var start = 0
    /// Head bytes read so far, 1xx heads and trailers included.
    private var headBytes = 0

    init(maxHeadBytes: Int, maxBodyBytes: Int) {
        self.maxHeadBytes = maxHeadBytes
        self.maxBodyBytes = maxBodyBytes
    }

    /// Takes the next bytes of the connection.
    /// - Complexity: O(bytes) amortized.
    mutating func feed<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Progress {
        if case .failed(let reason) = state { return .failed(reason) }
        if case .done = state { return .complete }
        pending.append(contentsOf: bytes)
        let progress = advance()
        // Let go of what was consumed, once it is most of the buffer.
        if start > 0 && start * 2 >= pending.count {
            pending.removeFirst(start)
            start = 0
        }
        return progress
    }

    /// The connection ended: complete if the body was framed by the end, else why not.
    mutating func finish() -> Progress {
        switch state {
        case .done: return .complete
        case .failed(let reason): return .failed(reason)
        case .untilClose:
            state = .done
            return .complete
        case .head:
            return fail(headBytes + pending.count - start == 0 ? "the connection closed without a reply" : "the reply ended inside its head")
        case .length(let total):
            return fail("the reply ended after \(body.count) of its \(total) bytes")
        case .chunkSize, .chunkData, .chunkEnd, .trailers:
            return fail("the reply ended inside a chunk")
        }
    }

    private mutating func fail(_ reason: String) -> Progress {
        state = .failed(reason)
        return .failed(reason)
    }

    private var available: Int { pending.count - start }

    /// Consumes what `pending` holds, as far as the state allows.
    private mutating func advance() -> Progress {
        while true {
            switch state {
            case .done: return .complete
            case .failed(let reason): return .failed(reason)
            case .head:
                guard let end = lineBlockEnd() else {
                    if headBytes + available > maxHeadBytes { return fail("reply head over \(maxHeadBytes >> 10) KiB") }
                    return .needsMore
                }
                headBytes += end - start
                if headBytes > maxHeadBytes { return fail("reply head over \(maxHeadBytes >> 10) KiB") }
                let lines = Self.lines(pending[start..<end])
                start = end
                switch Self.parseHead(lines) {
                case .failure(let failure): return fail(failure.description)
                case .success(let parsed):
                    // 100 Continue, 103 Early Hints: another head follows.
                    if (100..<200).contains(parsed.status) && parsed.status != 101 { continue }
                    head = parsed
                    if let reason = bodyFraming(parsed) { return fail(reason) }
                }
            case .length(let total):
                let take = min(total - body.count, available)
                body.append(contentsOf: pending[start..<start + take])
                start += take
                if body.count == total {
                    state = .done
                    return .complete
                }
                return .needsMore
            case .untilClose:
                if body.count + available > maxBodyBytes {
                    return fail("reply over \(ItemLimits.describe(bytes: maxBodyBytes)) (the limit of an HTTP reply); stopped reading")
                }
                body.append(contentsOf: pending[start...])
                start = pending.count
                return .needsMore
            case .chunkSize:
                guard let end = lineEnd() else {
                    if available > 1_024 { return fail("a chunk size line over 1 KiB") }
                    return .needsMore
                }
                let line = Self.text(pending[start..<end]).trimmingCharacters(in: [" ", "\t", "\r", "\n"])
                start = end
                let digits = line.prefix { $0 != ";" }.trimmingCharacters(in: [" ", "\t"])
                guard !digits.isEmpty, digits.count <= 15, let size = Int(digits, radix: 16), size >= 0 else {
                    return fail("a malformed chunk size \"\(FailureText.excerpt(line, limit: 20))\"")
                }
                if size == 0 {
                    state = .trailers
                    continue
                }
                guard body.count + size <= maxBodyBytes else {
                    return fail("reply over \(ItemLimits.describe(bytes: maxBodyBytes)) (the limit of an HTTP reply); stopped reading")
                }
                state = .chunkData(size)
            case .chunkData(let remaining):
                let take = min(remaining, available)
                body.append(contentsOf: pending[start..<start + take])
                start += take
                if take < remaining {
                    state = .chunkData(remaining - take)
                    return .needsMore
                }
                state = .chunkEnd
            case .chunkEnd:
                guard let end = lineEnd() else {
                    if available > 2 { return fail("a chunk not followed by CRLF") }
                    return .needsMore
                }
                guard end - start <= 2, Self.text(pending[start..<end]).trimmingCharacters(in: ["\r", "\n"]).isEmpty else {
                    return fail("a chunk not followed by CRLF")
                }
                start = end
                state = .chunkSize
            case .trailers:
                guard let end = lineEnd() else {
                    if headBytes + available > maxHeadBytes { return fail("reply trailers over \(maxHeadBytes >> 10) KiB") }
                    return .needsMore
                }
                headBytes += end - start
                if headBytes > maxHeadBytes { return fail("reply trailers over \(maxHeadBytes >> 10) KiB") }
                let blank = Self.text(pending[start..<end]).trimmingCharacters(in: ["\r", "\n"]).isEmpty
                start = end
                if blank {
                    state = .done
                    return .complete
                }
            }
        }
    }

    /// Chooses how the body ends, or says why the reply is refused.
    private mutating func bodyFraming(_ head: Head) -> String? {
        // An error or a redirect says all it has to say in its status.
        guard (200..<300).contains(head.status) else {
            state = .done
            return nil
        }
        if let coding = head.value("Content-Encoding"), coding.lowercased() != "identity" {
            return "the reply is \(FailureText.excerpt(coding, limit: 20))-encoded (Content-Encoding), which was not asked for (FeedFrames asks for identity)"
        }
        if head.status == 204 || head.status == 304 {
            state = .done
            return nil
        }
        if let coding = head.value("Transfer-Encoding") {
            guard coding.lowercased() == "chunked" else {
                return "the reply's Transfer-Encoding is \(FailureText.excerpt(coding, limit: 20)) (expected chunked)"
            }
            state = .chunkSize
            return nil
        }
        let lengths = head.headers.filter { $0.name.lowercased() == "content-length" }.map(\.value)
        guard let length = lengths.first else {
            state = .untilClose
            return nil
        }
        guard Set(lengths).count == 1, !length.isEmpty, length.utf8.allSatisfy({ (48...57).contains($0) }) else {
            return "a malformed Content-Length \"\(FailureText.excerpt(lengths.joined(separator: ", "), limit: 40))\""
        }
        guard length.count <= 15, let total = Int(length), total <= maxBodyBytes else {
            return "a reply of \(FailureText.excerpt(length, limit: 20)) bytes (Content-Length), over \(ItemLimits.describe(bytes: maxBodyBytes)) (the limit of an HTTP reply); not read"
        }
        if total == 0 {
            state = .done
        } else {
            body.reserveCapacity(total)
            state = .length(total)
        }
        return nil
    }

    /// The index just past the blank line that ends a head (`\r\n\r\n`, or bare `\n\n`).
    private func lineBlockEnd() -> Int? {
        var index = start
        var lineStart = start
        while index < pending.count {
            if pending[index] == 0x0A {
                let length = index - lineStart
                if length == 0 || (length == 1 && pending[lineStart] == 0x0D) {
                    return index + 1
                }
                lineStart = index + 1
            }
            index += 1
        }
        return nil
    }

    /// The index just past the next `\n`.
    private func lineEnd() -> Int? {
        pending[start...].firstIndex(of: 0x0A).map { $0 + 1 }
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// A head's lines, without their line ends and without the blank line.
    private static func lines(_ bytes: ArraySlice<UInt8>) -> [String] {
        bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            var line = line
            if line.last == 0x0D { line = line.dropLast() }
            return text(line)
        }.filter { !$0.isEmpty }
    }

    /// `HTTP/1.1 200 OK` and `Name: value` lines.
    static func parseHead(_ lines: [String]) -> Result<Head, HTTPClient.Failure> {
        guard let statusLine = lines.first else { return .failure(.init(description: "an empty reply head")) }
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3,
              let status = Int(parts[1]), (100...999).contains(status) else {
            return .failure(.init(description: "not an HTTP/1.x reply (the first line is \"\(FailureText.excerpt(statusLine, limit: 40))\")"))
        }
        var headers: [(String, String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                  !line[..<colon].contains(where: { $0 == " " || $0 == "\t" }), line.first != " ", line.first != "\t" else {
                return .failure(.init(description: "a malformed reply header \"\(FailureText.excerpt(line, limit: 40))\""))
            }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: [" ", "\t"])
            headers.append((String(line[..<colon]), value))
        }
        return .success(Head(status: status, headers: headers))
    }
}
