/// A team's own paging logic (SPEC §10): FeedFrames plays UIKit around it. The logic sees what
/// UIKit shows app code — the callbacks of `ListCallback`, in UIKit's order, and the replies and
/// timers it asked for — and answers with effects as values (`ListEffect`). It never reads a
/// clock, a file or the network. `screen(_:)` says what the list shows, in states and text keys;
/// FeedFrames resolves texts and colours, lays the list out and writes the frames.
///
/// The engine's own rules are one such logic; a team's `UIScrollViewDelegate` and data-source code
/// ports across nearly line by line (`BehaviourRunner` in FeedScenario drives one).
public protocol PagingBehaviour: Sendable {
    /// Everything the logic keeps between callbacks. `Hashable`, so a search can tell states apart.
    associatedtype State: Hashable & Sendable

    /// The state before `viewDidLoad`.
    var initialState: State { get }

    /// One callback: the state moves on, and what UIKit (and the network) must do comes back.
    func handle(_ callback: ListCallback, state: inout State) -> [ListEffect]

    /// What the list shows in `state`. Called after every callback that changed the state: return the
    /// rows array the state holds (not one built anew), so that FeedFrames sees in O(1) that the rows
    /// did not change; rows that did change are restacked, O(rows).
    func screen(_ state: State) -> ListScreen

    /// How many rows below the visible ones FeedFrames offers to `prefetchRowsAt` (a
    /// `UITableViewDataSourcePrefetching` data source); 0, the default, opts out.
    var prefetchDistance: Int { get }

    /// What a search tells states apart by: the state itself by default, or any `Hashable` a logic returns
    /// from `searchKey` (`AnyHashable` too). A concrete type is hashed as it is: a fingerprint search hashes
    /// the key of every state it reaches, and boxing each in an `AnyHashable` was a twentieth of its time.
    associatedtype SearchKey: Hashable = State

    /// What of `state` tells two states apart in a search (`BehaviourExplorer`): all of it, the
    /// default. Leave out what never repeats — a request counter, a count of refused triggers — or
    /// no state is ever met twice and a search never closes.
    func searchKey(_ state: State) -> SearchKey

    /// Feeds `hasher` exactly what hashing `searchKey(state)` feeds it (the default does that). A logic whose
    /// key is its state with a few fields left out may feed the rest in place: a fingerprint search hashes the
    /// key of every state it reaches, and a key built as a copy of the state retains and releases its storage
    /// each time.
    func hashSearchKey(_ state: State, into hasher: inout Hasher)

    /// Feeds a fingerprint search's `print` what tells `state` apart: by default the hash `hashSearchKey`
    /// makes, as one word. A logic may feed its key's fields as words instead (`Fingerprint.combine`, a few
    /// instructions a word where Swift's `Hasher` makes a call of dozens): equal keys must feed equal words,
    /// and keys that differ should feed words that differ, or the search takes two states for one (as a hash
    /// may, `RulesBehaviour` folds its rows into their count, height and ids).
    func fingerprintSearchKey(_ state: State, into print: inout Fingerprint)

    /// Whether the logic answers `cellForRowAt`, `willDisplay` and `didEndDisplaying` alike: the same state and
    /// effects for a given state and scroll view, whatever the row and whichever of the three (`false`, the
    /// default, promises nothing). A search may then stop a settling's row callbacks at the first that changes
    /// nothing: `handle` being pure, the rest, with the same scroll view and state, would change nothing either.
    /// Most of a search's callbacks are these (a dozen rows cross in a scroll), and most change nothing.
    var answersRowCallbacksAlike: Bool { get }
}

extension PagingBehaviour {
    public var prefetchDistance: Int { 0 }

    public var answersRowCallbacksAlike: Bool { false }

    public func hashSearchKey(_ state: State, into hasher: inout Hasher) { hasher.combine(searchKey(state)) }

    public func fingerprintSearchKey(_ state: State, into print: inout Fingerprint) {
        var hasher = Hasher()
        hashSearchKey(state, into: &hasher)
        print.combine(hasher.finalize())
    }
}

