import FeedEngine
import XCTest

/// The code of FeedEngine's GettingStarted article, run: the pager it writes and the calls it shows
/// (keep the two in step).
final class GettingStartedTests: XCTestCase {
    struct Pager: PagingBehaviour {
        struct State: Hashable, Sendable {
            var rows: [Item] = []
            var page = 0
            var inFlight: Int?      // the id of the request running
            var requests = 0        // FeedFrames numbers requests from 1, in the order asked
            var failed = false
            var ended = false
        }
        var initialState: State { State() }
        let pageSize = 20

        func handle(_ callback: ListCallback, state: inout State) -> [ListEffect] {
            switch callback {
            case .viewDidLoad:
                return load(.initial, page: 1, &state)
            case .willDisplay(let row, _) where row == state.rows.count - 1 && !state.failed && !state.ended:
                return load(.more, page: state.page + 1, &state)
            case .tapFooter where state.failed:
                state.failed = false
                return load(.more, page: state.page + 1, &state)
            case .reply(let id, let outcome) where id == state.inFlight:
                state.inFlight = nil
                switch outcome {
                case .success(let items):
                    state.rows += items
                    state.page += 1
                    state.ended = items.count < pageSize
                case .failure:
                    state.failed = true
                }
            default:
                break
            }
            return []
        }

        private func load(_ kind: RequestKind, page: Int, _ state: inout State) -> [ListEffect] {
            guard state.inFlight == nil else { return [] }
            state.requests += 1
            state.inFlight = state.requests
            return [.request(kind, page: page)]
        }

        func screen(_ state: State) -> ListScreen {
            if state.failed { return ListScreen(rows: state.rows, footer: .failed, footerPart: .init(text: .key("footer.failed"))) }
            if state.ended { return ListScreen(rows: state.rows, footer: .exhausted, footerPart: .init(text: .key("footer.exhausted"))) }
            if state.inFlight != nil {
                return ListScreen(rows: state.rows, footer: .loading, footerPart: .init(text: .key("footer.loading"), spinner: true))
            }
            return ListScreen(rows: state.rows, footer: .idle, footerPart: .init(text: .key("footer.idle")))
        }
    }

    func testTheArticlesPagerDoesWhatItSays() {
        let pager = Pager()
        var state = pager.initialState
        let view = ScrollViewSnapshot(contentOffset: 0, contentHeight: 0, height: 667,
                                      adjustedInsetTop: 0, adjustedInsetBottom: 0, isDragging: false)

        XCTAssertEqual(pager.handle(.viewDidLoad(view), state: &state), [.request(.initial, page: 1)])
        let page = (1...20).map { Item(id: "\($0)", title: "Item \($0)") }
        XCTAssertEqual(pager.handle(.reply(id: 1, .success(page)), state: &state), [])
        XCTAssertEqual(pager.screen(state).rows.count, 20)
        XCTAssertEqual(pager.handle(.willDisplay(19, view), state: &state), [.request(.more, page: 2)])
        XCTAssertEqual(pager.handle(.willDisplay(19, view), state: &state), [], "one request at a time")
        XCTAssertEqual(pager.screen(state).footer, .loading)
        XCTAssertEqual(pager.handle(.reply(id: 2, .failure("HTTP 500")), state: &state), [])
        XCTAssertEqual(pager.screen(state).footer, .failed)
        XCTAssertEqual(pager.handle(.tapFooter, state: &state), [.request(.more, page: 2)])
    }

    func testTheArticlesConfigurationBuilds() throws {
        var config = try XCTUnwrap(Preset.named("seed000")?.config(locale: "en"))
        config.footer.mode = .auto
        config.footer.prefetchRows = 5
        config.loadMoreFailure = .toastAndFailedFooter
        let rules = RulesBehaviour(config: config)
        var state = rules.initialState
        let view = ScrollViewSnapshot(contentOffset: 0, contentHeight: 0, height: 667,
                                      adjustedInsetTop: 0, adjustedInsetBottom: 0, isDragging: false)
        XCTAssertEqual(rules.handle(.viewDidLoad(view), state: &state).first, .request(.initial, page: 1))
    }
}
