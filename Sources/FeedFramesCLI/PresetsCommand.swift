import ArgumentParser
import FeedEngine

/// `feedframes presets`: the presets of SPEC §5 and their parameters.
struct PresetsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "presets", abstract: "List presets and their parameters.")

    func run() throws {
        let console = Console()
        for preset in Preset.all {
            guard let config = preset.config() else { continue }
            console.out("\(preset.name): \(preset.summary)")
            for line in Self.describe(config, preset: preset) { console.out("  " + line) }
            console.out("")
        }
    }

    static func describe(_ config: FeedConfig, preset: Preset) -> [String] {
        let header = config.header.map { "height \(formatPoints($0.height)), armDistance \(formatPoints($0.armDistance))" } ?? "none"
        let footer = config.footer
        return [
            "locale \(preset.defaultLocale), title \"\(preset.title)\", latency \(formatPoints(preset.latency)) s",
            "rowHeight \(formatPoints(config.rowHeight)), pageSize \(config.pageSize)",
            "header: \(header)",
            "footer: \(footer.mode.rawValue), height \(formatPoints(footer.height)), armDistance \(formatPoints(footer.armDistance)), "
                + "prefetchRows \(footer.prefetchRows), spinner \(footer.spinner.rawValue), colour \(footer.colour)",
            "hideUntilFirstData \(config.hideUntilFirstData), hideFooterWhenFits \(config.hideFooterWhenFits)",
            "firstLoadIndicator \(config.firstLoadIndicator.rawValue), firstLoadFailure \(config.firstLoadFailure.rawValue)",
            "refreshFailure \(config.refreshFailure.rawValue), loadMoreFailure \(config.loadMoreFailure.rawValue)",
            "refreshWhileLoading \(config.refreshWhileLoading.rawValue), toastDuration \(formatPoints(config.toastDuration)) s, "
                + "holdWhileLoading \(config.holdWhileLoading)",
        ]
    }
}