extension PagingBehaviour where SearchKey == State {
    public func searchKey(_ state: State) -> State { state }
}

/// What UIKit tells the logic (SPEC §10's table), with the scroll view as it is at that moment.
public enum ListCallback: Hashable, Sendable {
    /// The list appears, with the scroll view as its first layout will show it (the bounds a view
    /// controller reads as `tableView.bounds`): a logic that sizes things by the visible area knows it
    /// before any scroll.
    case viewDidLoad(ScrollViewSnapshot)
    case cellForRowAt(Int, ScrollViewSnapshot)
    case willDisplay(Int, ScrollViewSnapshot)
    case didEndDisplaying(Int, ScrollViewSnapshot)
    /// Rows about to come into view, for a logic that opts in (`prefetchDistance`), each once while it stays near.
    case prefetchRowsAt([Int], ScrollViewSnapshot)
    case scrollViewWillBeginDragging(ScrollViewSnapshot)
    case scrollViewDidScroll(ScrollViewSnapshot)
    case scrollViewWillEndDragging(velocity: Double, targetContentOffset: Double, ScrollViewSnapshot)
    case scrollViewDidEndDragging(willDecelerate: Bool, ScrollViewSnapshot)
    case scrollViewWillBeginDecelerating(ScrollViewSnapshot)
    case scrollViewDidEndDecelerating(ScrollViewSnapshot)
    /// A UIRefreshControl pulled past its threshold, during the drag.
    case refreshControlValueChanged
    /// The logic's own target-actions.
    case tapRetry
    case tapFooter
    case viewWillTransition(to: Viewport)
    /// The reply to request `id`: the page's items, or why it failed.
    case reply(id: Int, Reply.Outcome)
    /// A timer the logic started.
    case timerFired(String)

    /// The callback's name, as in UIKit (`scrollViewDidScroll`, `cellForRowAt 3`), for logs and tests.
    public var name: String {
        switch self {
        case .viewDidLoad: return "viewDidLoad"
        case .cellForRowAt(let row, _): return "cellForRowAt \(row)"
        case .willDisplay(let row, _): return "willDisplay \(row)"
        case .didEndDisplaying(let row, _): return "didEndDisplaying \(row)"
        case .prefetchRowsAt(let rows, _): return "prefetchRowsAt \(rows.map(String.init).joined(separator: ","))"
        case .scrollViewWillBeginDragging: return "scrollViewWillBeginDragging"
        case .scrollViewDidScroll: return "scrollViewDidScroll"
        case .scrollViewWillEndDragging: return "scrollViewWillEndDragging"
        case .scrollViewDidEndDragging(let decelerate, _): return "scrollViewDidEndDragging(willDecelerate: \(decelerate))"
        case .scrollViewWillBeginDecelerating: return "scrollViewWillBeginDecelerating"
        case .scrollViewDidEndDecelerating: return "scrollViewDidEndDecelerating"
        case .refreshControlValueChanged: return "valueChanged"
        case .tapRetry: return "tapRetry"
        case .tapFooter: return "tapFooter"
        case .viewWillTransition(let size): return "viewWillTransition(to: \(size))"
        case .reply(let id, _): return "reply \(id)"
        case .timerFired(let name): return "timer \(name)"
        }
    }
}

/// The scroll view as app code reads it in a callback.
public struct ScrollViewSnapshot: Hashable, Sendable {
    public var contentOffset: Double
    public var contentHeight: Double
    /// The bounds' height (the viewport's).
    public var height: Double
    /// `adjustedContentInset`: what covers the edges, plus the inset the logic set.
    public var adjustedInsetTop: Double
    public var adjustedInsetBottom: Double
    public var isDragging: Bool

    public init(contentOffset: Double, contentHeight: Double, height: Double, adjustedInsetTop: Double,
                adjustedInsetBottom: Double, isDragging: Bool) {
        self.contentOffset = contentOffset
        self.contentHeight = contentHeight
        self.height = height
        self.adjustedInsetTop = adjustedInsetTop
        self.adjustedInsetBottom = adjustedInsetBottom
        self.isDragging = isDragging
    }
}

