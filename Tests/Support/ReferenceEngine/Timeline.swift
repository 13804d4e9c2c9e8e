import FeedEngine
import FeedScenario

/// What the virtual clock still owes a list: replies to requests and toast
/// expiries, with the rules of SPEC §3 for when each happens. The reference
/// engine's effect interpreter: `ScenarioRunner` and the explorer's model both turn the
/// engine's effects into a timeline and take events from it, so a replayed
/// counterexample follows the same rules as the search that found it.
///
/// - Events happen in order of due time; ties in the order they were scheduled.
/// - Due times are rounded to the microsecond (`rounded`), so that sums of
///   decimal waits meet them exactly; an event due exactly at the end of a
///   `wait` happens within it.
///
/// A value, `Hashable` and without counters, so two lists owed the same
/// things in the same order are equal (the explorer tells states apart by it).
///
/// `Payload` is what a reply carries while it waits: the runner knows the
/// outcome when it asks the source; the explorer chooses it on delivery.
public struct Timeline<Payload: Hashable & Sendable>: Hashable, Sendable {
    public enum Event: Hashable, Sendable {
        /// The reply to `request`.
        case reply(Request, Payload)
        /// The toast due to disappear at `until` does so.
        case toastExpiry(until: Double)
    }

    public struct Entry: Hashable, Sendable {
        /// The virtual time it happens, rounded (see `rounded`).
        public var due: Double
        public var event: Event

        @inlinable public init(due: Double, event: Event) {
            self.due = due
            self.event = event
        }
    }

    /// In the order scheduled; the next event is the first with the earliest due time.
    @inlinable public var entries: [Entry] { storage }

    // The methods are inlinable (over `storage`) so that a client's `Timeline<ItsPayload>` is specialised
    // in the client: unspecialised, each call looked up the generic metadata of its entries at run time,
    // a fifth of the explorer's time.
    @usableFromInline var storage: [Entry] = []

    @inlinable public init(entries: [Entry] = []) { storage = entries }

    /// Virtual time to the microsecond (`VirtualTime.rounded`).
    @inlinable public static func rounded(_ time: Double) -> Double { VirtualTime.rounded(time) }

    @inlinable public var isEmpty: Bool { storage.isEmpty }

    /// The earliest due time, if anything is owed.
    @inlinable public var nextDue: Double? {
        var earliest: Double?
        for entry in storage where earliest.map({ entry.due < $0 }) ?? true { earliest = entry.due }
        return earliest
    }

    /// Requests whose replies are still owed, in flight or already cancelled.
    @inlinable public var owedReplies: [Request] {
        var requests: [Request] = []
        for entry in storage { if case .reply(let request, _) = entry.event { requests.append(request) } }
        return requests
    }

    /// Carries out the engine's effects at virtual time `now`: a request's reply is
    /// due after `reply(request)`'s latency, a toast's expiry at its own time.
    /// - Parameter reply: the request's latency in seconds and what its reply carries.
    @inlinable public mutating func schedule(_ effects: [Effect], now: Double,
                                             reply: (Request) -> (latency: Double, payload: Payload)) {
        for effect in effects {
            switch effect {
            case .startRequest(let request):
                let (latency, payload) = reply(request)
                storage.append(Entry(due: Self.rounded(now + latency), event: .reply(request, payload)))
            case .expireToast(let until):
                storage.append(Entry(due: Self.rounded(until), event: .toastExpiry(until: until)))
            }
        }
    }

    /// Takes the next event due at or before `end`, if any: the earliest, ties in scheduling order.
    /// - Complexity: O(entries) (a list holds a handful at most: one request, stale replies, a toast).
    @inlinable public mutating func takeNext(dueBy end: Double) -> Entry? {
        var next = -1
        for index in storage.indices where storage[index].due <= end {
            if next < 0 || storage[index].due < storage[next].due { next = index }
        }
        return next < 0 ? nil : storage.remove(at: next)
    }

    /// The same timeline with every due time `shift` seconds later, and payloads mapped.
    public func map<Other>(shiftedBy shift: Double = 0, _ transform: (Request, Payload) -> (Request, Other)) -> Timeline<Other> {
        Timeline<Other>(entries: entries.map { entry in
            switch entry.event {
            case .reply(let request, let payload):
                let (request, other) = transform(request, payload)
                return .init(due: Self.rounded(entry.due + shift), event: .reply(request, other))
            case .toastExpiry(let until):
                return .init(due: Self.rounded(entry.due + shift), event: .toastExpiry(until: Self.rounded(until + shift)))
            }
        })
    }
}

/// The payload of a reply whose outcome is not chosen yet (the explorer's): what the feed was when
/// the request was made, which the page will show whatever outcome is chosen.
public struct Unchosen: Hashable, Sendable {
    /// Items inserted at the feed's head (`insert N`) when the request was made.
    public var head: Int

    public init(head: Int = 0) { self.head = head }
}
