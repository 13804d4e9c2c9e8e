import FeedEngine
import FeedScenario
import Foundation
import JSONText

/// `{ "kind": "http", … }`: a paged JSON API fetched with `HTTPClient` (SPEC §4).
///
/// The URL gets `{page}`, `{pageSize}` and `{cursor}`; `items` points at the
/// list in the reply and `next` at the next page's cursor, which this source
/// keeps for the next `more` (an initial load or refresh starts over). A
/// timeout, an HTTP error or a malformed body is a failed reply, never a crash.
/// The reply takes the scenario's `latency` in virtual time, whatever the
/// fetch took, so frames stay deterministic for a given server.
struct HTTPSource: PagedSource {
    let plan: Plan
    var options: SourceOptions
    private var client: HTTPClient?
    /// Page p → the cursor page p+1 asks with; `nil` inside: the API said there is no next page.
    private var cursors: [Int: String?] = [:]

    /// What a checked `http` source fetches.
    struct Plan: Hashable, Sendable {
        let url: URLTemplate
        let items: JSONPointer
        let next: JSONPointer?
        let headers: [String: String]
        let timeout: Double
    }

    init(plan: Plan, options: SourceOptions) {
        self.plan = plan
        self.options = options
    }

    var latency: Latency { options.latency }
    var failures: Set<Int> { options.failures }

    mutating func page(for request: Request, at time: Double) -> Reply.Outcome {
        var cursor = ""
        if request.page <= 1 {
            cursors.removeAll()
        } else if plan.next != nil {
            guard let entry = cursors[request.page - 1] else {
                return .failure("no cursor for page \(request.page) (page \(request.page - 1) was never delivered)")
            }
            // The API said the last page was the last: nothing to fetch.
            guard let next = entry else { return .success([]) }
            cursor = next
        }
        switch fetch(page: request.page, cursor: cursor) {
        case .failure(let failure):
            return .failure(failure.description)
        case .success(let (items, next)):
            cursors[request.page] = .some(next)
            return .success(items)
        }
    }

    /// One page, and the cursor of the next one.
    private mutating func fetch(page: Int, cursor: String) -> Result<([Item], String?), HTTPClient.Failure> {
        let text = plan.url.fill(page: page, pageSize: options.pageSize, cursor: cursor)
        guard let url = URL(string: text) else { return .failure(HTTPClient.Failure(description: "\(text): not a URL")) }
        if client == nil { client = HTTPClient(timeout: plan.timeout) }
        guard let client else { return .failure(HTTPClient.Failure(description: "no HTTP client")) }
        switch client.get(url, headers: plan.headers, timeout: plan.timeout) {
        case .failure(let failure):
            return .failure(HTTPClient.Failure(description: "\(failure) from \(text)"))
        case .success(let body):
            return Self.decode(body, plan: plan).mapError { HTTPClient.Failure(description: "malformed reply from \(text): \($0)") }
        }
    }

    /// The items and next cursor in a reply.
    /// - Complexity: O(size of the body).
    static func decode(_ body: [UInt8], plan: Plan) -> Result<([Item], String?), HTTPClient.Failure> {
        let root: JSONNode
        do {
            root = try JSONParser.parse(body)
        } catch {
            return .failure(HTTPClient.Failure(description: "\(error.line):\(error.column): \(error.message)"))
        }
        guard let list = plan.items.resolve(in: root) else {
            return .failure(HTTPClient.Failure(description: "nothing at \(plan.items) (expected the list of items there)"))
        }
        guard let elements = list.elements else {
            return .failure(HTTPClient.Failure(description: "\(plan.items.description.isEmpty ? "the reply" : plan.items.description) is \(ItemDecoder.describe(list)) (expected a list of items)"))
        }
        var items: [Item] = []
        items.reserveCapacity(elements.count)
        let decoder = ItemDecoder(rejectsNested: false)
        for (index, element) in elements.enumerated() {
            switch decoder.item(element) {
            case .success(let item): items.append(item)
            case .failure(let problem):
                let key = problem.key.isEmpty ? "" : "/\(problem.key)"
                return .failure(HTTPClient.Failure(description: "\(plan.items.description)/\(index)\(key): \(problem.message)"))
            }
        }
        var next: String?
        if let pointer = plan.next, let node = pointer.resolve(in: root) {
            switch node.value {
            case .null: next = nil
            case .string(let text) where !text.isEmpty: next = text
            case .string: next = nil
            case .number(let number): next = node.integerText ?? ItemDecoder.text(number)
            default: return .failure(HTTPClient.Failure(description: "\(pointer) is \(ItemDecoder.describe(node)) (expected a string or number cursor, or null)"))
            }
        }
        return .success((items, next))
    }

    /// Checks the URL, pointers and headers (nothing is fetched while reading).
    static func check(_ spec: HTTPSourceSpec) throws(SourceProblems) -> Plan {
        var problems: [SourceProblem] = []
        var url: URLTemplate?
        do { url = try URLTemplate(spec.url) } catch { problems.append(SourceProblem(path: "source.url", message: error.message)) }
        var items: JSONPointer?
        do { items = try JSONPointer(spec.items) } catch { problems.append(SourceProblem(path: "source.items", message: error.message)) }
        var next: JSONPointer?
        if let text = spec.next {
            do { next = try JSONPointer(text) } catch { problems.append(SourceProblem(path: "source.next", message: error.message)) }
        }
        if let url, url.usesCursor, spec.next == nil {
            problems.append(SourceProblem(path: "source.url", message: "{cursor} needs \"next\" (a JSON pointer to the next page's cursor in a reply)"))
        }
        let token = CharacterSet(charactersIn: "!#$%&'*+-.^_`|~").union(.alphanumerics)
        for (name, value) in spec.headers.sorted(by: { $0.key < $1.key }) {
            if name.isEmpty || !name.unicodeScalars.allSatisfy({ $0.isASCII && token.contains($0) }) {
                problems.append(SourceProblem(path: "source.headers.\(name)", message: "\"\(name)\" is not a header name (expected letters, digits and !#$%&'*+-.^_`|~)"))
            }
            if HTTPClient.reservedHeaders.contains(name.lowercased()) {
                problems.append(SourceProblem(path: "source.headers.\(name)", message: "\"\(name)\" is set by FeedFrames (it asks for identity encoding and one reply a connection, so replies stay bounded)"))
            }
            if value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) {
                problems.append(SourceProblem(path: "source.headers.\(name)", message: "a header value with a line break (expected one line)"))
            }
        }
        guard problems.isEmpty, let url, let items else { throw SourceProblems(problems) }
        return Plan(url: url, items: items, next: next, headers: spec.headers, timeout: spec.timeout)
    }

    /// Starts fresh sources (each with its own session) over a checked plan.
    struct Factory: SourceFactory {
        let plan: Plan

        func makeSource(_ options: SourceOptions) -> any FeedSource { HTTPSource(plan: plan, options: options) }
    }
}
