extension Preset {
    /// The rules of the built-in preset named `name` (`seed000`, `seed001`, `standard`) written as a
    /// behaviour (SPEC §10), with the sizes and switches of `config`, for a table of `style`; `nil` for
    /// another name.
    /// Played by `BehaviourRunner`, each draws its preset's demos as the engine does (issue 20 §2).
    public static func behaviour(named name: String, config: FeedConfig, style: ListStyle? = nil) -> (any PagingBehaviour)? {
        switch name {
        case "seed000": return Seed000Behaviour(config: config)
        case "seed001": return Seed001Behaviour(pageSize: config.pageSize, footerHeight: config.footer.height, rowHeight: config.rowHeight, style: style,
                                                 prefetchRows: config.footer.prefetchRows)
        case "standard": return StandardBehaviour(config: config, style: style)
        default: return nil
        }
    }
}
