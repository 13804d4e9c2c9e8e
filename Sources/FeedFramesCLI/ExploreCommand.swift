import CommandLineKit
import FeedEngine
import FeedExplorer
import FeedScenario
import Foundation
import FrameRendering

/// `feedframes explore`: every state a list can reach, its invariants checked,
/// with shortest counterexamples, a gallery of screens and the state graph.
enum ExploreCommand {
    static let spec = CommandSpec(
        "explore",
        abstract: "Explore every reachable state and check the invariants.",
        discussion: """
            Breadth-first search from the scenario's start (after launch) over the moves scroll to \
            top / bottom / one screen down, pull the header or footer past its arming line and let \
            go, tap retry, tap footer, rotate, and wait for the next reply or toast expiry, where \
            every reply is explored as each outcome: a full page, a short page, an empty page and a \
            failure. The scenario gives the list (preset, config, viewport, item shapes, latency); its \
            events, total and failures are not used.

            Invariants: one-request-in-flight, no-row-lost-or-duplicated, \
            page-index-moves-only-on-success, header-and-footer-not-both-loading, \
            visible-rows-overlap-viewport, refresh-clears-exhausted, way-forward (from every state \
            some moves lead back to rest: nothing in flight and a usable header, footer or retry \
            button). Each broken one is reported with its shortest path, written as a scenario \
            file (a scripted source replays the chosen replies) and rendered to frames.

            Writes <out>/index.html (the report), <out>/gallery/ (one validated frame per distinct \
            screen, with the shortest path to it as its cause) and <out>/counterexamples/. Exits 1 \
            when an invariant is broken.
            """,
        arguments: [.init("scenario", help: "A scenario file whose list to explore.", optional: true)],
        options: [
            .option("preset", valueName: "preset", help: "Explore a preset's list instead: seed000, seed001 or standard."),
            .option("depth", short: "d", valueName: "n", help: "Moves from the start to explore.", default: "8"),
            .option("out", short: "o", valueName: "dir", help: "Output folder (default: output/explore-<name>)."),
            .option("dot", valueName: "file", help: "Also write the state graph in Graphviz DOT (and an SVG beside it when dot is installed)."),
            .option("max-states", valueName: "n", help: "Stop expanding at this many states (about 4.6 KB each).",
                    default: String(Explorer.defaultMaxStates)),
            .option("gallery", valueName: "n", help: "At most this many screens in the gallery.", default: "400"),
            .option("templates", valueName: "dir", help: "Templates to use instead of the defaults (file by file)."),
        ])

    static func run(_ invocation: Invocation, console: Console) -> Result<Void, CommandFailure> {
        Result { () throws(CommandFailure) in
            let scenario = try loadScenario(invocation)
            let depth = try number(invocation, "depth", in: 0...1_000)
            let maxStates = try number(invocation, "max-states", in: 1...100_000_000)
            let galleryLimit = try number(invocation, "gallery", in: 0...100_000)
            let out = invocation.value("out") ?? "output/explore-\(scenario.name)"
            let (templates, validator) = try TemplateLocator.load(custom: invocation.value("templates"))

            let model = ExplorerModel(scenario: scenario)
            let explorer = Explorer(model: model, maxDepth: depth, maxStates: maxStates)
            console.out("explore \(scenario.name): at most \(ItemLimits.describe(count: maxStates)) states, "
                        + "up to about \(Explorer.memory(forStates: maxStates)) of memory (--max-states to change)")
            let exploration = explorer.run(from: scenario.initialState) { stats in
                console.progress("explore \(scenario.name): depth \(stats.depthReached), \(stats.states) states, "
                                 + "\(stats.transitions) transitions, \(Int(stats.statesPerSecond)) states/s")
            }
            console.endProgress()

            var dotPath: String?
            var svgPath: String?
            if let dot = invocation.value("dot") {
                dotPath = dot
                svgPath = (dot.hasSuffix(".dot") ? String(dot.dropLast(4)) : dot) + ".svg"
            }
            let output = ExploreOutput(scenario: scenario, exploration: exploration, model: model, depth: depth,
                                       templates: templates, validator: validator, galleryLimit: galleryLimit)
            let written = try output.write(to: out, svgLink: svgPath, console: console)
            for line in output.summary(out: out, written: written) { console.out(line) }

            if let dotPath, let svgPath {
                let text = DotWriter().dot(exploration, title: "\(scenario.name), depth \(depth)")
                do {
                    try Data(text.utf8).write(to: URL(fileURLWithPath: dotPath), options: .atomic)
                } catch {
                    throw CommandFailure(.cannotCreate, "\(dotPath): cannot write (\(FrameWriter.reason(error)))")
                }
                console.out("State graph: \(dotPath)" + (Graphviz.svg(from: dotPath, to: svgPath) ? " and \(svgPath)" : " (install Graphviz for an SVG)"))
            }
            if !exploration.violations.isEmpty {
                throw CommandFailure(.failure, "\(exploration.violations.count) invariant\(exploration.violations.count == 1 ? "" : "s") broken; see \(out)/index.html")
            }
        }
    }

    /// The scenario file, or a preset's list with its defaults.
    static func loadScenario(_ invocation: Invocation) throws(CommandFailure) -> Scenario {
        let usage = "Usage: \(HelpFormatter.usage(for: [FeedFramesCLI.root, spec]))"
        switch (invocation.positional("scenario"), invocation.value("preset")) {
        case (let path?, nil):
            return try ScenarioLoader.load(path)
        case (nil, let preset?):
            guard Preset.named(preset) != nil else {
                throw CommandFailure(.usage, ["Error: unknown preset '\(preset)' (expected \(Preset.all.map(\.name).joined(separator: ", ")))", usage])
            }
            let text = "{ \"name\": \"\(preset)\", \"preset\": \"\(preset)\", \"events\": [\"launch\"] }"
            return try ScenarioLoader.parse(Array(text.utf8), file: "preset \(preset)")
        case (.some, .some):
            throw CommandFailure(.usage, ["Error: give a scenario file or --preset, not both", usage])
        case (nil, nil):
            throw CommandFailure(.usage, ["Error: missing a scenario file or --preset (e.g. feedframes explore --preset standard)", usage])
        }
    }

    /// A whole-number option within `range`, or a usage error saying so.
    static func number(_ invocation: Invocation, _ name: String, in range: ClosedRange<Int>) throws(CommandFailure) -> Int {
        let value: Int?
        do {
            value = try invocation.int(name)
        } catch {
            throw CommandFailure(.usage, error.formattedMessage.split(separator: "\n").map(String.init))
        }
        guard let value, range.contains(value) else {
            throw CommandFailure(.usage, ["Error: --\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)",
                                          "Usage: \(HelpFormatter.usage(for: [FeedFramesCLI.root, spec]))"])
        }
        return value
    }
}