extension ScrollViewSnapshot {
    /// Whether `[top, top + height)` in content coordinates overlaps the visible area: the bounds less
    /// `coveredTop` (what covers the top, for a logic that holds a header open: without it) and the
    /// adjusted bottom inset.
    public func shows(top: Double, height: Double, coveredTop: Double) -> Bool {
        top < contentOffset + self.height - adjustedInsetBottom && top + height > contentOffset + coveredTop
    }
}

/// What the logic asks UIKit, the network or the clock to do.
public enum ListEffect: Hashable, Sendable {
    /// Start a request; FeedFrames numbers it (from 1, in order) and answers with `.reply(id:)`.
    case request(RequestKind, page: Int)
    /// Drop request `id`: its reply never arrives.
    case cancel(id: Int)
    /// The scroll view's `contentInset` (what the logic adds to the safe area and bars).
    case setContentInset(top: Double, bottom: Double)
    case setContentOffset(Double, animated: Bool)
    case beginRefreshing
    case endRefreshing
    /// A toast for `seconds`.
    case showToast(ListText, seconds: Double)
    case startTimer(String, seconds: Double)
    case stopTimer(String)
}

/// A text by its SPEC §9 key (`footer.loading`), resolved in the list's locale and texts, or given as is.
public enum ListText: Hashable, Sendable {
    case key(String)
    case literal(String)
}

/// What the list shows (SPEC §10 `screen(state)`).
public struct ListScreen: Hashable, Sendable {
    public struct Part: Hashable, Sendable {
        public var text: ListText?
        public var spinner: Bool
        public init(text: ListText? = nil, spinner: Bool = false) {
            self.text = text
            self.spinner = spinner
        }
    }

    /// Where the footer view sits in the scroll view's content.
    public enum FooterPlacement: Hashable, Sendable {
        /// Right under the rows (`tableFooterView`).
        case underRows
        /// Under the rows, or at the visible area's bottom edge while the rows end above it.
        case belowVisibleArea
    }

    // `header` before `rows`: the memberwise initialiser the public one calls then differs from it (see `init`).
    public var header: HeaderState
    public var rows: [Item]
    public var headerPart: Part
    public var footer: FooterState
    public var footerPart: Part
    /// Where the footer view sits: right under the rows, as a table footer view (the default), or below
    /// the visible area while the rows are shorter than it, as MJRefresh's back footer places itself.
    public var footerPlacement: FooterPlacement
    /// The retry button's title, when it shows.
    public var retry: ListText?
    /// The empty view's text, when it shows.
    public var empty: ListText?
    public var separators: Bool
    /// User triggers the logic refused because a request ran (a release past the header while a page
    /// loads), for a logic that counts them; `nil`, the default, is frame JSON's `suppressed: null`
    /// (FeedFrames cannot see a logic ignore a callback).
    public var suppressed: Int?
    /// Items the logic dropped because their ids were already in the list (frame JSON `duplicatesDropped`).
    public var duplicatesDropped: Int
}

extension ListScreen {
    /// Calls the memberwise initialiser, which builds the screen in place: one that set each field in turn (as
    /// this one did) built it, copied it and destroyed the first, retaining and releasing its every reference,
    /// at every screen a behaviour made (the compiler's way with initialisers of structs this large; a fifth of
    /// `RulesBehaviour.screen`'s instructions, callgrind).
    public init(rows: [Item], header: HeaderState = .hidden, headerPart: Part = Part(), footer: FooterState = .hidden,
                footerPart: Part = Part(), footerPlacement: FooterPlacement = .underRows, retry: ListText? = nil, empty: ListText? = nil, separators: Bool = true, suppressed: Int? = nil,
                duplicatesDropped: Int = 0) {
        self.init(header: header, rows: rows, headerPart: headerPart, footer: footer, footerPart: footerPart, footerPlacement: footerPlacement,
                  retry: retry, empty: empty, separators: separators, suppressed: suppressed, duplicatesDropped: duplicatesDropped)
    }
}
