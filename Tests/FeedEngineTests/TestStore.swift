import TestSupport
import XCTest
@testable import FeedEngine
@testable import ReferenceEngine

/// A test harness in the spirit of The Composable Architecture's `TestStore`:
///
///     store.send(.launch, effects: [.startRequest(req(1, .initial))]) {
///         $0.launched = true
///         $0.requestsIssued = 1
///         $0.request = req(1, .initial)
///     }
///
/// `send` applies the event to the store's state, checks that the effects are
/// exactly the expected ones, and checks that the WHOLE new state equals the
/// previous state with the closure's changes applied. Anything the closure does
/// not mention must not have changed. A mismatch fails with a list of the
/// differing fields (dumped and diffed line by line) at the call's file/line.
///
/// `assertScreen` does the same for what the screen shows (header, footer,
/// retry button, toast, empty view, visible rows), relative to the screen at
/// the previous `assertScreen` call.
final class TestStore {
    private(set) var state: FeedState
    /// The screen as of the last `assertScreen`; the next one states the changes from it.
    private var checkedScreen: Screen

    init(_ state: FeedState) {
        self.state = state
        self.checkedScreen = Screen.blank(retryTitle: state.config.texts.retry)
    }

    /// A store for `preset` in `locale`, with `configure` applied to its config.
    convenience init(preset: Preset, locale: String? = nil, viewport: Viewport = .standard,
                     file: StaticString = #filePath, line: UInt = #line,
                     configure: (inout FeedConfig) -> Void = { _ in }) {
        guard var config = preset.config(locale: locale) else {
            XCTFail("no config for \(preset.name) in \(locale ?? "default locale")", file: file, line: line)
            fatalError("no config")
        }
        configure(&config)
        self.init(FeedState(config: config, viewport: viewport))
    }

    var config: FeedConfig { state.config }

    /// Sends `event`; asserts the effects and the whole new state.
    ///
    /// The record of the last failure (`lastFailure`, `hasFailed`) follows every
    /// reply to the request in flight, so the store expects it without being told;
    /// `RulesTests.testTheLastFailureIsKeptUntilASuccess` asserts that rule itself.
    func send(_ event: FeedEvent, effects expectedEffects: [Effect] = [],
              file: StaticString = #filePath, line: UInt = #line,
              _ update: (inout FeedState) -> Void = { _ in }) {
        var expected = state
        if case .replyArrived(let reply) = event, state.request?.id == reply.requestID {
            switch reply.outcome {
            case .success: expected.lastFailure = nil
            case .failure(let reason):
                expected.lastFailure = RequestFailure(request: reply.requestID, reason: reason)
                expected.hasFailed = true
            }
        }
        update(&expected)
        let effects = state.reduce(event)
        if effects != expectedEffects {
            XCTFail("""
                \(event): effects differ
                  expected: \(expectedEffects)
                  actual:   \(effects)
                """, file: file, line: line)
        }
        if state != expected {
            let lines = stateDiff(expected: expected, actual: state)
            XCTFail("\(event): state differs (− expected, + actual):\n" + lines.joined(separator: "\n"),
                    file: file, line: line)
        }
    }

    /// Advances the virtual clock: only `time` changes.
    func tick(to time: Double, file: StaticString = #filePath, line: UInt = #line) {
        send(.clockAdvanced(to: time), file: file, line: line) { $0.time = time }
    }

    /// What the screen shows now.
    var screen: Screen { Screen(state) }

    /// Asserts the screen equals the one at the previous `assertScreen` (or a
    /// blank screen at first) with the closure's changes applied.
    func assertScreen(file: StaticString = #filePath, line: UInt = #line, _ update: (inout Screen) -> Void = { _ in }) {
        var expected = checkedScreen
        update(&expected)
        let actual = screen
        if actual != expected {
            let lines = fieldDiff(expected: expected, actual: actual)
            XCTFail("screen differs (− expected, + actual):\n" + lines.joined(separator: "\n"), file: file, line: line)
        }
        checkedScreen = actual
    }
}

/// The derived, visible parts of a moment, taken from `state.layout()` and
/// the derived properties of the state.
struct Screen: Hashable, CustomStringConvertible {
    var header: HeaderState
    var headerText: String
    var headerVisible: Bool
    var footer: FooterState
    var footerText: String
    var footerVisible: Bool
    var spinner: Bool
    var footerTappable: Bool
    var retryVisible: Bool
    var retryTitle: String
    var separators: Bool
    var toast: Toast?
    var emptyText: String?
    /// Indices of the visible rows, first...last, or nil for none.
    var rows: ClosedRange<Int>?

    static func blank(retryTitle: String) -> Screen {
        Screen(header: .hidden, headerText: "", headerVisible: false, footer: .hidden, footerText: "",
               footerVisible: false, spinner: false, footerTappable: false, retryVisible: false,
               retryTitle: retryTitle, separators: true, toast: nil, emptyText: nil, rows: nil)
    }

