import FrameFolder
import FeedEngine
import FeedExplorer
import FeedScenario
import Foundation
import FrameRendering
import JSONText
import Mustache

/// Writes what `feedframes explore` found: the state graph (DOT, and an SVG when
/// Graphviz is installed) where asked, then one folder, all or nothing, with the
/// report page, a gallery of distinct screens (a viewer over validated frames)
/// and each counterexample as a scenario file with its rendered frames.
///
/// This lives here, not in FeedExplorer, so the search stays free of templates
/// and frame rendering: FeedExplorer finds, this module shows.
public struct ExploreOutput {
    public var scenario: Scenario
    /// What the search found, as the report shows it.
    public var findings: ExploreFindings
    public var depth: Int
    public var templates: FrameTemplates
    public var validator: FrameValidator
    public var galleryLimit: Int

    /// The report of a search of a behaviour (`BehaviourExplorer`): its gallery, graph and
    /// counterexamples are drawn with `behaviour` playing the app.
    public init<Behaviour: PagingBehaviour>(scenario: Scenario, exploration: BehaviourExploration<Behaviour>, playing behaviour: Behaviour,
                                            depth: Int, templates: FrameTemplates, validator: FrameValidator, galleryLimit: Int) {
        self.init(scenario: scenario, findings: ExploreFindings(exploration, playing: behaviour),
                  depth: depth, templates: templates, validator: validator, galleryLimit: galleryLimit)
    }

    public init(scenario: Scenario, findings: ExploreFindings, depth: Int, templates: FrameTemplates,
                validator: FrameValidator, galleryLimit: Int) {
        self.scenario = scenario
        self.findings = findings
        self.depth = depth
        self.templates = templates
        self.validator = validator
        self.galleryLimit = galleryLimit
    }

    /// What was written, for the summary.
    public struct Written: Sendable {
        public var screens = 0
        public var distinctScreens = 0
        /// Invariant name → the counterexample's scenario file, relative to the folder.
        public var counterexamples: [String: String] = [:]
        /// The state graph's DOT file, when one was asked for.
        public var dot: String?
        /// Its SVG, when Graphviz made one: the report links only what exists.
        public var svg: String?
    }

    /// - Parameters:
    ///   - dot: where to write the state graph in DOT (its SVG goes beside it), or `nil`.
    ///   - progress: a line saying how far the gallery is.
    /// - Complexity: O(states) to find the distinct screens, then O(screens) frames rendered and validated.
    public func write(to out: String, dot: String? = nil, graphviz: Graphviz = .onPath,
                      progress: (String) -> Void = { _ in }) throws(RenderError) -> Written {
        var written = Written()
        // The graph first, so that the report links the files that are there.
        if let dot {
            try writeGraph(dot, graphviz: graphviz, written: &written)
        }
        let writer: FrameWriter
        do throws(OutputError) { writer = try FrameWriter(target: URL(fileURLWithPath: out), kind: .exploration) } catch { throw .output(error) }
        try writeGallery(writer, out: out, written: &written, progress: progress)
        for violation in findings.violations {
            written.counterexamples[violation.invariant] = try writeCounterexample(violation, writer, out: out)
        }
        let page = try templates.render(reportPage(written: written, out: out), file: "\(out)/index.html")
        do throws(OutputError) {
            try writer.write(page, to: "index.html")
            try writer.write(summary(out: out, written: written).joined(separator: "\n") + "\n", to: "report.txt")
            try writer.commit()
        } catch { throw .output(error) }
        return written
    }

    /// `launch → wait 1 (reply 1: full) → scroll to bottom`.
    public static func describe(_ path: [Transition]) -> String { Transition.cause(of: path) }

    /// The DOT file, then its SVG beside it (`graph.dot` → `graph.svg`) when Graphviz is there.
    private func writeGraph(_ dot: String, graphviz: Graphviz, written: inout Written) throws(RenderError) {
        let text = findings.dot("\(scenario.name), depth \(depth)")
        // Its folder made first, as `--out`'s is.
        let folder = (dot as NSString).deletingLastPathComponent
        if !folder.isEmpty, let problem = FrameWriter.makeFolders(folder) {
            throw .output(OutputError(path: folder, message: "cannot create the folder of the state graph (\(problem))"))
        }
        do throws(OutputError) { try AtomicFile.replace(at: dot, with: Array(text.utf8)) } catch { throw .output(error) }
        written.dot = dot
        let svg = (dot.hasSuffix(".dot") ? String(dot.dropLast(4)) : dot) + ".svg"
        // An SVG left from an earlier run would be linked though it shows another graph.
        try? FileManager.default.removeItem(atPath: svg)
        if graphviz.svg(from: dot, to: svg) { written.svg = svg }
    }

    /// `gallery/`: one frame per distinct screen, its cause the shortest path to it, with a viewer.
    private func writeGallery(_ writer: FrameWriter, out: String, written: inout Written,
                              progress: (String) -> Void) throws(RenderError) {
        let (frames, total) = findings.gallery(galleryLimit)
        written.screens = frames.count
        written.distinctScreens = total
        let folder: FrameWriter
        do throws(OutputError) {
            folder = try FrameWriter(target: writer.temporary.appendingPathComponent("gallery"), kind: .scenario)
        } catch { throw .output(error) }
        let heading = ViewerHeading(
            name: "\(scenario.name) — distinct screens",
            summary: "\(frames.count) of \(total) distinct screens found exploring to depth \(depth); "
                + "each frame's cause is the shortest path to it.",
            locale: scenario.locale)
        _ = try ScenarioRenderer(templates: templates, validator: validator)
            .render(frames, context: FrameContext(scenario), heading: heading, into: folder, displayFolder: "\(out)/gallery") { done in
                progress("gallery: \(done)/\(frames.count) screens")
            }
        do throws(OutputError) { try folder.commit() } catch { throw .output(error) }
    }

