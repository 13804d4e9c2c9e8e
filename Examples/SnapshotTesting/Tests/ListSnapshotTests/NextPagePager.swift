import FeedEngine

/// A team's own paging logic, as small as it gets: the first page on `viewDidLoad`, the next one when
/// the last row shows, one request at a time, and the end at a short page. FeedFrames plays UIKit
/// around it (`FramesScenario.playing(_:)`), so its frames snapshot like a preset's.
struct NextPagePager: PagingBehaviour {
    struct State: Hashable, Sendable {
        var rows: [Item] = []
        var loading = false
        var exhausted = false
    }

    var pageSize = 20
    var initialState: State { State() }

    func handle(_ callback: ListCallback, state: inout State) -> [ListEffect] {
        switch callback {
        case .viewDidLoad:
            state.loading = true
            return [.request(.initial, page: 1)]
        case .willDisplay(let row, _) where row == state.rows.count - 1 && !state.loading && !state.exhausted:
            state.loading = true
            return [.request(.more, page: state.rows.count / pageSize + 1)]
        case .reply(_, let outcome):
            state.loading = false
            if case .success(let items) = outcome {
                state.rows += items
                state.exhausted = items.count < pageSize
            }
            return []
        default:
            return []
        }
    }

    func screen(_ state: State) -> ListScreen {
        let footer: FooterState = state.rows.isEmpty ? .hidden
            : state.loading ? .loading : state.exhausted ? .exhausted : .idle
        return ListScreen(rows: state.rows, footer: footer)
    }
}
