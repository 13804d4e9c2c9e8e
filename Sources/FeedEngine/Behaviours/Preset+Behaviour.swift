extension Preset {
    /// The rules of the built-in preset named `name` (`seed000`, `seed001`, `standard`) written as a
    /// behaviour (SPEC §10), with the sizes and switches of `config`, for a table of `style`. Played by
    /// `BehaviourRunner`, each draws its preset's frames as SPEC §3 and §5 say (issue 20 §2).
    ///
    /// A seed's own rules are its port (`Seed000Behaviour`, `Seed001Behaviour`: sizes, distances, texts
    /// and durations read, and seed000's `hideFooterWhenFits`); `standard`, and a seed whose switches a
    /// scenario overrides (a failure's handling, the first-load indicator, holding open, the footer's
    /// mode or spinner, no header…), are `RulesBehaviour`, which reads every switch. `nil` for another name.
    public static func behaviour(named name: String, config: FeedConfig, style: ListStyle? = nil) -> (any PagingBehaviour)? {
        guard let own = Preset.named(name)?.config() else { return nil }
        var asked = Rules(config)
        let expected = Rules(own)
        switch name {
        case "seed000":
            asked.hideFooterWhenFits = expected.hideFooterWhenFits
            if asked == expected { return Seed000Behaviour(config: config, style: style) }
        case "seed001":
            if asked == expected {
                return Seed001Behaviour(pageSize: config.pageSize, footerHeight: config.footer.height, rowHeight: config.rowHeight, style: style,
                                        prefetchRows: config.footer.prefetchRows)
            }
        default:
            break
        }
        return RulesBehaviour(config: config, style: style)
    }

    /// The switches of SPEC §5 that change what a list does, as opposed to its sizes, texts and durations.
    private struct Rules: Equatable {
        var hasHeader: Bool
        var footerMode: FeedConfig.Footer.Mode
        var footerSpinner: FeedConfig.Footer.Spinner
        var hideUntilFirstData, hideFooterWhenFits, holdWhileLoading: Bool
        var firstLoadIndicator: FeedConfig.FirstLoadIndicator
        var firstLoadFailure: FeedConfig.FirstLoadFailure
        var refreshFailure: FeedConfig.RefreshFailure
        var loadMoreFailure: FeedConfig.LoadMoreFailure
        var refreshWhileLoading: FeedConfig.RefreshWhileLoading
        var retryPlacement: FeedConfig.RetryPlacement

        init(_ config: FeedConfig) {
            hasHeader = config.header != nil
            footerMode = config.footer.mode
            footerSpinner = config.footer.spinner
            hideUntilFirstData = config.hideUntilFirstData
            hideFooterWhenFits = config.hideFooterWhenFits
            holdWhileLoading = config.holdWhileLoading
            firstLoadIndicator = config.firstLoadIndicator
            firstLoadFailure = config.firstLoadFailure
            refreshFailure = config.refreshFailure
            loadMoreFailure = config.loadMoreFailure
            refreshWhileLoading = config.refreshWhileLoading
            retryPlacement = config.retryPlacement
        }
    }
}
