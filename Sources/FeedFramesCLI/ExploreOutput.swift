import FrameFolder
import FeedEngine
import FeedExplorer
import FeedScenario
import Foundation
import FrameRendering
import JSONText
import Mustache

/// Writes what `feedframes explore` found into one folder, all or nothing:
/// the report page, a gallery of distinct screens, and each counterexample as
/// a scenario file with its rendered frames.
struct ExploreOutput {
    let scenario: Scenario
    let exploration: Exploration
    let model: ExplorerModel
    let depth: Int
    let templates: FrameTemplates
    let validator: FrameValidator
    let galleryLimit: Int

    /// What was written, for the summary.
    struct Written {
        var screens = 0
        var distinctScreens = 0
        /// Invariant name → the counterexample's scenario file, relative to the folder.
        var counterexamples: [String: String] = [:]
    }

    /// - Complexity: O(states) to find the distinct screens, then O(screens) frames rendered and validated.
    func write(to out: String, svgLink: String?, console: Console) throws(CommandFailure) -> Written {
        let writer: FrameWriter
        do { writer = try FrameWriter(target: URL(fileURLWithPath: out), kind: .exploration) } catch { throw CommandFailure(.cannotCreate, error.description) }
        var written = Written()
        do throws(RenderError) {
            try writeGallery(writer, out: out, written: &written, console: console)
            for violation in exploration.violations {
                written.counterexamples[violation.invariant] = try writeCounterexample(violation, writer, out: out)
            }
        } catch {
            throw CommandFailure(error)
        }
        let page = reportPage(written: written, out: out, svgLink: svgLink)
        do throws(OutputError) {
            try writer.write(page, to: "index.html")
            try writer.write(summary(out: out, written: written).joined(separator: "\n") + "\n", to: "report.txt")
            try writer.commit()
        } catch { throw CommandFailure(.cannotCreate, error.description) }
        return written
    }

    /// `launch → wait 1 (reply 1: full) → scroll to bottom`.
    static func describe(_ path: [Transition]) -> String {
        (["launch"] + path.map(\.description)).joined(separator: " → ")
    }

    private func writeGallery(_ writer: FrameWriter, out: String, written: inout Written, console: Console) throws(RenderError) {
        let (nodes, total) = DistinctScreens.find(in: exploration.graph, limit: galleryLimit)
        written.screens = nodes.count
        written.distinctScreens = total
        let context = FrameContext(scenario)
        var strip: [TemplateValue] = []
        var largest = scenario.viewport
        for (number, node) in nodes.enumerated() {
            let feed = exploration.graph.states[node].feed
            let frame = Frame(number: number + 1, time: feed.time, cause: Self.describe(exploration.graph.path(to: node)),
                              layout: feed.layout())
            var files: [String: String] = [:]
            for format in FrameFormat.allCases {
                let name = format.fileName(frame: frame.number)
                let content = try render(frame, format, context, file: "\(out)/gallery/\(name)")
                do throws(OutputError) { try writer.write(content, to: "gallery/\(name)") } catch { throw .output(error) }
                files[format.rawValue] = name
            }
            largest.width = max(largest.width, frame.layout.viewport.width)
            largest.height = max(largest.height, frame.layout.viewport.height)
            strip.append(.object([
                "number": .int(frame.number), "time": .double(frame.time), "cause": .string(frame.cause),
                "html": .string(files["html"] ?? ""), "text": .string(files["text"] ?? ""), "json": .string(files["json"] ?? ""),
            ]))
            if number % 50 == 0 { console.progress("gallery: \(number + 1)/\(nodes.count) screens") }
        }
        console.endProgress()
        let viewer: String
        do throws(TemplateError) {
            viewer = try templates.viewer(.object([
                "name": .string("\(scenario.name) — distinct screens"),
                "summary": .string("\(nodes.count) of \(total) distinct screens found exploring to depth \(depth); each frame's cause is the shortest path to it."),
                "lang": .string(scenario.locale), "count": .int(nodes.count), "frames": .list(strip),
                "frameWidth": .double(largest.width + 32), "frameHeight": .double(largest.height + 32),
            ]))
        } catch { throw .template(error) }
        do throws(OutputError) { try writer.write(viewer, to: "gallery/index.html") } catch { throw .output(error) }
    }

    /// One frame in one format; HTML is validated against frame.rng and its layout.
    private func render(_ frame: Frame, _ format: FrameFormat, _ context: FrameContext, file: String) throws(RenderError) -> [UInt8] {
        try ScenarioRenderer(formats: [format], templates: templates, validator: validator)
            .content(of: frame, as: format, context: context, file: file)
    }

    /// `counterexamples/<invariant>.json` and its frames in `counterexamples/<invariant>/`.
    private func writeCounterexample(_ violation: Violation, _ writer: FrameWriter, out: String) throws(RenderError) -> String {
        let name = "counterexample-\(violation.invariant)"
        let counterexample = CounterexampleWriter.scenario(
            path: violation.path, end: violation.state.feed, base: scenario, source: model.source, name: name,
            description: "\(violation.invariant): \(violation.message) (found by feedframes explore, \(violation.path.count) move\(violation.path.count == 1 ? "" : "s") after launch)")
        let bytes = ScenarioWriter.bytes(of: counterexample)
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
        _ = try renderer.render(replay, into: frames, displayFolder: "\(out)/counterexamples/\(violation.invariant)")
        do throws(OutputError) { try frames.commit() } catch { throw .output(error) }
        return file
    }