    init(header: HeaderState, headerText: String, headerVisible: Bool, footer: FooterState,
         footerText: String, footerVisible: Bool, spinner: Bool, footerTappable: Bool, retryVisible: Bool,
         retryTitle: String, separators: Bool, toast: Toast?, emptyText: String?, rows: ClosedRange<Int>?) {
        self.header = header
        self.headerText = headerText
        self.headerVisible = headerVisible
        self.footer = footer
        self.footerText = footerText
        self.footerVisible = footerVisible
        self.spinner = spinner
        self.footerTappable = footerTappable
        self.retryVisible = retryVisible
        self.retryTitle = retryTitle
        self.separators = separators
        self.toast = toast
        self.emptyText = emptyText
        self.rows = rows
    }

    init(_ state: FeedState) {
        let layout = state.layout()
        // The layout's copies must agree with the state's derived properties.
        precondition(layout.header.state == state.headerState && layout.footer.state == state.footerState
                     && layout.retryVisible == state.retryVisible && layout.header.visible == state.headerVisible
                     && layout.footer.visible == state.footerVisible && layout.footer.tappable == state.footerTappable,
                     "layout() disagrees with the state's derived properties")
        let indices = layout.rows.map(\.index)
        self.init(header: layout.header.state, headerText: layout.header.text, headerVisible: layout.header.visible,
                  footer: layout.footer.state, footerText: layout.footer.text, footerVisible: layout.footer.visible,
                  spinner: layout.footer.spinner, footerTappable: layout.footer.tappable,
                  retryVisible: layout.retryVisible, retryTitle: layout.retryTitle, separators: layout.separators,
                  toast: layout.toast, emptyText: layout.emptyText,
                  rows: indices.isEmpty ? nil : indices.first!...indices.last!)
    }

    var description: String {
        "header \(header) \"\(headerText)\" visible \(headerVisible) | footer \(footer) \"\(footerText)\" visible \(footerVisible) "
            + "spinner \(spinner) tappable \(footerTappable) | retry \(retryVisible) \"\(retryTitle)\" separators \(separators) "
            + "| toast \(toast.map { "\($0.text) until \($0.until)" } ?? "none") | empty \(emptyText ?? "none") "
            + "| rows \(rows.map { "\($0.lowerBound)...\($0.upperBound)" } ?? "none")"
    }
}

// MARK: - Diffs

/// One field's value as text lines, normalised so that equal values print alike
/// (a `Set` is sorted).
func dumpLines(_ value: Any) -> [String] {
    var text = ""
    switch value {
    case let set as Set<String>: dump(set.sorted(), to: &text)
    default: dump(value, to: &text)
    }
    return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
}

/// The fields (by `Mirror` label) whose dumps differ, each with a line diff.
func fieldDiff<T>(expected: T, actual: T) -> [String] {
    let left = Mirror(reflecting: expected).children
    let right = Mirror(reflecting: actual).children
    var out: [String] = []
    for (l, r) in zip(left, right) {
        let a = dumpLines(l.value), b = dumpLines(r.value)
        guard a != b else { continue }
        out.append("  \(l.label ?? "?"):")
        out += lineDiff(a, b).map { "    " + $0 }
    }
    if out.isEmpty { out.append("  (values differ but their dumps agree)") }
    return out
}

func stateDiff(expected: FeedState, actual: FeedState) -> [String] { fieldDiff(expected: expected, actual: actual) }

/// A line diff by longest common subsequence: "− " for expected-only lines,
/// "+ " for actual-only lines, unchanged lines elided (long inputs are cut short).
func lineDiff(_ a: [String], _ b: [String]) -> [String] {
    let limit = 1500
    guard a.count <= limit, b.count <= limit else {
        let i = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
        return ["first difference at line \(i + 1):",
                "− " + (i < a.count ? a[i] : "<end>"), "+ " + (i < b.count ? b[i] : "<end>")]
    }
    // lcs[i][j] = LCS length of a[i...] and b[j...]
    var lcs = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
        for j in stride(from: b.count - 1, through: 0, by: -1) {
            lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
        }
    }
    var out: [String] = []
    var i = 0, j = 0
    while i < a.count || j < b.count {
        if i < a.count, j < b.count, a[i] == b[j] {
            i += 1; j += 1
        } else if j < b.count, i == a.count || lcs[i][j + 1] >= lcs[i + 1][j] {
            out.append("+ " + b[j]); j += 1
        } else {
            out.append("− " + a[i]); i += 1
        }
    }
    return out
}

// MARK: - Building expected states and events

extension FeedState {
    /// Replaces the rows as a successful first load or refresh does (items, offsets, ids).
    mutating func setRows(_ rows: [Item]) {
        items = []
        offsets = RowOffsets()
        knownIDs = []
        appendRows(rows)
    }

