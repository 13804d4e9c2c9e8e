import ArgumentParser
import FeedEngine
import FeedScenario
import FrameFolder

/// `feedframes presets`: the presets of SPEC §5 and their parameters, or, with
/// `--export`, each as a list description a team copies to start its own list.
struct PresetsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "presets", abstract: "List presets and their parameters, or export them as files to edit.",
        discussion: """
            With --export DIR, each preset is written to DIR/<preset>.json: its behaviour (the \
            rules it runs, named), its whole configuration, its source defaults and its texts in \
            every built-in locale. A scenario names such a file as its "preset" (a path relative \
            to the scenario) and gets the same frames as from the built-in preset; edit a copy to \
            describe your own list. A file already in DIR is replaced only if FeedFrames wrote it \
            and it was not edited since, unless --force is given.
            """)

    @Option(help: ArgumentHelp("Write each preset as a JSON list description into this folder.", valueName: "dir"))
    var export: String?

    @Flag(help: "With --export, replace files that were edited or not written by FeedFrames.")
    var force = false

    func validate() throws {
        if force && export == nil { throw ValidationError("--force needs --export DIR") }
        if let export, export.isEmpty { throw ValidationError("empty --export (expected a folder; '.' for this one)") }
    }

    func run() throws {
        let console = Console()
        if let folder = export {
            let files = Preset.all.map { ("\($0.name).json", PresetFile.bytes(of: $0)) }
            do throws(OutputError) { try FileExport.write(files, to: folder, kind: "presets", force: force) } catch {
                throw CommandFailure(.cannotCreate, error.description)
            }
            console.out("Wrote \(files.count) preset\(files.count == 1 ? "" : "s") to \(folder.hasSuffix("/") ? folder : folder + "/"): \(files.map(\.0).joined(separator: ", "))")
            return
        }
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
