/// Why a page is being fetched; it decides whether the reply replaces or appends.
public enum RequestKind: String, Hashable, Sendable, CaseIterable {
    /// The first load at launch: replaces the rows.
    case initial
    /// Pull-to-refresh or a programmatic refresh: replaces the rows.
    case refresh
    /// Load more: appends the next page.
    case more

    /// Initial loads and refreshes both fetch page 1 and replace the rows.
    public var replacesRows: Bool { self != .more }
}

/// A request the logic asked for and is waiting on.
public struct Request: Hashable, Sendable {
    /// The request's number, counting every request issued (as `failures` does).
    public var id: Int
    public var kind: RequestKind
    /// The page asked for, from 1.
    public var page: Int

    public init(id: Int, kind: RequestKind, page: Int) {
        self.id = id
        self.kind = kind
        self.page = page
    }
}

/// What a data source answered.
public struct Reply: Hashable, Sendable {
    public enum Outcome: Hashable, Sendable {
        case success([Item])
        case failure(String)
    }

    public var requestID: Int
    public var outcome: Outcome

    public init(requestID: Int, outcome: Outcome) {
        self.requestID = requestID
        self.outcome = outcome
    }
}

/// Why the last request failed: its id and the reason its source gave.
public struct RequestFailure: Hashable, Sendable {
    public var request: Int
    public var reason: String

    public init(request: Int, reason: String) {
        self.request = request
        self.reason = reason
    }
}

/// A transient message at the bottom of the screen.
public struct Toast: Hashable, Sendable {
    public var text: String
    /// The virtual time at which it disappears.
    public var until: Double

    public init(text: String, until: Double) {
        self.text = text
        self.until = until
    }
}