    /// Appends rows as a successful load-more does.
    mutating func appendRows(_ rows: [Item]) {
        for item in rows {
            items.append(item)
            offsets.append(item.height ?? config.rowHeight)
            knownIDs.insert(item.id)
        }
    }
}

/// Items n in `range` with id "n", titled from `title` ({n} replaced), heights cycling through `heights`.
func items(_ range: ClosedRange<Int>, title: String = "Item {n}", heights: [Double] = []) -> [Item] {
    range.map { n in
        Item(id: String(n), title: title.replacing("{n}", with: String(n)),
             height: heights.isEmpty ? nil : heights[(n - 1) % heights.count])
    }
}

func req(_ id: Int, _ kind: RequestKind, page: Int = 1) -> Request { Request(id: id, kind: kind, page: page) }

func start(_ id: Int, _ kind: RequestKind, page: Int = 1) -> Effect { .startRequest(req(id, kind, page: page)) }

func success(_ id: Int, _ rows: [Item]) -> FeedEvent { .replyArrived(Reply(requestID: id, outcome: .success(rows))) }

func failure(_ id: Int) -> FeedEvent { .replyArrived(Reply(requestID: id, outcome: .failure("test failure"))) }

// MARK: - Seeded randomness

// `SplitMix64` and `randomSeed` are in TestEnvironment.swift.

extension RandomNumberGenerator {
    /// A multiple of `step` in `range` (exact in binary when `step` is a power of two).
    mutating func grid(_ range: ClosedRange<Double>, step: Double) -> Double {
        let steps = Int(((range.upperBound - range.lowerBound) / step).rounded(.down))
        return range.lowerBound + Double(Int.random(in: 0...steps, using: &self)) * step
    }
}

/// The naive O(n) reading of SPEC §2: rows overlapping [y, y + H).
func naiveVisibleRows(heights: [Double], offset y: Double, viewportHeight h: Double) -> [(index: Int, top: Double)] {
    var out: [(Int, Double)] = []
    var top = 0.0
    for (i, height) in heights.enumerated() {
        if top < y + h && top + height > y { out.append((i, top)) }
        top += height
    }
    return out
}

// MARK: - The harness tests itself

final class TestStoreSelfTests: XCTestCase {
    func testLineDiffMarksOnlyChangedLines() {
        let diff = lineDiff(["a", "b", "c"], ["a", "x", "c"])
        XCTAssertEqual(Set(diff), ["− b", "+ x"])
        XCTAssertEqual(lineDiff(["a"], ["a"]), [])
        XCTAssertEqual(lineDiff([], ["a"]), ["+ a"])
        XCTAssertEqual(lineDiff(["a"], []), ["− a"])
    }

    func testStateDiffNamesTheDifferingFields() {
        let state = FeedState(config: Preset.standard.config()!)
        var other = state
        other.pageIndex = 3
        other.setRows(items(1...2))
        let diff = stateDiff(expected: state, actual: other)
        let fields = diff.filter { !$0.hasPrefix("    ") }
        XCTAssertEqual(fields, ["  items:", "  offsets:", "  knownIDs:", "  pageIndex:"])
        XCTAssertTrue(diff.contains("    +   - total: 88.0"), "\(diff)")
        XCTAssertTrue(diff.contains("    − - 0"), "\(diff)")
        XCTAssertTrue(diff.contains("    + - 3"), "\(diff)")
    }

    func testEqualStatesHaveNoDiffEvenWithDifferentSetHistories() {
        var a = FeedState(config: Preset.standard.config()!)
        var b = a
        a.setRows(items(1...50))
        b.setRows(items(40...60))
        b.setRows(items(1...50))
        XCTAssertEqual(a, b)
        XCTAssertTrue(fieldDiff(expected: a, actual: b).first?.contains("dumps agree") ?? false)
    }

    func testScreenReadsTheLayout() {
        var state = FeedState(config: Preset.standard.config()!)
        state.setRows(items(1...20))
        let screen = Screen(state)
        XCTAssertEqual(screen.rows, 0...15)
        XCTAssertEqual(screen.footer, .idle)
        XCTAssertEqual(screen.footerText, "Tap or pull up to load more")
        XCTAssertEqual(screen.header, .idle)
        XCTAssertFalse(screen.headerVisible)
    }

    func testSplitMix64IsDeterministic() {
        var a = SplitMix64(seed: 42), b = SplitMix64(seed: 42), c = SplitMix64(seed: 43)
        let x = (0..<5).map { _ in a.next() }
        XCTAssertEqual(x, (0..<5).map { _ in b.next() })
        XCTAssertNotEqual(x, (0..<5).map { _ in c.next() })
        // The reference SplitMix64 output for seed 0.
        var zero = SplitMix64(seed: 0)
        XCTAssertEqual(zero.next(), 0xE220_A839_7B1D_CDAF)
    }
}