    /// The lines printed on stdout (and kept as report.txt).
    func summary(out: String, written: Written) -> [String] {
        let stats = exploration.statistics
        var lines = [
            "explore \(scenario.name) (\(scenario.preset.name)) to depth \(depth): \(stats.states) states, \(stats.transitions) transitions, "
                + "depth reached \(stats.depthReached), \(String(format: "%.2f", stats.seconds)) s (\(Int(stats.statesPerSecond)) states/s)"
                + (stats.complete ? ", every reachable state found" : "") + (stats.capped ? ", stopped at the state cap" : ""),
        ]
        for (name, _) in exploration.invariants {
            guard let violation = exploration.violation(name) else {
                lines.append("  ok    \(name)")
                continue
            }
            let events = CounterexampleWriter.events(violation.path)
            lines.append("  FAIL  \(name): \(violation.message) (\(violation.occurrences) found)")
            lines.append("        shortest, \(events.count) events: \(events.joined(separator: ", "))")
            let replies = CounterexampleWriter.replies(violation.path, issued: violation.state.feed.requestsIssued)
            if !replies.isEmpty { lines.append("        replies: \(replies.map(\.rawValue).joined(separator: ", "))") }
            if let file = written.counterexamples[name] { lines.append("        scenario: \(out)/\(file)") }
        }
        if stats.undecided > 0 {
            lines.append("  (\(stats.undecided) states reach only states at the depth limit: their way forward is undecided)")
        }
        lines.append("Gallery: \(written.screens) of \(written.distinctScreens) distinct screens, \(out)/gallery/index.html")
        lines.append("Report: \(out)/index.html")
        return lines
    }

    private func reportPage(written: Written, out: String, svgLink: String?) -> String {
        let stats = exploration.statistics
        let e = HTMLText.escape
        var rows: [String] = []
        for (name, summary) in exploration.invariants {
            if let violation = exploration.violation(name) {
                let events = CounterexampleWriter.events(violation.path)
                var cell = "<strong>broken</strong> (\(violation.occurrences) found): \(e(violation.message))<br />"
                    + "shortest path, \(events.count) events: <code>\(e(events.joined(separator: ", ")))</code>"
                if let file = written.counterexamples[name] {
                    cell += "<br /><a href=\"\(e(file))\">scenario file</a> · <a href=\"counterexamples/\(e(name))/index.html\">its frames</a>"
                }
                rows.append("<tr class=\"broken\"><td>\(e(name))</td><td>\(e(summary))</td><td>\(cell)</td></tr>")
            } else {
                rows.append("<tr><td>\(e(name))</td><td>\(e(summary))</td><td>holds</td></tr>")
            }
        }
        var graph = ""
        if let svgLink {
            graph = "<p>State graph: <a href=\"\(e(Self.link(to: svgLink, from: out)))\">SVG</a> "
                + "(<a href=\"\(e(Self.link(to: svgLink.hasSuffix(".svg") ? String(svgLink.dropLast(4)) + ".dot" : svgLink, from: out)))\">DOT</a>)</p>"
        }
        let figures = "\(stats.states) states, \(stats.transitions) transitions, depth reached \(stats.depthReached) of \(depth), "
            + String(format: "%.2f s (%.0f states/s)", stats.seconds, stats.statesPerSecond)
            + (stats.complete ? ", every reachable state found" : "")
        return """
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
            <head>
            <meta charset="utf-8" />
            <title>\(e(scenario.name)) — explored</title>
            <style>
            body { margin: 24px; font: 14px/1.5 -apple-system, "Helvetica Neue", sans-serif; background: #f2f2f7; color: #1c1c1e; }
            table { border-collapse: collapse; background: #fff; }
            th, td { padding: 6px 12px; border-bottom: 1px solid #e5e5ea; text-align: left; vertical-align: top; }
            tr.broken td { background: #ffe5e5; }
            code { font-size: 12px; }
            a { color: #007aff; }
            </style>
            </head>
            <body>
            <h1>\(e(scenario.name)) (\(e(scenario.preset.name))), explored to depth \(depth)</h1>
            <p>\(e(figures))</p>
            <p><a href="gallery/index.html">Gallery</a>: \(written.screens) of \(written.distinctScreens) distinct screens, each with the shortest path to it.</p>
            \(graph)
            <table>
            <thead><tr><th>invariant</th><th>says</th><th>result</th></tr></thead>
            <tbody>
            \(rows.joined(separator: "\n"))
            </tbody>
            </table>
            </body>
            </html>

            """
    }

    /// A relative link from the report folder to `path` (`../graph.svg`), so the pair can move together.
    static func link(to path: String, from folder: String) -> String {
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        let base = URL(fileURLWithPath: folder).standardizedFileURL.pathComponents
        var common = 0
        while common < min(target.count - 1, base.count) && target[common] == base[common] { common += 1 }
        let up = Array(repeating: "..", count: base.count - common)
        return (up + target[common...]).joined(separator: "/")
    }
}