    /// `counterexamples/<invariant>.json` and its frames in `counterexamples/<invariant>/`.
    private func writeCounterexample(_ violation: ExploreFindings.Finding, _ writer: FrameWriter, out: String) throws(RenderError) -> String {
        let bytes = ScenarioWriter.bytes(of: violation.counterexample)
        let file = "counterexamples/\(violation.invariant).json"
        do throws(OutputError) { try writer.write(bytes, to: file) } catch { throw .output(error) }
        // Rendered from the file just written, so the frames are what `render` of it shows.
        let replay: Scenario
        do {
            replay = try ScenarioReader.read(bytes, file: file)
        } catch {
            throw .output(OutputError(path: "\(out)/\(file)", message: "the written counterexample does not read back: \(error)"))
        }
        let folder = writer.temporary.appendingPathComponent("counterexamples/\(violation.invariant)")
        let renderer = ScenarioRenderer(templates: templates, validator: validator)
        let frames: FrameWriter
        do throws(OutputError) { frames = try FrameWriter(target: folder, kind: .scenario) } catch { throw .output(error) }
        try findings.render(renderer, replay, frames, "\(out)/counterexamples/\(violation.invariant)")
        do throws(OutputError) { try frames.commit() } catch { throw .output(error) }
        return file
    }

    /// The lines printed on stdout (and kept as report.txt).
    public func summary(out: String, written: Written) -> [String] {
        let stats = findings.statistics
        var lines = [
            "explore \(scenario.name) (\(findings.logic)) to depth \(depth): \(stats.states) states, \(stats.transitions) transitions, "
                + "depth reached \(stats.depthReached), \(String(format: "%.2f", stats.seconds)) s (\(Int(stats.statesPerSecond)) states/s)"
                + (stats.complete ? ", every reachable state found" : "") + (stats.capped ? ", stopped at the state cap" : ""),
        ]
        for (name, _) in findings.invariants {
            guard let violation = findings.violation(name) else {
                lines.append("  ok    \(name)")
                continue
            }
            let events = CounterexampleWriter.events(violation.path)
            lines.append("  FAIL  \(name): \(violation.message) (\(violation.occurrences) found)")
            lines.append("        shortest, \(events.count) events: \(events.joined(separator: ", "))")
            let replies = CounterexampleWriter.replies(violation.path, issued: violation.issued)
            if !replies.isEmpty { lines.append("        replies: \(replies.map(\.rawValue).joined(separator: ", "))") }
            if let file = written.counterexamples[name] { lines.append("        scenario: \(out)/\(file)") }
        }
        if stats.undecided > 0 {
            lines.append("  (\(stats.undecided) states reach only states at the depth limit: their way forward is undecided)")
        }
        lines.append("Gallery: \(written.screens) of \(written.distinctScreens) distinct screens, \(out)/gallery/index.html")
        lines.append("Report: \(out)/index.html")
        if let dot = written.dot {
            lines.append("State graph: \(dot)" + (written.svg.map { " and \($0)" } ?? " (install Graphviz for an SVG)"))
        }
        return lines
    }

    /// The values of `explore.html`.
    func reportPage(written: Written, out: String) -> Page {
        let stats = findings.statistics
        let invariants: [TemplateValue] = findings.invariants.map { name, says in
            // `broken` is always set, so a rule that holds never finds another's up the context stack.
            var row: [String: TemplateValue] = ["name": .string(name), "says": .string(says), "broken": .null]
            if let violation = findings.violation(name) {
                let events = CounterexampleWriter.events(violation.path)
                var broken: [String: TemplateValue] = [
                    "occurrences": .int(violation.occurrences), "message": .string(XMLText.safe(violation.message)),
                    "count": .int(events.count), "events": .string(XMLText.safe(events.joined(separator: ", "))),
                ]
                if let file = written.counterexamples[name] {
                    broken["scenario"] = .string(file)
                    broken["frames"] = .string("counterexamples/\(name)/index.html")
                }
                row["broken"] = .object(broken)
            }
            return .object(row)
        }
        var graph: TemplateValue = .null
        if let dot = written.dot {
            graph = .object(["dot": .string(XMLText.safe(Self.link(to: dot, from: out))),
                             "svg": written.svg.map { .string(XMLText.safe(Self.link(to: $0, from: out))) } ?? .null])
        }
        let figures = "\(stats.states) states, \(stats.transitions) transitions, depth reached \(stats.depthReached) of \(depth), "
            + String(format: "%.2f s (%.0f states/s)", stats.seconds, stats.statesPerSecond)
            + (stats.complete ? ", every reachable state found" : "")
        return Page(.exploreReport, .object([
            "name": .string(XMLText.safe(scenario.name)), "preset": .string(XMLText.safe(findings.logic)), "depth": .int(depth),
            "figures": .string(figures), "screens": .int(written.screens), "distinctScreens": .int(written.distinctScreens),
            "graph": graph, "invariants": .list(invariants),
        ]))
    }

    /// A relative link from the report folder to `path` (`../graph.svg`), so the pair can move together.
    static func link(to path: String, from folder: String) -> String {
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        let base = URL(fileURLWithPath: folder).standardizedFileURL.pathComponents
        var common = 0
        while common < min(target.count - 1, base.count) && target[common] == base[common] { common += 1 }
        let up = Array(repeating: "..", count: base.count - common)
        let link = (up + target[common...]).joined(separator: "/")
        return link.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? link
    }
}
